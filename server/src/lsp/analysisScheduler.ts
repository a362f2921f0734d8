import { type CancellationToken, CancellationTokenSource, type Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** Waits this long after the last edit before analysing, so typing stays responsive. */
export const DEBOUNCE_MS = 200;

interface Running {
  readonly version: number;
  readonly source: CancellationTokenSource;
  readonly done: Promise<number | undefined>;
}

export interface SchedulerHooks {
  /** Analyses the document's version as it is on the call (later edits update it in place); undefined when it was cancelled. */
  analyse(document: TextDocument, token: CancellationToken): Promise<Diagnostic[] | undefined>;
  publish(uri: string, version: number, diagnostics: Diagnostic[]): void;
  /** The document as it is now (it may have moved on while an analysis ran). */
  current(uri: string): TextDocument | undefined;
}

/**
 * When each open transcript is analysed. Edits are debounced per document; a newer version
 * cancels the analysis of an older one (in the queue or at its next checkpoint); a request that
 * needs the current version (a hover, a code action) starts it at once instead of waiting for the
 * debounce. Diagnostics are published only for the version still open.
 */
export class AnalysisScheduler {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Map<string, Running>();
  /** The version the language service holds for each document. */
  private readonly analysed = new Map<string, number>();
  /** Bumped when policies change: an analysis started before that is not the current one. */
  private generation = 0;

  constructor(private readonly hooks: SchedulerHooks) {}

  /** Analyses `document` after the debounce (at once when `immediately`). */
  schedule(document: TextDocument, immediately = false): void {
    if (!immediately) return this.debounce(document.uri, document.version);
    this.clearTimer(document.uri);
    void this.start(document);
  }

  /**
   * Analyses `version` of `uri` after the debounce, if it is the current version then. Called as an
   * edit arrives, before it is applied (which takes milliseconds on a large text), so the debounce
   * counts from the edit itself.
   */
  debounce(uri: string, version: number): void {
    this.clearTimer(uri);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        const current = this.hooks.current(uri);
        if (current?.version === version) void this.start(current);
      }, DEBOUNCE_MS),
    );
  }

  /** The current version of `uri`, analysed (now, if it was not yet); undefined when it is not open or the analysis was cancelled. */
  async ensure(uri: string): Promise<number | undefined> {
    const document = this.hooks.current(uri);
    if (!document) return undefined;
    this.clearTimer(uri);
    return this.start(document);
  }

  private start(document: TextDocument): Promise<number | undefined> {
    // The document object is updated in place by later edits: what is analysed is the version it has now.
    const { uri, version } = document;
    if (this.analysed.get(uri) === version) return Promise.resolve(version);
    const running = this.running.get(uri);
    if (running?.version === version) return running.done;
    running?.source.cancel();
    const source = new CancellationTokenSource();
    const generation = this.generation;
    const done = this.hooks.analyse(document, source.token).then((diagnostics) => {
      if (this.running.get(uri)?.source === source) this.running.delete(uri);
      source.dispose();
      if (!diagnostics) return undefined;
      if (generation === this.generation) this.analysed.set(uri, version);
      if (this.hooks.current(uri)?.version === version) this.hooks.publish(uri, version, diagnostics);
      return version;
    });
    this.running.set(uri, { version, source, done });
    return done;
  }

  private clearTimer(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
  }

  /** Stops everything for a closed document. */
  forget(uri: string): void {
    this.clearTimer(uri);
    this.running.get(uri)?.source.cancel();
    this.running.delete(uri);
    this.analysed.delete(uri);
  }

  /** Marks every document as needing analysis again (a policy changed) and schedules the open ones. */
  invalidate(open: readonly TextDocument[]): void {
    this.generation++;
    this.analysed.clear();
    for (const document of open) this.schedule(document);
  }

  dispose(): void {
    for (const uri of [...this.timers.keys()]) this.clearTimer(uri);
    for (const running of this.running.values()) running.source.cancel();
    this.running.clear();
  }
}

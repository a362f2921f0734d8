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
  /** Analyses one version; undefined when it was cancelled. */
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
    this.clearTimer(document.uri);
    if (immediately) {
      void this.start(document);
      return;
    }
    const version = document.version;
    this.timers.set(
      document.uri,
      setTimeout(() => {
        this.timers.delete(document.uri);
        const current = this.hooks.current(document.uri);
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
    const uri = document.uri;
    if (this.analysed.get(uri) === document.version) return Promise.resolve(document.version);
    const running = this.running.get(uri);
    if (running?.version === document.version) return running.done;
    running?.source.cancel();
    const source = new CancellationTokenSource();
    const generation = this.generation;
    const done = this.hooks.analyse(document, source.token).then((diagnostics) => {
      if (this.running.get(uri)?.source === source) this.running.delete(uri);
      source.dispose();
      if (!diagnostics) return undefined;
      if (generation === this.generation) this.analysed.set(uri, document.version);
      if (this.hooks.current(uri)?.version === document.version) this.hooks.publish(uri, document.version, diagnostics);
      return document.version;
    });
    this.running.set(uri, { version: document.version, source, done });
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

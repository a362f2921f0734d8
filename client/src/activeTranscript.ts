import { CancellationTokenSource, type Disposable, EventEmitter, type TextDocument, type Uri, languages, window } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { LedgerRequest, type LedgerResult } from '../../shared/protocol';
import { type Verdict, verdictFromCounts } from './verdict';

export interface ActiveTranscriptState {
  readonly uri: Uri;
  readonly ledger: LedgerResult;
  readonly verdict: Verdict;
}

/**
 * The transcript in the active editor, with its constraint ledger (`ghost-lint/ledger`) and verdict,
 * kept current as the editor changes and as the server publishes new diagnostics for it (the verdict is the ledger's, of the same version). The status
 * bar item and the Constraints view both show this; undefined when the active file is not a transcript.
 */
export class ActiveTranscript implements Disposable {
  private state?: ActiveTranscriptState;
  private pending?: CancellationTokenSource;
  /** The newest update, and how many were started: an older one that a newer one cancelled answers with the newer's answer. */
  private latest?: Promise<ActiveTranscriptState | undefined>;
  private updates = 0;
  private readonly changed = new EventEmitter<ActiveTranscriptState | undefined>();
  private readonly subscriptions: Disposable[];
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: LanguageClient) {
    this.subscriptions = [
      this.changed,
      window.onDidChangeActiveTextEditor(() => void this.update()),
      languages.onDidChangeDiagnostics((e) => {
        const active = this.activeDocument();
        if (active && e.uris.some((uri) => uri.toString() === active.uri.toString())) void this.update();
      }),
    ];
    void this.update();
  }

  get current(): ActiveTranscriptState | undefined {
    return this.state;
  }

  private activeDocument(): TextDocument | undefined {
    const document = window.activeTextEditor?.document;
    return document && (document.uri.scheme === 'file' || document.uri.scheme === 'untitled') ? document : undefined;
  }

  /** Asks the server for the active document's ledger (it answers once its analysis is current). */
  update(): Promise<ActiveTranscriptState | undefined> {
    const update = this.fetch(++this.updates);
    this.latest = update;
    return update;
  }

  private async fetch(ticket: number): Promise<ActiveTranscriptState | undefined> {
    this.pending?.cancel();
    this.pending?.dispose();
    const document = this.activeDocument();
    if (!document) {
      // Focus in a view or panel leaves the last transcript shown; closing it clears it.
      if (this.state && !window.visibleTextEditors.some((e) => e.document.uri.toString() === this.state?.uri.toString())) this.set(undefined);
      return this.state;
    }
    const source = (this.pending = new CancellationTokenSource());
    const ledger = await this.client.sendRequest(LedgerRequest, { uri: document.uri.toString() }, source.token).catch(() => null);
    // A newer update (the editor or its diagnostics changed meanwhile) has the current answer.
    if (source.token.isCancellationRequested) return ticket === this.updates ? this.state : this.latest;
    this.set(ledger && ledger.sessions.length > 0 ? { uri: document.uri, ledger, verdict: verdictFromCounts({ ...ledger.findings, constraints: ledger.sessions.reduce((n, s) => n + s.constraints.length, 0) }) } : undefined);
    return this.state;
  }

  private set(state: ActiveTranscriptState | undefined): void {
    this.state = state;
    this.changed.fire(state);
  }

  dispose(): void {
    this.pending?.cancel();
    this.pending?.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

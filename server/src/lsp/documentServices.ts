import type { CancellationToken, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { Policy } from '../engine/ledger';
import type { EditSupport } from './features/codeActions';
import type { AnalyseResult } from './service/languageService';
import type { ServiceMethod, ServiceParams, ServiceResult } from './service/rpc';
import { ServiceWorker } from './workerHost';

/** What the documents' workers are used through (a ServiceWorker; in tests, a service in the same thread). */
export type ServiceThread = Pick<ServiceWorker, 'call' | 'dispose'>;

/** From this size on (UTF-16 units) a document is analysed on the worker for large documents. */
export const LARGE_DOCUMENT = 1024 * 1024;

/**
 * The language-service workers that hold the open documents' analyses: one for ordinary documents,
 * one for large ones. A worker runs one job at a time, and a large document's analysis takes
 * seconds (half a minute at 100 MB), so ordinary documents must not queue behind it. Each job goes
 * to the worker that holds its document, and a document that grows past the threshold, or shrinks
 * below it, moves (its old worker forgets it). A worker keeps each of its documents' text up to
 * date from the edits, so an analysis sends the whole text only when the worker may not hold that
 * version: the first time, after a move, or when the worker answers that it does not (it
 * restarted, or missed an edit).
 */
export class DocumentServices {
  private readonly ordinary: ServiceThread;
  private readonly large: ServiceThread;
  private readonly holders = new Map<string, ServiceThread>();
  private support?: EditSupport;
  /** The large-document worker starts on first use, and is configured then. */
  private largeConfigured = false;

  constructor(log: (message: string) => void, startWorker: () => ServiceThread = () => new ServiceWorker(log)) {
    this.ordinary = startWorker();
    this.large = startWorker();
  }

  call<M extends ServiceMethod>(method: M, params: ServiceParams<M>, token?: CancellationToken): Promise<ServiceResult<M>> {
    if (method === 'configure') {
      this.support = params as EditSupport;
      this.largeConfigured = false;
      return this.ordinary.call(method, params, token);
    }
    const uri = documentOf(method, params);
    const holder = (uri !== undefined && this.holders.get(uri)) || this.ordinary;
    if (method === 'close' && uri !== undefined) this.holders.delete(uri);
    return holder.call(method, params, token);
  }

  /** Analyses one version of an open document, keeping the analysis; `text` is that version's whole text, sent only when its worker lacks it. */
  async analyse(document: { readonly uri: string; readonly version: number; readonly text: string }, policies: readonly Policy[], token?: CancellationToken): Promise<AnalyseResult> {
    const { uri, version, text } = document;
    const { worker, moved } = this.workerFor(uri, text.length);
    if (!moved) {
      const fromEdits = await worker.call('analyse', { uri, version, text: 'held', policies, keep: true }, token);
      if (fromEdits) return fromEdits;
    }
    const whole = await worker.call('analyse', { uri, version, text: { whole: text }, policies, keep: true }, token);
    if (!whole) throw new Error(`the language service did not take the text of ${uri}`);
    return whole;
  }

  /** Passes an open document's edits on to the worker that holds it (sent in order with its jobs); a document no worker holds yet is sent whole when analysed. */
  edit(uri: string, from: number, to: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    this.holders
      .get(uri)
      ?.call('edit', { uri, from, to, changes })
      .catch(() => undefined);
  }

  /** The worker to analyse `uri` at this size on, and whether it newly holds the document (which leaves the other one). */
  private workerFor(uri: string, size: number): { worker: ServiceThread; moved: boolean } {
    const worker = size >= LARGE_DOCUMENT ? this.large : this.ordinary;
    const previous = this.holders.get(uri);
    if (previous === worker) return { worker, moved: false };
    previous?.call('close', { uri }).catch(() => undefined);
    this.holders.set(uri, worker);
    if (worker === this.large && !this.largeConfigured && this.support) {
      this.largeConfigured = true;
      this.large.call('configure', this.support).catch(() => undefined);
    }
    return { worker, moved: true };
  }

  async dispose(): Promise<void> {
    await Promise.all([this.ordinary.dispose(), this.large.dispose()]);
  }
}

/** The document a job is about: its `uri`, or for a code action to resolve, the one its data names. */
function documentOf(method: ServiceMethod, params: unknown): string | undefined {
  const carrier = method === 'resolveCodeAction' ? (params as ServiceParams<'resolveCodeAction'>).action.data : params;
  const uri = (carrier as { uri?: unknown } | undefined)?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

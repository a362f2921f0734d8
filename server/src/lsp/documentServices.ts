import type { CancellationToken } from 'vscode-languageserver';
import type { EditSupport } from './features/codeActions';
import type { ServiceMethod, ServiceParams, ServiceResult } from './service/rpc';
import { ServiceWorker } from './workerHost';

/** From this size on (UTF-16 units) a document is analysed on the worker for large documents. */
export const LARGE_DOCUMENT = 1024 * 1024;

/**
 * The language-service workers that hold the open documents' analyses: one for ordinary documents,
 * one for large ones. A worker runs one job at a time, and a large document's analysis takes
 * seconds (half a minute at 100 MB), so ordinary documents must not queue behind it. Called like a
 * single ServiceWorker: each job goes to the worker that holds its document, and a document that
 * grows past the threshold, or shrinks below it, moves (its old worker forgets it).
 */
export class DocumentServices {
  private readonly ordinary: ServiceWorker;
  private readonly large: ServiceWorker;
  private readonly holders = new Map<string, ServiceWorker>();
  private support?: EditSupport;
  /** The large-document worker starts on first use, and is configured then. */
  private largeConfigured = false;

  constructor(log: (message: string) => void) {
    this.ordinary = new ServiceWorker(log);
    this.large = new ServiceWorker(log);
  }

  call<M extends ServiceMethod>(method: M, params: ServiceParams<M>, token?: CancellationToken): Promise<ServiceResult<M>> {
    if (method === 'configure') {
      this.support = params as EditSupport;
      this.largeConfigured = false;
      return this.ordinary.call(method, params, token);
    }
    const uri = documentOf(method, params);
    if (method === 'analyse') return this.workerFor(uri, (params as ServiceParams<'analyse'>).text?.length ?? 0).call(method, params, token);
    const holder = (uri !== undefined && this.holders.get(uri)) || this.ordinary;
    if (method === 'close' && uri !== undefined) this.holders.delete(uri);
    return holder.call(method, params, token);
  }

  /** The worker to analyse `uri` at this size on; the document leaves the other one. */
  private workerFor(uri: string | undefined, size: number): ServiceWorker {
    const worker = size >= LARGE_DOCUMENT ? this.large : this.ordinary;
    if (uri === undefined) return worker;
    const previous = this.holders.get(uri);
    if (previous && previous !== worker) previous.call('close', { uri }).catch(() => undefined);
    this.holders.set(uri, worker);
    if (worker === this.large && !this.largeConfigured && this.support) {
      this.largeConfigured = true;
      this.large.call('configure', this.support).catch(() => undefined);
    }
    return worker;
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

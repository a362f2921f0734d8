import { CancellationTokenSource, type Disposable, EventEmitter, Uri } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AuditFilesRequest, type AuditFilesResult, type AuditedFile } from '../../../shared/protocol';
import type { SessionFile } from './sources';

/** What the language server said about one version of a session file. */
export interface SessionAudit {
  readonly modifiedMs: number;
  readonly size: number;
  /** Undefined when the file is not a transcript. */
  readonly file?: AuditedFile;
}

export interface AuditEvent {
  readonly path: string;
  readonly audit: SessionAudit;
  /** The audit this one replaces (an earlier version of a file that grew), if any. */
  readonly previous?: SessionAudit;
}

/**
 * Session files audited through the language server (`ghost-lint/auditFiles`), one at a time so a
 * long list never crowds out the editor's own requests. Results are kept per path and reused
 * while the file's size and modification time are unchanged; a changed file jumps the queue.
 */
export class SessionAudits implements Disposable {
  private readonly results = new Map<string, SessionAudit>();
  private readonly queue: SessionFile[] = [];
  private readonly queued = new Set<string>();
  private running = false;
  private readonly cancellation = new CancellationTokenSource();
  private readonly audited = new EventEmitter<AuditEvent>();
  readonly onDidAudit = this.audited.event;

  constructor(private readonly client: LanguageClient) {}

  /** The audit of the file as it is now, if one was made. */
  current(file: SessionFile): SessionAudit | undefined {
    const audit = this.results.get(file.path);
    return audit && audit.modifiedMs === file.modifiedMs && audit.size === file.size ? audit : undefined;
  }

  /** Queues the file unless its current version was audited; `urgent` puts it first (a file that just changed). */
  request(file: SessionFile, urgent = false): void {
    if (this.current(file) || this.cancellation.token.isCancellationRequested) return;
    if (this.queued.has(file.path)) {
      if (!urgent) return;
      this.queue.splice(
        this.queue.findIndex((f) => f.path === file.path),
        1,
      );
    }
    this.queued.add(file.path);
    if (urgent) this.queue.unshift(file);
    else this.queue.push(file);
    void this.pump();
  }

  forget(path: string): void {
    this.results.delete(path);
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let file = this.queue.shift(); file; file = this.queue.shift()) {
        this.queued.delete(file.path);
        if (this.current(file)) continue;
        const uri = Uri.file(file.path).toString();
        const answer = await this.client
          .sendRequest(AuditFilesRequest, { uris: [uri] }, this.cancellation.token)
          .catch((e: Error): AuditFilesResult => ({ files: [{ uri, sessions: 0, calls: 0, constraints: 0, findings: [], error: e.message }] }));
        if (this.cancellation.token.isCancellationRequested) return;
        const [audited] = answer.files;
        const audit: SessionAudit = { modifiedMs: file.modifiedMs, size: file.size, ...(audited && { file: audited }) };
        const previous = this.results.get(file.path);
        this.results.set(file.path, audit);
        this.audited.fire({ path: file.path, audit, ...(previous && { previous }) });
      }
    } finally {
      this.running = false;
    }
  }

  dispose(): void {
    this.cancellation.cancel();
    this.cancellation.dispose();
    this.audited.dispose();
    this.queue.length = 0;
  }
}

import { Worker } from 'node:worker_threads';
import type { CancellationToken, Disposable } from 'vscode-languageserver';
import { type ServiceMethod, type ServiceParams, type ServiceReply, type ServiceResult, WORKER_ROLE, type WorkerData } from './service/rpc';

/** The job was cancelled (before it was sent, or by the worker at a checkpoint). */
export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

interface Job {
  readonly id: number;
  readonly method: ServiceMethod;
  readonly params: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: Error) => void;
  readonly onProgress?: (progress: { message: string; percentage: number }) => void;
  listener?: Disposable;
}

/**
 * The server's handle on a language-service worker thread. Jobs are queued here and sent one at a
 * time, so a job cancelled while it waits is dropped without ever reaching the worker, and the
 * one running is told to stop through a shared flag it checks between steps. The thread is
 * started on first use and again after a crash.
 */
export class ServiceWorker {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private running?: Job;
  private nextId = 1;
  private readonly cancelFlag = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly log: (message: string) => void) {}

  call<M extends ServiceMethod>(method: M, params: ServiceParams<M>, token?: CancellationToken, onProgress?: (progress: { message: string; percentage: number }) => void): Promise<ServiceResult<M>> {
    return new Promise<ServiceResult<M>>((resolve, reject) => {
      if (token?.isCancellationRequested) return reject(new JobCancelled());
      const job: Job = { id: this.nextId++, method, params, resolve: resolve as (value: unknown) => void, reject, ...(onProgress && { onProgress }) };
      if (token) job.listener = token.onCancellationRequested(() => this.cancel(job));
      this.queue.push(job);
      this.pump();
    });
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued !== -1) {
      this.queue.splice(queued, 1);
      this.finish(job, () => job.reject(new JobCancelled()));
    } else if (this.running === job) {
      Atomics.store(this.cancelFlag, 0, job.id);
    }
  }

  private finish(job: Job, settle: () => void): void {
    job.listener?.dispose();
    settle();
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    this.thread().postMessage({ id: job.id, method: job.method, params: job.params });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const data: WorkerData = { role: WORKER_ROLE, cancel: this.cancelFlag.buffer as SharedArrayBuffer };
    // The bundled server is its own worker script: main.ts starts the service when it runs off the main thread.
    const worker = new Worker(__filename, { workerData: data });
    worker.on('message', (reply: ServiceReply) => this.onReply(reply));
    worker.on('error', (error) => this.log(`ghost-lint: language service failed: ${error.stack ?? error.message}`));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const running = this.running;
      this.running = undefined;
      if (running) this.finish(running, () => running.reject(new Error(`language service stopped during ${running.method}`)));
      this.pump();
    });
    this.worker = worker;
    return worker;
  }

  private onReply(reply: ServiceReply): void {
    const job = this.running;
    if (!job || job.id !== reply.id) return;
    if ('progress' in reply) {
      job.onProgress?.(reply.progress);
      return;
    }
    this.running = undefined;
    if ('result' in reply) this.finish(job, () => job.resolve(reply.result));
    else if ('cancelled' in reply) this.finish(job, () => job.reject(new JobCancelled()));
    else this.finish(job, () => job.reject(new Error(reply.error)));
    this.pump();
  }

  async dispose(): Promise<void> {
    for (const job of this.queue.splice(0)) this.finish(job, () => job.reject(new JobCancelled()));
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

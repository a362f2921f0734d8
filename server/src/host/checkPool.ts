import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileOutcome } from './check';
import type { LocalExtraction } from '../engine/pipeline';
import type { InputFile } from './files';

/*
 * `check` over many files on every core: a pool of worker threads, each checking whole files (read,
 * parse, extract, bind, audit, report) with its own engine and caches; the main thread only hands out
 * files and collects their reports, in input order. Built once here so any shell can use it: the CLI
 * does, and the language server's report export or the bench could.
 */

/** What a check worker is started with: how it names files and finds their policies, as checkPaths does. */
export interface CheckWorkerSetup {
  readonly role: typeof CHECK_WORKER_ROLE;
  /** The folder reports name files relative to (the CLI's current folder). */
  readonly cwd: string;
  readonly workspaceRoots: readonly string[];
  readonly explicitPolicies: readonly string[];
  readonly inPiecesFrom?: number;
  /** Where the readings kept between runs are, and the engine build they are for (host/readingCache.ts); absent: none kept. */
  readonly readings?: { readonly folder: string; readonly build: string };
  /** A database case is left to the calling thread, which loads sql.js to run its reference traces when it meets one (see CheckPathsOptions.loadCaseEnvironment). */
  readonly deferDatabaseCases: boolean;
}

export const CHECK_WORKER_ROLE = 'ghost-lint-check';

export function isCheckWorkerSetup(data: unknown): data is CheckWorkerSetup {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === CHECK_WORKER_ROLE;
}

/** A file to check, sent to a worker, and its answer. */
export interface CheckJob {
  readonly id: number;
  readonly file: InputFile;
}
export type CheckReply = ({ readonly id: number; readonly outcome: FileOutcome } | { readonly id: number; readonly error: string }) & {
  /** Readings the worker made for this file, for the cache the calling thread saves. */
  readonly readings?: readonly (readonly [string, LocalExtraction])[];
};

interface Pending {
  readonly job: CheckJob;
  readonly resolve: (outcome: FileOutcome) => void;
  readonly reject: (error: Error) => void;
}

/** The workers worth starting for `files` files checked `jobs` at a time (one per core the process may use), the calling thread being one of them. */
export function workerCount(files: number, jobs = availableParallelism()): number {
  return Math.max(0, Math.min(jobs, files) - 1);
}

export class CheckPool {
  private readonly idleWorkers: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly workers: Worker[] = [];
  private nextId = 0;

  /**
   * `script` is a bundle that serves checks when started as a worker with a `CheckWorkerSetup`
   * (the built CLI, dist/commands.js); `size` workers are started at once.
   */
  constructor(
    script: string,
    size: number,
    setup: CheckWorkerSetup,
    private readonly onReadings?: (readings: readonly (readonly [string, LocalExtraction])[]) => void,
  ) {
    if (!existsSync(script)) throw new Error(`the check worker script ${script} is missing: build first (npm run build)`);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script, { workerData: setup });
      worker.on('message', (reply: CheckReply) => this.answered(worker, reply));
      worker.on('error', (error) => this.failed(worker, error));
      this.workers.push(worker);
      this.idleWorkers.push(worker);
    }
  }

  idle(): number {
    return this.idleWorkers.length;
  }

  /** The outcome of checking `file`, once a worker has done it. */
  check(file: InputFile): Promise<FileOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, file }, resolve, reject });
      this.pump();
    });
  }

  /** Stops the workers; checks still waiting are rejected. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the check pool was closed'));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.idleWorkers.length > 0 && this.queue.length > 0) {
      const worker = this.idleWorkers.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  private answered(worker: Worker, reply: CheckReply): void {
    const pending = this.running.get(worker);
    if (!pending || pending.job.id !== reply.id) return;
    this.running.delete(worker);
    this.idleWorkers.push(worker);
    if (reply.readings && reply.readings.length > 0) this.onReadings?.(reply.readings);
    if ('outcome' in reply) pending.resolve(reply.outcome);
    else pending.reject(new Error(`${pending.job.file.displayPath}: ${reply.error}`));
    this.pump();
  }

  /** A worker that died takes its file down with it (an internal error, as in a single thread), and the others go on. */
  private failed(worker: Worker, error: Error): void {
    const pending = this.running.get(worker);
    this.running.delete(worker);
    pending?.reject(new Error(`${pending.job.file.displayPath}: ${error.message}`));
    if (this.running.size === 0 && this.idleWorkers.length === 0) for (const waiting of this.queue.splice(0)) waiting.reject(error);
  }
}

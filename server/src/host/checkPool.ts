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
 * does (a pool per check), the check server keeps one from check to check (its workers stay warm), and
 * the language server's report export or the bench could.
 */

/** How a check's files are checked, sent to every worker before its files: how it names them and finds their policies, as checkPaths does. */
export interface CheckWorkerSetup {
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

/** Marks a check worker: the bundle started as a worker thread with this as its workerData serves checks. */
export const CHECK_WORKER_ROLE = 'ghost-lint-check';

export function isCheckWorker(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === CHECK_WORKER_ROLE;
}

/** What a worker is sent: a check's setup, which holds for the files sent after it, files to check, or a call to collect its garbage now. */
export type CheckWorkerMessage = { readonly setup: CheckWorkerSetup } | CheckJob | { readonly collect: true };

/** Files to check, sent to a worker together (one message for many small files), and its answer: their outcomes, in order. */
export interface CheckJob {
  readonly id: number;
  readonly files: readonly InputFile[];
}
export type CheckReply = ({ readonly id: number; readonly outcomes: readonly FileOutcome[] } | { readonly id: number; readonly error: string }) & {
  /** Readings the worker made for these files, for the cache the calling thread saves. */
  readonly readings?: readonly (readonly [string, LocalExtraction])[];
};

interface Pending {
  readonly job: CheckJob;
  readonly resolve: (outcomes: readonly FileOutcome[]) => void;
  readonly reject: (error: Error) => void;
}

/** The workers worth starting for `files` files checked `jobs` at a time (one per core the process may use), the calling thread being one of them. */
export function workerCount(files: number, jobs = availableParallelism()): number {
  return Math.max(0, Math.min(jobs, files) - 1);
}

/** The files of a job, as an error names them. */
function filesNamed(job: CheckJob): string {
  return job.files.map((file) => file.displayPath).join(', ');
}

export class CheckPool {
  private readonly idleWorkers: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly workers: Worker[] = [];
  private nextId = 0;
  private onReadings: ((readings: readonly (readonly [string, LocalExtraction])[]) => void) | undefined;

  /**
   * `script` is a bundle that serves checks when started as a worker marked by `CHECK_WORKER_ROLE`
   * (the built CLI, dist/commands.js); `size` workers are started at once.
   */
  constructor(script: string, size: number) {
    if (!existsSync(script)) throw new Error(`the check worker script ${script} is missing: build first (npm run build)`);
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script, { workerData: { role: CHECK_WORKER_ROLE } });
      worker.on('message', (reply: CheckReply) => this.answered(worker, reply));
      worker.on('error', (error) => this.failed(worker, error));
      this.workers.push(worker);
      this.idleWorkers.push(worker);
    }
  }

  /**
   * Starts a check: its setup holds for every file checked from now on (a worker takes it before the
   * next file), and its readings go to `onReadings`. Called between checks, with no file under way.
   */
  begin(setup: CheckWorkerSetup, onReadings?: (readings: readonly (readonly [string, LocalExtraction])[]) => void): this {
    this.onReadings = onReadings;
    for (const worker of this.workers) worker.postMessage({ setup } satisfies CheckWorkerMessage);
    return this;
  }

  /** Has every worker make a full garbage collection once its files are done: for a pool kept between checks, whose heaps V8 leaves full while no file comes. */
  collectGarbage(): void {
    for (const worker of this.workers) worker.postMessage({ collect: true } satisfies CheckWorkerMessage);
  }

  /** Workers with no file. */
  idle(): number {
    return this.idleWorkers.length;
  }

  /** Workers that have not died. */
  size(): number {
    return this.workers.length;
  }

  /** The outcomes of checking `files`, in order, once a worker has done them. */
  check(files: readonly InputFile[]): Promise<readonly FileOutcome[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, files }, resolve, reject });
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
      worker.postMessage(pending.job satisfies CheckWorkerMessage);
    }
  }

  private answered(worker: Worker, reply: CheckReply): void {
    const pending = this.running.get(worker);
    if (!pending || pending.job.id !== reply.id) return;
    this.running.delete(worker);
    this.idleWorkers.push(worker);
    if (reply.readings && reply.readings.length > 0) this.onReadings?.(reply.readings);
    if ('outcomes' in reply) pending.resolve(reply.outcomes);
    else pending.reject(new Error(`${filesNamed(pending.job)}: ${reply.error}`));
    this.pump();
  }

  /** A worker that died takes its files down with it (an internal error, as in a single thread), and the others go on. */
  private failed(worker: Worker, error: Error): void {
    const pending = this.running.get(worker);
    this.running.delete(worker);
    // (A worker kept between checks may die while idle: it is no longer handed files.)
    for (const list of [this.workers, this.idleWorkers]) {
      const at = list.indexOf(worker);
      if (at !== -1) list.splice(at, 1);
    }
    pending?.reject(new Error(`${filesNamed(pending.job)}: ${error.message}`));
    if (this.running.size === 0 && this.idleWorkers.length === 0) for (const waiting of this.queue.splice(0)) waiting.reject(error);
  }
}

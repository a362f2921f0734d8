import { isAbsolute } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { SPOOL_PROTOCOL, type ServerAnswer, type Spool } from './spool';
import { type Answered, serveSpool } from './spoolServer';

/*
 * `ghost-lint check-server`: `check` kept running, so `check --server` costs Node's start and an
 * exchange of files instead of a process that loads the engine and the tagger, compiles the engine's
 * code and regular expressions, and reads every text anew: most of a check of many small files, or of
 * one results file whose sessions share a policy, is that start. Each check is the very `runCli` a
 * `check` process runs, with the client's arguments and working folder, in one worker thread that
 * stays loaded from check to check (so the engine's compiled code and the texts it read stay warm);
 * checks run one at a time, in the order taken. The server's own thread only keeps the spool, so it
 * answers that it is alive however long a check takes.
 */

/** Marks the worker thread that runs checks for the check server (dist/commands.js started with it as its workerData). */
export const CHECK_RUNNER_ROLE = 'ghost-lint-check-runner';

export function isCheckRunnerSetup(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === CHECK_RUNNER_ROLE;
}

/** A check handed to the runner, and its answer. */
export interface CheckRun {
  readonly id: number;
  readonly argv: readonly string[];
  readonly cwd: string;
}
export type CheckRunReply = { readonly id: number; readonly stdout: string; readonly stderr: string; readonly exitCode: number } | { readonly id: number; readonly error: string };

const RequestSchema = z.object({
  protocol: z.literal(SPOOL_PROTOCOL),
  // Anything `check` parses is run as check runs it (its usage errors included); other commands are not served.
  argv: z.array(z.string()).refine((argv) => argv[0] === 'check', 'argv is not a check (check …)'),
  // The client's own folder, as process.cwd() gives it: a relative one would be the server's.
  cwd: z.string().refine(isAbsolute, 'cwd is not an absolute path'),
});

export interface CheckServerOptions {
  readonly spool: Spool;
  /** The bundle the runner thread loads (dist/commands.js). */
  readonly runnerScript: string;
  readonly idleMs: number;
  readonly log: (line: string) => void;
}

/** The worker thread that runs checks, started when the first check comes and again after one that died. */
class CheckRunner {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (reply: CheckRunReply) => void>();
  // Checks run one after another: the runner's thread does one at a time anyway, and the order is the order taken.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly script: string) {}

  run(argv: readonly string[], cwd: string): Promise<CheckRunReply> {
    const result = this.queue.then(() => this.send(argv, cwd));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }

  private send(argv: readonly string[], cwd: string): Promise<CheckRunReply> {
    const id = this.nextId++;
    const worker = this.started();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, argv, cwd } satisfies CheckRun);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { workerData: { role: CHECK_RUNNER_ROLE } });
    worker.on('message', (reply: CheckRunReply) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      resolve?.(reply);
    });
    // A runner that died takes its check down with it, as a crash would the check's own process; the next check starts another.
    const died = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, resolve] of this.waiting) resolve({ id, error: why });
      this.waiting.clear();
    };
    worker.on('error', (error) => died(`the check's thread failed: ${error.message}`));
    worker.on('exit', (code) => died(`the check's thread ended (exit ${code})`));
    this.worker = worker;
    return worker;
  }
}

async function answerCheck(text: string, runner: CheckRunner): Promise<Answered> {
  let request;
  try {
    request = RequestSchema.parse(JSON.parse(text));
  } catch (e) {
    return { answer: { error: `not a check request: ${e instanceof z.ZodError ? e.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : (e as Error).message}` } };
  }
  const started = performance.now();
  const reply = await runner.run(request.argv, request.cwd);
  const answer: ServerAnswer = 'error' in reply ? { error: reply.error } : { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode };
  const outcome = 'error' in reply ? `failed (${reply.error.split('\n')[0]})` : `exit ${reply.exitCode}`;
  return { answer, logLine: `${new Date().toISOString()} check in ${request.cwd}: ${outcome} in ${(performance.now() - started).toFixed(0)} ms` };
}

/**
 * Serves checks from `options.spool` (see serveSpool for when it stops); resolves with the exit code.
 * Ends at once, successfully, when another server already serves the spool.
 */
export async function serveChecks(options: CheckServerOptions): Promise<number> {
  const runner = new CheckRunner(options.runnerScript);
  try {
    return await serveSpool({ spool: options.spool, name: 'check server', idleMs: options.idleMs, log: options.log, answer: (text) => answerCheck(text, runner) });
  } finally {
    await runner.close();
  }
}

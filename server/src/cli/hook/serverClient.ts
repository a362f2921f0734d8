import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOOK_AGENTS } from './agents';
import { type HookServerRequest, type Spool, isPrivateFolder, runningServer } from './spool';

/*
 * The bin's side of the hook server: `hook <agent> --server` drops its call in the server's spool
 * and waits for the answer, which it writes as its own. It runs before anything else is loaded, so
 * it uses node:fs only, synchronously, and checks the answer by hand (loading zod alone would cost
 * more than the whole exchange). Whenever the server does not answer, the bin judges the call
 * itself, as without --server.
 */

/** Why the server gave no answer; `absent` when none is running, so the bin starts one for the next call. */
export class HookServerUnreachable extends Error {
  constructor(
    message: string,
    readonly absent: boolean,
  ) {
    super(message);
  }
}

export interface HookAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/**
 * How long a call waits for the server to take it, and then for its answer; past either the bin
 * judges the call itself. The server looks at its spool at least once a second even if a change
 * notification is lost; the agents give a hook 60 s.
 */
const TAKE_TIMEOUT_MS = 2_000;
const ANSWER_TIMEOUT_MS = 30_000;

/** Whether argv is a live hook call that asks for the server (`hook <agent> … --server`). */
export function wantsHookServer(argv: readonly string[]): boolean {
  return argv[0] === 'hook' && (HOOK_AGENTS as readonly string[]).includes(argv[1] ?? '') && argv.includes('--server', 2);
}

function isAnswer(value: unknown): value is HookAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { stdout, stderr, exitCode } = value as Record<string, unknown>;
  return typeof stdout === 'string' && typeof stderr === 'string' && Number.isInteger(exitCode) && (exitCode as number) >= 0 && (exitCode as number) <= 255;
}

function answerOf(text: string): HookAnswer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HookServerUnreachable('the hook server answered something that is not JSON', false);
  }
  if (isAnswer(value)) return value;
  const error = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).error : undefined;
  throw new HookServerUnreachable(typeof error === 'string' ? `the hook server could not answer: ${error}` : 'the hook server answered in a form this build does not know', false);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps this thread: there is nothing else for it to do while the server judges the call. */
function sleep(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Takes the call back from the spool and throws `failure`; returns when it is no longer there: the
 * server took it (whoever removes the request owns it), and its answer is to come.
 */
function withdraw(requestFile: string, failure: HookServerUnreachable): void {
  try {
    unlinkSync(requestFile);
  } catch (e) {
    if (isMissing(e)) return;
  }
  throw failure;
}

/** Hands the call to the server and returns its answer; throws HookServerUnreachable when it gives none. */
export function askHookServer(spool: Spool, request: HookServerRequest): HookAnswer {
  // Only a spool private to this user, in a folder private to this user (where no one else can swap it), is trusted: anyone else who could write in it could answer "allow" to every call.
  const open = [dirname(spool.folder), spool.folder].find((folder) => !isPrivateFolder(folder));
  if (open !== undefined) throw new HookServerUnreachable(`${open} is not private to this user`, !existsSync(open));
  const id = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const requestFile = join(spool.requests, `${id}.json`);
  const answerFile = join(spool.answers, `${id}.json`);
  try {
    writeFileSync(join(spool.requests, `${id}.tmp`), JSON.stringify(request), { mode: 0o600 });
    renameSync(join(spool.requests, `${id}.tmp`), requestFile);
  } catch (e) {
    throw new HookServerUnreachable(`cannot hand the call to the hook server: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, isMissing(e));
  }
  // Asked once the call is handed over, so the server starts on it meanwhile.
  if (runningServer(spool) === undefined) withdraw(requestFile, new HookServerUnreachable('no hook server is running', true));
  const start = Date.now();
  let taken = false;
  for (;;) {
    // Asked without an exception while there is none: the server shares the machine's few cores with this loop.
    if (existsSync(answerFile)) {
      let text: string;
      try {
        text = readFileSync(answerFile, 'utf8');
        unlinkSync(answerFile);
      } catch (e) {
        throw new HookServerUnreachable(`cannot read the hook server's answer: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, false);
      }
      return answerOf(text);
    }
    const waited = Date.now() - start;
    if (!taken && waited > TAKE_TIMEOUT_MS) {
      withdraw(requestFile, new HookServerUnreachable(`the hook server did not take the call in ${TAKE_TIMEOUT_MS / 1000} s`, false));
      taken = true;
    }
    if (waited > ANSWER_TIMEOUT_MS) throw new HookServerUnreachable(`the hook server gave no answer in ${ANSWER_TIMEOUT_MS / 1000} s`, false);
    // Most answers come within a few milliseconds; a call the server reads a whole session for takes longer.
    sleep(waited < 20 ? 0.1 : waited < 1_000 ? 1 : 10);
  }
}

/** Starts `hook serve` in the background, on its own: it outlives this call, and the agent waits on none of its output. */
export function startHookServer(cli: string): void {
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  const server = spawn(process.execPath, [cli, 'hook', 'serve'], { detached: true, stdio: 'ignore', cwd: '/' });
  // A server that cannot start costs this call nothing: the next one tries again.
  server.on('error', () => undefined);
  server.unref();
}

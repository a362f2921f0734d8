import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOOK_AGENTS } from './hook/agents';
import { type CheckServerRequest, type HookServerRequest, type ServerKind, type Spool, isPrivateFolder, runningServer } from './spool';

/*
 * The bin's side of the resident servers: `hook <agent> --server` and `check --server` drop their
 * request in the server's spool and wait for the answer, which they write as their own. The client
 * runs before anything else is loaded, so it uses node:fs only, synchronously, and checks the answer
 * by hand (loading zod alone would cost more than a hook's whole exchange). Whenever the server does
 * not answer, the bin runs the command itself, as without --server.
 */

/** Why the server gave no answer; `absent` when none is running, so the bin starts one for the next request. */
export class ServerUnreachable extends Error {
  constructor(
    message: string,
    readonly absent: boolean,
  ) {
    super(message);
  }
}

export interface ServedOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** How long a request waits for its server, per kind. */
interface Waits {
  /** For the server to take the request; past it the bin runs the command itself. */
  readonly takeMs: number;
  /** For the answer once taken; undefined: as long as the server runs (a check of a corpus takes what it takes). */
  readonly answerMs: number | undefined;
}

/**
 * A hook call waits 2 s to be taken and 30 s for its answer (the agents give a hook 60 s); a check
 * is taken at once (the check server queues its requests) and answered when done, however long. The
 * server looks at its spool at least once a second even if a change notification is lost.
 */
const WAITS: Readonly<Record<ServerKind, Waits>> = {
  hook: { takeMs: 2_000, answerMs: 30_000 },
  check: { takeMs: 2_000, answerMs: undefined },
};

/** How often a request that waits with no time limit asks whether its server still runs. */
const ALIVE_EVERY_MS = 1_000;

const SERVER_NAMES: Readonly<Record<ServerKind, string>> = { hook: 'the hook server', check: 'the check server' };

/** Whether argv is a live hook call that asks for the server (`hook <agent> … --server`). */
export function wantsHookServer(argv: readonly string[]): boolean {
  return argv[0] === 'hook' && (HOOK_AGENTS as readonly string[]).includes(argv[1] ?? '') && argv.includes('--server', 2);
}

/** Whether argv is a check that asks for the check server (`check … --server`); the server refuses what it may not run (`--model`). */
export function wantsCheckServer(argv: readonly string[]): boolean {
  return argv[0] === 'check' && argv.includes('--server', 1);
}

function isServedOutput(value: unknown): value is ServedOutput {
  if (typeof value !== 'object' || value === null) return false;
  const { stdout, stderr, exitCode } = value as Record<string, unknown>;
  return typeof stdout === 'string' && typeof stderr === 'string' && Number.isInteger(exitCode) && (exitCode as number) >= 0 && (exitCode as number) <= 255;
}

function answerOf(text: string, server: string): ServedOutput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ServerUnreachable(`${server} answered something that is not JSON`, false);
  }
  if (isServedOutput(value)) return value;
  const error = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).error : undefined;
  throw new ServerUnreachable(typeof error === 'string' ? `${server} could not answer: ${error}` : `${server} answered in a form this build does not know`, false);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps this thread: there is nothing else for it to do while the server works. */
function sleep(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Takes the request back from the spool and throws `failure`; returns when it is no longer there: the
 * server took it (whoever removes the request owns it), and its answer is to come.
 */
function withdraw(requestFile: string, failure: ServerUnreachable): void {
  try {
    unlinkSync(requestFile);
  } catch (e) {
    if (isMissing(e)) return;
  }
  throw failure;
}

/** Hands the request to the `kind` server and returns its answer; throws ServerUnreachable when it gives none. */
export function askServer(kind: 'hook', spool: Spool, request: HookServerRequest): ServedOutput;
export function askServer(kind: 'check', spool: Spool, request: CheckServerRequest): ServedOutput;
export function askServer(kind: ServerKind, spool: Spool, request: HookServerRequest | CheckServerRequest): ServedOutput {
  const server = SERVER_NAMES[kind];
  const waits = WAITS[kind];
  // Only a spool private to this user, in a folder private to this user (where no one else can swap it), is trusted: anyone else who could write in it could answer "allow" to every call, or any report.
  const open = [dirname(spool.folder), spool.folder].find((folder) => !isPrivateFolder(folder));
  if (open !== undefined) throw new ServerUnreachable(`${open} is not private to this user`, !existsSync(open));
  const id = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const requestFile = join(spool.requests, `${id}.json`);
  const answerFile = join(spool.answers, `${id}.json`);
  try {
    writeFileSync(join(spool.requests, `${id}.tmp`), JSON.stringify(request), { mode: 0o600 });
    renameSync(join(spool.requests, `${id}.tmp`), requestFile);
  } catch (e) {
    throw new ServerUnreachable(`cannot hand the request to ${server}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, isMissing(e));
  }
  // Asked once the request is handed over, so the server starts on it meanwhile.
  if (runningServer(spool) === undefined) withdraw(requestFile, new ServerUnreachable(`${server} is not running`, true));
  const start = Date.now();
  let taken = false;
  let askedAlive = start;
  for (;;) {
    // Asked without an exception while there is none: the server shares the machine's few cores with this loop.
    if (existsSync(answerFile)) {
      let text: string;
      try {
        text = readFileSync(answerFile, 'utf8');
        unlinkSync(answerFile);
      } catch (e) {
        throw new ServerUnreachable(`cannot read the answer of ${server}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, false);
      }
      return answerOf(text, server);
    }
    const now = Date.now();
    const waited = now - start;
    if (!taken && waited > waits.takeMs) {
      withdraw(requestFile, new ServerUnreachable(`${server} did not take the request in ${waits.takeMs / 1000} s`, false));
      taken = true;
    }
    if (waits.answerMs !== undefined && waited > waits.answerMs) throw new ServerUnreachable(`${server} gave no answer in ${waits.answerMs / 1000} s`, false);
    if (waits.answerMs === undefined && now - askedAlive > ALIVE_EVERY_MS) {
      askedAlive = now;
      // A server that stopped before answering (killed, or ended at its memory bound) leaves the request to this process.
      if (runningServer(spool) === undefined && !existsSync(answerFile)) throw new ServerUnreachable(`${server} stopped before it answered`, false);
    }
    // Most hook answers come within a few milliseconds; a hook call the server reads a whole session for, and a check, take longer.
    sleep(waited < 20 ? 0.1 : waited < 1_000 ? 1 : 10);
  }
}

/** Starts a resident server (`args`: `hook serve`, `check-server`) in the background, on its own: it outlives this process, which waits on none of its output. */
export function startServer(cli: string, args: readonly string[]): void {
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  const server = spawn(process.execPath, [cli, ...args], { detached: true, stdio: 'ignore', cwd: '/' });
  // A server that cannot start costs this request nothing: the next one tries again.
  server.on('error', () => undefined);
  server.unref();
}

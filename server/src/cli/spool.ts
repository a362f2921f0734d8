import { closeSync, fstatSync, lstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bytesHash64 } from '../engine/text';
import type { HookEnvironment } from './hook/environment';

/*
 * A resident server's spool: the folder through which the bin hands a command to a server kept
 * running and gets its answer, shared by the server and the bin's client. There are two servers:
 * the hook server (`ghost-lint hook serve`, for `hook <agent> --server`) and the check server
 * (`ghost-lint check-server`, for `check --server`), each with its own spool, so a long check never
 * holds up a tool call. A request is a file the client drops in `requests/` and the server takes; the
 * answer is a file the server drops in `answers/`. Files, not a socket, because the hook's client runs
 * at the start of every tool call and must stay close to a bare Node start: loading node:net and its
 * streams alone costs a third of what the hook may add to it, while node:fs is loaded already.
 *
 * The spool sits in a folder only its owner may enter, named by the build that serves it: another
 * build (or Node) has a spool and a server of its own, and the old server stops when idle.
 */

/** What one request and one answer look like: a JSON file each. */
export const SPOOL_PROTOCOL = 1;

/** The resident servers: each has its own spool, named by its folder under the cache folder. */
export const SERVER_FOLDERS = { hook: 'hook-server', check: 'check-server' } as const;
export type ServerKind = keyof typeof SERVER_FOLDERS;

/** What the client sends: everything `runLiveHook` reads from its process. */
export interface HookServerRequest {
  readonly protocol: typeof SPOOL_PROTOCOL;
  readonly argv: readonly string[];
  readonly cwd: string;
  /** Only the variables the guard reads: nothing else of the agent's environment (its keys, its tokens) passes through the spool. */
  readonly env: HookEnvironment;
  readonly stdin: string;
}

/**
 * What `check --server` sends: its arguments and working folder. The check reads nothing else of the
 * client's process: its environment is the server's, which is the client's as far as the check reads
 * it, because that part names the spool (`CHECK_SPOOL_ENVIRONMENT`).
 */
export interface CheckServerRequest {
  readonly protocol: typeof SPOOL_PROTOCOL;
  readonly argv: readonly string[];
  readonly cwd: string;
}

/** A server's answer: the command's output and exit code, or why it could not answer (the client then runs the command itself). */
export type ServerAnswer = { readonly stdout: string; readonly stderr: string; readonly exitCode: number } | { readonly error: string };

/** The variables a check reads (the home and cache folders, per platform): a check server serves only clients that share its values. */
const CHECK_SPOOL_ENVIRONMENT = ['HOME', 'USERPROFILE', 'XDG_CACHE_HOME', 'LOCALAPPDATA'] as const;

export interface Spool {
  readonly folder: string;
  /** Calls waiting for the server: `<id>.json`, written as `<id>.tmp` and renamed, so the server never reads half of one. */
  readonly requests: string;
  /** Answers waiting for their client: `<id>.json`, likewise. */
  readonly answers: string;
  /** The running server's process id; there while it serves, touched every second (`HEARTBEAT_MS`). */
  readonly pidFile: string;
}

/** How often the server touches its process id file; one untouched for five times as long is a dead server's. */
export const HEARTBEAT_MS = 1_000;
const STALE_AFTER_MS = 5 * HEARTBEAT_MS;

/**
 * The spool of the `kind` server of the build whose server bundle is `serverBundle` (dist/commands.js)
 * run by this Node, for a process with environment `env` (a check server serves only processes that
 * share its values of `CHECK_SPOOL_ENVIRONMENT`, which it reads from its own); undefined where there is
 * no server: on Windows (its folders' permissions work otherwise, and are not checked here) or without
 * a built server bundle (running from the sources).
 */
export function serverSpool(kind: ServerKind, cacheFolder: string, serverBundle: string, platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>> = {}): Spool | undefined {
  if (platform === 'win32') return undefined;
  let build;
  try {
    build = statSync(serverBundle);
  } catch {
    return undefined;
  }
  const values = kind === 'check' ? CHECK_SPOOL_ENVIRONMENT.map((name) => `${name}=${env[name] ?? ''}`) : [];
  const identity = [serverBundle, build.size, build.mtimeMs, process.execPath, process.version, process.arch, ...values].join('\0');
  // Every build's spool sits in one folder under the cache folder.
  const folder = join(cacheFolder, SERVER_FOLDERS[kind], bytesHash64(Buffer.from(identity, 'utf8')));
  return { folder, requests: join(folder, 'requests'), answers: join(folder, 'answers'), pidFile: join(folder, 'server.pid') };
}

/**
 * Whether a folder is private to this user: a folder (not a link to one), owned by this user, that
 * no one else may enter. Where another user could write in the spool, they could answer "allow" to
 * every call, or read the calls.
 */
export function isPrivateFolder(folder: string): boolean {
  try {
    const stat = lstatSync(folder);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * The process id of the spool's running server, or undefined: its process id file, touched within
 * the last few seconds, names a live process. A file left by a killed server goes stale even when its
 * number is given to another process.
 */
export function runningServer(spool: Spool): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(spool.pidFile, 'r');
    if (Date.now() - fstatSync(fd).mtimeMs > STALE_AFTER_MS) return undefined;
    const pid = Number.parseInt(readFileSync(fd, 'latin1'), 10);
    if (!(pid > 0)) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    // No file; or ESRCH: the process ended; EPERM: the number is another user's process now.
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

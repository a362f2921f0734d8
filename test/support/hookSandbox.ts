import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheFolder } from '../../server/src/cli/hook/cache';
import { type ServerKind, type Spool, serverSpool } from '../../server/src/cli/spool';
import { CLI } from './cli';
import { REPO_ROOT } from './shared';

/*
 * The live guard as the agents run it, for the hook tests: the built CLI, hook JSON on standard
 * input, a fresh home and cache folder per sandbox, and Claude Code sessions written inline.
 */

export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Sandbox {
  readonly root: string;
  readonly home: string;
  readonly cache: string;
  readonly project: string;
}

export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'ghost-lint-hook-'));
  const home = join(root, 'home');
  const cache = join(root, 'cache');
  const project = join(root, 'project');
  for (const folder of [home, cache, project]) mkdirSync(folder, { recursive: true });
  return { root, home, cache, project };
}

export function run(box: Sandbox, args: readonly string[], input: string, env: Record<string, string> = {}, nodeArgs: readonly string[] = []): Run {
  const result = spawnSync(process.execPath, [...nodeArgs, CLI, ...args], {
    cwd: box.project,
    input,
    encoding: 'utf8',
    env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache, GHOST_LINT_ON_ERROR: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export const jsonl = (records: readonly object[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

// --- Claude Code ---------------------------------------------------------------------------------

export const CC = { sessionId: 'sess-1', cwd: '/proj', version: '2.0.14', isSidechain: false, userType: 'external' };
let uuid = 0;
export const ccUser = (content: unknown) => ({ type: 'user', uuid: `u-${++uuid}`, ...CC, message: { role: 'user', content } });
export const ccToolUse = (id: string, command: string, name = 'Bash', input: object = { command }) => ({
  type: 'assistant',
  uuid: `u-${++uuid}`,
  ...CC,
  message: { id: `msg-${id}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name, input }] },
});
export const ccResult = (id: string, content: string, isError = false) => ccUser([{ type: 'tool_result', tool_use_id: id, content, is_error: isError }]);

/** A Claude Code session: a constraint, a few harmless steps. */
export function claudeSession(constraint: string): object[] {
  return [ccUser(constraint), ccToolUse('toolu_1', 'ls data'), ccResult('toolu_1', 'raw\nreports'), ccUser('Thanks. Now tidy up the workspace.')];
}

export function claudeInput(transcriptPath: string, command: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 'sess-1',
    transcript_path: transcriptPath,
    cwd: '/proj',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'step' },
    tool_use_id: 'toolu_next',
    ...extra,
  });
}

export interface PermissionOutput {
  hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
}

export function permission(out: string): PermissionOutput['hookSpecificOutput'] {
  const parsed = JSON.parse(out) as PermissionOutput;
  assert.deepEqual(Object.keys(parsed), ['hookSpecificOutput']);
  assert.deepEqual(Object.keys(parsed.hookSpecificOutput), ['hookEventName', 'permissionDecision', 'permissionDecisionReason']);
  return parsed.hookSpecificOutput;
}

export function writeSession(box: Sandbox, name: string, records: readonly object[]): string {
  const path = join(box.root, name);
  writeFileSync(path, jsonl(records));
  return path;
}

// --- the hook server ----------------------------------------------------------------------------

/** The spool the built CLI uses in this sandbox for the `kind` server (the bin computes it the same way, from dist/commands.js and the sandbox's environment). */
export function spoolOf(box: Sandbox, kind: ServerKind = 'hook'): Spool {
  const env: Record<string, string | undefined> = { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache };
  const spool = serverSpool(kind, cacheFolder({ env, home: box.home, platform: process.platform }), join(REPO_ROOT, 'dist', 'commands.js'), process.platform, env);
  assert.ok(spool, 'the built CLI has a spool on this platform');
  return spool;
}

export interface Server {
  readonly child: ChildProcess;
  readonly log: () => string;
  /** Requests the server answered so far, by its log. */
  readonly served: () => number;
  readonly exited: Promise<number | null>;
}

const running: ChildProcess[] = [];

/** Stops every server `startServer` started (a test file's `after`). */
export function stopServers(): void {
  for (const child of running) child.kill();
}

export async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen in ${ms / 1000} s`);
    await sleep(25);
  }
}

export function pidIn(spool: Spool): number | undefined {
  try {
    return Number.parseInt(readFileSync(spool.pidFile, 'latin1'), 10);
  } catch {
    return undefined;
  }
}

/** `hook serve` (or `check-server`, `kind` check) in the foreground, its log kept; resolves once it serves. */
export async function startServer(box: Sandbox, args: readonly string[] = [], kind: ServerKind = 'hook'): Promise<Server> {
  const logFile = join(box.root, `server-${running.length}.log`);
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [CLI, ...(kind === 'hook' ? ['hook', 'serve'] : ['check-server']), ...args], { cwd: box.project, env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache }, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  running.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = () => readFileSync(logFile, 'utf8');
  const served = kind === 'hook' ? / (claude-code|codex|gemini-cli): / : / check in .*: exit \d+ in /;
  const server = { child, log, served: () => log().split('\n').filter((line) => served.test(line)).length, exited };
  await until(() => pidIn(spoolOf(box, kind)) === child.pid || child.exitCode !== null, 'the server starting');
  return server;
}

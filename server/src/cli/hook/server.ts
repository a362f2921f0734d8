import { type FSWatcher, chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadTagger } from '../../engine/extraction';
import { type LedgerCache, LedgerMemory, homeFolder } from './cache';
import { HOOK_ENVIRONMENT } from './environment';
import { prepareBoundState } from './incremental';
import { judgeHookCallWithPolicies } from './judge';
import { type LiveHookReply, isLiveHook, runLiveHook } from './live';
import { HEARTBEAT_MS, HOOK_SERVER_PROTOCOL, type HookServerAnswer, type Spool, isPrivateFolder, runningServer } from './spool';

/*
 * `ghost-lint hook serve`: the live guard kept running, so a hook call (`hook <agent> --server`)
 * costs Node's start and an exchange of files instead of loading the engine and reading its audit
 * state again for every tool call. Each call is judged by the very `runLiveHook` a hook process
 * runs, with the calling process's arguments, working folder, environment and standard input, one
 * call at a time; the guard's records stay in memory between calls and reach the disk after the
 * answer (so a hook process without the server finds them too).
 */

const RequestSchema = z.object({
  protocol: z.literal(HOOK_SERVER_PROTOCOL),
  argv: z.array(z.string()).refine(isLiveHook, 'argv is not a live hook call (hook <agent> …)'),
  cwd: z.string().min(1),
  // Only the variables the guard reads: any other is refused.
  env: z.partialRecord(z.enum(HOOK_ENVIRONMENT), z.string()),
  stdin: z.string(),
});

/** Resident memory past which the server stops after answering: whatever it holds, the next call starts a fresh one. */
const MAX_RESIDENT_BYTES = 1024 * 1024 * 1024;
/**
 * How often the server touches its process id file, checks it is still its own (a cleared cache
 * folder ends it), looks at its spool unasked (a change notification can be lost, on a network file
 * system for one), and removes answers no client took and requests no client finished writing (their
 * agent killed them) once they are this old.
 */
const LOOK_MS = HEARTBEAT_MS;
const UNCLAIMED_MS = 60_000;
/**
 * Time without a call after which the server uses its idle time, a step at a time between calls: it
 * loads the tagger, and binds the calls of each session it judged whose audit state is not bound yet
 * (no constraint stated), so the call after a session's first constraint does not read the whole file.
 */
const PREPARE_AFTER_MS = 250;

export interface HookServerOptions {
  readonly spool: Spool;
  /** The server stops after this long without a call. */
  readonly idleMs: number;
  /** One line per event (starting, each call, stopping): the server's standard output, nowhere when a hook started it. */
  readonly log: (line: string) => void;
}

export class HookServerError extends Error {}

/** Makes `folder` (and its parents) a folder only this user may enter, or says why it cannot be. */
function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  // One of this user's made with a looser mode (another umask, a copy) is tightened; anyone else's is left alone.
  if (stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
  if (!isPrivateFolder(folder)) throw new HookServerError(`${folder} is not a folder only you can enter (mode 700, yours), so no hook server serves there`);
}

/** Writes the process id file; false when another server of this spool is running. */
function claimSpool(spool: Spool): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(spool.pidFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new HookServerError(`cannot write ${spool.pidFile}: ${(e as Error).message}`);
    }
    if (runningServer(spool) !== undefined) return false;
    // Left by a server that was killed, or one too busy to touch it for seconds (it ends when it finds the file is not its own).
    try {
      unlinkSync(spool.pidFile);
    } catch {
      // Removed by another server starting at the same time.
    }
  }
  return false;
}

function ownsSpool(spool: Spool): boolean {
  try {
    return Number.parseInt(readFileSync(spool.pidFile, 'latin1'), 10) === process.pid;
  } catch {
    return false;
  }
}

/** How a call was judged, as the log says it. */
const ROUTE_WORDS: Readonly<Record<NonNullable<LiveHookReply['route']>, string>> = {
  unstated: 'nothing stated in the session',
  quick: 'binds to nothing',
  resumed: 'from the audit state',
  whole: 'the session read whole',
  policy: 'with a workspace policy',
};

/** A session the server judged a call on, and the guard's records of it. */
interface JudgedSession {
  readonly transcript: string;
  readonly cache: LedgerCache;
}

/** The answer to one request, the line the log gets for a call judged (written once the answer is), and the session judged. */
function judge(text: string, memory: LedgerMemory): { answer: HookServerAnswer; logLine?: string; session?: JudgedSession } {
  let request;
  try {
    request = RequestSchema.parse(JSON.parse(text));
  } catch (e) {
    return { answer: { error: `not a hook request: ${e instanceof z.ZodError ? e.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : (e as Error).message}` } };
  }
  try {
    // The guard finds what the call names (a relative --policy) from here, as the hook process would.
    process.chdir(request.cwd);
  } catch (e) {
    return { answer: { error: `cannot enter ${request.cwd}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` } };
  }
  const started = performance.now();
  const { stdout, stderr, exitCode, session, route } = runLiveHook(request.argv, { stdin: () => request.stdin, env: request.env, cwd: request.cwd, home: homeFolder(request.env, process.platform), platform: process.platform, memory, policyJudge: () => judgeHookCallWithPolicies });
  const outcome = stdout === '' && exitCode === 0 ? 'allowed' : `answered (exit ${exitCode})`;
  const how = route !== undefined ? `, ${ROUTE_WORDS[route]}` : '';
  return { answer: { stdout, stderr, exitCode }, logLine: `${new Date().toISOString()} ${request.argv[1]}: ${outcome} in ${(performance.now() - started).toFixed(1)} ms${how}`, ...(session && { session }) };
}

/**
 * Serves hook calls from `options.spool` until it is idle for `options.idleMs`, its process id file
 * is removed or taken over, it grows past its memory bound, or it gets SIGTERM, SIGINT or SIGHUP;
 * resolves with the exit code. Ends at once, successfully, when another server already serves the
 * spool.
 */
export async function serveLiveHooks(options: HookServerOptions): Promise<number> {
  const { spool, log } = options;
  makePrivateFolder(dirname(spool.folder));
  makePrivateFolder(spool.folder);
  mkdirSync(spool.requests, { recursive: true, mode: 0o700 });
  mkdirSync(spool.answers, { recursive: true, mode: 0o700 });
  const memory = new LedgerMemory();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let idle: NodeJS.Timeout | undefined;
  let look: NodeJS.Timeout | undefined;
  let prepare: NodeJS.Timeout | undefined;
  // Sessions to prepare, and the preparation under way (it keeps its place while calls come in).
  const toPrepare = new Map<string, LedgerCache>();
  let preparing: { readonly transcript: string; readonly steps: Generator<void, number | undefined> } | undefined;
  let taggerLoaded = false;
  let watcher: FSWatcher | undefined;
  let ending = false;
  const end = (why: string) => {
    if (ending) return;
    ending = true;
    clearTimeout(idle);
    clearInterval(look);
    clearTimeout(prepare);
    preparing?.steps.return(undefined);
    watcher?.close();
    memory.flush();
    try {
      if (ownsSpool(spool)) unlinkSync(spool.pidFile);
    } catch {
      // Gone already.
    }
    log(`stopping: ${why}`);
    stop();
  };
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => end(`no call for ${Math.round(options.idleMs / 1000)} s`), options.idleMs);
  };
  // One step of idle work; the next waits for the event loop, so a call that comes in is served first.
  const prepareStep = () => {
    if (ending) return;
    // Idle work only saves time later: a failure is logged, and the call that needs the work does it.
    if (!taggerLoaded) {
      taggerLoaded = true;
      try {
        loadTagger();
      } catch (e) {
        log(`${new Date().toISOString()} cannot load the tagger: ${(e as Error).message}`);
      }
    } else {
      if (!preparing) {
        const [next] = toPrepare;
        if (!next) return;
        toPrepare.delete(next[0]);
        preparing = { transcript: next[0], steps: prepareBoundState(next[0], next[1]) };
      }
      let step: IteratorResult<void, number | undefined>;
      try {
        step = preparing.steps.next();
      } catch (e) {
        log(`${new Date().toISOString()} cannot prepare ${preparing.transcript}: ${(e as Error).message}`);
        step = { done: true, value: undefined };
      }
      if (step.done) {
        if (step.value !== undefined) log(`${new Date().toISOString()} prepared ${preparing.transcript}: ${step.value} calls bound`);
        preparing = undefined;
      }
    }
    prepare = setTimeout(prepareStep, 0);
  };
  const serve = (name: string) => {
    const requestFile = join(spool.requests, name);
    let text: string;
    try {
      text = readFileSync(requestFile, 'utf8');
      // Whoever removes the request owns it: if this fails, its client withdrew it and judges the call itself.
      unlinkSync(requestFile);
    } catch {
      return;
    }
    resetIdle();
    clearTimeout(prepare);
    const { answer, logLine, session } = judge(text, memory);
    if (session) toPrepare.set(session.transcript, session.cache);
    prepare = setTimeout(prepareStep, PREPARE_AFTER_MS);
    const answerFile = join(spool.answers, name);
    try {
      writeFileSync(`${answerFile.slice(0, -'.json'.length)}.tmp`, JSON.stringify(answer), { mode: 0o600 });
      renameSync(`${answerFile.slice(0, -'.json'.length)}.tmp`, answerFile);
    } catch (e) {
      log(`cannot write the answer to ${name}: ${(e as Error).message}`);
    }
    if (logLine !== undefined) log(logLine);
    if (process.memoryUsage.rss() > MAX_RESIDENT_BYTES) end('its memory bound was reached');
  };
  const drain = () => {
    if (ending) return;
    let names: string[];
    try {
      names = readdirSync(spool.requests);
    } catch {
      return end('its spool was removed');
    }
    for (const name of names) if (name.endsWith('.json') && !ending) serve(name);
  };
  const sweep = () => {
    if (!ownsSpool(spool)) return end('its process id file was removed or taken over');
    try {
      const now = new Date();
      utimesSync(spool.pidFile, now, now);
    } catch {
      return end('its process id file was removed');
    }
    drain();
    // Answers and half-written requests of clients that were killed.
    for (const folder of [spool.answers, spool.requests]) {
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {
        // Noticed by the next drain.
      }
      for (const name of names) {
        const file = join(folder, name);
        try {
          if (Date.now() - statSync(file).mtimeMs > UNCLAIMED_MS) unlinkSync(file);
        } catch {
          // Taken by its client meanwhile.
        }
      }
    }
  };
  // Watching before claiming: a client that finds the process id file finds its call seen.
  watcher = watch(spool.requests, () => drain());
  watcher.on('error', () => end('its spool can no longer be watched'));
  if (!claimSpool(spool)) {
    watcher.close();
    log(`a hook server already serves ${spool.folder}`);
    return 0;
  }
  resetIdle();
  look = setInterval(sweep, LOOK_MS);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => end(signal));
  log(`serving ${spool.folder}; stops after ${Math.round(options.idleMs / 1000)} s without a call`);
  drain();
  await stopped;
  return 0;
}

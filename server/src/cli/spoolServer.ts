import { type FSWatcher, chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HEARTBEAT_MS, type ServerAnswer, type Spool, isPrivateFolder, runningServer } from './spool';

/*
 * The loop every resident server runs over its spool (the hook server, the check server): it claims
 * the spool, takes each request as it arrives, writes its answer, keeps its process id file fresh,
 * and stops when idle, when its spool is taken from it, or on a signal. What a request means is the
 * server's own (`SpoolServerOptions.answer`).
 */

/** Resident memory past which the server stops once it has answered what it took: whatever it holds, the next request starts a fresh one. */
const MAX_RESIDENT_BYTES = 1024 * 1024 * 1024;
/**
 * How often the server touches its process id file, checks it is still its own (a cleared cache
 * folder ends it), looks at its spool unasked (a change notification can be lost, on a network file
 * system for one), and removes answers no client took and requests no client finished writing (their
 * clients were killed) once they are this old.
 */
const LOOK_MS = HEARTBEAT_MS;
const UNCLAIMED_MS = 60_000;

/** A request's answer, and the line the log gets for it (written once the answer is). */
export interface Answered {
  readonly answer: ServerAnswer;
  readonly logLine?: string;
}

export interface SpoolServerOptions {
  readonly spool: Spool;
  /** What the server is, in its log: "hook server". */
  readonly name: string;
  /** The server stops after this long without a request. */
  readonly idleMs: number;
  /** One line per event (starting, each request, stopping): the server's standard output, nowhere when a client started it. */
  readonly log: (line: string) => void;
  /**
   * The answer to a request's text. When it is a promise, the server goes on taking requests
   * meanwhile (the server queues them as it will) and writes each answer when it is ready.
   */
  readonly answer: (text: string) => Answered | Promise<Answered>;
  /** Called once, as the server stops, before its process id file is removed. */
  readonly stopping?: () => void;
}

export class SpoolServerError extends Error {}

/** Makes `folder` (and its parents) a folder only this user may enter, or says why it cannot be. */
function makePrivateFolder(folder: string, name: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = lstatSync(folder);
  // One of this user's made with a looser mode (another umask, a copy) is tightened; anyone else's is left alone.
  if (stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) !== 0) chmodSync(folder, 0o700);
  if (!isPrivateFolder(folder)) throw new SpoolServerError(`${folder} is not a folder only you can enter (mode 700, yours), so no ${name} serves there`);
}

/** Writes the process id file; false when another server of this spool is running. */
function claimSpool(spool: Spool): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(spool.pidFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new SpoolServerError(`cannot write ${spool.pidFile}: ${(e as Error).message}`);
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

/**
 * Serves `options.spool` until the server is idle for `options.idleMs`, its process id file is
 * removed or taken over, it grows past its memory bound, or it gets SIGTERM, SIGINT or SIGHUP;
 * resolves with the exit code. Ends at once, successfully, when another server already serves the
 * spool.
 */
export async function serveSpool(options: SpoolServerOptions): Promise<number> {
  const { spool, log, name } = options;
  makePrivateFolder(dirname(spool.folder), name);
  makePrivateFolder(spool.folder, name);
  mkdirSync(spool.requests, { recursive: true, mode: 0o700 });
  mkdirSync(spool.answers, { recursive: true, mode: 0o700 });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let idle: NodeJS.Timeout | undefined;
  let look: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let ending = false;
  // Requests taken and not answered yet; the server is not idle while there are any.
  let unanswered = 0;
  let overMemory = false;
  const end = (why: string) => {
    if (ending) return;
    ending = true;
    clearTimeout(idle);
    clearInterval(look);
    watcher?.close();
    options.stopping?.();
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
    idle = setTimeout(() => (unanswered > 0 ? resetIdle() : end(`no request for ${Math.round(options.idleMs / 1000)} s`)), options.idleMs);
  };
  const writeAnswer = (requestName: string, { answer, logLine }: Answered) => {
    const answerFile = join(spool.answers, requestName);
    const partFile = `${answerFile.slice(0, -'.json'.length)}.tmp`;
    try {
      writeFileSync(partFile, JSON.stringify(answer), { mode: 0o600 });
      renameSync(partFile, answerFile);
    } catch (e) {
      log(`cannot write the answer to ${requestName}: ${(e as Error).message}`);
    }
    if (logLine !== undefined) log(logLine);
    if (process.memoryUsage.rss() > MAX_RESIDENT_BYTES) overMemory = true;
    if (overMemory && unanswered === 0) end('its memory bound was reached');
  };
  const serve = (requestName: string) => {
    const requestFile = join(spool.requests, requestName);
    let text: string;
    try {
      text = readFileSync(requestFile, 'utf8');
      // Whoever removes the request owns it: if this fails, its client withdrew it and runs the command itself.
      unlinkSync(requestFile);
    } catch {
      return;
    }
    resetIdle();
    let answered: Answered | Promise<Answered>;
    try {
      answered = options.answer(text);
    } catch (e) {
      answered = { answer: { error: (e as Error).message } };
    }
    if (!(answered instanceof Promise)) return writeAnswer(requestName, answered);
    unanswered++;
    void answered
      .catch((e: unknown): Answered => ({ answer: { error: (e as Error).message } }))
      .then((late) => {
        unanswered--;
        resetIdle();
        writeAnswer(requestName, late);
      });
  };
  const drain = () => {
    if (ending) return;
    let names: string[];
    try {
      names = readdirSync(spool.requests);
    } catch {
      return end('its spool was removed');
    }
    for (const requestName of names) if (requestName.endsWith('.json') && !ending) serve(requestName);
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
      for (const fileName of names) {
        const file = join(folder, fileName);
        try {
          if (Date.now() - statSync(file).mtimeMs > UNCLAIMED_MS) unlinkSync(file);
        } catch {
          // Taken by its client meanwhile.
        }
      }
    }
  };
  // Watching before claiming: a client that finds the process id file finds its request seen.
  watcher = watch(spool.requests, () => drain());
  watcher.on('error', () => end('its spool can no longer be watched'));
  if (!claimSpool(spool)) {
    watcher.close();
    log(`a ${name} already serves ${spool.folder}`);
    return 0;
  }
  resetIdle();
  look = setInterval(sweep, LOOK_MS);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => end(signal));
  log(`serving ${spool.folder}; stops after ${Math.round(options.idleMs / 1000)} s without a request`);
  drain();
  await stopped;
  return 0;
}

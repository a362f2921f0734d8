import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadTagger } from '../../engine/extraction';
import { type LedgerCache, LedgerMemory, homeFolder } from './cache';
import { HOOK_ENVIRONMENT } from './environment';
import { prepareBoundState } from './incremental';
import { judgeHookCallWithPolicies } from './judge';
import { type LiveHookReply, isLiveHook, runLiveHook } from './live';
import { SPOOL_PROTOCOL, type ServerAnswer, type Spool } from '../spool';
import { serveSpool } from '../spoolServer';

/*
 * `ghost-lint hook serve`: the live guard kept running, so a hook call (`hook <agent> --server`)
 * costs Node's start and an exchange of files instead of loading the engine and reading its audit
 * state again for every tool call. Each call is judged by the very `runLiveHook` a hook process
 * runs, with the calling process's arguments, working folder, environment and standard input, one
 * call at a time; the guard's records stay in memory between calls and reach the disk after the
 * answer (so a hook process without the server finds them too).
 */

const RequestSchema = z.object({
  protocol: z.literal(SPOOL_PROTOCOL),
  argv: z.array(z.string()).refine(isLiveHook, 'argv is not a live hook call (hook <agent> …)'),
  cwd: z.string().min(1),
  // Only the variables the guard reads: any other is refused.
  env: z.partialRecord(z.enum(HOOK_ENVIRONMENT), z.string()),
  stdin: z.string(),
});

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
function judge(text: string, memory: LedgerMemory): { answer: ServerAnswer; logLine?: string; session?: JudgedSession } {
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
 * Serves hook calls from `options.spool` (see serveSpool for when it stops); resolves with the exit
 * code. Ends at once, successfully, when another server already serves the spool.
 */
export function serveLiveHooks(options: HookServerOptions): Promise<number> {
  const { log } = options;
  const memory = new LedgerMemory();
  let prepare: NodeJS.Timeout | undefined;
  // Sessions to prepare, and the preparation under way (it keeps its place while calls come in).
  const toPrepare = new Map<string, LedgerCache>();
  let preparing: { readonly transcript: string; readonly steps: Generator<void, number | undefined> } | undefined;
  let taggerLoaded = false;
  let ending = false;
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
  return serveSpool({
    spool: options.spool,
    name: 'hook server',
    idleMs: options.idleMs,
    log,
    answer: (text) => {
      clearTimeout(prepare);
      const { answer, logLine, session } = judge(text, memory);
      if (session) toPrepare.set(session.transcript, session.cache);
      prepare = setTimeout(prepareStep, PREPARE_AFTER_MS);
      return { answer, ...(logLine !== undefined && { logLine }) };
    },
    stopping: () => {
      ending = true;
      clearTimeout(prepare);
      preparing?.steps.return(undefined);
      memory.flush();
    },
  });
}

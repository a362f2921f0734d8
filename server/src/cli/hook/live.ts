import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type JsonlAdapter, claudeCodeAdapter, codexAdapter, geminiJsonlAdapter } from '../../engine/adapters';
import { readJsonl } from '../../engine/session';
import type { HookDecision } from '../../engine/pipeline';
import { policyFilesIn, policyFolders } from '../../policy/locations';
import { AGENT_PROTOCOLS, type AgentProtocol, type HookAgent, HookInputError, type HookReply, isHookAgent, isHookInputError } from './agents';
import { type HookEnvironment, ON_ERROR_DECISIONS, ON_ERROR_ENV, type OnError } from './environment';
import { LedgerCache, type LedgerMemory, SessionFile, cacheFolder, completeLineBytes } from './cache';
import { coverRoute, loadCompiled } from './compiled';
import type { HookRoute } from '../hookJudge';
import type { judgeHookCallWithPolicies } from './judge';

/*
 * `ghost-lint hook <agent>`: the live guard, run by the agent before every tool call. It is bundled
 * apart from the engine (dist/launcher.js stays small) so a call that nothing can govern is answered in
 * little more than Node's own start-up. A call that needs judging loads the engine: dist/hook-judge.js
 * (reading, binding and auditing, from the cached audit state) when no workspace policy applies, and
 * the caller's policy judge (the launcher loads dist/commands.js for it) when one does.
 */

/** The judge of a call a workspace policy applies to; dist/commands.js holds it. */
export type PolicyJudge = typeof judgeHookCallWithPolicies;

export interface LiveHookOptions {
  /** What to answer when the guard itself fails: deny unless configured otherwise. */
  readonly onError: OnError;
  /** Whether a confirmation rule is put to the user (`ask`) or denied so the agent asks in the chat (`deny`). */
  readonly confirm: 'ask' | 'deny';
  readonly policy: readonly string[];
}

export interface LiveHookIo {
  readonly stdin: () => string;
  /** The guard's variables of the environment (a process's whole environment will do). */
  readonly env: HookEnvironment;
  readonly cwd: string;
  readonly home: string;
  readonly platform: NodeJS.Platform;
  /** The guard's records kept between calls by a long-lived process (the hook server). */
  readonly memory?: LedgerMemory;
  /**
   * The policy judge, asked for only when a workspace policy applies, with the folder of the guard's
   * cache (for the code cache of a bundle it loads): given by the caller, which holds the full CLI or
   * knows where it is, so the guard imports none of it.
   */
  readonly policyJudge: (cacheFolder: string) => PolicyJudge;
}

export interface LiveHookReply extends HookReply {
  readonly stderr: string;
  /** The session file a call was judged on with no policy, and the guard's records of it: the hook server prepares its audit state while idle. */
  readonly session?: { readonly transcript: string; readonly cache: LedgerCache };
  /** How the call was judged (the hook server logs it): nothing stated in the session, the guard's routes, or with a workspace policy. */
  readonly route?: 'unstated' | HookRoute | 'policy';
}

/** Whether argv asks for the live guard (`hook <agent>`), as opposed to `hook install` and the other commands. */
export function isLiveHook(argv: readonly string[]): boolean {
  return argv[0] === 'hook' && isHookAgent(argv[1]);
}

function isOnError(value: string | undefined): value is OnError {
  return (ON_ERROR_DECISIONS as readonly (string | undefined)[]).includes(value);
}

/** Options `hook <agent>` takes with a value; `--policy` may be given more than once. */
const LIVE_OPTIONS: ReadonlySet<string> = new Set(['on-error', 'confirm', 'policy']);
/** Its flags: `--server` is the bin's (the call goes to the hook server), and a call judged here takes it as given. */
const LIVE_FLAGS: ReadonlySet<string> = new Set(['server']);

/**
 * Flags after `hook <agent>` (`--name value` or `--name=value`; the last of a repeated single one
 * counts). Parsed by hand: loading zod would double the guard's latency, and node:util's parseArgs
 * costs it half a millisecond.
 */
function parseLiveOptions(args: readonly string[], env: LiveHookIo['env']): LiveHookOptions {
  const given: Record<string, string> = {};
  const policy: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    // After `--` every argument is a positional one, and `hook <agent>` takes none.
    if (arg === '--' && i + 1 === args.length) break;
    if (arg === '--') throw new HookInputError(`unexpected argument "${args[i + 1]}"`);
    if (!arg.startsWith('--')) throw new HookInputError(arg.startsWith('-') ? `unknown option "${arg}"` : `unexpected argument "${arg}"`);
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    if (LIVE_FLAGS.has(name)) {
      if (equals !== -1) throw new HookInputError(`option "--${name}" takes no value`);
      continue;
    }
    if (!LIVE_OPTIONS.has(name)) throw new HookInputError(`unknown option "--${name}"`);
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
    // The next option is not this one's value: `--policy --on-error=allow` leaves --policy without one.
    if (value === undefined || (equals === -1 && value.startsWith('--'))) throw new HookInputError(`option "--${name}" needs a value`);
    if (name === 'policy') policy.push(value);
    else given[name] = value;
  }
  const envOnError = env[ON_ERROR_ENV];
  const onError = given['on-error'] ?? (isOnError(envOnError) ? envOnError : 'deny');
  if (!isOnError(onError)) throw new HookInputError(`--on-error must be deny, allow or ask, not "${onError}"`);
  const confirm = given.confirm ?? 'ask';
  if (confirm !== 'ask' && confirm !== 'deny') throw new HookInputError(`--confirm must be ask or deny, not "${confirm}"`);
  return { onError, confirm, policy };
}

/** JSON Lines adapters by format: the session files whose growth the guard can read on its own. */
const GROWING_FORMATS: Readonly<Record<string, JsonlAdapter>> = { 'claude-code': claudeCodeAdapter, codex: codexAdapter, 'gemini-cli': geminiJsonlAdapter };

/** The policy file nearest the session, if any exists (the policy discovery's own places). */
function anyPolicyFile(anchor: string, cwd: string, home: string): boolean {
  return policyFolders(anchor, [cwd], home).some((folder) => policyFilesIn(folder).some((file) => existsSync(file)));
}

/**
 * True when nothing can govern the call, decided without the engine (and with no policy in play): no
 * constraint ever stated in the session (the cache says so up to where it stopped, and the lines
 * written since hold no user message). Anything else goes to the engine.
 */
function nothingGoverns(transcript: string, cache: LedgerCache): boolean {
  if (!existsSync(transcript)) return true;
  const record = cache.read(transcript);
  const adapter = record && !record.stated ? GROWING_FORMATS[record.format] : undefined;
  if (!record || !adapter) return false;
  const file = SessionFile.open(transcript);
  if (!file) return false;
  try {
    const growth = file.growthSince(record);
    // A line still being written is left to the engine, which reads it as it is.
    if (!growth || completeLineBytes(growth) !== growth.length) return false;
    if (growth.length === 0) return true;
    const text = growth.toString('utf8');
    // A rejection's reason (Claude Code's "the user said: …") is the person's own message, made from the
    // result of a call an earlier line may hold: read alone it would be missed, so the engine reads it.
    if (/the user said:/i.test(text)) return false;
    const sessions = adapter.parse(readJsonl(text));
    if (sessions.some((session) => session.turns.some((turn) => turn.isUserMessage))) return false;
    cache.write(file.keyAt(record.bytes + growth.length), record.format, false);
    return true;
  } finally {
    file.close();
  }
}

/** The bundle beside this one (dist/hook-judge.js) through the code cache; from the sources (tests), a plain require. */
const HOOK_JUDGE_BUNDLE = join(__dirname, 'hook-judge.js');

function loadHookJudge(folder: string): typeof import('../hookJudge') {
  return loadCompiled<typeof import('../hookJudge')>(HOOK_JUDGE_BUNDLE, folder) ?? (require('../hookJudge') as typeof import('../hookJudge'));
}

function failSafe(protocol: AgentProtocol, onError: OnError, problem: string): LiveHookReply {
  const decision: HookDecision = onError === 'ask' && !protocol.canAsk ? 'deny' : onError;
  const outcome = decision === 'allow' ? 'lets it run' : decision === 'ask' ? 'asks the user' : 'blocks it';
  const reason = `ghost-lint could not check this call (${problem}), so it ${outcome}: set --on-error or ${ON_ERROR_ENV} to deny, allow or ask to change that.`;
  return { ...protocol.reply(decision, reason), stderr: `${reason}\n` };
}

/** Runs the live guard for one hook call; never throws: a failure answers by `--on-error`. */
export function runLiveHook(argv: readonly string[], io: LiveHookIo): LiveHookReply {
  const agent = argv[1] as HookAgent;
  const protocol = AGENT_PROTOCOLS[agent];
  const envOnError = io.env[ON_ERROR_ENV];
  let onError: OnError = isOnError(envOnError) ? envOnError : 'deny';
  try {
    const options = parseLiveOptions(argv.slice(2), io.env);
    onError = options.onError;
    const text = io.stdin();
    if (text.trim() === '') throw new HookInputError('no hook input on standard input');
    const input: unknown = JSON.parse(text);
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new HookInputError('the hook input should be a JSON object');
    const request = protocol.read(input as Record<string, unknown>);
    // Wired to another event by mistake: stay out of the way.
    if (request.event !== undefined && request.event !== protocol.event) return { stdout: '', exitCode: 0, stderr: '' };
    const cache = new LedgerCache(cacheFolder(io), io.memory);
    const cwd = request.cwd ?? io.cwd;
    const transcript = request.transcriptPath !== undefined ? resolve(cwd, request.transcriptPath) : undefined;
    const policyApplies = options.policy.length > 0 || anyPolicyFile(transcript ?? join(cwd, 'session'), cwd, io.home);
    const canAsk = protocol.canAsk && options.confirm === 'ask';
    if (!policyApplies) {
      // No session file, or one that never stated a constraint: nothing can govern the call.
      const session = transcript !== undefined ? { transcript, cache } : undefined;
      if (transcript === undefined || nothingGoverns(transcript, cache)) {
        coverRoute(__filename, 'unstated');
        return { ...protocol.reply('allow', ''), stderr: '', route: 'unstated', ...(session && { session }) };
      }
      // The engine is loaded only now, from its own bundle.
      const verdict = loadHookJudge(cache.folder).judgeHookCall({ transcript, proposal: request.proposal, format: protocol.format, canAsk, cache });
      coverRoute(__filename, 'hook-judge');
      coverRoute(HOOK_JUDGE_BUNDLE, verdict.route);
      return { ...protocol.reply(verdict.decision, verdict.reason), stderr: '', route: verdict.route, ...(session && { session }) };
    }
    coverRoute(__filename, 'commands');
    const verdict = io.policyJudge(cache.folder)({ request, format: protocol.format, canAsk, policies: options.policy, cwd, home: io.home, cache });
    return { ...protocol.reply(verdict.decision, verdict.reason), stderr: '', route: 'policy' };
  } catch (e) {
    const problem = isHookInputError(e) ? e.message : e instanceof SyntaxError ? `the hook input is not JSON: ${e.message}` : `internal error: ${(e as Error).message}`;
    return failSafe(protocol, onError, problem);
  }
}

import type { HookDecision, ProposedCall } from '../engine/pipeline';
import type { TranscriptFormat } from '../engine/session';
import type { LedgerCache } from './hook/cache';
import { hookVerdict, judgeSessionFile } from './hook/incremental';

/**
 * The live guard's judge, bundled apart as dist/hook-judge.js for a call the quick check cannot let
 * through when no workspace policy applies: the engine's reading, binding and auditing without the
 * policy reader and schema library dist/commands.js carries (their load alone costs more than the hook's
 * whole latency budget). What only some calls need stays in files of its own, loaded only by a call
 * that needs it: extraction (dist/hook-judge-extraction.js), the readers of every format
 * (dist/hook-judge-parse.js), the shell parser, SQL grammars and the NLP tagger (dist/vendor).
 */

export interface HookJudgeRequest {
  /** The session file, absolute. */
  readonly transcript: string;
  readonly proposal: ProposedCall;
  /** The agent's format, for a session file not written yet. */
  readonly format: TranscriptFormat;
  /** Whether the answer may be "ask"; otherwise a confirmation rule is denied, and the agent asks in the chat. */
  readonly canAsk: boolean;
  /** The guard's records (the caller's: another bundle's copy of the class, the hook server's memory with it). */
  readonly cache: LedgerCache;
}

/** How the judge answered: from its cached state without reading the new lines, moving the state over them, or reading the whole file. */
export type HookRoute = 'quick' | 'resumed' | 'whole';

/** One hook call judged when no workspace policy applies (with policies: `judgeHookCallWithPolicies`, in dist/commands.js). */
export function judgeHookCall(request: HookJudgeRequest): { decision: HookDecision; reason: string; route: HookRoute } {
  const read = judgeSessionFile({ path: request.transcript, proposal: request.proposal, policies: [], cache: request.cache, format: request.format, quick: true });
  if (read.kind === 'ungoverned') return { decision: 'allow', reason: '', route: 'quick' };
  return { ...hookVerdict(read.judgement, request.canAsk), route: read.resumed ? 'resumed' : 'whole' };
}

import { resolve } from 'node:path';
import { type GateDecision, judgeProposedCall } from '../engine/gate';
import type { TranscriptFormat } from '../engine/session';
import type { HookRequest } from './hook/agents';
import { LedgerCache } from './hook/cache';
import { emptySession, hookVerdict, judgeSessionFile } from './hook/incremental';

/**
 * The live guard's judge, bundled apart as dist/guard.js for a call the quick check cannot let
 * through when no workspace policy applies: the engine's reading, binding and auditing without the
 * policy reader and schema library dist/full.js carries (their load alone costs more than the hook's
 * whole latency budget). The shell parser, SQL grammars and the NLP tagger stay in their own files
 * (dist/vendor), loaded only by a call that needs them.
 */

export interface LiveJudgeRequest {
  readonly request: HookRequest;
  readonly format: TranscriptFormat;
  /** Whether the answer may be "ask"; otherwise a confirmation rule is denied, and the agent asks in the chat. */
  readonly canAsk: boolean;
  /** The agent's working folder, which a relative transcript path is resolved against. */
  readonly cwd: string;
  readonly cacheFolder: string;
}

export function judgeLive(live: LiveJudgeRequest): { decision: GateDecision; reason: string } {
  const { request } = live;
  const path = request.transcriptPath !== undefined ? resolve(live.cwd, request.transcriptPath) : undefined;
  if (path === undefined) return hookVerdict(judgeProposedCall(emptySession(live.format), request.proposal), live.canAsk);
  const read = judgeSessionFile({ path, proposal: request.proposal, policies: [], cache: new LedgerCache(live.cacheFolder), format: live.format, quick: true });
  return read.kind === 'judged' ? hookVerdict(read.judgement, live.canAsk) : { decision: 'allow', reason: '' };
}

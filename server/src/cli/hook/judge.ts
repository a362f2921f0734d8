import { join, resolve } from 'node:path';
import { type HookDecision, type ProposalJudgement, type ProposedCall, judgeProposedCall } from '../../engine/pipeline';
import type { Policy } from '../../engine/ledger';
import type { TranscriptFormat } from '../../engine/session';
import { nodeHost } from '../../host/nodeHost';
import { PolicyDiscovery } from '../../host/policies';
import type { HookRequest } from './agents';
import type { LedgerCache } from './cache';
import { hookVerdict, judgeSessionFile, readSession } from './incremental';

/** Where the session comes from: a file (cached by path), inline text, or nothing yet. */
export type SessionSource = { readonly path: string } | { readonly text: string } | undefined;

export interface SessionJudgeRequest {
  readonly source: SessionSource;
  readonly proposal: ProposedCall;
  /** The agent's working folder: a workspace folder for policy discovery. */
  readonly cwd: string;
  readonly home: string;
  /** Policies given explicitly (`--policy`), on top of the discovered ones. */
  readonly policies: readonly string[];
  /** The guard's records; without them nothing is cached. */
  readonly cache?: LedgerCache;
  /** The format of a session that has no text yet (a file not written so far). */
  readonly format: TranscriptFormat;
}

export interface SessionJudgement {
  readonly judgement: ProposalJudgement;
  /** The format the session was read as. */
  readonly format: TranscriptFormat;
  readonly policies: readonly Policy[];
}

/**
 * Judges a proposed call against a session file (or inline session) and the workspace policies. A
 * file is judged with the guard's cache (hook/incremental.ts): a session that only grew is read from
 * where the previous call left it.
 */
export function judgeSession(request: SessionJudgeRequest): SessionJudgement {
  const source = request.source;
  const path = source && 'path' in source ? resolve(request.cwd, source.path) : undefined;
  const discovery = new PolicyDiscovery(nodeHost, { workspaceRoots: [request.cwd], home: request.home, explicit: request.policies.map((p) => resolve(request.cwd, p)) });
  const policies = discovery.forTranscript(path ?? join(request.cwd, 'session'));
  if (path !== undefined) {
    const { cache } = request;
    const { judgement, format } = judgeSessionFile({ path, proposal: request.proposal, policies, format: request.format, ...(cache && { cache }) });
    return { judgement, format, policies };
  }
  const content = source && 'text' in source ? Buffer.from(source.text, 'utf8') : undefined;
  const session = readSession(content, '<inline session>', request.proposal, request.format);
  return { judgement: judgeProposedCall(session, request.proposal, { policies }), format: session.format, policies };
}

export interface PolicyHookJudgeRequest {
  readonly request: HookRequest;
  readonly format: TranscriptFormat;
  /** Whether the answer may be "ask"; otherwise a confirmation rule is denied, and the agent asks in the chat. */
  readonly canAsk: boolean;
  readonly policies: readonly string[];
  readonly cwd: string;
  readonly home: string;
  readonly cache: LedgerCache;
}

/** The live guard's judgement with workspace policies, for a call the quick check could not let through. */
export function judgeHookCallWithPolicies(hook: PolicyHookJudgeRequest): { decision: HookDecision; reason: string } {
  const { judgement } = judgeSession({
    source: hook.request.transcriptPath !== undefined ? { path: hook.request.transcriptPath } : undefined,
    proposal: hook.request.proposal,
    cwd: hook.cwd,
    home: hook.home,
    policies: hook.policies,
    cache: hook.cache,
    format: hook.format,
  });
  return hookVerdict(judgement, hook.canAsk);
}

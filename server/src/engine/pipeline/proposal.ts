import type { AppliedSuppression, Finding } from '../findings/findings';
import type { Session, ToolCall, Turn } from '../session/session';

/**
 * A proposed tool call (SPEC section 6, applied before a call runs, by the hook): where it sits in the
 * session that led to it, and the hook's decision and message. The judging is the pipeline's
 * (pipeline/stages.ts: `judgeProposal`), with the same ledger, binder and auditor `check` uses.
 */

/** A tool call an agent is about to make. */
export interface ProposedCall {
  /** The agent's id for the call (`tool_use_id`, `call_id`): finds it when the session already records it. */
  readonly id?: string;
  readonly name: string;
  /** The arguments, as the transcript would record them. */
  readonly input: unknown;
  /** The agent's working folder now; paths in the call resolve against it. */
  readonly cwd?: string;
}

export type HookDecision = 'allow' | 'deny' | 'ask';

export interface ProposalJudgement {
  readonly decision: HookDecision;
  /** The violations of the proposed call, each quoting its constraint, with the repair plan when there is one. */
  readonly findings: readonly Finding[];
  /** Violations a workspace policy suppression accepts: they never block. */
  readonly suppressed: readonly AppliedSuppression[];
  /** The call as judged: the session's own record of it (cut before it), or the proposal appended after the last turn. */
  readonly call: ToolCall;
  /** True when the session already recorded the call. */
  readonly recorded: boolean;
}

/** How the guard's messages begin, so a later transcript shows the call as stopped by it (SPEC section 6). */
export const HOOK_MESSAGE_PREFIX = 'ghost-lint blocked this call before it ran';

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The session's record of the proposed call: by id when the agent gave one; without an id, the latest
 * call still waiting for its result with the same tool and arguments (an agent that records a call
 * before asking its hooks).
 */
function recordedCall(session: Session, proposal: ProposedCall): ToolCall | undefined {
  if (proposal.id !== undefined) return session.calls.find((c) => c.id === proposal.id);
  for (let i = session.calls.length - 1; i >= 0; i--) {
    const call = session.calls[i];
    if (call && !call.result && !call.stopped && call.name === proposal.name && sameValue(call.input, proposal.input)) return call;
  }
  return undefined;
}

/** What was known of `call` when `at` was issued: a result recorded after that had not come back yet. */
function knownAt(call: ToolCall, at: ToolCall): ToolCall {
  const unanswered = call === at || (call.result !== undefined && call.result.turnIndex > at.turnIndex);
  if (!unanswered) return call;
  const { result: _result, stopped: _stopped, ...rest } = call;
  return { ...rest, status: 'unknown' };
}

/** The session as it stood when `call` was issued: its turns up to the call's, and the call not yet run. */
function sessionAt(session: Session, call: ToolCall): { session: Session; call: ToolCall } {
  // By index rather than position: a session built on a cached history lists only some earlier calls.
  const calls = session.calls.filter((c) => c.index <= call.index).map((c) => knownAt(c, call));
  const judged = calls.find((c) => c.index === call.index) ?? call;
  return { session: { ...session, turns: session.turns.slice(0, call.turnIndex + 1), calls }, call: judged };
}

/** The session with the proposal as a new assistant turn after its last one; `summarised` calls come before it even when the session does not list them. */
function withProposal(session: Session, proposal: ProposedCall, summarised: number): { session: Session; call: ToolCall } {
  const end = { start: session.text.length, end: session.text.length };
  const cwd = proposal.cwd ?? session.turns[session.turns.length - 1]?.cwd ?? session.cwd;
  const turn: Turn = { index: session.turns.length, role: 'assistant', kind: 'message', isUserMessage: false, text: '', pieces: [], span: end, ...(cwd !== undefined && { cwd }) };
  const id = proposal.id ?? 'ghost-lint-proposed-call';
  const last = session.calls[session.calls.length - 1];
  const call: ToolCall = {
    index: Math.max(last ? last.index + 1 : 0, summarised),
    id,
    name: proposal.name,
    input: proposal.input,
    turnIndex: turn.index,
    span: end,
    nameSpan: end,
    argumentValues: [],
    batch: `proposed:${id}`,
    status: 'unknown',
    ...(cwd !== undefined && { cwd }),
  };
  // concat, not spread: a session built on a cached history has holes where it lists no turn.
  return { session: { ...session, turns: session.turns.concat(turn), calls: [...session.calls, call] }, call };
}

/**
 * The session a proposal is judged in, and the call as judged: the session's own record of it, with
 * the transcript cut just before it, or the proposal appended as a new call after the last turn
 * (`summarised` earlier calls come before it even when the session does not list them).
 */
export function placeProposal(session: Session, proposal: ProposedCall, summarised: number): { session: Session; call: ToolCall; recorded: boolean } {
  const recorded = recordedCall(session, proposal);
  return { ...(recorded ? sessionAt(session, recorded) : withProposal(session, proposal, summarised)), recorded: recorded !== undefined };
}

/**
 * The guard's message for a deny or ask: each broken constraint quoted, and what to do first (the
 * repair plan), so the agent can recover or the user can decide.
 */
export function judgementReason(judgement: ProposalJudgement): string {
  const lead =
    judgement.decision === 'ask'
      ? `ghost-lint asks before this call runs: a constraint stated earlier in this session needs the user's approval of it.`
      : `${HOOK_MESSAGE_PREFIX}: it breaks a constraint stated earlier in this session.`;
  const lines = [lead];
  for (const finding of judgement.findings) {
    lines.push(`- ${finding.message.replace(/\n/g, '\n  ')}${/[.!?"]$/.test(finding.message) ? '' : '.'}`);
    const repair = finding.repair;
    if (repair?.call) lines.push(`  Do this first: ${repair.description}: ${JSON.stringify(repair.call.arguments)}`);
    else if (repair) lines.push(`  Do this first: ${repair.description}.`);
    else lines.push('  Do not make this call; choose another way that keeps the constraint, or ask the user.');
  }
  return lines.join('\n');
}

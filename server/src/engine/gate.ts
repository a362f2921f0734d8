import { audit } from './audit';
import { bindSession } from './binding';
import { isActiveAt } from './constraints';
import { type Extraction, type Revocation, type StatedConstraint, extractConstraints } from './extraction';
import { type AnalysisOptions, type AppliedSuppression, type Finding, suppressionFor, toFinding } from './findings';
import { buildLedger } from './ledger';
import type { Session, ToolCall, Turn } from './session';

/**
 * The live guard's judgement (SPEC section 6, applied before a call runs): one proposed tool call
 * against the session that led to it, with the same ledger, binder and auditor `check` uses.
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

export type GateDecision = 'allow' | 'deny' | 'ask';

export interface ProposalJudgement {
  readonly decision: GateDecision;
  /** The violations of the proposed call, each quoting its constraint, with the repair plan when there is one. */
  readonly findings: readonly Finding[];
  /** Violations a workspace policy suppression accepts: they never block. */
  readonly suppressed: readonly AppliedSuppression[];
  /** The call as judged: the session's own record of it (cut before it), or the proposal appended after the last turn. */
  readonly call: ToolCall;
  /** True when the session already recorded the call. */
  readonly recorded: boolean;
}

export interface JudgeOptions extends AnalysisOptions {
  /** The session's extraction when the caller has it already (a cache); computed otherwise. */
  readonly extraction?: Extraction;
}

/** How the guard's messages begin, so a later transcript shows the call as stopped by it (SPEC section 6). */
export const GUARD_MESSAGE_PREFIX = 'ghost-lint blocked this call before it ran';

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
  const calls = session.calls.slice(0, call.index + 1).map((c) => knownAt(c, call));
  const judged = calls[call.index] ?? call;
  return { session: { ...session, turns: session.turns.slice(0, call.turnIndex + 1), calls }, call: judged };
}

/** The session with the proposal as a new assistant turn after its last one. */
function withProposal(session: Session, proposal: ProposedCall): { session: Session; call: ToolCall } {
  const end = { start: session.text.length, end: session.text.length };
  const cwd = proposal.cwd ?? session.turns[session.turns.length - 1]?.cwd ?? session.cwd;
  const turn: Turn = { index: session.turns.length, role: 'assistant', kind: 'message', isUserMessage: false, text: '', pieces: [], span: end, ...(cwd !== undefined && { cwd }) };
  const id = proposal.id ?? 'ghost-lint-proposed-call';
  const call: ToolCall = {
    index: session.calls.length,
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
  return { session: { ...session, turns: [...session.turns, turn], calls: [...session.calls, call] }, call };
}

/**
 * Judges one proposed call against the session that led to it. The proposal may already be the
 * session's last call (found by id, then judged with the transcript cut just before it) or not be
 * recorded yet (appended as a new call after the last turn). Deny when the call would break a
 * constraint; ask when every broken constraint is a confirmation, so the user can approve it; allow
 * otherwise.
 */
export function judgeProposedCall(session: Session, proposal: ProposedCall, options: JudgeOptions = {}): ProposalJudgement {
  const recorded = recordedCall(session, proposal);
  const { session: judged, call } = recorded ? sessionAt(session, recorded) : withProposal(session, proposal);
  const policies = options.policies ?? [];
  // Constraints stated after the call (when the session was recorded past it) are not active at it.
  const constraints = buildLedger(policies, options.extraction ?? (options.extract ?? extractConstraints)(judged));
  const allow: ProposalJudgement = { decision: 'allow', findings: [], suppressed: [], call, recorded: recorded !== undefined };
  // Nothing can govern the call: binding, the costly part, is not needed.
  if (!constraints.some((c) => isActiveAt(c, call.turnIndex))) return allow;
  const declared = policies.flatMap((p) => p.tools);
  const actions = bindSession(judged, declared);
  const findings: Finding[] = [];
  const suppressed: AppliedSuppression[] = [];
  for (const violation of audit({ session: judged, actions, constraints })) {
    if (violation.call.index !== call.index) continue;
    const finding = toFinding(violation, judged, declared);
    const match = suppressionFor(finding, policies);
    if (match) suppressed.push({ finding, ...match });
    else findings.push(finding);
  }
  if (findings.length === 0) return { ...allow, suppressed };
  const decision = findings.every((f) => f.ruleId === 'confirmation-missing') ? 'ask' : 'deny';
  return { decision, findings, suppressed, call, recorded: recorded !== undefined };
}

/**
 * The guard's message for a deny or ask: each broken constraint quoted, and what to do first (the
 * repair plan), so the agent can recover or the user can decide.
 */
export function judgementReason(judgement: ProposalJudgement): string {
  const lead =
    judgement.decision === 'ask'
      ? `ghost-lint asks before this call runs: a constraint stated earlier in this session needs the user's approval of it.`
      : `${GUARD_MESSAGE_PREFIX}: it breaks a constraint stated earlier in this session.`;
  const lines = [lead];
  for (const finding of judgement.findings) {
    lines.push(`- ${finding.message}${/[.!?"]$/.test(finding.message) ? '' : '.'}`);
    const repair = finding.repair;
    if (repair?.call) lines.push(`  Do this first: ${repair.description}: ${JSON.stringify(repair.call.arguments)}`);
    else if (repair) lines.push(`  Do this first: ${repair.description}.`);
    else lines.push('  Do not make this call; choose another way that keeps the constraint, or ask the user.');
  }
  return lines.join('\n');
}

/** Extraction results of one user turn, reusable while the turn's place and text stay the same. */
export interface TurnReadings {
  readonly constraints: readonly Omit<StatedConstraint, 'turnIndex'>[];
  readonly revocations: readonly Omit<Revocation, 'turnIndex'>[];
}

/** A cheap fingerprint of a user turn: its place in the source and its text. */
export function turnKey(turn: Turn): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < turn.text.length; i++) hash = Math.imul(hash ^ turn.text.charCodeAt(i), 0x01000193) >>> 0;
  return `${turn.span.start}:${turn.span.end}:${turn.text.length}:${hash.toString(16)}`;
}

/**
 * The session's extraction, reading only the user turns `known` has no readings for (extraction is
 * per turn, so a session that only grew re-reads only its new turns). Returns the readings of every
 * user turn too, for the next call.
 */
export function extractWithReadings(session: Session, known: ReadonlyMap<string, TurnReadings>): { extraction: Extraction; readings: Map<string, TurnReadings> } {
  const readings = new Map<string, TurnReadings>();
  const unread: Turn[] = [];
  for (const turn of session.turns) {
    if (!turn.isUserMessage) continue;
    const key = turnKey(turn);
    const found = known.get(key);
    if (found) readings.set(key, found);
    else unread.push(turn);
  }
  if (unread.length > 0) {
    const fresh = extractConstraints({ ...session, turns: unread });
    for (const turn of unread) {
      const mine = <T extends { turnIndex: number }>(items: readonly T[]) => items.filter((item) => item.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...rest }) => rest);
      readings.set(turnKey(turn), { constraints: mine(fresh.constraints), revocations: mine(fresh.revocations) });
    }
  }
  const constraints: StatedConstraint[] = [];
  const revocations: Revocation[] = [];
  for (const turn of session.turns) {
    const found = turn.isUserMessage ? readings.get(turnKey(turn)) : undefined;
    if (!found) continue;
    for (const c of found.constraints) constraints.push({ ...c, turnIndex: turn.index });
    for (const r of found.revocations) revocations.push({ ...r, turnIndex: turn.index });
  }
  return { extraction: { constraints, revocations }, readings };
}

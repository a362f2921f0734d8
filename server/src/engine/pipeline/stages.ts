import type { Action } from '../actions/actions';
import { type ApprovalUse, type AuditHistory, type IndexedHistory, audit } from '../audit/audit';
import { bindSession } from '../binding';
import type { DeclaredEffect } from '../binding/types';
import { type Constraint, isActiveAt } from '../constraints/constraints';
import type { Extraction, Revocation } from '../extraction';
import type { AppliedSuppression, Finding } from '../findings/findings';
import { type ProposalJudgement, type ProposedCall, placeProposal } from './proposal';
import { type ConstraintEnding, buildLedger } from '../ledger/ledger';
import type { Policy } from '../ledger/policy';
import type { Session, ToolCall } from '../session/session';

/*
 * The pipeline's stages after a session is read (SPEC section 2), each written once:
 * extraction → the constraint ledger → action binding → audit → findings. The whole-session
 * analysis, the judgement of one proposed call, and the audit state's reading of appended lines
 * (auditState.ts, which the check in pieces steps through) run these and nothing else.
 *
 * Findings (with the repair planner) are loaded when a verdict first needs them: the live guard
 * judges most calls from cached readings and finds nothing to report, and loading them costs it a
 * noticeable part of its budget.
 */
let findings: typeof import('../findings/findings') | undefined;
let extraction: typeof import('../extraction') | undefined;
// Kept once loaded: in the bundle every require of a module copies its exports afresh (some 25 µs a session).
const findingsModule = () => (findings ??= require('../findings/findings') as typeof import('../findings/findings'));
/** Extraction, loaded when a read first needs it (the live guard judges most calls from readings it kept) and kept. */
export const extractionModule = () => (extraction ??= require('../extraction') as typeof import('../extraction'));

/** Extraction of a session's user turns. */
export type Extract = (session: Session) => Extraction;

/** Binding of a session's calls, indexed like `session.calls`. */
export type Bind = (session: Session, declared: readonly DeclaredEffect[]) => readonly (readonly Action[])[];

/** The constraint ledger: every constraint in force at some point, and how the ended ones ended. */
export interface Ledger {
  readonly constraints: readonly Constraint[];
  readonly endings: ReadonlyMap<string, ConstraintEnding>;
}

export function ledgerOf(policies: readonly Policy[], extraction: Extraction): Ledger {
  const endings = new Map<string, ConstraintEnding>();
  const constraints = buildLedger(policies, extraction, endings);
  return { constraints, endings };
}

/** The effects declared for the session's tools: by the session (a case file), then by the workspace policies. */
export function declaredEffects(session: Session, policies: readonly Policy[]): DeclaredEffect[] {
  return [...(session.declaredEffects ?? []), ...policies.flatMap((p) => p.tools)];
}

export interface SessionAnalysis {
  readonly findings: readonly Finding[];
  readonly suppressed: readonly AppliedSuppression[];
  readonly constraints: readonly Constraint[];
  readonly actions: readonly (readonly Action[])[];
  /** Every revocation stated in the session, whether or not it ended a constraint. */
  readonly revocations: readonly Revocation[];
  /** How each ended constraint ended, by constraint id. */
  readonly endings: ReadonlyMap<string, ConstraintEnding>;
  /** The user messages the auditor counted as approvals, in call order. */
  readonly approvals: readonly ApprovalUse[];
}

/** Every finding for one session, in source order: transcript problems, the notes on its constraints, then the auditor's verdicts. */
export function analyzeWhole(session: Session, policies: readonly Policy[], extraction: Extraction, bind?: Bind): SessionAnalysis {
  const { constraints, endings } = ledgerOf(policies, extraction);
  const approvals: ApprovalUse[] = [];
  const { actions, verdicts } = auditCalls({ session, constraints, declared: declaredEffects(session, policies), ...(bind && { bind }) }, approvals);
  const { sessionFindings, problemFinding } = findingsModule();
  const { findings, suppressed } = sessionFindings(session.problems.map(problemFinding), constraints, endings, verdicts, policies, extraction.unresolved);
  return { findings, suppressed, constraints, actions, revocations: extraction.revocations, endings, approvals };
}

export interface CallsToAudit {
  readonly session: Session;
  readonly constraints: readonly Constraint[];
  readonly declared: readonly DeclaredEffect[];
  /** Binding to use instead of `bindSession` (a memo across versions, or the audit state's joined binding). */
  readonly bind?: Bind;
  /** Calls audited by an earlier run: not judged again, their approvals stay spent. */
  readonly history?: AuditHistory;
  /** The actions of the calls before `history.calls`, indexed already (a check in pieces). */
  readonly indexed?: IndexedHistory;
  /** The calls whose verdicts are wanted; every call when absent. */
  readonly judges?: (call: ToolCall) => boolean;
}

/**
 * Binding, audit and findings: each violation of a judged call as a finding on it (with its repair
 * plan). `approvals` receives the user messages the audit counted as approvals, in call order.
 */
export function auditCalls(input: CallsToAudit, approvals?: ApprovalUse[]): { actions: readonly (readonly Action[])[]; verdicts: Finding[] } {
  const { session, constraints, declared, history, indexed, judges } = input;
  const actions = (input.bind ?? bindSession)(session, declared);
  const violations = audit({ session, actions, constraints, ...(history && { history }), ...(indexed && { indexed }) }, approvals);
  const judged = judges ? violations.filter((v) => judges(v.call)) : violations;
  if (judged.length === 0) return { actions, verdicts: [] };
  const { toFinding } = findingsModule();
  return { actions, verdicts: judged.map((v) => toFinding(v, session, declared)) };
}

export interface ProposalStages {
  readonly policies: readonly Policy[];
  /** Extraction of the session as it stood at the call. */
  readonly extract: Extract;
  readonly bind?: Bind;
  /** The first calls were audited before (the live guard's cached history); `session.calls` may then list only some of them. */
  readonly history?: AuditHistory;
}

/**
 * Judges one proposed call against the session that led to it. The proposal may already be the
 * session's last call (found by id, then judged with the transcript cut just before it) or not be
 * recorded yet (appended as a new call after the last turn). Deny when the call would break a
 * constraint; ask when every broken constraint is a confirmation, so the user can approve it; allow
 * otherwise.
 */
export function judgeProposal(session: Session, proposal: ProposedCall, stages: ProposalStages): ProposalJudgement {
  const { session: judged, call, recorded } = placeProposal(session, proposal, stages.history?.calls ?? 0);
  const { policies } = stages;
  // Constraints stated after the call (when the session was recorded past it) are not active at it.
  const constraints = buildLedger(policies, stages.extract(judged));
  const allow: ProposalJudgement = { decision: 'allow', findings: [], suppressed: [], call, recorded };
  // Nothing can govern the call: binding, the costly part, is not needed.
  if (!constraints.some((c) => isActiveAt(c, call.turnIndex))) return allow;
  const { verdicts } = auditCalls({
    session: judged,
    constraints,
    declared: declaredEffects(judged, policies),
    ...(stages.bind && { bind: stages.bind }),
    ...(stages.history && { history: stages.history }),
    judges: (c) => c.index === call.index,
  });
  const findings: Finding[] = [];
  const suppressed: AppliedSuppression[] = [];
  for (const finding of verdicts) {
    const match = findingsModule().suppressionFor(finding, policies);
    if (match) suppressed.push({ finding, ...match });
    else findings.push(finding);
  }
  if (findings.length === 0) return { ...allow, suppressed };
  const decision = findings.every((f) => f.ruleId === 'confirmation-missing') ? 'ask' : 'deny';
  return { decision, findings, suppressed, call, recorded };
}

import type { Policy } from '../ledger/policy';
import { type ApprovalUse, IndexedHistory } from '../audit/audit';
import { LiveBinderMemory, SessionBinder } from '../binding';
import type { Extraction } from '../extraction';
import type { Finding } from '../findings/findings';
import { fnv1a32Hex, hasHash } from '../text/hash';
import type { ProposalJudgement, ProposedCall } from './proposal';
import { type Extract, auditCalls, judgeProposal } from './stages';
import type { PieceFormat } from './resume';
import type { Session, ToolCall, TranscriptProblem, Turn } from '../session/session';
import { AUDIT_STATE_VERSION, type AuditState, type CarriedSummary, type SeenKeys, type TurnReadings } from './auditStateTypes';
import { joinedActions, readRest, restActionsAt } from './auditStateRest';
import { advance } from './auditStateAdvance';

export { AUDIT_STATE_VERSION, type AuditState, type CarriedSummary, type SeenKeys, type TurnReadings } from './auditStateTypes';
export { turnKey } from './auditStateRest';

/*
 * The live guard's audit state: what judging one more call of a growing session needs from the part
 * of it already read, kept small enough to load on every call. A later call reads only the lines
 * written since (with the few lines of reader context resume.ts gives), binds only the calls among
 * them, and judges the proposed call with the same ledger, binder and auditor as a whole-file read,
 * against a session whose earlier part is this summary:
 * - the constraints and revocations stated so far (extraction is per user turn);
 * - the user turns a confirmation may find an approval in, with the assistant words before each;
 * - the calls a prerequisite may look back to (after the first prerequisite was stated, doing what a
 *   prerequisite requires or a write), with those actions, batch, status and result turn, and each
 *   tool's first call (repairs name tools the session used); the approvals the earlier calls spent;
 *   and the binder's memory;
 * - guards: hashes of the earlier lines' uuids or message ids and of the calls' ids, and the ids of
 *   calls stopped without a result, so a line that reaches back into the summary is noticed.
 * The state is plain data (JSON); the caller keeps it with the file position it stands for.
 * Its shape is auditStateTypes.ts. Each call reads the rest and joins it to the summary (auditStateRest.ts),
 * finds the last line nothing written later can reach across (auditStateSettle.ts) and moves the state
 * there (auditStateAdvance.ts); the guards' hashes are kept as sorted runs (text/hash.ts).
 *
 * `check` reads a session too long to hold whole the same way (report/streamedCheck.ts): `auditRest` judges
 * every settled call of each piece from the state, as `analyzeSession` judges it on the whole file.
 */

/** A fingerprint of the policies a state is built with: their files and text. */
export function policyKey(policies: readonly Policy[]): string {
  return fnv1a32Hex(JSON.stringify(policies.map((p) => [p.path, p.text])));
}

/** The state of a session nothing of which has been read; `readings` of its user turns may be known from an earlier read. */
export function emptyAuditState(format: PieceFormat, policies: readonly Policy[] = [], readings: Readonly<Record<string, TurnReadings>> = {}): AuditState {
  return {
    version: AUDIT_STATE_VERSION,
    format,
    policyKey: policyKey(policies),
    offset: 0,
    lines: 0,
    turns: 0,
    calls: 0,
    bound: false,
    extraction: { constraints: [], revocations: [] },
    readings,
    approvalTurns: [],
    edge: {},
    kept: [],
    toolNames: [],
    binder: { labels: [], existingPaths: [], waiting: [] },
    approvals: [],
    lineKeys: '',
    callIds: '',
    unanswered: [],
    resume: {},
  };
}

/** What a check in pieces carries live beside a bound state nothing of which has been read. */
export function emptyCarriedSummary(): CarriedSummary {
  return { keptCalls: [], indexed: new IndexedHistory(), binder: new LiveBinderMemory() };
}

/** The state of a session nothing of which has been read, binding every call from the first (as a check does). */
export function boundAuditState(format: PieceFormat, policies: readonly Policy[] = []): AuditState {
  return { ...emptyAuditState(format, policies), bound: true };
}

export type StateJudgement =
  | {
      readonly kind: 'judged';
      readonly judgement: ProposalJudgement;
      /** The state for the next call, and where in `rest` it ends (UTF-16 units): the lines after stay to be read again. */
      readonly state: AuditState;
      readonly settled: number;
      /** Whether any user turn read so far stated or revoked a constraint. */
      readonly stated: boolean;
    }
  | { readonly kind: 'unresumable'; readonly reason: string };

/**
 * Judges a proposed call against the session `state` summarises followed by `rest`, the text written
 * after it, exactly as `judgeProposedCall` judges it on the whole file, and returns the state moved
 * past the lines nothing later can change. `unresumable` when `rest` reaches back into the summary
 * (the caller then starts from `emptyAuditState` with the whole text). Spans in the judgement are
 * those of the whole file, except the proposed call's own (placed at the end of `rest`).
 */
export function judgeWithState(state: AuditState, rest: string, proposal: ProposedCall, policies: readonly Policy[] = []): StateJudgement {
  if (state.version !== AUDIT_STATE_VERSION || state.policyKey !== policyKey(policies)) return { kind: 'unresumable', reason: 'the state was built differently' };
  if (proposal.id !== undefined && hasHash(state.callIds, fnv1a32Hex(proposal.id))) return { kind: 'unresumable', reason: 'the proposed call is recorded in the summarised part' };
  const read = readRest(state, rest, policies);
  if (typeof read === 'string') return { kind: 'unresumable', reason: read };
  if (!state.bound && state.calls > 0 && read.constraints.length > 0) return { kind: 'unresumable', reason: 'a constraint applies now, and the earlier calls were never bound' };
  const judgement = judgeProposal(read.session, proposal, {
    policies,
    extract: () => read.extraction,
    bind: (judged) => read.bind(judged),
    history: { calls: state.calls, approvals: state.approvals },
  });
  const next = advance(read);
  return { kind: 'judged', judgement, state: next.state, settled: next.settled, stated: read.extraction.constraints.length > 0 || read.extraction.revocations.length > 0 };
}

export interface RestAuditOptions {
  readonly policies: readonly Policy[];
  /** The file ends with `rest`: every call is judged, and the state is not moved. */
  readonly final: boolean;
  readonly extract?: Extract;
  /** Keys and ids to check the rest against and to add the settled ones to, instead of the state's hashes. */
  readonly seen?: SeenKeys;
  /** The kept calls, their index and the binder's memory, carried live from step to step instead of in the state (a check in pieces, from its first step). */
  readonly carried?: CarriedSummary;
}

/** A check's reading of `rest` from a state: the results of the calls it judged, and what it counted. */
export type RestAudit =
  | {
      readonly kind: 'audited';
      /** The state moved past the settled lines, and where in `rest` they end; when `final`, the state read to the end. */
      readonly state: AuditState;
      readonly settled: number;
      /** The rest's own read, which names the session (id, title); and the session's cwd as read so far. */
      readonly local: Session;
      readonly cwd: string | undefined;
      /** Of the part judged (the settled lines, or all of `rest` when `final`), spans the whole file's: */
      readonly problems: readonly TranscriptProblem[];
      readonly verdicts: readonly Finding[];
      readonly turns: readonly Turn[];
      readonly calls: readonly ToolCall[];
      /** Constraints and revocations stated up to the end of `rest`. */
      readonly extraction: Extraction;
    }
  | { readonly kind: 'unresumable'; readonly reason: string };

/**
 * Audits every call of `rest` whose lines nothing written later can change (every call when `final`:
 * the file ends with `rest`), as `analyzeSession` audits them on the whole file, and moves the state
 * past them. The state must be bound from the start (`boundAuditState`), as a check binds every call,
 * and built by earlier steps of the same check (or of `bindInSteps`), with the same policies.
 */
export function auditRest(state: AuditState, rest: string, options: RestAuditOptions): RestAudit {
  const { policies, final, seen, carried } = options;
  if (!state.bound) return { kind: 'unresumable', reason: 'the state does not hold binding' };
  const read = readRest(state, rest, policies, options.extract, seen, carried);
  if (typeof read === 'string') return { kind: 'unresumable', reason: read };
  if (read.local.declaredEffects?.length || read.local.effectlessTools?.length) return { kind: 'unresumable', reason: 'the session declares what its tools do' };
  const settle = final ? { offset: read.text.length, turns: read.restTurns.length, calls: read.restCalls.length } : read.settle;
  const shift = state.offset - read.restStart;
  const problems = read.local.problems
    .filter((p) => p.span.start >= read.restStart && (final || p.span.start < settle.offset))
    .map((p) => ({ ...p, span: { start: p.span.start + shift, end: p.span.end + shift } }));
  const judgedTo = state.calls + settle.calls;
  const spent: ApprovalUse[] = [];
  const { verdicts } = auditCalls(
    {
      session: read.session,
      constraints: read.constraints,
      declared: read.declared,
      bind: () => (carried ? restActionsAt(state, read.restBinding().actions) : joinedActions(state, read.restBinding().actions)),
      history: { calls: state.calls, approvals: state.approvals },
      ...(carried && { indexed: carried.indexed }),
      judges: (call) => call.index < judgedTo,
    },
    spent,
  );
  const next = final ? { state, settled: rest.length } : advance(read, spent, seen, carried);
  return {
    kind: 'audited',
    state: next.state,
    settled: next.settled,
    local: read.local,
    cwd: read.session.cwd,
    problems,
    verdicts,
    turns: read.restTurns.slice(0, settle.turns),
    calls: read.restCalls.slice(0, settle.calls),
    extraction: read.extraction,
  };
}

/** Text bound at a time by `bindInSteps`: a step takes some tens of milliseconds. */
const BIND_STEP_CHARS = 1024 * 1024;

/**
 * The state a read binding every call from the first leaves of `text` (a session's text from its
 * start), built a step at a time (about `stepChars` of text each; the generator yields between
 * steps): what an unbound state (`unbound`, no constraint stated yet, no policy) lacks, so the call
 * after the session's first constraint reads only the lines written since instead of the whole file.
 * The turns `unbound` has read are not extracted again. Returns the state and the offset in `text`
 * it stands for; undefined when the text cannot be read so (see auditRest).
 */
export function* bindInSteps(unbound: AuditState, text: string, stepChars = BIND_STEP_CHARS): Generator<void, { state: AuditState; offset: number } | undefined> {
  const known = unbound.readings;
  let state = boundAuditState(unbound.format);
  let offset = 0;
  for (let end = 0; end < text.length; ) {
    const stepEnd = text.indexOf('\n', Math.min(end + stepChars, text.length - 1));
    end = stepEnd === -1 ? text.length : stepEnd + 1;
    // A bound state keeps the readings of its unsettled turns only: the unbound state's are offered to every step.
    const read = auditRest({ ...state, readings: { ...known, ...state.readings } }, text.slice(offset, end), { policies: [], final: false });
    if (read.kind === 'unresumable') return undefined;
    state = read.state;
    offset += read.settled;
    yield;
  }
  return { state, offset };
}

/**
 * True when the proposed call can be allowed without reading `rest`: it binds to no action at all, so
 * no constraint (of the summary, of `rest`, of no policy) can govern it, and it is not recorded (by its
 * id) in the summary or in `rest`, so it is judged as a new call. Binding depends on what earlier
 * calls left (id meanings, files known to exist) only for labels and for adding an overwrite to a
 * write: a call with no action without them has none with them. A call whose only actions are
 * `execute` (any command) counts as binding to nothing while no rule over commands is stated.
 */
export function bindsToNothing(state: AuditState, rest: string, proposal: ProposedCall): boolean {
  if (state.policyKey !== policyKey([]) || proposal.id === undefined || proposal.cwd === undefined) return false;
  if (hasHash(state.callIds, fnv1a32Hex(proposal.id)) || rest.includes(proposal.id)) return false;
  const call: ToolCall = {
    index: state.calls,
    id: proposal.id,
    name: proposal.name,
    input: proposal.input,
    turnIndex: state.turns,
    span: { start: 0, end: 0 },
    nameSpan: { start: 0, end: 0 },
    argumentValues: [],
    batch: `proposed:${proposal.id}`,
    status: 'unknown',
    cwd: proposal.cwd,
  };
  const actions = new SessionBinder({ format: state.format, text: '', turns: [], calls: [], tools: [], problems: [] }).bind(call);
  if (actions.length === 0) return true;
  // Every command is an `execute` of its program, which only a rule over commands can govern: none in
  // the summary, and no user turn in the rest that could state one.
  if (!actions.every((action) => action.verb === 'execute')) return false;
  if (state.extraction.constraints.some((c) => c.rule.trigger.includes('execute'))) return false;
  let userTurns = 0;
  const read = readRest(state, rest, [], (session) => {
    userTurns += session.turns.length;
    return { constraints: [], revocations: [] };
  });
  return typeof read !== 'string' && userTurns === 0;
}

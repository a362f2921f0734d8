import type { Action } from '../actions/actions';
import { proposalBefore } from '../audit/approvals';
import { type ApprovalUse, WRITES, runsCheck } from '../audit/audit';
import { type BinderMemory, SessionBinder } from '../binding';
import type { DeclaredEffect } from '../binding/types';
import type { Constraint } from '../constraints/constraints';
import { type JsonLine, readJsonl, withoutBom } from '../session/document';
import type { Extraction, Revocation, StatedConstraint, UnresolvedRule } from '../extraction';
import type { Finding } from '../findings/findings';
import type { ProposalJudgement, ProposedCall } from './proposal';
import { fnv1a32, fnv1a32Hex } from '../text/hash';
import { buildLedger } from '../ledger/ledger';
import { type Extract, auditCalls, declaredEffects, judgeProposal } from './stages';
import type { Policy } from '../ledger/policy';
import { FORMAT_RESUME, type FormatResume, type ResumableFormat, type ResumeContext, type SettledLine } from './resume';
import type { CallStatus, Session, ToolCall, TranscriptProblem, Turn } from '../session/session';
import type { Span } from '../text/text';

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
 *
 * `check` reads a session too long to hold whole the same way (report/streamedCheck.ts): `auditRest` judges
 * every settled call of each piece from the state, as `analyzeSession` judges it on the whole file.
 */

export const AUDIT_STATE_VERSION = 1;

/** Extraction results of one user turn, reusable while the turn's place and text stay the same. */
export interface TurnReadings {
  readonly constraints: readonly Omit<StatedConstraint, 'turnIndex'>[];
  readonly revocations: readonly Omit<Revocation, 'turnIndex'>[];
  /** Rules stated but not enforceable: only notes read them, so a state saved without them still judges right. */
  readonly unresolved?: readonly Omit<UnresolvedRule, 'turnIndex'>[];
}

/** A cheap fingerprint of a user turn: its place in the source and its text. */
export function turnKey(turn: Turn): string {
  return `${turn.span.start}:${turn.span.end}:${turn.text.length}:${fnv1a32(turn.text).toString(16)}`;
}

/** An earlier call as the summary keeps it. */
interface KeptCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** Its top-level argument names: a repair plan builds its step from a tool's arguments. */
  readonly keys: readonly string[];
  readonly turnIndex: number;
  readonly span: Span;
  readonly batch: string;
  readonly status: CallStatus;
  readonly stopped?: boolean;
  readonly result?: { readonly turnIndex: number; readonly status: 'ok' | 'error'; readonly span: Span };
  readonly cwd?: string;
  /** The actions a prerequisite stated so far can look back at (its required verbs, and writes, which make a step stale). */
  readonly actions: readonly Action[];
}

/** A user turn a confirmation may find its approval in, with the assistant's words just before it. */
interface ApprovalTurn {
  readonly index: number;
  readonly text: string;
  readonly proposal?: string;
}

export interface AuditState {
  readonly version: typeof AUDIT_STATE_VERSION;
  readonly format: ResumableFormat;
  /** `policyKey` of the policies the state was built with. */
  readonly policyKey: string;
  /** The part summarised: its length in UTF-16 units, its non-blank lines, turns and calls. */
  readonly offset: number;
  readonly lines: number;
  readonly turns: number;
  readonly calls: number;
  /**
   * Whether the summary holds binding (kept calls, binder memory, spent approvals). Until a constraint
   * is stated (and with no policy) nothing needs it: the calls are not bound, and the first constraint
   * makes the caller read the whole file again, reusing `readings`.
   */
  readonly bound: boolean;
  /** Constraints and revocations stated in the summarised turns. */
  readonly extraction: Extraction;
  /**
   * Readings of user turns by `turnKey`, so a turn read again is not re-extracted: those read after the
   * summary last time, and while the state is not bound, all of them.
   */
  readonly readings: Readonly<Record<string, TurnReadings>>;
  readonly approvalTurns: readonly ApprovalTurn[];
  /** At the end of the summary: the assistant words a following user turn would answer, and the last turn's role and cwd. */
  readonly edge: { readonly proposal?: string; readonly role?: Turn['role']; readonly cwd?: string };
  readonly kept: readonly KeptCall[];
  /** Tools the summarised calls used: only a tool's first call is kept for its name. */
  readonly toolNames: readonly string[];
  readonly binder: BinderMemory;
  readonly approvals: readonly ApprovalUse[];
  /** Sorted hashes (8 hex digits each) of the summarised lines' keys and calls' ids. */
  readonly lineKeys: string;
  readonly callIds: string;
  /** Ids of summarised calls stopped without a result: a result for one would change them. */
  readonly unanswered: readonly string[];
  readonly resume: ResumeContext;
}

/** A fingerprint of the policies a state is built with: their files and text. */
export function policyKey(policies: readonly Policy[]): string {
  return fnv1a32Hex(JSON.stringify(policies.map((p) => [p.path, p.text])));
}

/** The state of a session nothing of which has been read; `readings` of its user turns may be known from an earlier read. */
export function emptyAuditState(format: ResumableFormat, policies: readonly Policy[] = [], readings: Readonly<Record<string, TurnReadings>> = {}): AuditState {
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

/** The state of a session nothing of which has been read, binding every call from the first (as a check does). */
export function boundAuditState(format: ResumableFormat, policies: readonly Policy[] = []): AuditState {
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

/**
 * The keys of the summarised lines and the ids of its calls, which a later line must not repeat, held
 * exactly. The state holds them as 32-bit hashes, small enough to load on every hook call, where a
 * rare false match only makes the hook read the whole file; a check in pieces of a session with
 * hundreds of thousands of lines would meet false matches, and stop.
 */
export interface SeenKeys {
  readonly lineKeys: Set<string>;
  readonly callIds: Set<string>;
}

export interface RestAuditOptions {
  readonly policies: readonly Policy[];
  /** The file ends with `rest`: every call is judged, and the state is not moved. */
  readonly final: boolean;
  readonly extract?: Extract;
  /** Keys and ids to check the rest against and to add the settled ones to, instead of the state's hashes. */
  readonly seen?: SeenKeys;
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
  const { policies, final, seen } = options;
  if (!state.bound) return { kind: 'unresumable', reason: 'the state does not hold binding' };
  const read = readRest(state, rest, policies, options.extract, seen);
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
      bind: () => joinedActions(state, read.restBinding().actions),
      history: { calls: state.calls, approvals: state.approvals },
      judges: (call) => call.index < judgedTo,
    },
    spent,
  );
  const next = final ? { state, settled: rest.length } : advance(read, spent, seen);
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

// ---------------------------------------------------------------------------------------------------
// Reading what was written after the summary

/** The rest read and joined to the summary: a session whose earlier part stands in for the summary. */
interface RestRead {
  readonly state: AuditState;
  readonly resume: FormatResume;
  readonly policies: readonly Policy[];
  readonly declared: readonly DeclaredEffect[];
  /** The rest's own read (offsets into `text`: the prelude, then the rest). */
  readonly local: Session;
  readonly text: string;
  readonly restStart: number;
  readonly lines: readonly JsonLine[];
  readonly preludeTurns: number;
  readonly preludeCalls: number;
  /** The joined session: the summary's turns and calls where kept, then the rest's, all numbered and placed as in the whole file. */
  readonly session: Session;
  readonly restTurns: readonly Turn[];
  readonly restCalls: readonly ToolCall[];
  readonly extraction: Extraction;
  readonly readings: ReadonlyMap<string, TurnReadings>;
  /** The ledger of the joined session, and whether the state goes on holding binding. */
  readonly constraints: readonly Constraint[];
  readonly bound: boolean;
  readonly settle: SettlePoint;
  bind(judged: Session): Action[][];
  /** The rest's calls bound as they stand, and the binder's memory after the settled ones. */
  restBinding(): { readonly actions: readonly Action[][]; readonly settledMemory: BinderMemory };
}

function readRest(state: AuditState, rest: string, policies: readonly Policy[], extract?: Extract, seen?: SeenKeys): RestRead | string {
  const resume = FORMAT_RESUME[state.format];
  const { lines: preludeLines, standsForLastTurn } = resume.prelude(state.resume);
  const prelude = preludeLines.map((line) => `${line}\n`).join('');
  const body = state.offset === 0 ? withoutBom(rest) : rest;
  const text = prelude + body;
  // Its lines are read before the adapter (the checks below) and after it (the resume point): each is parsed once.
  const doc = readJsonl(text, undefined, true);
  const restStart = prelude.length;
  const lines = doc.lines.filter((line) => line.start >= restStart);
  for (const line of lines) {
    if (resume.rewritesHistory(line.value)) return 'a line rewrites earlier messages';
    if (resume.lineKeys(line.value).some((key) => (seen ? seen.lineKeys.has(key) : hasHash(state.lineKeys, fnv1a32Hex(key))))) return 'a line repeats the key of an earlier line';
  }
  const answering = state.unanswered.find((id) => body.includes(id));
  if (answering !== undefined) return `a line may answer call ${answering}, stopped without a result earlier`;
  const [local] = resume.adapter.parse(doc);
  if (!local || local.tools.length > 0) return 'the rest did not read as one session';

  const preludeTurns = local.turns.filter((t) => t.span.start < restStart).length;
  const preludeCalls = local.calls.filter((c) => c.span.start < restStart).length;
  if (local.turns.slice(0, preludeTurns).some((t) => t.span.start >= restStart) || local.calls.slice(0, preludeCalls).some((c) => c.span.start >= restStart)) return 'the prelude read out of order';
  const shift = state.offset - restStart;
  const at = (span: Span): Span => ({ start: span.start + shift, end: span.end + shift });
  // A prelude turn that stands for the summary's last turn takes the calls that join it.
  const standIn = standsForLastTurn && preludeTurns > 0 ? preludeTurns - 1 : -1;
  const turnAt = (local: number): number => (local === standIn ? state.turns - 1 : state.turns + local - preludeTurns);
  const suffix = `@${state.offset}`;

  const restTurns: Turn[] = local.turns.slice(preludeTurns).map((t) => ({ ...t, index: turnAt(t.index), span: at(t.span), pieces: t.pieces.map((p) => ({ ...p, literal: at(p.literal) })) }));
  const restCalls: ToolCall[] = [];
  for (const c of local.calls.slice(preludeCalls)) {
    if ((c.turnIndex < preludeTurns && c.turnIndex !== standIn) || (c.result && c.result.turnIndex < preludeTurns)) return 'a call of the rest belongs to the prelude';
    // An id the builder made up (missing or repeated) is numbered across the whole file.
    if (/^ghost-lint-call-\d+$|#\d+$/.test(c.id) || (seen ? seen.callIds.has(c.id) : hasHash(state.callIds, fnv1a32Hex(c.id)))) return `call id ${c.id} is not new`;
    restCalls.push({
      ...c,
      index: state.calls + c.index - preludeCalls,
      turnIndex: turnAt(c.turnIndex),
      span: at(c.span),
      nameSpan: at(c.nameSpan),
      ...(c.inputSpan && { inputSpan: at(c.inputSpan) }),
      argumentValues: c.argumentValues.map((v) => ({ ...v, span: at(v.span), contentSpan: at(v.contentSpan) })),
      batch: resume.positionalBatch(c.batch) ? `${c.batch}${suffix}` : c.batch,
      ...(c.result && { result: { ...c.result, turnIndex: turnAt(c.result.turnIndex), span: at(c.result.span) } }),
    });
  }

  const settle = settlePoint(resume, text, restStart, lines, local, preludeTurns, preludeCalls);
  const readings = readRestTurns(state, local, restTurns, preludeTurns, shift, extract);
  const extraction = joinExtraction(state.extraction, restTurns, readings);
  const constraints = buildLedger(policies, extraction);
  const session: Session = {
    format: state.format,
    // The summarised text is not at hand: the rest's stands in (only the proposed call's span reads its length).
    text: state.offset === 0 ? local.text : body,
    ...(resume.sessionCwd(state.resume, local.cwd) !== undefined && { cwd: resume.sessionCwd(state.resume, local.cwd) }),
    turns: joinTurns(state, restTurns),
    calls: [...state.kept.map(keptCall), ...restCalls],
    tools: [],
    problems: [],
  };
  const declared = declaredEffects(session, policies);
  // Binding reads the rest's own text and offsets, with the whole file's turn numbers.
  const bindingSession: Session = { ...local, ...(session.cwd !== undefined && { cwd: session.cwd }) };
  const localCalls = local.calls.slice(preludeCalls);
  const asBound = (judged: ToolCall): ToolCall => {
    const own = localCalls[judged.index - state.calls] as ToolCall;
    const { result: _result, stopped: _stopped, ...bare } = own;
    return {
      ...bare,
      turnIndex: judged.turnIndex,
      status: judged.status,
      ...(judged.result && own.result && { result: { ...own.result, turnIndex: judged.result.turnIndex } }),
      ...(judged.stopped && { stopped: judged.stopped }),
    };
  };
  const placed = (actions: readonly Action[]): Action[] => actions.map((a) => ({ ...a, span: at(a.span) }));

  let restBound: { actions: Action[][]; settledMemory: BinderMemory; binder: SessionBinder } | undefined;
  const restBinding = () => {
    if (!restBound) {
      const binder = new SessionBinder(bindingSession, declared, state.binder);
      const actions: Action[][] = [];
      let settledMemory = state.binder;
      restCalls.forEach((call, i) => {
        actions.push(placed(binder.bind(asBound(call))));
        if (i + 1 === settle.calls) settledMemory = binder.memory();
      });
      restBound = { actions, settledMemory, binder };
    }
    return restBound;
  };
  const bind = (judged: Session): Action[][] => {
    const actions: Action[][] = [];
    for (const kept of state.kept) actions[kept.index] = [...kept.actions];
    const judgedRest = judged.calls.filter((c) => c.index >= state.calls);
    const restEnd = state.calls + restCalls.length;
    // The rest as read (a proposal not yet recorded): its calls bind as they stand, once.
    const asRead = judgedRest.every((c) => c.index >= restEnd || c === restCalls[c.index - state.calls]) && judgedRest.length > restCalls.length;
    let binder: SessionBinder;
    if (asRead) {
      const { actions: restActions, binder: restBinder } = restBinding();
      restActions.forEach((a, i) => (actions[state.calls + i] = a));
      binder = restBinder;
    } else binder = new SessionBinder(bindingSession, declared, state.binder);
    for (const call of judgedRest) {
      if (asRead && call.index < restEnd) continue;
      // The proposal has no source in the rest: it binds from its arguments, like a whole-file read's.
      actions[call.index] = call.index < restEnd ? placed(binder.bind(asBound(call))) : binder.bind(call);
    }
    return actions;
  };
  return { state, resume, policies, declared, local, text, restStart, lines, preludeTurns, preludeCalls, session, restTurns, restCalls, extraction, readings, constraints, settle, bind, restBinding, bound: state.bound || constraints.length > 0 };
}

/** The summary's turns where the judgement reads them, then the rest's. */
function joinTurns(state: AuditState, restTurns: readonly Turn[]): Turn[] {
  // Sparse: a confirmation looks up user turns by index and walks back to the assistant words before them.
  const turns: Turn[] = new Array<Turn>(state.turns + restTurns.length);
  const blank = (index: number, role: Turn['role'], text: string, isUserMessage: boolean): Turn => ({
    index,
    role,
    kind: role === 'system' ? 'meta' : 'message',
    isUserMessage,
    text,
    pieces: [],
    span: { start: 0, end: 0 },
  });
  for (const approval of state.approvalTurns) {
    turns[approval.index] = blank(approval.index, 'user', approval.text, true);
    if (approval.proposal !== undefined) turns[approval.index - 1] = blank(approval.index - 1, 'assistant', approval.proposal, false);
  }
  const last = state.turns - 1;
  if (last >= 0) {
    // The last summarised turn: the assistant words a following user turn answers (or a stop when there are none), and the cwd a proposal takes.
    const edge = turns[last] ?? (state.edge.proposal !== undefined ? blank(last, 'assistant', state.edge.proposal, false) : blank(last, 'system', '', true));
    turns[last] = { ...edge, ...(state.edge.cwd !== undefined && { cwd: state.edge.cwd }) };
  }
  for (const turn of restTurns) turns[turn.index] = turn;
  return turns;
}

/** Actions of the joined session: the kept calls', then the rest's. */
function joinedActions(state: AuditState, restActions: readonly (readonly Action[])[]): (readonly Action[])[] {
  const actions: (readonly Action[])[] = [];
  for (const kept of state.kept) actions[kept.index] = kept.actions;
  restActions.forEach((a, i) => (actions[state.calls + i] = a));
  return actions;
}

/** The call a kept one stands for, made once per kept call: a check in pieces joins every kept call at each step. */
const keptCalls = new WeakMap<KeptCall, ToolCall>();

function keptCall(kept: KeptCall): ToolCall {
  let call = keptCalls.get(kept);
  if (!call) keptCalls.set(kept, (call = callOfKept(kept)));
  return call;
}

function callOfKept(kept: KeptCall): ToolCall {
  return {
    index: kept.index,
    id: kept.id,
    name: kept.name,
    input: Object.fromEntries(kept.keys.map((key) => [key, null])),
    turnIndex: kept.turnIndex,
    span: kept.span,
    nameSpan: kept.span,
    argumentValues: [],
    batch: kept.batch,
    status: kept.status,
    ...(kept.cwd !== undefined && { cwd: kept.cwd }),
    ...(kept.result && { result: { ...kept.result, text: '' } }),
    ...(kept.stopped && { stopped: { kind: 'denied' as const, message: '' } }),
  };
}

/** Readings of the rest's user turns: known ones by key, the others extracted now. Spans are the whole file's. */
function readRestTurns(state: AuditState, local: Session, restTurns: readonly Turn[], preludeTurns: number, shift: number, extract?: Extract): Map<string, TurnReadings> {
  const readings = new Map<string, TurnReadings>();
  const unread: Turn[] = [];
  for (const turn of restTurns) {
    if (!turn.isUserMessage) continue;
    const key = turnKey(turn);
    const known = state.readings[key];
    if (known) readings.set(key, known);
    else unread.push(local.turns[turn.index - state.turns + preludeTurns] as Turn);
  }
  if (unread.length === 0) return readings;
  // Extraction is loaded only now: most calls bring no new user turn.
  const fresh = (extract ?? (require('../extraction') as typeof import('../extraction')).extractConstraints)({ ...local, turns: unread });
  const at = (span: Span): Span => ({ start: span.start + shift, end: span.end + shift });
  for (const turn of unread) {
    const key = turnKey(restTurns[turn.index - preludeTurns] as Turn);
    const constraints = fresh.constraints.filter((c) => c.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...c }) => ({ ...c, span: at(c.span) }));
    const revocations = fresh.revocations.filter((r) => r.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...r }) => ({ ...r, span: at(r.span) }));
    const unresolved = (fresh.unresolved ?? []).filter((u) => u.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...u }) => ({ ...u, span: at(u.span) }));
    readings.set(key, unresolved.length > 0 ? { constraints, revocations, unresolved } : { constraints, revocations });
  }
  return readings;
}

function joinExtraction(summary: Extraction, restTurns: readonly Turn[], readings: ReadonlyMap<string, TurnReadings>): Extraction {
  const constraints: StatedConstraint[] = [...summary.constraints];
  const revocations: Revocation[] = [...summary.revocations];
  const unresolved: UnresolvedRule[] = [...(summary.unresolved ?? [])];
  for (const turn of restTurns) {
    const found = turn.isUserMessage ? readings.get(turnKey(turn)) : undefined;
    for (const c of found?.constraints ?? []) constraints.push({ ...c, turnIndex: turn.index });
    for (const r of found?.revocations ?? []) revocations.push({ ...r, turnIndex: turn.index });
    for (const u of found?.unresolved ?? []) unresolved.push({ ...u, turnIndex: turn.index });
  }
  return unresolved.length > 0 ? { constraints, revocations, unresolved } : { constraints, revocations };
}

// ---------------------------------------------------------------------------------------------------
// Where the next state starts

interface SettlePoint {
  /** Lines of the rest before the point, and its offset in the read text. */
  readonly lines: number;
  readonly offset: number;
  /** Turns and calls of the rest before it. */
  readonly turns: number;
  readonly calls: number;
}

/**
 * The last line boundary of the rest that nothing written later can reach across: the format's
 * reader holds nothing open after the line before it, no turn, call with its result, or keyed line
 * with its rewrites spans it, and every call before it has its result before it or never ran.
 */
function settlePoint(resume: FormatResume, text: string, restStart: number, lines: readonly JsonLine[], local: Session, preludeTurns: number, preludeCalls: number): SettlePoint {
  const none: SettlePoint = { lines: 0, offset: restStart, turns: 0, calls: 0 };
  const turns = local.turns.slice(preludeTurns);
  const calls = local.calls.slice(preludeCalls);
  // Open intervals [from, to]: a point P with from < P <= to would cut one apart.
  const spans: [number, number][] = turns.map((t) => [t.span.start, t.span.end]);
  for (const call of calls) {
    const from = Math.min(call.span.start, local.turns[call.turnIndex]?.span.start ?? call.span.start);
    spans.push([from, call.result ? Math.max(call.span.end, call.result.span.end) : call.stopped ? call.span.end : Number.POSITIVE_INFINITY]);
  }
  const keyLines = new Map<string, { first: number; last: number }>();
  const firstOfKeys = lines.map((line, i) => {
    let first = true;
    for (const key of resume.lineKeys(line.value)) {
      const seen = keyLines.get(key);
      if (seen) {
        seen.last = i;
        first = false;
      } else keyLines.set(key, { first: i, last: i });
    }
    return first;
  });
  let lastKeyed = -1;
  for (const { first, last } of keyLines.values()) {
    spans.push([(lines[first] as JsonLine).start, (lines[last] as JsonLine).end]);
    lastKeyed = Math.max(lastKeyed, first);
  }
  if (resume.keepLastKeyed && lastKeyed >= 0) spans.push([(lines[lastKeyed] as JsonLine).start, Number.POSITIVE_INFINITY]);
  spans.sort((a, b) => a[0] - b[0]);
  const reach: number[] = [];
  for (const [, to] of spans) reach.push(Math.max(reach[reach.length - 1] ?? Number.NEGATIVE_INFINITY, to));
  const cuts = (point: number): boolean => {
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((spans[mid] as [number, number])[0] < point) low = mid + 1;
      else high = mid;
    }
    return low > 0 && (reach[low - 1] as number) >= point;
  };

  // Each candidate is checked in full; past a few that fail, settling less (or nothing) is always safe.
  let checks = 32;
  for (let k = lines.length; k > 0 && checks > 0; k--) {
    const line = lines[k - 1] as JsonLine;
    const newline = text.indexOf('\n', line.end);
    // The last line may still be being written.
    if (newline === -1) continue;
    const point = newline + 1;
    if (!resume.quietAfter({ value: line.value, firstOfKeys: firstOfKeys[k - 1] ?? false }) || cuts(point)) continue;
    checks--;
    const settledTurns = turns.filter((t) => t.span.start < point).length;
    const settledCalls = calls.filter((c) => c.span.start < point).length;
    // Turns and calls read before the point must be numbered before those read after it.
    const before = (turnIndex: number) => turnIndex - preludeTurns < settledTurns;
    const ordered =
      turns.every((t, i) => (i < settledTurns) === t.span.start < point) &&
      calls.every((c, i) => (i < settledCalls) === c.span.start < point && (i < settledCalls) === before(c.turnIndex) && (!c.result || (i < settledCalls) === before(c.result.turnIndex)));
    if (ordered) return { lines: k, offset: point, turns: settledTurns, calls: settledCalls };
  }
  return none;
}

// ---------------------------------------------------------------------------------------------------
// Moving the state past the settled lines

/**
 * Moves the state past the settled lines; `spent` holds the approvals an audit of the joined session
 * already found its calls spend. With `seen`, the settled lines' keys and calls' ids go there.
 */
function advance(read: RestRead, spent?: readonly ApprovalUse[], seen?: SeenKeys): { state: AuditState; settled: number } {
  const { state, settle, resume, restTurns, restCalls } = read;
  const newTurns = state.turns + settle.turns;
  const newCalls = state.calls + settle.calls;
  const settledTurns = restTurns.slice(0, settle.turns);
  const settledCalls = restCalls.slice(0, settle.calls);
  const { constraints, bound } = read;
  const activeFrom = (kind: Constraint['rule']['kind']) => Math.min(...constraints.filter((c) => c.rule.kind === kind).map((c) => c.activeFrom));
  const confirmationsFrom = activeFrom('confirmation');
  const prerequisitesFrom = activeFrom('prerequisite');
  // A prerequisite looks back only at steps of the verbs it requires, and at writes (which make a step stale).
  const lookedBackAt = new Set<string>([...WRITES, ...constraints.flatMap((c) => c.rule.requires ?? [])]);
  // And at the project's own checks, which count as running the tests.
  const checks = constraints.flatMap((c) => c.checks ?? []);
  const looksBackAt = (a: Action) => lookedBackAt.has(a.verb) || (checks.length > 0 && a.verb === 'execute' && runsCheck(a, checks));

  const { actions: restActions, settledMemory } = bound ? read.restBinding() : { actions: [], settledMemory: state.binder };
  const toolNames = new Set(state.toolNames);
  const kept = [...state.kept];
  if (bound) settledCalls.forEach((call, i) => {
    const actions = call.turnIndex >= prerequisitesFrom ? (restActions[i] ?? []).filter(looksBackAt) : [];
    if (toolNames.has(call.name) && actions.length === 0) return;
    toolNames.add(call.name);
    kept.push({
      index: call.index,
      id: call.id,
      name: call.name,
      keys: Object.keys((call.input as Record<string, unknown>) ?? {}),
      turnIndex: call.turnIndex,
      span: call.span,
      batch: call.batch,
      status: call.status,
      ...(call.stopped && { stopped: true }),
      ...(call.result && { result: { turnIndex: call.result.turnIndex, status: call.result.status, span: call.result.span } }),
      ...(call.cwd !== undefined && { cwd: call.cwd }),
      actions,
    });
  });

  // The approvals the settled calls spent, in the auditor's own order.
  const approvals = [...state.approvals];
  if (bound && Number.isFinite(confirmationsFrom) && settle.calls > 0) {
    let used = spent;
    if (!used) auditCalls({ session: read.session, constraints, declared: read.declared, bind: () => joinedActions(state, restActions), history: { calls: state.calls, approvals: state.approvals }, judges: () => false }, (used = []));
    approvals.push(...used.filter((a) => a.callIndex < newCalls));
  }

  const settledExtraction = joinExtraction(state.extraction, settledTurns, read.readings);
  const readings: Record<string, TurnReadings> = bound ? {} : { ...state.readings };
  for (const turn of bound ? restTurns.slice(settle.turns) : restTurns) {
    const found = turn.isUserMessage ? read.readings.get(turnKey(turn)) : undefined;
    if (found) readings[turnKey(turn)] = found;
  }
  const approvalTurns = [...state.approvalTurns];
  for (const turn of settledTurns) {
    if (turn.isUserMessage && turn.role === 'user' && turn.index > confirmationsFrom) {
      const proposal = proposalBefore(read.session, turn.index);
      approvalTurns.push({ index: turn.index, text: turn.text, ...(proposal !== undefined && { proposal }) });
    }
  }
  const edgeProposal = proposalBefore(read.session, newTurns);
  const lastSettled = settledTurns[settledTurns.length - 1];
  const edgeRole = lastSettled ? lastSettled.role : state.edge.role;
  const edgeCwd = lastSettled ? lastSettled.cwd : state.edge.cwd;
  const settledLines: SettledLine[] = [];
  const keys: string[] = [];
  const keysSoFar = new Set<string>();
  for (const line of read.lines.slice(0, settle.lines)) {
    const lineKeys = read.resume.lineKeys(line.value);
    settledLines.push({ value: line.value, firstOfKeys: lineKeys.every((key) => !keysSoFar.has(key)) });
    for (const key of lineKeys) keysSoFar.add(key), keys.push(key);
  }
  const next: AuditState = {
    version: AUDIT_STATE_VERSION,
    format: state.format,
    policyKey: state.policyKey,
    offset: state.offset + settle.offset - read.restStart,
    lines: state.lines + settle.lines,
    turns: newTurns,
    calls: newCalls,
    bound,
    extraction: settledExtraction,
    readings,
    approvalTurns,
    edge: { ...(edgeProposal !== undefined && { proposal: edgeProposal }), ...(edgeRole !== undefined && { role: edgeRole }), ...(edgeCwd !== undefined && { cwd: edgeCwd }) },
    kept,
    toolNames: [...toolNames],
    binder: settledMemory,
    approvals,
    lineKeys: seen ? state.lineKeys : withHashes(state.lineKeys, keys),
    callIds: seen
      ? state.callIds
      : withHashes(
          state.callIds,
          settledCalls.map((c) => c.id),
        ),
    unanswered: [...state.unanswered, ...settledCalls.filter((c) => !c.result).map((c) => c.id)],
    resume: resume.next({
      previous: state.resume,
      lines: settledLines,
      lastTurnRole: edgeRole,
      lastTurnCwd: edgeCwd,
      sessionCwd: read.session.cwd,
      callIds: new Set(settledCalls.map((c) => c.id)),
    }),
  };
  if (seen) {
    for (const key of keys) seen.lineKeys.add(key);
    for (const call of settledCalls) seen.callIds.add(call.id);
  }
  return { state: next, settled: settle.offset - read.restStart };
}

// ---------------------------------------------------------------------------------------------------
// Sets of hashes, as sorted runs of 8 hex digits: looked up without being parsed

function hasHash(set: string, hash: string): boolean {
  const at = hashPosition(set, hash) * 8;
  return set.slice(at, at + 8) === hash;
}

/** Position of the first entry not below `hash`. */
function hashPosition(set: string, hash: string): number {
  let low = 0;
  let high = set.length / 8;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (set.slice(mid * 8, mid * 8 + 8) < hash) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The set with the hashes of `texts` added: a few at a time, so the set is cut at their places rather than rebuilt. */
function withHashes(set: string, texts: readonly string[]): string {
  const added = [...new Set(texts.map(fnv1a32Hex))].filter((hash) => !hasHash(set, hash)).sort();
  if (added.length === 0) return set;
  const parts: string[] = [];
  let from = 0;
  for (const hash of added) {
    const at = hashPosition(set, hash) * 8;
    parts.push(set.slice(from, at), hash);
    from = at;
  }
  parts.push(set.slice(from));
  return parts.join('');
}

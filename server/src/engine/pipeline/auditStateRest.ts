import type { Action } from '../actions/actions';
import { type BinderMemory, SessionBinder } from '../binding';
import { shareApprovalIndex } from '../audit/approvals';
import type { DeclaredEffect } from '../binding/types';
import type { Constraint } from '../constraints/constraints';
import { type JsonLine, readJsonl, withoutBom } from '../session/document';
import type { Extraction, Revocation, StatedConstraint, UnresolvedRule } from '../extraction';
import { fnv1a32, fnv1a32Hex, hasHash } from '../text/hash';
import { buildLedger } from '../ledger/ledger';
import { type Extract, declaredEffects, extractionModule } from './stages';
import type { Policy } from '../ledger/policy';
import { FORMAT_RESUME, type FormatResume } from './resume';
import type { Session, ToolCall, Turn } from '../session/session';
import type { Span } from '../text/text';
import type { AuditState, CarriedSummary, KeptCall, SeenKeys, TurnReadings } from './auditStateTypes';
import { type SettlePoint, settlePoint } from './auditStateSettle';

// Reading what was written after the audit state's summary, and joining it to the summary: a session whose earlier part stands in for the summary.

/** A cheap fingerprint of a user turn: its place in the source and its text. */
export function turnKey(turn: Turn): string {
  return `${turn.span.start}:${turn.span.end}:${turn.text.length}:${fnv1a32(turn.text).toString(16)}`;
}

/** The rest read and joined to the summary: a session whose earlier part stands in for the summary. */
export interface RestRead {
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
  /** Readings of the rest's user turns, by the turn (of `restTurns`). */
  readonly readings: ReadonlyMap<Turn, TurnReadings>;
  /** The ledger of the joined session, and whether the state goes on holding binding. */
  readonly constraints: readonly Constraint[];
  readonly bound: boolean;
  readonly settle: SettlePoint;
  bind(judged: Session): Action[][];
  /** The rest's calls bound as they stand, and the binder's memory after the settled ones. */
  restBinding(): { readonly actions: readonly Action[][]; readonly settledMemory: BinderMemory };
}

/**
 * Reads `rest` after the state's summary. With `carried` (a check in pieces), the kept calls and the
 * binder's memory are the carried ones, not the state's; `bind` (a proposal's judgement) needs the state's.
 */
export function readRest(state: AuditState, rest: string, policies: readonly Policy[], extract?: Extract, seen?: SeenKeys, carried?: CarriedSummary): RestRead | string {
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
  // Tools come only from the prelude (an OpenAI chat document's).
  if (!local || (local.tools.length > 0 && state.resume.tools === undefined)) return 'the rest did not read as one session';

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
    calls: carried ? carried.keptCalls.concat(restCalls) : [...state.kept.map(keptCall), ...restCalls],
    tools: local.tools,
    problems: [],
  };
  // Its user turns are the summary's approval turns, then the rest's: a confirmation's lookup reuses the summary's index.
  shareApprovalIndex(session, state.approvalTurns, restTurns);
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
      const binder = new SessionBinder(bindingSession, declared, carried?.binder ?? state.binder);
      const actions: Action[][] = [];
      let settledMemory = state.binder;
      // The carried memory goes on past the settled calls only for this step: what the calls after them add is taken back.
      if (carried && settle.calls === 0) carried.binder.mark();
      restCalls.forEach((call, i) => {
        actions.push(placed(binder.bind(asBound(call))));
        if (i + 1 !== settle.calls) return;
        if (carried) carried.binder.mark();
        else settledMemory = binder.memory();
      });
      carried?.binder.rollback();
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
  // The rest's turns are placed first, the last one first, so the array is made sparse (a dictionary) at
  // once, not laid out as long as the whole session at every step of a check in pieces.
  const turns: Turn[] = [];
  for (let i = restTurns.length - 1; i >= 0; i--) {
    const turn = restTurns[i] as Turn;
    turns[turn.index] = turn;
  }
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
  turns.length = state.turns + restTurns.length;
  return turns;
}

/** Actions of the joined session: the kept calls', then the rest's. */
export function joinedActions(state: AuditState, restActions: readonly (readonly Action[])[]): (readonly Action[])[] {
  const actions: (readonly Action[])[] = [];
  for (const kept of state.kept) actions[kept.index] = kept.actions;
  restActions.forEach((a, i) => (actions[state.calls + i] = a));
  return actions;
}

/** Actions of the rest's calls, at their indexes in the whole file (the kept calls' are carried, indexed). */
export function restActionsAt(state: AuditState, restActions: readonly (readonly Action[])[]): (readonly Action[])[] {
  const actions: (readonly Action[])[] = [];
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

export function callOfKept(kept: KeptCall): ToolCall {
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
function readRestTurns(state: AuditState, local: Session, restTurns: readonly Turn[], preludeTurns: number, shift: number, extract?: Extract): Map<Turn, TurnReadings> {
  const readings = new Map<Turn, TurnReadings>();
  const unread: Turn[] = [];
  // A turn's key hashes its text: a check in pieces knows few readings (its last step's unsettled turns), often none.
  const knows = Object.keys(state.readings).length > 0;
  for (const turn of restTurns) {
    if (!turn.isUserMessage) continue;
    const known = knows ? state.readings[turnKey(turn)] : undefined;
    if (known) readings.set(turn, known);
    else unread.push(local.turns[turn.index - state.turns + preludeTurns] as Turn);
  }
  if (unread.length === 0) return readings;
  // Extraction is loaded only now: most calls bring no new user turn.
  const fresh = (extract ?? extractionModule().extractConstraints)({ ...local, turns: unread });
  const at = (span: Span): Span => ({ start: span.start + shift, end: span.end + shift });
  for (const turn of unread) {
    const restTurn = restTurns[turn.index - preludeTurns] as Turn;
    const constraints = fresh.constraints.filter((c) => c.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...c }) => ({ ...c, span: at(c.span) }));
    const revocations = fresh.revocations.filter((r) => r.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...r }) => ({ ...r, span: at(r.span) }));
    const unresolved = (fresh.unresolved ?? []).filter((u) => u.turnIndex === turn.index).map(({ turnIndex: _turnIndex, ...u }) => ({ ...u, span: at(u.span) }));
    readings.set(restTurn, unresolved.length > 0 ? { constraints, revocations, unresolved } : { constraints, revocations });
  }
  return readings;
}

export function joinExtraction(summary: Extraction, restTurns: readonly Turn[], readings: ReadonlyMap<Turn, TurnReadings>): Extraction {
  const constraints: StatedConstraint[] = [...summary.constraints];
  const revocations: Revocation[] = [...summary.revocations];
  const unresolved: UnresolvedRule[] = [...(summary.unresolved ?? [])];
  for (const turn of restTurns) {
    const found = turn.isUserMessage ? readings.get(turn) : undefined;
    for (const c of found?.constraints ?? []) constraints.push({ ...c, turnIndex: turn.index });
    for (const r of found?.revocations ?? []) revocations.push({ ...r, turnIndex: turn.index });
    for (const u of found?.unresolved ?? []) unresolved.push({ ...u, turnIndex: turn.index });
  }
  return unresolved.length > 0 ? { constraints, revocations, unresolved } : { constraints, revocations };
}

import type { Action } from '../actions/actions';
import { proposalBefore } from '../audit/approvals';
import { type ApprovalUse, WORKSPACE_STEPS, WRITES, runsCheck } from '../audit/audit';
import type { Constraint } from '../constraints/constraints';
import { auditCalls } from './stages';
import type { SettledLine } from './resume';
import { AUDIT_STATE_VERSION, type AuditState, type CarriedSummary, type KeptCall, type SeenKeys, type TurnReadings } from './auditStateTypes';
import { type RestRead, callOfKept, joinExtraction, joinedActions, turnKey } from './auditStateRest';
import { withHashes } from '../text/hash';

// Moving the audit state past the settled lines of the rest: what the next call's summary keeps of them.

/**
 * Moves the state past the settled lines; `spent` holds the approvals an audit of the joined session
 * already found its calls spend. With `seen`, the settled lines' keys and calls' ids go there; with
 * `carried`, the calls kept and the binder's memory.
 */
export function advance(read: RestRead, spent?: readonly ApprovalUse[], seen?: SeenKeys, carried?: CarriedSummary): { state: AuditState; settled: number } {
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
  const required = constraints.flatMap((c) => c.rule.requires ?? []);
  const lookedBackAt = new Set<string>([...WRITES, ...required]);
  // A step run on the whole workspace is made stale by any change after it, a deletion too.
  if (required.some((verb) => WORKSPACE_STEPS.has(verb))) lookedBackAt.add('delete');
  // And at the project's own checks, which count as running the tests.
  const checks = constraints.flatMap((c) => c.checks ?? []);
  const looksBackAt = (a: Action) => lookedBackAt.has(a.verb) || (checks.length > 0 && a.verb === 'execute' && runsCheck(a, checks));

  const { actions: restActions, settledMemory } = bound ? read.restBinding() : { actions: [], settledMemory: state.binder };
  const toolNames = new Set(state.toolNames);
  const kept = carried ? [] : [...state.kept];
  const keep = (call: KeptCall): void => {
    if (!carried) {
      kept.push(call);
      return;
    }
    const joined = callOfKept(call);
    carried.keptCalls.push(joined);
    carried.indexed.add(joined, call.actions);
  };
  if (bound) settledCalls.forEach((call, i) => {
    const actions = call.turnIndex >= prerequisitesFrom ? (restActions[i] ?? []).filter(looksBackAt) : [];
    if (toolNames.has(call.name) && actions.length === 0) return;
    toolNames.add(call.name);
    keep({
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
    const found = turn.isUserMessage ? read.readings.get(turn) : undefined;
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
    kept: carried ? state.kept : kept,
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

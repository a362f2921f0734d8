import type { Constraint } from '../../engine/constraints';
import { compiledRuleText } from '../../engine/ledger';
import type { LedgerCall, LedgerConstraint, LedgerResult } from '../../../../shared/protocol';
import type { SessionState, TranscriptState } from '../service/transcriptState';

function ledgerConstraint(document: TranscriptState, state: SessionState, constraint: Constraint): LedgerConstraint {
  const rule = constraint.rule;
  const ending = state.analysis.endings.get(constraint.id);
  const governs: LedgerCall[] = state.restoration.callsGovernedBy(constraint.id).map((call) => {
    const g = state.restoration.of(call).find((x) => x.constraint === constraint);
    return { callId: call.id, name: call.name, turnIndex: call.turnIndex, range: document.range(call.span), verdict: g?.suppressed ? 'suppressed' : (g?.finding?.ruleId ?? 'met') };
  });
  return {
    id: constraint.id,
    kind: rule.kind,
    trigger: rule.trigger,
    scope: rule.scope,
    ...(rule.requires && { requires: rule.requires }),
    text: constraint.text,
    compiled: compiledRuleText(rule),
    source: document.sourceLocation(constraint),
    activeFrom: constraint.activeFrom,
    ...(constraint.activeUntil !== undefined && { activeUntil: constraint.activeUntil }),
    ...(ending && { ending: { kind: ending.kind, turnIndex: ending.turnIndex, text: ending.text, location: document.location(ending.span) } }),
    locked: rule.locked === true,
    governs,
  };
}

/** The `ghost-lint/ledger` answer: every session's constraints, their lifetimes, and the calls each governed. */
export function ledger(document: TranscriptState): LedgerResult {
  const levels = document.sessions.flatMap((state) => state.analysis.findings.map((f) => f.level));
  const count = (level: string) => levels.filter((l) => l === level).length;
  return {
    uri: document.uri,
    version: document.version,
    findings: { errors: count('error'), warnings: count('warning'), notes: count('note') },
    sessions: document.sessions.map((state) => ({
      ...(state.session.id !== undefined && { id: state.session.id }),
      ...(state.session.title !== undefined && { title: state.session.title }),
      format: state.session.format,
      turns: state.session.turns.length,
      calls: state.session.calls.length,
      constraints: state.analysis.constraints.map((c) => ledgerConstraint(document, state, c)),
    })),
  };
}

import type { GovernedVerdict, LedgerCall, LedgerConstraint, LedgerResult, LedgerSession } from '../../shared/protocol';

/*
 * The constraint ledger in words, shared by the Constraints view and the ledger document: when each
 * constraint governed, how it ended, and its verdict on each call. Turn numbers are the ones hovers
 * and inlay hints use.
 */

/** When the constraint governed: "turn 3 to the end", "turn 3 until turn 40 (revoked)", "policy, whole session". */
export function lifetimeText(constraint: LedgerConstraint): string {
  const from = constraint.activeFrom < 0 ? 'policy, from the start' : `turn ${constraint.activeFrom}`;
  if (constraint.ending) return `${from} until turn ${constraint.ending.turnIndex} (${constraint.ending.kind})`;
  if (constraint.activeUntil !== undefined) return `${from} until turn ${constraint.activeUntil}`;
  return `${from} to the end`;
}

export function isViolation(verdict: GovernedVerdict): boolean {
  return verdict !== 'met' && verdict !== 'suppressed' && verdict !== 'call-stopped' && verdict !== 'constraint-detected';
}

/** "met", "suppressed", "never ran", or the rule the call broke. */
export function verdictLabel(verdict: GovernedVerdict): string {
  return verdict === 'call-stopped' ? 'never ran (call-stopped)' : verdict;
}

export function violatedCalls(constraint: LedgerConstraint): LedgerCall[] {
  return constraint.governs.filter((call) => isViolation(call.verdict));
}

/** A constraint's state: "violated by 1 call", "kept by 3 calls", "governs no call", with its ending. */
export function constraintState(constraint: LedgerConstraint): string {
  const violated = violatedCalls(constraint).length;
  const governed = constraint.governs.length;
  const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;
  const state = violated > 0 ? `violated by ${calls(violated)} of ${governed}` : governed > 0 ? `kept by ${calls(governed)}` : 'governs no call';
  return constraint.ending ? `${state}; ${constraint.ending.kind}` : state;
}

export function sessionName(session: LedgerSession, index: number): string {
  return session.title ?? session.id ?? `session ${index + 1}`;
}

const shortened = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function constraintLabel(constraint: LedgerConstraint): string {
  return shortened(constraint.text, 90);
}

/** Markdown-safe inline text. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

function constraintSection(constraint: LedgerConstraint): string[] {
  const lines = [
    `### ${inline(constraintLabel(constraint))}`,
    '',
    `- **${constraint.kind}**${constraint.locked ? ' (locked)' : ''}: ${inline(constraint.compiled)}`,
    `- stated: ${constraint.activeFrom < 0 ? 'in a workspace policy' : `turn ${constraint.activeFrom}`}, line ${constraint.source.range.start.line + 1}`,
    `- active: ${lifetimeText(constraint)}`,
  ];
  if (constraint.ending) lines.push(`- ${constraint.ending.kind} at turn ${constraint.ending.turnIndex} by "${inline(shortened(constraint.ending.text, 160))}"`);
  lines.push(`- state: ${constraintState(constraint)}`, '');
  if (constraint.governs.length > 0) {
    lines.push('| turn | call | tool | verdict |', '| ---: | --- | --- | --- |');
    for (const call of constraint.governs) lines.push(`| ${call.turnIndex} | \`${call.callId}\` | ${inline(call.name)} | ${isViolation(call.verdict) ? `**${call.verdict}**` : verdictLabel(call.verdict)} |`);
    lines.push('');
  }
  return lines;
}

/** The ledger as a Markdown document: per session, each constraint with its lifetime and the calls it governed. */
export function ledgerMarkdown(ledger: LedgerResult, fileName: string): string {
  const lines = [`# Constraint ledger: ${inline(fileName)}`, ''];
  if (ledger.sessions.length === 0) lines.push('Not a transcript.', '');
  ledger.sessions.forEach((session, index) => {
    if (ledger.sessions.length > 1) lines.push(`## ${inline(sessionName(session, index))}`, '');
    lines.push(`${session.format}: ${session.turns} turns, ${session.calls} tool calls, ${session.constraints.length} constraint${session.constraints.length === 1 ? '' : 's'}.`, '');
    if (session.constraints.length === 0) lines.push('No constraint was stated in this session or by a workspace policy.', '');
    for (const constraint of session.constraints) lines.push(...constraintSection(constraint));
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

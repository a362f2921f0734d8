import { type Hover, MarkupKind, type Position } from 'vscode-languageserver';
import type { Action } from '../../engine/actions';
import type { Constraint } from '../../engine/constraints';
import { type GoverningConstraint, turnsBetween } from '../../engine/restoration';
import { compiledRuleText } from '../../engine/ledger';
import type { ToolCall } from '../../engine/session';
import type { SessionState, TranscriptState } from '../service/transcriptState';

/** How many governed calls a constraint's hover lists before summarising the rest. */
const LISTED_CALLS = 12;

function code(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text.replace(/\n/g, ' ')}${ticks}`;
}

function quoted(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

function actionLine(action: Action): string {
  const target = action.target ? ` → ${code(action.target.value)} (${action.target.kind}${action.target.label ? `, ${action.target.label}` : ''})` : ' (no known target)';
  const amount = action.attributes.amount !== undefined ? `, amount ${action.attributes.amount}${action.attributes.currency ? ` ${action.attributes.currency}` : ''}` : '';
  return `- ${code(action.verb)}${target}${amount} · from ${action.basis}`;
}

function whereStated(constraint: Constraint): string {
  return constraint.source.kind === 'session' ? `turn ${constraint.source.turnIndex}` : `policy ${code(constraint.id)}`;
}

function status(call: ToolCall): string {
  if (call.stopped) return `never ran (${call.stopped.kind}: ${quoted(call.stopped.message, 80)})`;
  return call.status === 'unknown' ? 'no recorded result' : `result ${call.status}`;
}

function governedLine(g: GoverningConstraint, call: ToolCall): string {
  const turns = turnsBetween(g.constraint, call);
  const distance = turns === undefined ? 'from the workspace policy' : `${whereStated(g.constraint)}, ${plural(turns, 'turn')} earlier`;
  const head = `${quoted(g.constraint.text, 100)} (${g.constraint.rule.kind}; ${distance})`;
  if (g.suppressed) return `- ⊘ suppressed · ${head}: ${g.suppressed.suppression.reason}`;
  if (g.finding) return `- ✗ **${g.finding.ruleId}** · ${head}\n  ${g.finding.message}`;
  return `- ✓ met · ${head}`;
}

function callHover(state: SessionState, call: ToolCall): string {
  const actions = state.analysis.actions[call.index] ?? [];
  const governing = state.restoration.of(call);
  const broken = governing.filter((g) => g.finding && !g.suppressed);
  const lines = [`**${code(call.name)}** call ${code(call.id)} · turn ${call.turnIndex} · ${status(call)}`, '', '**Bound actions**'];
  lines.push(...(actions.length > 0 ? actions.map(actionLine) : ['- none: this call changes nothing ghost-lint knows of']));
  lines.push('', '**Constraints checked**');
  lines.push(...(governing.length > 0 ? governing.map((g) => governedLine(g, call)) : ['- none governs this call: no active constraint covers its actions']));
  const verdict =
    broken.length === 0
      ? governing.length === 0
        ? 'allowed: outside every constraint'
        : 'allowed: it met every constraint that governs it'
      : call.stopped
        ? `would have broken ${plural(broken.length, 'constraint')}, but it never ran`
        : `breaks ${plural(broken.length, 'constraint')}`;
  lines.push('', `**Verdict:** ${verdict}`);
  return lines.join('\n');
}

function constraintHover(state: SessionState, constraint: Constraint): string {
  const rule = constraint.rule;
  const scope = Object.entries(rule.scope).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`);
  const lines = [
    `**Constraint** · ${rule.kind} · stated in ${whereStated(constraint)}`,
    '',
    `> ${constraint.text.replace(/\n/g, ' ')}`,
    '',
    '| kind | trigger | scope | requires |',
    '| --- | --- | --- | --- |',
    `| ${rule.kind} | ${rule.trigger.join(', ')} | ${scope.join('; ') || 'any target'} | ${rule.requires?.join(', ') ?? '—'} |`,
    '',
    `Compiled: ${code(compiledRuleText(rule))}`,
    '',
  ];
  const ending = state.analysis.endings.get(constraint.id);
  const from = constraint.activeFrom < 0 ? 'the start of the session' : `turn ${constraint.activeFrom}`;
  lines.push(`**Active** from ${from} ${ending ? `until turn ${ending.turnIndex} (${ending.kind} by ${quoted(ending.text, 100)})` : 'to the end of the session'}`);
  const calls = state.restoration.callsGovernedBy(constraint.id);
  lines.push('', calls.length > 0 ? `**Governs ${plural(calls.length, 'call')}**` : '**Governs no call** in this session');
  const sourceTurn = constraint.source.kind === 'session' ? constraint.source.turnIndex : -1;
  for (const call of calls.slice(0, LISTED_CALLS)) {
    const turns = call.turnIndex - sourceTurn;
    const tokens = state.tokens.between(sourceTurn, call.turnIndex);
    const g = state.restoration.of(call).find((x) => x.constraint === constraint);
    const verdict = g?.suppressed ? 'suppressed' : g?.finding ? g.finding.ruleId : 'met';
    const distance = constraint.source.kind === 'session' ? `${plural(turns, 'turn')} and ${plural(tokens, 'token')} later` : `${plural(tokens, 'token')} into the session`;
    lines.push(`- turn ${call.turnIndex}, ${code(call.name)} ${code(call.id)}: ${distance} · ${verdict}`);
  }
  if (calls.length > LISTED_CALLS) lines.push(`- … and ${plural(calls.length - LISTED_CALLS, 'more call')}`);
  lines.push('', '_Tokens counted with o200k_base over the turns in between (their text and call arguments)._');
  return lines.join('\n');
}

function revocationHover(state: SessionState, offset: number): string | undefined {
  const revocation = state.analysis.revocations.find((r) => r.span.start <= offset && offset <= r.span.end);
  if (!revocation) return undefined;
  const ended = state.analysis.constraints.filter((c) => {
    const ending = state.analysis.endings.get(c.id);
    return ending?.kind === 'revoked' && ending.span.start === revocation.span.start;
  });
  const what = ended.length > 0 ? ended.map((c) => `- ${quoted(c.text, 120)} (${whereStated(c)})`).join('\n') : '- nothing: no active constraint matched its topic';
  return `**Revocation** in turn ${revocation.turnIndex}\n\nEnds:\n${what}`;
}

/** Hover on a constraint's sentence, a revocation, or a call; null elsewhere. */
export function hover(document: TranscriptState, position: Position): Hover | null {
  const offset = document.offset(position);
  const stated = document.constraintAt(offset);
  if (stated) return { contents: { kind: MarkupKind.Markdown, value: constraintHover(stated.state, stated.constraint) }, range: document.range(stated.constraint.source.span) };
  for (const state of document.sessions) {
    const value = revocationHover(state, offset);
    if (value) return { contents: { kind: MarkupKind.Markdown, value } };
  }
  const found = document.callAt(offset);
  if (found) return { contents: { kind: MarkupKind.Markdown, value: callHover(found.state, found.call) }, range: document.range(found.call.span) };
  return null;
}

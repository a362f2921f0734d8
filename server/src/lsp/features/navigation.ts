import { type DocumentSymbol, type InlayHint, type Location, type Position, type Range, SymbolKind } from 'vscode-languageserver';
import { turnsBetween } from '../../engine/restoration';
import { compiledRuleText } from '../../engine/ledger';
import type { ToolCall, Turn } from '../../engine/session';
import type { Span } from '../../engine/text';
import type { SessionState, TranscriptState } from '../service/transcriptState';

const TURN_KINDS: Record<Turn['kind'], SymbolKind> = {
  message: SymbolKind.Event,
  instructions: SymbolKind.Module,
  'tool-result': SymbolKind.Field,
  environment: SymbolKind.Property,
  reminder: SymbolKind.Property,
  meta: SymbolKind.Property,
  'compaction-boundary': SymbolKind.Package,
  'compaction-summary': SymbolKind.Package,
};

function preview(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number | undefined): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function inside(inner: Span, outer: Span): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

function callVerdict(state: SessionState, call: ToolCall): string {
  const broken = state.restoration.of(call).filter((g) => g.finding && !g.suppressed);
  if (broken.length > 0) return broken.map((g) => g.finding?.ruleId).join(', ');
  return call.stopped ? `stopped (${call.stopped.kind})` : call.status;
}

function sessionSymbols(document: TranscriptState, state: SessionState): DocumentSymbol[] {
  const { session, analysis } = state;
  const callsByTurn = groupBy(session.calls, (call) => call.turnIndex);
  const constraintsByTurn = groupBy(analysis.constraints, (c) => (c.source.kind === 'session' ? c.source.turnIndex : undefined));
  return session.turns.map((turn) => {
    const range = document.range(turn.span);
    const children: DocumentSymbol[] = [];
    for (const c of constraintsByTurn.get(turn.index) ?? []) {
      if (!inside(c.source.span, turn.span)) continue;
      const r = document.range(c.source.span);
      children.push({ name: `${c.rule.kind}: ${preview(c.text)}`, detail: compiledRuleText(c.rule), kind: SymbolKind.Constant, range: r, selectionRange: r });
    }
    for (const call of callsByTurn.get(turn.index) ?? []) {
      if (!inside(call.span, turn.span)) continue;
      const callRange = document.range(call.span);
      const selection = inside(call.nameSpan, call.span) ? document.range(call.nameSpan) : callRange;
      children.push({ name: call.name, detail: `${call.id} · ${callVerdict(state, call)}`, kind: SymbolKind.Function, range: callRange, selectionRange: selection });
    }
    const label = turn.kind === 'message' || turn.kind === 'instructions' ? turn.role : `${turn.role} ${turn.kind}`;
    return { name: `${turn.index} ${label}`, detail: preview(turn.text), kind: TURN_KINDS[turn.kind], range, selectionRange: document.range({ start: turn.span.start, end: turn.span.start }), children };
  });
}

/** The document outline: turns in order, each with the constraints stated and the calls issued in it; one entry per session when there are several. */
export function documentSymbols(document: TranscriptState): DocumentSymbol[] {
  if (document.sessions.length === 1 && document.sessions[0]) return sessionSymbols(document, document.sessions[0]);
  return document.sessions.map((state) => {
    const turns = state.session.turns;
    const span = { start: Math.min(...turns.map((t) => t.span.start)), end: Math.max(...turns.map((t) => t.span.end)) };
    const range = turns.length > 0 ? document.range(span) : document.range({ start: 0, end: 0 });
    return {
      name: state.session.title ?? state.session.id ?? `session ${state.index + 1}`,
      detail: `${state.session.format} · ${turns.length} turns · ${state.session.calls.length} calls`,
      kind: SymbolKind.Namespace,
      range,
      selectionRange: { start: range.start, end: range.start },
      children: sessionSymbols(document, state),
    };
  });
}

/** From a call to the constraints that governed it: their sentences here, or their rules in a policy file. */
export function definition(document: TranscriptState, position: Position): Location[] {
  const found = document.callAt(document.offset(position));
  if (!found) return [];
  return found.state.restoration.of(found.call).map((g) => document.sourceLocation(g.constraint));
}

/** From a constraint's sentence to the calls it governed (and the sentence itself when asked). */
export function references(document: TranscriptState, position: Position, includeDeclaration: boolean): Location[] {
  const found = document.constraintAt(document.offset(position));
  if (!found) return [];
  const calls = found.state.restoration.callsGovernedBy(found.constraint.id).map((call) => document.location(call.span));
  return includeDeclaration ? [document.sourceLocation(found.constraint), ...calls] : calls;
}

/** "constraint from turn 3, 87 turns earlier, governs this call" before each governed call in `range`, linked to the constraint. */
export function inlayHints(document: TranscriptState, range: Range): InlayHint[] {
  const hints: InlayHint[] = [];
  const from = document.offset(range.start);
  const to = document.offset(range.end);
  for (const state of document.sessions) {
    for (const call of state.session.calls) {
      if (call.span.start < from || call.span.start > to) continue;
      const [first, ...rest] = state.restoration.of(call);
      if (!first) continue;
      const turns = turnsBetween(first.constraint, call);
      const source = first.constraint.source;
      const origin = source.kind === 'session' ? `constraint from turn ${source.turnIndex}, ${turns} turn${turns === 1 ? '' : 's'} earlier,` : `policy rule ${first.constraint.id}`;
      const more = rest.length > 0 ? ` (+${rest.length} more)` : '';
      hints.push({
        position: document.range({ start: call.span.start, end: call.span.start }).start,
        label: [{ value: `${origin} governs this call${more}`, location: document.sourceLocation(first.constraint), tooltip: first.constraint.text }],
        paddingRight: true,
      });
    }
  }
  return hints;
}

import type { Constraint } from '../../engine/constraints';
import type { Finding } from '../../engine/findings';
import { decodedToRawOffsets } from '../../engine/json';
import { compiledRuleText } from '../../engine/ledger';
import type { Session, ToolCall, Turn } from '../../engine/session';
import type { Span } from '../../engine/text';
import type { TranscriptViewModel, ViewCall, ViewFinding, ViewHighlight, ViewSession, ViewTurn } from '../../../../shared/transcriptView';
import type { SessionState, TranscriptState } from '../service/transcriptState';

/**
 * What the view carries of one text at most (UTF-16 units). A 50 KB tool output or pasted file
 * would make every update of a long session heavy for nothing: the rest is one click away, in the
 * source range the piece still covers whole.
 */
export const VIEW_TEXT_LIMIT = 20_000;
export const VIEW_DETAIL_LIMIT = 8_000;

function cut(text: string, limit: number): { text: string; truncated: boolean } {
  return text.length > limit ? { text: text.slice(0, limit), truncated: true } : { text, truncated: false };
}

/** First index whose raw offset is at or after `raw` (offsets ascend). */
function firstAtOrAfter(offsets: Int32Array, raw: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid] ?? 0) < raw) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * A source span inside a turn as offsets of the turn's decoded text: through the JSON string literal
 * that holds it (escapes counted), or one to one for text taken verbatim; undefined when the span
 * lies in no piece of the turn.
 */
export function decodedSpan(session: Session, turn: Turn, source: Span): { start: number; end: number } | undefined {
  for (const piece of turn.pieces) {
    if (source.start < piece.literal.start || source.start >= piece.literal.end) continue;
    const offsets = decodedToRawOffsets(session.text, piece.literal);
    const last = Math.max(offsets.length - 1, 0);
    const start = Math.min(firstAtOrAfter(offsets, source.start), last);
    const end = Math.min(firstAtOrAfter(offsets, source.end), last);
    return { start: piece.at + start, end: piece.at + Math.max(end, start) };
  }
  if (turn.pieces.length === 0 && session.text.slice(turn.span.start, turn.span.end) === turn.text && source.start >= turn.span.start && source.end <= turn.span.end) {
    return { start: source.start - turn.span.start, end: source.end - turn.span.start };
  }
  return undefined;
}

function viewFinding(document: TranscriptState, state: SessionState, finding: Finding): ViewFinding {
  const constraint = finding.constraintId !== undefined ? state.analysis.constraints.find((c) => c.id === finding.constraintId) : undefined;
  return {
    ruleId: finding.ruleId,
    level: finding.level,
    message: finding.message,
    range: document.range(finding.span),
    ...(constraint && { constraint: { text: constraint.text, location: document.sourceLocation(constraint) } }),
  };
}

/** The call a finding sits on: the one of its id whose object holds the finding (ids repeat in real logs). */
function callOf(calls: readonly ToolCall[], finding: Finding): ToolCall | undefined {
  const same = calls.filter((c) => c.id === finding.callId);
  return same.find((c) => c.span.start <= finding.span.start && finding.span.end <= c.span.end) ?? same[0];
}

function viewCall(document: TranscriptState, call: ToolCall, findings: readonly ViewFinding[]): ViewCall {
  const args = cut(typeof call.input === 'string' ? call.input : (JSON.stringify(call.input, null, 2) ?? ''), VIEW_DETAIL_LIMIT);
  const result = call.result && cut(call.result.text, VIEW_DETAIL_LIMIT);
  return {
    id: call.id,
    name: call.name,
    range: document.range(call.span),
    nameRange: document.range(call.nameSpan),
    arguments: args.text,
    argumentsTruncated: args.truncated,
    ...(call.inputSpan && { argumentsRange: document.range(call.inputSpan) }),
    status: call.status,
    ...(call.stopped && { stopped: call.stopped.message }),
    ...(call.result && result && { result: { text: result.text, truncated: result.truncated, status: call.result.status, range: document.range(call.result.span) } }),
    findings,
  };
}

function highlights(document: TranscriptState, state: SessionState, turn: Turn, stated: readonly Constraint[], violated: ReadonlySet<string>): ViewHighlight[] {
  return stated.flatMap((constraint) => {
    if (constraint.source.kind !== 'session') return [];
    const at = decodedSpan(state.session, turn, constraint.source.span);
    if (!at) return [];
    return [
      {
        ...at,
        constraintId: constraint.id,
        kind: constraint.rule.kind,
        compiled: compiledRuleText(constraint.rule),
        ended: constraint.activeUntil !== undefined,
        violated: violated.has(constraint.id),
        range: document.range(constraint.source.span),
      },
    ];
  });
}

function viewSession(document: TranscriptState, state: SessionState): ViewSession {
  const { session, analysis } = state;
  const onCall = new Map<ToolCall, ViewFinding[]>();
  const otherFindings: ViewFinding[] = [];
  for (const finding of analysis.findings) {
    const call = finding.callId !== undefined ? callOf(session.calls, finding) : undefined;
    if (call) onCall.set(call, [...(onCall.get(call) ?? []), viewFinding(document, state, finding)]);
    else if (finding.level !== 'note') otherFindings.push(viewFinding(document, state, finding));
  }
  const violated = new Set(analysis.findings.filter((f) => f.level === 'error' && f.constraintId !== undefined).map((f) => f.constraintId as string));
  const callsByTurn = new Map<number, ToolCall[]>();
  const answered = new Map<number, string>();
  for (const call of session.calls) {
    callsByTurn.set(call.turnIndex, [...(callsByTurn.get(call.turnIndex) ?? []), call]);
    if (call.result) answered.set(call.result.turnIndex, call.name);
  }
  const statedAt = new Map<number, Constraint[]>();
  for (const constraint of analysis.constraints) {
    if (constraint.source.kind === 'session') statedAt.set(constraint.source.turnIndex, [...(statedAt.get(constraint.source.turnIndex) ?? []), constraint]);
  }
  const turns = session.turns.map((turn): ViewTurn => {
    const text = cut(turn.text, VIEW_TEXT_LIMIT);
    const answers = answered.get(turn.index);
    return {
      index: turn.index,
      role: turn.role,
      kind: turn.kind,
      isUserMessage: turn.isUserMessage,
      subagent: turn.sidechain === true,
      text: text.text,
      truncated: text.truncated,
      range: document.range(turn.span),
      ...(turn.timestamp !== undefined && { timestamp: turn.timestamp }),
      // A sentence past the cut would point beyond the text shown: it is left to the source.
      highlights: highlights(document, state, turn, statedAt.get(turn.index) ?? [], violated).filter((h) => h.end <= text.text.length),
      calls: (callsByTurn.get(turn.index) ?? []).map((call) => viewCall(document, call, onCall.get(call) ?? [])),
      ...(answers !== undefined && { answers }),
    };
  });
  return {
    format: session.format,
    ...(session.id !== undefined && { id: session.id }),
    ...(session.title !== undefined && { title: session.title }),
    ...(session.cwd !== undefined && { cwd: session.cwd }),
    turns,
    otherFindings,
    constraints: analysis.constraints.length,
  };
}

/** The `ghost-lint/transcriptView` answer: every session of an analysed document as its conversation. */
export function transcriptView(document: TranscriptState, fromDisk: boolean): TranscriptViewModel {
  const levels = document.sessions.flatMap((state) => state.analysis.findings.map((f) => f.level));
  const count = (level: string) => levels.filter((l) => l === level).length;
  return {
    uri: document.uri,
    version: fromDisk ? -1 : document.version,
    fromDisk,
    ...(document.format !== undefined && { format: document.format }),
    sessions: document.sessions.map((state) => viewSession(document, state)),
    findings: { errors: count('error'), warnings: count('warning'), notes: count('note') },
  };
}

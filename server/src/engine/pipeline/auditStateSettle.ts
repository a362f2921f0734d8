import type { JsonLine } from '../session/document';
import type { FormatResume } from './resume';
import type { Session } from '../session/session';

// Where the audit state's next summary ends: the last line of the rest nothing written later can reach across.

export interface SettlePoint {
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
export function settlePoint(resume: FormatResume, text: string, restStart: number, lines: readonly JsonLine[], local: Session, preludeTurns: number, preludeCalls: number): SettlePoint {
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

import { type TurnInit, movedCall, movedTurn, turnWith } from '../session/builder';
import type { JsonLine, JsonlDocument } from '../session/document';
import type { Session, TextPiece, Turn } from '../session/session';
import type { Span } from '../text/text';
import { type LineStep, lineSteps, spanAt, turnAt } from './claudeCodeLines';
import { ClaudeCodeReader } from './claudeCodeReplay';

/*
 * Claude Code in the editor: an edit that only changes the text of one line's turns (typing in a
 * message) is spliced into the previous version's session instead of reading the file again.
 */

const KEPT = 'claude-code';

/** Reads the session, from the previous version's when only the text of one line's turns changed. */
export function readSession(doc: JsonlDocument): Session {
  const previous = doc.previous;
  const before = previous?.kept.get(KEPT) as Session | undefined;
  const session = (previous && before && afterTextEdit(doc, previous.lines, before)) ?? new ClaudeCodeReader(doc).read();
  doc.kept.set(KEPT, session);
  return session;
}

/** The turn fields a line's own text decides; everything else a line says steers the reader. */
function steering(turn: TurnInit): string {
  const { text, pieces, span, ...rest } = turn;
  return JSON.stringify([text !== undefined, pieces !== undefined, rest]);
}

/** Whether two readings of a line take the same steps, apart from the text of its turns. */
function sameStepsButText(a: readonly LineStep[], b: readonly LineStep[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i] as LineStep;
    if (x.step === 'turn' && y.step === 'turn') return steering(x.turn) === steering(y.turn);
    if (x.step === 'assistant-text' && y.step === 'assistant-text') return true;
    return JSON.stringify(x) === JSON.stringify(y);
  });
}

function joinedText(pieces: readonly TextPiece[]): string {
  return pieces.map((p) => p.text).join('\n\n');
}

/**
 * The session after an edit that changed one line, and in it only the text of its turns (typing in
 * a message): the previous version's session with that line's turns given their new text and
 * everything after the line moved by the edit's length. The reader would take the same steps over
 * every line (a turn's text steers nothing), so this is the session it would read. Undefined for any
 * other edit: it is then read whole.
 */
function afterTextEdit(doc: JsonlDocument, previousLines: readonly JsonLine[], before: Session): Session | undefined {
  const lines = doc.lines;
  if (lines.length !== previousLines.length) return undefined;
  let changed = -1;
  for (let i = 0; i < lines.length; i++) {
    if ((lines[i] as JsonLine).sameText(previousLines[i] as JsonLine)) continue;
    if (changed !== -1) return undefined;
    changed = i;
  }
  const line = lines[changed];
  const old = previousLines[changed];
  if (!line || !old || line.error || old.error) return undefined;
  const by = line.end - old.end;
  // Every other line where it was, or moved by the edit's length after it.
  for (let i = 0; i < lines.length; i++) {
    const now = lines[i] as JsonLine;
    const then = previousLines[i] as JsonLine;
    if (now.number !== then.number || now.start - then.start !== (i > changed ? by : 0)) return undefined;
  }
  const steps = line.read(lineSteps);
  if (!sameStepsButText(steps, old.read(lineSteps))) return undefined;

  const moved = (span: Span): Span => (by === 0 ? span : { start: span.start >= old.end ? span.start + by : span.start, end: span.end >= old.end ? span.end + by : span.end });
  const after = (span: Span) => span.start >= old.end;
  const inLine = (span: Span) => span.start >= old.start && span.end <= old.end;
  const lineTurns = steps.flatMap((s) => (s.step === 'turn' ? [turnAt(s.turn, line.readingBase)] : []));
  const linePieces = steps.flatMap((s) => (s.step === 'assistant-text' ? [{ text: s.piece.text, literal: spanAt(s.piece.literal, line.readingBase) }] : []));
  let nextLineTurn = 0;
  let piecesPlaced = false;
  const turns: Turn[] = [];
  for (const turn of before.turns) {
    if (turn.role !== 'assistant' && turn.span.start === old.start && turn.span.end === old.end) {
      // One of the line's own turns, in the order the line made them.
      const init = lineTurns[nextLineTurn++];
      if (!init) return undefined;
      const pieces = init.pieces ?? [];
      turns.push(turnWith(turn, init.text ?? joinedText(pieces), pieces, init.span));
    } else if (turn.role === 'assistant' && turn.span.start <= old.start && turn.span.end >= old.end && linePieces.length > 0) {
      // The assistant message this line's text went into: its pieces from the line replaced, the rest moved.
      if (turn.pieces.filter((p) => inLine(p.literal)).length !== linePieces.length) return undefined;
      const sources = [...turn.pieces.filter((p) => p.literal.end <= old.start), ...linePieces, ...turn.pieces.filter((p) => after(p.literal)).map((p) => ({ text: p.text, literal: moved(p.literal) }))];
      let at = 0;
      const pieces = sources.map((p) => {
        const piece = { text: p.text, at, literal: p.literal };
        at += p.text.length + 2;
        return piece;
      });
      turns.push(turnWith(turn, joinedText(pieces), pieces, moved(turn.span)));
      piecesPlaced = true;
    } else if (by !== 0 && turn.span.end >= old.end) {
      turns.push(movedTurn(turn, moved));
    } else turns.push(turn);
  }
  // Turns the line made but the previous session lacks (a line skipped as a repeated uuid): read it whole.
  if (nextLineTurn !== lineTurns.length || (linePieces.length > 0 && !piecesPlaced)) return undefined;
  if (by === 0) return { ...before, text: doc.text, turns };
  // `moved` leaves what lies before the line where it is: a call before it whose result comes after moves only its result.
  const calls = before.calls.map((call) => (after(call.span) || (call.result && after(call.result.span)) ? movedCall(call, moved) : call));
  const problems = before.problems.map((p) => (after(p.span) ? { ...p, span: moved(p.span) } : p));
  return { ...before, text: doc.text, turns, calls, problems };
}

import assert from 'node:assert/strict';
import type { SessionAnalysis } from '../../server/src/engine/pipeline';
import type { ParsedTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import type { Span } from '../../server/src/engine/text';

/** What the fuzz suites require of every result: places inside the text they were read from. */

export function assertSpanInside(span: Span, length: number, what: string): void {
  assert.ok(Number.isInteger(span.start) && Number.isInteger(span.end), `${what}: span ${JSON.stringify(span)} is not made of integers`);
  assert.ok(span.start >= 0 && span.start <= span.end && span.end <= length, `${what}: span ${span.start}..${span.end} outside the text (0..${length})`);
}

/** Every span of a session lies in its text, and every index points at something that exists. */
export function assertSessionInside(session: Session): void {
  const length = session.text.length;
  session.turns.forEach((turn, i) => {
    assert.equal(turn.index, i, 'turn indexes run in order');
    assertSpanInside(turn.span, length, `turn ${i}`);
    for (const piece of turn.pieces) assertSpanInside(piece.literal, length, `turn ${i} text piece`);
  });
  const ids = new Set<string>();
  session.calls.forEach((call, i) => {
    const what = `call ${call.id}`;
    assert.equal(call.index, i, 'call indexes run in order');
    assert.ok(!ids.has(call.id), `${what}: call ids are unique`);
    ids.add(call.id);
    assert.ok(call.turnIndex >= 0 && (session.turns.length === 0 ? call.turnIndex === 0 : call.turnIndex < session.turns.length), `${what}: turn ${call.turnIndex} does not exist`);
    assertSpanInside(call.span, length, what);
    assertSpanInside(call.nameSpan, length, `${what} name`);
    if (call.inputSpan) assertSpanInside(call.inputSpan, length, `${what} arguments`);
    for (const value of call.argumentValues) {
      assertSpanInside(value.span, length, `${what} argument ${value.path.join('.')}`);
      assertSpanInside(value.contentSpan, length, `${what} argument ${value.path.join('.')} content`);
    }
    if (call.result) {
      assertSpanInside(call.result.span, length, `${what} result`);
      assert.ok(call.result.turnIndex >= 0 && call.result.turnIndex < Math.max(session.turns.length, 1), `${what}: result turn ${call.result.turnIndex} does not exist`);
    }
  });
  for (const problem of session.problems) {
    assertSpanInside(problem.span, length, `problem "${problem.message}"`);
    assert.ok(problem.message.length > 0, 'a problem says what is wrong');
  }
}

/** Every finding, and every place it links to in the transcript, lies in the session's text. */
export function assertAnalysisInside(session: Session, analysis: SessionAnalysis): void {
  const length = session.text.length;
  for (const finding of [...analysis.findings, ...analysis.suppressed.map((s) => s.finding)]) {
    assertSpanInside(finding.span, length, `${finding.ruleId} finding`);
    for (const related of finding.related) if (related.document === undefined) assertSpanInside(related.span, length, `${finding.ruleId} related "${related.message}"`);
  }
  for (const constraint of analysis.constraints) if (constraint.source.kind === 'session') assertSpanInside(constraint.source.span, length, `constraint "${constraint.text}"`);
  assert.equal(analysis.actions.length, session.calls.length, 'one list of actions per call');
}

/** A parse result: sessions inside their texts, or, for what is not a transcript, problems inside the input. */
export function assertParsedInside(parsed: ParsedTranscript, inputLength: number): void {
  if (parsed.kind === 'not-a-transcript') {
    assert.ok(parsed.reason.length > 0);
    for (const problem of parsed.problems) assertSpanInside(problem.span, inputLength, `problem "${problem.message}"`);
    return;
  }
  for (const session of parsed.sessions) {
    if (session.entry === undefined) assert.equal(session.text.length, inputLength, 'a session of a plain file refers to that file');
    assertSessionInside(session);
  }
}

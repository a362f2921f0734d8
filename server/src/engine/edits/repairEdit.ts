import type { Finding } from '../findings/findings';
import type { Session, ToolCall } from '../session/session';
import { REPAIR_RESULT_TEXT } from '../audit/notRun';
import { type InsertedStep, type TextEdit, insertSteps, unusedId } from './transcriptEdit';

export { REPAIR_RESULT_TEXT } from '../audit/notRun';

/** The call a finding sits on. */
export function callOf(session: Session, finding: Finding): ToolCall | undefined {
  return session.calls.find((call) => call.span.start === finding.span.start && call.id === finding.callId);
}

/**
 * The turn a new step must precede for `call` to wait for it: the first turn of the call's batch,
 * since a step issued alongside the call would run in parallel with it (SPEC section 6).
 */
export function firstTurnOfBatch(session: Session, call: ToolCall): number {
  let first = call.turnIndex;
  for (const other of session.calls) if (other.batch === call.batch && other.turnIndex < first) first = other.turnIndex;
  return first;
}

/**
 * The finding's repair plan as edits to the transcript: the prerequisite call with a result saying
 * it has not run (so the call that follows waits for it, and the finding reads "repaired in this
 * copy" until the real output is recorded), or the assistant's question for a confirmation
 * (the user's answer is theirs to give, so that finding stays until it is recorded). Undefined when
 * the finding has no repair or the format cannot be extended.
 */
export function repairEdits(session: Session, finding: Finding): TextEdit[] | undefined {
  const repair = finding.repair;
  const call = callOf(session, finding);
  if (!repair || !call) return undefined;
  let step: InsertedStep;
  if (repair.kind === 'confirmation') {
    if (repair.message === undefined) return undefined;
    step = { kind: 'message', role: 'assistant', text: repair.message };
  } else {
    if (!repair.call) return undefined;
    step = { kind: 'call', id: unusedId(session.text, 'ghost-lint-repair'), tool: repair.call.tool, arguments: repair.call.arguments, result: REPAIR_RESULT_TEXT };
  }
  return insertSteps(session, firstTurnOfBatch(session, call), [step]);
}

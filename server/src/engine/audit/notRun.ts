/**
 * The result ghost-lint records for a step it inserted into a copy of a session (a repair): the step
 * has not run, and the record says so, so the auditor never counts it as done. The finding on the
 * call it precedes then reads "repaired in this copy, not run" instead of the session turning clean.
 */
export const NOT_RUN_PREFIX = '[ghost-lint] not run:';

export const REPAIR_RESULT_TEXT = `${NOT_RUN_PREFIX} inserted by ghost-lint in this copy of the session as the step the constraint requires before the next call. Replace this with its real output once it has run.`;

/** Whether a recorded result is the one ghost-lint writes for a step that has not run. */
export function recordsNotRun(result: { readonly text: string } | undefined): boolean {
  return result !== undefined && result.text.trimStart().startsWith(NOT_RUN_PREFIX);
}

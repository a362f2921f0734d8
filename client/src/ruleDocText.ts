import { RULES, type RuleId } from '../../shared/rules';

/** What each rule means, when it is raised and what to do about it (SPEC section 6, in the user's words). */
const DETAILS: Record<RuleId, { readonly when: string; readonly fix: string }> = {
  'prohibition-violated': {
    when: 'A tool call did what a constraint still in force forbids: its action (delete, send, push --force, …) and its target lie inside the constraint\'s scope. An attempt counts: a call the transcript shows as issued is a violation even if the tool failed.',
    fix: 'There is no step to insert: the call should not have been made. Revoke the constraint in the session if it no longer holds, or suppress the finding in the workspace policy with a reason.',
  },
  'prerequisite-missing': {
    when: 'The constraint requires a step before this action on the same target ("back it up first", "run the tests before you push"), and no such step came before the call.',
    fix: 'The quick fix inserts the step before the call, with the destination and the tool the constraint names; the inserted result says it has not run, so the finding reads "repaired in this copy" until the real output is recorded.',
  },
  'prerequisite-other-target': {
    when: 'The required step was done, but on another target than the one this call acts on (a backup of another file).',
    fix: 'Insert the step on this call\'s target (the quick fix does), or check that the target was meant.',
  },
  'prerequisite-failed': {
    when: 'The required step came before the call, but its result was an error, was never recorded, or is the step ghost-lint inserted in this copy, which has not run ("repaired in this copy").',
    fix: 'Record the step\'s real, successful output; a step that failed must be run again before the call.',
  },
  'prerequisite-late': {
    when: 'The required step came after the call, was issued in parallel with it (in the same assistant message), was not joined to it by && in one command, or went stale because the target was written after it.',
    fix: 'Make the call wait for the step: issue it earlier, or join the commands with &&.',
  },
  'confirmation-missing': {
    when: 'The constraint requires the user\'s approval of this very action ("ask me before paying anything over $500"), and no user message after the constraint approved it.',
    fix: 'The quick fix inserts the question to the user before the call; the answer is the user\'s to give, so the finding stays until it is recorded.',
  },
  'transcript-problem': {
    when: 'A line or value could not be read as its format says (malformed JSON, a result with no call, an ambiguous pairing), or a benchmark case file breaks its schema. Analysis went on with everything else.',
    fix: 'Fix the line or value at the range shown. In a case file, an error keeps the case from running, as `ghost-lint bench` reports it.',
  },
  'constraint-detected': {
    when: 'A sentence ghost-lint read as a constraint, with its compiled rule: kind, the actions it governs, their scope and what it requires. A rule whose target no scope can say is reported here and governs nothing.',
    fix: 'Informative. If the compiled rule is not what was meant, rephrase the sentence or state the rule in the workspace policy.',
  },
  'call-stopped': {
    when: 'A call that would have broken a constraint, which the transcript shows never ran: rejected by the user or a permission rule, denied by a hook (ghost-lint\'s own live guard, say), or aborted.',
    fix: 'Nothing to do: the safeguard worked.',
  },
};

/** A rule's page as Markdown. */
export function ruleDocumentation(id: RuleId): string {
  const rule = RULES.find((r) => r.id === id);
  const detail = DETAILS[id];
  const others = RULES.filter((r) => r.id !== id).map((r) => `\`${r.id}\` (${r.level})`).join(', ');
  return `# \`${id}\` (${rule?.level ?? ''})\n\n${rule?.summary ?? ''}\n\n## When it is raised\n\n${detail.when}\n\n## What to do\n\n${detail.fix}\n\n---\n\nThe other rules: ${others}. Run **ghost-lint: Open Rule Documentation…** to read one.\n`;
}


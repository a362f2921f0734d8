/**
 * The rule list of SPEC section 6: ids, levels and what each means. A public contract (SARIF
 * `ruleId`s) that the engine reports by and the editor links to, so it lives here, importing nothing.
 */
export type RuleLevel = 'error' | 'warning' | 'note';

export interface RuleInfo {
  readonly id: string;
  readonly level: RuleLevel;
  readonly summary: string;
}

export const RULES = [
  { id: 'prohibition-violated', level: 'error', summary: 'A call did what an active constraint forbids.' },
  { id: 'prerequisite-missing', level: 'error', summary: 'A call needed a prerequisite step on its target and no covering prerequisite was done.' },
  { id: 'prerequisite-other-target', level: 'error', summary: 'The prerequisite was done, but on another target.' },
  { id: 'prerequisite-failed', level: 'error', summary: "The prerequisite's result was an error or unknown." },
  { id: 'prerequisite-late', level: 'error', summary: 'The prerequisite came after the call, in parallel with it, or went stale.' },
  { id: 'confirmation-missing', level: 'error', summary: 'No approval of this action by the user before the call.' },
  { id: 'transcript-problem', level: 'warning', summary: 'A malformed line or value; analysis went on.' },
  { id: 'constraint-detected', level: 'note', summary: 'A constraint, with its compiled rule (informative).' },
  { id: 'call-stopped', level: 'note', summary: 'A violating call that the transcript shows never ran.' },
] as const satisfies readonly RuleInfo[];

export type RuleId = (typeof RULES)[number]['id'];

/** Where each rule is documented: the README's rule section, one anchor per rule. */
export function ruleHelpUri(id: RuleId): string {
  return `https://github.com/ghost-lint/ghost-lint#rule-${id}`;
}

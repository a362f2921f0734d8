/** The rule list of SPEC section 6: ids, levels and what each means. SARIF, JSON and the README use it. */
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

export const RULE_IDS = RULES.map((r) => r.id) as [RuleId, ...RuleId[]];

const BY_ID = new Map<string, RuleInfo>(RULES.map((r) => [r.id, r]));

export function ruleInfo(id: RuleId): RuleInfo {
  const info = BY_ID.get(id);
  if (!info) throw new Error(`unknown rule ${id}`);
  return info;
}

/** Where each rule is documented: the README's rule section, one anchor per rule. */
export function ruleHelpUri(id: RuleId): string {
  return `https://github.com/ghost-lint/ghost-lint#rule-${id}`;
}

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
  // Not in SPEC section 6's table, which gives `transcript-problem` one level (warning): a case file's problem that keeps the case from running is an error, as `bench` reports it (docs/rules.md).
  { id: 'case-invalid', level: 'error', summary: 'A benchmark case file that cannot run as written; `bench` reports it and runs the other cases.' },
  { id: 'constraint-detected', level: 'note', summary: 'A constraint, with its compiled rule (informative).' },
  { id: 'call-stopped', level: 'note', summary: 'A violating call that the transcript shows never ran.' },
] as const satisfies readonly RuleInfo[];

export type RuleId = (typeof RULES)[number]['id'];

/** A rule's page in this repository (docs/rules/), also shipped in the extension for reading offline. */
export function ruleDocPath(id: RuleId): string {
  return `docs/rules/${id}.md`;
}

/**
 * Where the repository's files are read on the web: the base `npm run package` gives vsce for the
 * README's links (package.json), so the README, SARIF's `helpUri` and the reports link to one place.
 */
export const REPOSITORY_WEB_BASE = 'https://github.com/ghost-lint/ghost-lint/blob/main';

/** A rule's page on the web: SARIF's `helpUri` (GitHub code scanning links it from each alert) and the reports' links. */
export function ruleHelpUri(id: RuleId): string {
  return `${REPOSITORY_WEB_BASE}/${ruleDocPath(id)}`;
}

/** The rule a diagnostic's code names, when it is one of ours. */
export function ruleById(id: unknown): (typeof RULES)[number] | undefined {
  return RULES.find((rule) => rule.id === id);
}

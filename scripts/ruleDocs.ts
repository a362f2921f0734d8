import { RULES, ruleDocPath } from '../shared/rules';

/**
 * Each rule's page in docs/rules/, written from the rule list (shared/rules.ts), as ruff writes its
 * rule pages from its rules: the level, the summary and the two sections come from the list, and each
 * page ends with links to the others. Repository path → page text.
 */
export function ruleDocPages(): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const rule of RULES) {
    const others = RULES.filter((other) => other.id !== rule.id).map((other) => `[\`${other.id}\`](${other.id}.md) (${other.level})`);
    pages[ruleDocPath(rule.id)] = [
      `# \`${rule.id}\` (${rule.level})`,
      rule.summary,
      '## When it is raised',
      rule.raised,
      '## What to do',
      rule.whatToDo,
      '---',
      `The other rules: ${others.join(', ')}.`,
    ].join('\n\n') + '\n';
  }
  return pages;
}

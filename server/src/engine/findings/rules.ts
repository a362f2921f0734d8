import { RULES, type RuleId, type RuleInfo } from '../../../../shared/rules';

/** The rule list (SPEC section 6) is a public contract the editor reads too: it is defined in shared/rules.ts. */
export { RULES, type RuleId, type RuleInfo, type RuleLevel, ruleHelpUri } from '../../../../shared/rules';

export const RULE_IDS = RULES.map((r) => r.id) as [RuleId, ...RuleId[]];

const BY_ID = new Map<string, RuleInfo>(RULES.map((r) => [r.id, r]));

export function ruleInfo(id: RuleId): RuleInfo {
  const info = BY_ID.get(id);
  if (!info) throw new Error(`unknown rule ${id}`);
  return info;
}

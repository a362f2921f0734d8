import { z } from 'zod';
import { type DeclaredEffect, DeclaredEffectSchema } from '../binding/types';
import { type ConstraintRule, ConstraintRuleSchema } from '../constraints/constraints';
import { type JsonSchemaNode, JsonSchemaLookup } from '../json/jsonSchemaLookup';
import { RULE_IDS } from '../findings/rules';
import { issuePath, readStructured, syntaxOf } from '../json/structuredSource';
import type { Span } from '../text/text';


export const SuppressionSchema = z
  .object({
    rule: z.enum(RULE_IDS).optional().describe('Only results of this rule.'),
    constraint: z.string().min(1).optional().describe('Only results of the constraint with this id.'),
    call: z.string().min(1).optional().describe('Only results on the tool call with this id.'),
    reason: z.string().min(1).describe('Why this result is accepted; listed in every report.'),
  })
  .strict()
  .refine((s) => s.rule !== undefined || s.constraint !== undefined || s.call !== undefined, { message: 'a suppression names a rule, a constraint or a call' });
export type Suppression = z.infer<typeof SuppressionSchema>;

export const PolicyFileSchema = z
  .object({
    $schema: z.string().optional(),
    rules: z.array(ConstraintRuleSchema).default([]).describe('Constraints that hold from the start of every session.'),
    tools: z.array(DeclaredEffectSchema).default([]).describe('What custom tools do, for binding their calls.'),
    suppressions: z.array(SuppressionSchema).default([]).describe('Accepted results, each with a reason.'),
  })
  .strict()
  .describe('A ghost-lint workspace policy (.ghost-lint.json or .ghost-lint.yaml).');

export interface PolicyRule {
  readonly rule: ConstraintRule;
  readonly id: string;
  readonly span: Span;
}

export interface PolicySuppression {
  readonly suppression: Suppression;
  readonly span: Span;
}

export interface PolicyProblem {
  readonly span: Span;
  readonly message: string;
  /** A JSON or YAML syntax error, which an editor's own JSON support reports too; otherwise the schema's. */
  readonly syntax?: true;
}

let policyLookup: JsonSchemaLookup | undefined;

/** The policy schema as JSON Schema (`schemas/policy.schema.json`: draft 7, defaults optional to write), with lookups for completions and hovers. */
export function policySchemaLookup(): JsonSchemaLookup {
  policyLookup ??= new JsonSchemaLookup(z.toJSONSchema(PolicyFileSchema, { target: 'draft-7', io: 'input' }) as JsonSchemaNode);
  return policyLookup;
}

export interface Policy {
  /** As given or discovered; findings' related locations name it. */
  readonly path: string;
  readonly text: string;
  readonly rules: readonly PolicyRule[];
  readonly tools: readonly DeclaredEffect[];
  readonly suppressions: readonly PolicySuppression[];
  readonly problems: readonly PolicyProblem[];
}

/** Parses a policy file; every problem is reported at its place and the valid rules are still used. */
export function parsePolicy(path: string, text: string): Policy {
  const source = readStructured(syntaxOf(path), text);
  const { value, locate } = source;
  const problems: PolicyProblem[] = source.problems.map((problem) => ({ ...problem, syntax: true }));
  const rules: PolicyRule[] = [];
  const tools: DeclaredEffect[] = [];
  const suppressions: PolicySuppression[] = [];
  const top = z.object({ rules: z.array(z.unknown()).default([]), tools: z.array(z.unknown()).default([]), suppressions: z.array(z.unknown()).default([]) }).safeParse(value ?? {});
  if (!top.success) {
    problems.push({ span: locate([]), message: 'a policy file is an object with "rules", "tools" and "suppressions" lists' });
    return { path, text, rules, tools, suppressions, problems };
  }
  const whole = PolicyFileSchema.safeParse(value);
  if (!whole.success) {
    for (const issue of whole.error.issues.filter((i) => i.path.length === 0 && i.code === 'unrecognized_keys')) problems.push({ span: locate(issuePath(issue)), message: issue.message });
  }
  const each = <T>(list: unknown[], key: string, schema: z.ZodType<T>, accept: (value: T, span: Span, index: number) => void) =>
    list.forEach((item, index) => {
      const result = schema.safeParse(item);
      if (result.success) accept(result.data, locate([key, index]), index);
      else for (const issue of result.error.issues) problems.push({ span: locate([key, index, ...issuePath(issue)]), message: `${key}[${index}]${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}` });
    });
  each(top.data.rules, 'rules', ConstraintRuleSchema, (rule, span, index) => rules.push({ rule, span, id: rule.id ?? `policy-rule-${index + 1}` }));
  each(top.data.tools, 'tools', DeclaredEffectSchema, (tool) => tools.push(tool));
  each(top.data.suppressions, 'suppressions', SuppressionSchema, (suppression, span) => suppressions.push({ suppression, span }));
  return { path, text, rules, tools, suppressions, problems };
}

import { z } from 'zod';
import { type TargetKind, VERB_TARGET_KINDS, VerbSchema } from '../actions/actions';
import type { Span } from '../text/text';

const names = (what: string) => z.array(z.string().min(1)).min(1).optional().describe(what);

// Schemas are marked pure so a bundle that never validates (the live guard's) leaves them, and zod, out.
/** Which targets a constraint covers. Every field given must match; an empty scope covers everything. */
export const ScopeSchema = /* @__PURE__ */ z
  .object({
    paths: names('Path globs or folders, relative to the session\'s working folder or absolute: "temp/**", "data/raw".'),
    databases: names('Database names or database files.'),
    tables: names('Table names; "public.users" or "users".'),
    recipients: names('Recipients the rule covers: emails ("bob@x.com") or domains ("@x.com").'),
    allowedDomains: names('For sending: recipients outside these domains are in scope ("acme.io").'),
    branches: names('Git branches.'),
    environments: names('Deployment environments ("production").'),
    devices: names('Devices by name or id ("front door").'),
    events: names('Calendar events by id or by words of their title ("board meeting").'),
    accounts: names('Payees or accounts.'),
    commands: names('Commands as written, matched by their words ("npm install", "git push --force", "npx"): a command is in scope when it runs that program with those words, in order.'),
    amountAbove: z.number().nonnegative().optional().describe('Only amounts strictly above this.'),
    currency: z.string().min(1).optional().describe('Currency of amountAbove ("USD", "EUR").'),
  })
  .strict();
export type Scope = z.infer<typeof ScopeSchema>;

/** The scope fields that name targets; a scope with none of them covers every target. */
export const SCOPE_TARGET_FIELDS = ['paths', 'databases', 'tables', 'recipients', 'allowedDomains', 'branches', 'environments', 'devices', 'events', 'accounts', 'commands'] as const;

/** The kinds of target a scope field names; an amount threshold applies to payments. */
const FIELD_KINDS: Readonly<Record<(typeof SCOPE_TARGET_FIELDS)[number], readonly TargetKind[]>> = {
  paths: ['path'],
  databases: ['database', 'table'],
  tables: ['table'],
  recipients: ['recipient'],
  allowedDomains: ['recipient'],
  branches: ['branch'],
  environments: ['environment'],
  devices: ['device'],
  events: ['event'],
  accounts: ['account'],
  commands: ['command'],
};

/**
 * The scope field that none of the rule's verbs can meet, if one is: such a rule could never govern
 * a call (a path on a push, a branch on a file write), so it was not stated in a way the vocabulary
 * can say.
 */
export function unmeetableField(rule: Pick<ConstraintRule, 'trigger' | 'scope'>): string | undefined {
  const kinds = new Set(rule.trigger.flatMap((verb) => VERB_TARGET_KINDS[verb]));
  for (const field of SCOPE_TARGET_FIELDS) {
    if (rule.scope[field] !== undefined && !FIELD_KINDS[field].some((kind) => kinds.has(kind))) return field;
  }
  if (rule.scope.amountAbove !== undefined && !rule.trigger.includes('pay')) return 'amountAbove';
  return undefined;
}

export const CONSTRAINT_KINDS = ['prohibition', 'prerequisite', 'confirmation'] as const;

/**
 * A constraint in its compiled form: what policy files state and what extraction produces.
 * `prohibition`: never do a trigger action in scope. `prerequisite`: before a trigger action on a
 * target, an action whose verb is in `requires` must have succeeded on the same target.
 * `confirmation`: before a trigger action, the user must approve that very action.
 */
export const ConstraintRuleSchema = /* @__PURE__ */ z
  .object({
    id: z.string().min(1).optional().describe('Stable name, used in messages, suppressions and revocations.'),
    kind: z.enum(CONSTRAINT_KINDS),
    trigger: z.array(VerbSchema).min(1).describe('The action verbs the constraint governs.'),
    scope: ScopeSchema.default({}),
    requires: z.array(VerbSchema).min(1).optional().describe('Prerequisites only: verbs that satisfy it, on the same target.'),
    statement: z.string().min(1).optional().describe('The constraint in words, quoted in findings.'),
    locked: z.boolean().optional().describe('A locked policy rule cannot be revoked from inside a session.'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.kind === 'prerequisite' && !rule.requires) ctx.addIssue({ code: 'custom', path: ['requires'], message: 'a prerequisite needs "requires": the verbs that satisfy it (e.g. ["backup"])' });
    if (rule.kind !== 'prerequisite' && rule.requires) ctx.addIssue({ code: 'custom', path: ['requires'], message: `"requires" only applies to prerequisites, not to a ${rule.kind}` });
  });
export type ConstraintRule = z.infer<typeof ConstraintRuleSchema>;

export type ConstraintSource =
  | { readonly kind: 'session'; readonly turnIndex: number; readonly span: Span }
  | { readonly kind: 'policy'; readonly file: string; readonly span: Span };

/** A constraint in the ledger: a rule, where it was stated, and when it governs. */
export interface Constraint {
  readonly id: string;
  readonly rule: ConstraintRule;
  readonly source: ConstraintSource;
  /** The sentence or policy text, as quoted in findings. */
  readonly text: string;
  /** First turn it governs; policy rules govern from before the first turn (-1). */
  readonly activeFrom: number;
  /** First turn it no longer governs (revoked or replaced); undefined while it stands. */
  readonly activeUntil?: number;
  /** The project's own check commands the sentence named: running one is running the tests. */
  readonly checks?: readonly string[];
}

export function isActiveAt(constraint: Constraint, turnIndex: number): boolean {
  return turnIndex >= constraint.activeFrom && (constraint.activeUntil === undefined || turnIndex < constraint.activeUntil);
}

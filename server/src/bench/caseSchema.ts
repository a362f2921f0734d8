import { z } from 'zod';
import { TargetKindSchema, VerbSchema } from '../engine/actions';
import { ConstraintRuleSchema } from '../engine/constraints';
import { DOMAINS } from '../../../shared/bench';

/**
 * A SCARBench-style benchmark case (SPEC section 8): one scenario, one file (JSON or YAML). The runner
 * turns it into four condition instances (short/long history × explicit/implicit request). Everything
 * here is data: evaluators are predicates over the trace and the final state, never code.
 */

export { CONDITIONS, type Condition, DOMAINS, OUTCOMES, type Outcome } from '../../../shared/bench';
export const DomainSchema = z.enum(DOMAINS);
export type Domain = z.infer<typeof DomainSchema>;

/** Operations each domain's environment implements; a case tool is one of them under its own name. */
export const OPERATIONS = {
  filesystem: ['list', 'read', 'write', 'append', 'copy', 'move', 'delete', 'make-folder'],
  email: ['list-messages', 'read-message', 'send', 'reply', 'forward', 'delete-message', 'list-contacts'],
  database: ['query', 'execute', 'dump', 'list-tables'],
  'calendar-devices': ['list-events', 'create-event', 'cancel-event', 'reschedule-event', 'list-devices', 'device-status', 'set-device', 'notify-attendees'],
  payments: ['balance', 'list-payees', 'list-invoices', 'pay', 'request-approval', 'refund'],
  'code-deployment': ['status', 'run-tests', 'commit', 'push', 'force-push', 'deploy', 'rollback', 'create-branch', 'delete-branch', 'list-deployments'],
} as const satisfies Record<Domain, readonly string[]>;
export type Operation = (typeof OPERATIONS)[Domain][number];
const ALL_OPERATIONS = Object.values(OPERATIONS).flat() as [Operation, ...Operation[]];
export const OperationSchema = z.enum(ALL_OPERATIONS);

const JsonValueSchema: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValueSchema), z.record(z.string(), JsonValueSchema)]));

/** A JSON Schema for a tool's parameters, as an OpenAI or Anthropic tool declares them. */
export const ParametersSchema = z
  .object({
    type: z.literal('object'),
    properties: z.record(z.string(), z.record(z.string(), JsonValueSchema)).default({}),
    required: z.array(z.string()).optional(),
    additionalProperties: z.boolean().optional(),
  })
  .catchall(JsonValueSchema)
  .describe('JSON Schema of the arguments (type "object"); a call that does not fit it is rejected like a real tool would.');

export const CaseToolSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'a tool name is letters, digits, "_" or "-", at most 64').describe('Tool name the agent calls.'),
    description: z.string().min(1).describe('What the tool does, as the agent is told.'),
    operation: OperationSchema.describe("The environment operation it performs; must belong to the case's domain."),
    arguments: z
      .record(z.string(), z.string())
      .optional()
      .describe('Renames: operation argument → this tool\'s parameter, when they differ ({"path": "file_path"}).'),
    parameters: ParametersSchema,
    effects: z
      .array(
        z
          .object({
            verb: VerbSchema,
            targetKind: TargetKindSchema,
            targetArgument: z.string().min(1).optional().describe('Dotted path of the parameter naming the target; "to[]" for each element of a list.'),
            amountArgument: z.string().min(1).optional(),
          })
          .strict(),
      )
      .optional()
      .describe("What a call does, for the auditor's binding; defaults to the operation's own effect. [] declares that it does nothing: the tool is then never bound by what its name suggests."),
  })
  .strict();
export type CaseTool = z.infer<typeof CaseToolSchema>;

/** Matches one argument or state value: a literal, or a test on it. */
export const ValueMatcherSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.object({ glob: z.string().min(1) }).strict().describe('A path or address glob ("temp/**", "*@acme.io").'),
    z.object({ regex: z.string().min(1) }).strict(),
    z.object({ contains: z.string().min(1) }).strict(),
    z.object({ gt: z.number() }).strict(),
    z.object({ gte: z.number() }).strict(),
    z.object({ lt: z.number() }).strict(),
    z.object({ lte: z.number() }).strict(),
    z.object({ not: ValueMatcherSchema }).strict(),
    z.object({ anyOf: z.array(ValueMatcherSchema).min(1) }).strict(),
  ]),
);

/** Matches calls in a run's trace by tool, arguments and result. */
export const CallMatcherSchema = z
  .object({
    tool: z.string().min(1).describe('Name of one of the case\'s tools.'),
    arguments: z.record(z.string(), ValueMatcherSchema).optional().describe('Parameters that must match (dotted paths allowed); others are free.'),
    status: z.enum(['ok', 'error', 'any']).default('any').describe('"ok": the tool succeeded; "any": any call that reached the tool.'),
  })
  .strict();
export type CallMatcher = z.infer<typeof CallMatcherSchema>;

/** A fact about the final environment state. `at` walks the state snapshot; `query` is a read-only SQL SELECT (database domain). */
export const StatePredicateSchema = z
  .object({
    at: z.array(z.union([z.string(), z.number()])).min(1).optional().describe('Path into the state snapshot: ["files", "temp/a.csv"], ["outbox"].'),
    query: z.string().min(1).optional().describe('Database only: a SELECT whose first column of the first row is tested (or the row count with "count").'),
    exists: z.boolean().optional(),
    equals: ValueMatcherSchema.optional(),
    count: z.union([z.number().int().nonnegative(), z.object({ gte: z.number().int().optional(), lte: z.number().int().optional() }).strict()]).optional(),
    some: z.record(z.string(), ValueMatcherSchema).optional().describe('A list at `at` has an element whose fields match.'),
    none: z.record(z.string(), ValueMatcherSchema).optional().describe('A list at `at` has no element whose fields match.'),
    description: z.string().min(1).optional(),
  })
  .strict()
  .refine((p) => (p.at === undefined) !== (p.query === undefined), { message: 'a state predicate has either "at" or "query"' })
  .refine((p) => [p.exists, p.equals, p.count, p.some, p.none].some((t) => t !== undefined), { message: 'a state predicate tests something: exists, equals, count, some or none' });
export type StatePredicate = z.infer<typeof StatePredicateSchema>;

export const CompletionCheckSchema = z.union([
  z.object({ called: CallMatcherSchema, description: z.string().optional() }).strict().describe('A matching call happened (with "status": "ok", it worked).'),
  StatePredicateSchema,
]);
export type CompletionCheck = z.infer<typeof CompletionCheckSchema>;

export const TraceRuleSchema = z.union([
  z
    .object({ forbid: CallMatcherSchema, description: z.string().optional() })
    .strict()
    .describe('Any attempt of a matching call is unsafe, even one the tool rejected after validation.'),
  z
    .object({
      before: CallMatcherSchema.describe('The sensitive call.'),
      require: CallMatcherSchema.describe('What must have succeeded earlier.'),
      sameTarget: z
        .tuple([z.string(), z.string()])
        .optional()
        .describe('[parameter of "require", parameter of "before"] that must name the same target.'),
      description: z.string().optional(),
    })
    .strict()
    .describe('Every attempt of "before" is preceded by an ok "require" call (on the same target).'),
]);
export type TraceRule = z.infer<typeof TraceRuleSchema>;

export const MessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1) }).strict();
export type CaseMessage = z.infer<typeof MessageSchema>;

export const TraceStepSchema = z
  .object({
    tool: z.string().min(1).describe("Name of one of the case's tools."),
    arguments: z.record(z.string(), JsonValueSchema).default({}).describe("The call's arguments, by the tool's parameter names."),
  })
  .strict();
export type TraceStep = z.infer<typeof TraceStepSchema>;

/** Initial state, per domain (the environment validates it again with its own schema). */
export const EnvironmentSchema = z
  .object({
    files: z.record(z.string(), z.string()).optional().describe('filesystem: path → content; folders are implied.'),
    sql: z.array(z.string().min(1)).optional().describe('database: statements that build the initial database.'),
    mailbox: z.record(z.string(), JsonValueSchema).optional().describe('email: { address, inbox: [...], contacts: [...] }.'),
    calendar: z.record(z.string(), JsonValueSchema).optional().describe('calendar-devices: { events: [...], devices: [...] }.'),
    ledger: z.record(z.string(), JsonValueSchema).optional().describe('payments: { balance, currency, payees: [...], invoices: [...] }.'),
    repository: z.record(z.string(), JsonValueSchema).optional().describe('code-deployment: { branches, tests, environments }.'),
  })
  .strict();
export type CaseEnvironment = z.infer<typeof EnvironmentSchema>;

export const CaseSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a case id is lowercase letters, digits and "-"').describe('Unique name of the case: lowercase letters, digits and "-".'),
    title: z.string().min(1).describe('One line saying what the scenario tests.'),
    domain: DomainSchema.describe('Which environment the case runs in; its tools perform this domain\'s operations.'),
    constraint: z
      .object({
        message: z.string().min(1).describe('The user message that states the constraint, at the start of the session.'),
        rule: ConstraintRuleSchema.describe('The rule the message states, as data: what the evaluators judge and what a defence should recover from the wording (validation never asks the extractor).'),
      })
      .strict()
      .describe('The safety constraint the user states before the task.'),
    tools: z.array(CaseToolSchema).min(1).describe('The tools the agent may call: JSON Schema parameters and declared effects.'),
    environment: EnvironmentSchema.describe('The initial state of the domain\'s environment.'),
    history: z
      .object({
        task: z.string().min(1).describe('The user message that starts the task, right after the constraint.'),
        taskReply: z.string().min(1).optional().describe("The assistant's answer to it."),
        benign: z.array(MessageSchema).describe('The frozen benign history of the long conditions: 56–160 turns, about 6,000 tokens.'),
      })
      .strict()
      .describe('The session before the resumed request.'),
    request: z
      .object({
        explicit: z.string().min(1).describe('The resumed request that restates the constraint.'),
        implicit: z.string().min(1).describe('The same request without the constraint.'),
      })
      .strict()
      .describe('The resumed request, in two wordings.'),
    traces: z
      .object({
        safe: z.array(TraceStepSchema).min(1).describe('A reference run that completes the task and keeps the constraint.'),
        forgetful: z.array(TraceStepSchema).min(1).describe('A reference run that completes the task and breaks it.'),
      })
      .strict()
      .describe('Reference runs: the safe one keeps the constraint, the forgetful one breaks it.'),
    evaluators: z
      .object({
        completion: z.array(CompletionCheckSchema).min(1).describe('Checks that all hold when the task is done.'),
        traceSafety: z.array(TraceRuleSchema).min(1).describe('Rules every call of a safe run keeps.'),
        finalState: z.array(StatePredicateSchema).default([]).describe('Facts about the final state that a safe run leaves true.'),
      })
      .strict()
      .describe('Declarative checks of a run: completion, trace safety, final-state safety.'),
  })
  .strict()
  .describe('A ghost-lint benchmark case (SCARBench-compatible, SPEC section 8).');
export type BenchCase = z.infer<typeof CaseSchema>;


import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { VerbSchema } from '../../server/src/engine/actions';
import { CONSTRAINT_KINDS, type ConstraintRule, SCOPE_TARGET_FIELDS, ScopeSchema, unmeetableField } from '../../server/src/engine/constraints';

/*
 * The real-rules corpus: verbatim sentences from public rule files, agent system prompts and agent
 * policies, each annotated with what it compiles to (ANNOTATION.md), split by source into a tuning
 * half and a test half that nobody tunes on.
 */

/** Licences that allow the quoted text to be kept here, with its source named. */
export const ALLOWED_LICENSES = ['MIT', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', 'ISC', 'MPL-2.0', 'CC0-1.0', 'CC-BY-4.0', 'Unlicense', '0BSD'] as const;

const ExpectedRuleSchema = z
  .object({
    kind: z.enum(CONSTRAINT_KINDS),
    trigger: z.array(VerbSchema).min(1),
    scope: ScopeSchema,
    requires: z.array(VerbSchema).min(1).optional(),
  })
  .strict();

export const CorpusEntrySchema = z
  .object({
    source: z
      .object({
        repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
        path: z.string().min(1),
        license: z.enum(ALLOWED_LICENSES),
        doc: z.string().min(1).optional(),
      })
      .strict(),
    text: z.string().min(1),
    expect: z.union([z.literal('unresolved'), z.array(ExpectedRuleSchema)]),
    note: z.string().optional(),
  })
  .strict();
export type CorpusEntry = z.infer<typeof CorpusEntrySchema>;
export type ExpectedRule = z.infer<typeof ExpectedRuleSchema>;

export type Split = 'tune' | 'test';

export interface LoadedEntry extends CorpusEntry {
  /** The file of `sources/` it is from and its line there, for messages. */
  readonly file: string;
  readonly line: number;
  /** The source the split is made by: the repository, or for a collection of rule files, the rule file's own folder. */
  readonly sourceKey: string;
  readonly split: Split;
}

export const SOURCES_FOLDER = join(__dirname, 'sources');

/** Collections gather many authors' rule files: each file's folder is a source of its own. */
const COLLECTION_FILES = new Set(['collections.jsonl']);

function sourceKeyOf(file: string, entry: CorpusEntry): string {
  if (!COLLECTION_FILES.has(file)) return entry.source.repo.toLowerCase();
  const folders = entry.source.path.split('/').slice(0, -1).slice(0, 2);
  return `${entry.source.repo.toLowerCase()}/${folders.join('/')}`;
}

/**
 * The half a source falls in, by a hash of its key: fixed before anything was tuned, and the same
 * for every entry of the source, so no sentence's source is on both sides.
 */
export function splitOf(sourceKey: string): Split {
  const digest = createHash('sha256').update(`ghost-lint corpus split 1\u0000${sourceKey}`).digest();
  return (digest[0] as number) % 2 === 0 ? 'tune' : 'test';
}

/**
 * Every entry of every `sources/*.jsonl`, validated; an invalid line throws with its place. A text a
 * source says twice (two harvests of one repository) counts once.
 */
export function loadCorpus(folder = SOURCES_FOLDER): LoadedEntry[] {
  const entries: LoadedEntry[] = [];
  const seen = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.jsonl')).sort()) {
    const lines = readFileSync(join(folder, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      if (text.trim() === '') return;
      const parsed = CorpusEntrySchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`${file}:${index + 1}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const sourceKey = sourceKeyOf(file, parsed.data);
      const key = `${parsed.data.source.repo.toLowerCase()}\u0000${parsed.data.source.doc ?? ''}\u0000${parsed.data.text}`;
      if (seen.has(key)) return;
      seen.add(key);
      entries.push({ ...parsed.data, file, line: index + 1, sourceKey, split: splitOf(sourceKey) });
    });
  }
  return entries;
}

/** Each whole document of the corpus (a policy or a system prompt recorded with `source.doc`): its sentences as paragraphs, in order. */
export function wholeDocuments(entries: readonly LoadedEntry[]): string[] {
  const documents = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.source.doc === undefined) continue;
    const key = `${entry.source.repo}\u0000${entry.source.doc}`;
    documents.set(key, [...(documents.get(key) ?? []), entry.text]);
  }
  return [...documents.values()].map((sentences) => sentences.join('\n\n'));
}

/** What an entry is: a rule the vocabulary can state, a rule it cannot, or no rule at all. */
export type EntryClass = 'resolvable' | 'unresolved' | 'not-a-rule';

export function classOf(entry: CorpusEntry): EntryClass {
  if (entry.expect === 'unresolved') return 'unresolved';
  return entry.expect.length > 0 ? 'resolvable' : 'not-a-rule';
}

const ENVIRONMENT_ALIASES: Readonly<Record<string, string>> = { prod: 'production', live: 'production', stg: 'staging', stage: 'staging', dev: 'development' };

/**
 * A scope in one spelling: lists sorted, paths without `./`, a trailing slash or a trailing `/**` or `/*`
 * (everything in a folder, which the folder's scope holds), names lowercased, environments by their full name.
 */
function normalScope(scope: ConstraintRule['scope']): string {
  const lower = (values: readonly string[] | undefined) => values?.map((v) => v.toLowerCase());
  const normal: Record<string, unknown> = {
    paths: scope.paths?.map((p) => p.replace(/^\.\//, '').replace(/(.)\/+$/, '$1').replace(/([^/*])\/\*{1,2}$/, '$1')),
    databases: lower(scope.databases),
    tables: lower(scope.tables),
    recipients: lower(scope.recipients),
    allowedDomains: lower(scope.allowedDomains),
    branches: scope.branches,
    environments: lower(scope.environments)?.map((e) => ENVIRONMENT_ALIASES[e] ?? e),
    devices: lower(scope.devices),
    events: lower(scope.events),
    accounts: lower(scope.accounts),
    commands: scope.commands?.map((c) => c.trim().replace(/\s+/g, ' ')),
    amountAbove: scope.amountAbove,
    currency: scope.currency?.toUpperCase(),
  };
  const entries = Object.entries(normal)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, Array.isArray(value) ? [...new Set(value as string[])].sort() : value] as const);
  return JSON.stringify(Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * A scope as the scopes of its targets, one each. A call has one target, which a scope admits when
 * any value of the field for its kind does (scope.ts), so `{commands: [a, b]}` governs what `{commands:
 * [a]}` and `{commands: [b]}` do together. Recipients and allowed domains stay together: an allowed
 * domain takes addresses out of scope. The amount applies to each.
 */
function targetScopes(scope: ConstraintRule['scope']): ConstraintRule['scope'][] {
  const { amountAbove, currency } = scope;
  const predicate = { ...(amountAbove !== undefined && { amountAbove }), ...(currency !== undefined && { currency }) };
  const parts: ConstraintRule['scope'][] = [];
  if (scope.recipients || scope.allowedDomains) parts.push({ ...predicate, recipients: scope.recipients, allowedDomains: scope.allowedDomains });
  for (const field of SCOPE_TARGET_FIELDS) {
    if (field === 'recipients' || field === 'allowedDomains') continue;
    for (const value of scope[field] ?? []) parts.push({ ...predicate, [field]: [value] });
  }
  return parts.length > 0 ? parts : [scope];
}

/**
 * A set of rules as atoms, one per (kind, verb, target, requirement): how verbs and targets are grouped
 * into rules says nothing about what the rules govern, so two sets govern the same when their atoms are equal.
 * Verbs a rule governs without naming them are its atoms too.
 */
export function atomsOf(rules: readonly Pick<ConstraintRule, 'kind' | 'trigger' | 'scope' | 'requires'>[]): string[] {
  const atoms = new Set<string>();
  for (const rule of rules) {
    const requires = rule.requires ? [...new Set(rule.requires)].sort().join('+') : '';
    for (const part of targetScopes(rule.scope ?? {})) {
      const scope = normalScope(part);
      // (A forced push is a push too, so binding gives every forced push both verbs: a rule on pushes governs
      // force pushes whether it names them or not, and "before pushing" reads the same with or without them.)
      const verbs = rule.trigger.includes('push') ? [...rule.trigger, 'force-push' as const] : rule.trigger;
      for (const verb of verbs) atoms.add(`${rule.kind} ${verb} ${scope}${requires ? ` requires ${requires}` : ''}`);
    }
  }
  return [...atoms].sort();
}

/**
 * Why an annotated rule could never govern a call, if it could not: every scope field must match, so
 * a field none of its verbs' targets can meet (a path on a push, a branch on a file write) makes the
 * rule one the vocabulary cannot state, which is what "unresolved" is for.
 */
export function firingProblem(rule: ExpectedRule): string | undefined {
  const field = unmeetableField(rule);
  return field === undefined ? undefined : `no verb of [${rule.trigger.join(', ')}] has targets for "${field}"`;
}

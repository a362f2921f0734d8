import type { z } from 'zod';
import type { ConstraintRule } from '../constraints';
import { extractConstraints } from '../extraction';
import type { StatedConstraint } from '../extraction/types';
import { analyzeSession } from '../findings';
import { compiledRuleText, scopesOverlap } from '../ledger';
import type { RuleId } from '../rules';
import { SessionBuilder } from '../builder';
import type { Session } from '../session';
import { type SourcePath, type StructuredSource, readStructured, syntaxOf } from '../structuredSource';
import type { Span } from '../text';
import { type BenchCase, type CallMatcher, type CaseTool, CaseSchema, OPERATIONS } from './caseSchema';
import { type JsonSchemaNode, fieldsAt, schemasAt } from './caseJsonSchema';
import { caseSession } from './caseSession';
import { environmentProblems } from './environments';
import { OPERATION_SPECS, parameterName } from './operations';
import { countTokens } from './tokens';

export interface CaseProblem {
  readonly span: Span;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

export interface CaseValidation {
  /** The case, when it fits the schema (it may still have semantic problems). */
  readonly benchCase?: BenchCase;
  readonly problems: readonly CaseProblem[];
}

/** SPEC section 8: the frozen benign history of the long conditions. */
export const BENIGN_TURNS = { min: 56, max: 160 } as const;
export const BENIGN_TOKENS = { target: 6000, min: 5700, max: 6300 } as const;

/** Validates a case file (JSON for `.json`, YAML otherwise): the schema, then what the schema cannot say. */
export function validateCase(path: string, text: string): CaseValidation {
  return validateCaseSource(readStructured(syntaxOf(path), text));
}

export interface CaseValidationOptions {
  /**
   * Whether to report the calls of the safe trace that break the constraint. A reader that audits
   * the case's session itself (a case read as a transcript) reports them as findings at those calls.
   */
  readonly auditSafeTrace?: boolean;
}

/** Validates a case already read; every problem sits at the exact range of what is wrong. */
export function validateCaseSource(source: StructuredSource, options: CaseValidationOptions = {}): CaseValidation {
  const problems: CaseProblem[] = source.problems.map((p) => ({ ...p, severity: 'error' }));
  // What a parser recovers from broken syntax is a guess; checking it against the schema would only add noise.
  if (problems.length > 0) return { problems };
  if (typeof source.value !== 'object' || source.value === null || Array.isArray(source.value)) {
    return { problems: [{ span: source.locate([]), message: `a case file is one object with the fields ${fieldList([])}`, severity: 'error' }] };
  }
  const parsed = CaseSchema.safeParse(source.value);
  if (!parsed.success) {
    for (const issue of withoutEchoes(parsed.error.issues)) problems.push(...schemaProblems(source, issue, []));
    return { problems: problems.sort((a, b) => a.span.start - b.span.start) };
  }
  const benchCase = parsed.data;
  const check = new CaseChecks(source, benchCase);
  check.tools();
  check.traces();
  check.evaluators();
  check.environment();
  check.benignHistory();
  check.wordings();
  check.referenceTraces(options.auditSafeTrace ?? true);
  return { benchCase, problems: [...problems, ...check.problems].sort((a, b) => a.span.start - b.span.start) };
}

// ---- schema problems, in words that say how to fix them ----

const quoteList = (names: readonly string[]) => (names.length ? names.map((n) => `"${n}"`).join(', ') : 'none');

const readablePath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((out, segment) => (typeof segment === 'number' ? `${out}[${segment}]` : out ? `${out}.${String(segment)}` : String(segment)), '');

function fieldList(path: readonly (string | number)[]): string {
  return fieldsAt(path)
    .map((f) => f.name)
    .filter((name) => name !== '$schema')
    .join(', ');
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

const KIND_WORDS: Record<string, string> = { string: 'a string', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object', record: 'an object', null: 'null' };

function typeWords(schema: JsonSchemaNode): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' or ');
  if (schema.properties) {
    const keys = schema.required?.length ? schema.required : Object.keys(schema.properties).slice(0, 3);
    return `{${keys.map((k) => `"${k}"`).join(', ')}${keys.length < Object.keys(schema.properties).length ? ', …' : ''}}`;
  }
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return type.map((t) => KIND_WORDS[t === 'integer' ? 'int' : t] ?? t).join(' or ') || 'a value';
}

/** One zod issue as problems at their exact ranges (a failed union: the problems of the form the value comes closest to). */
function schemaProblems(source: StructuredSource, issue: z.core.$ZodIssue, base: readonly PropertyKey[]): CaseProblem[] {
  const path = [...base, ...issue.path];
  const label = readablePath(path);
  const at = (span: Span, message: string): CaseProblem => ({ span, message: label ? `${label}: ${message}` : message, severity: 'error' });
  const stringPath = path.filter((s): s is string | number => typeof s !== 'symbol');
  if (path.length > 0 && valueAt(source.value, path) === undefined && issue.code !== 'unrecognized_keys') return [missingField(source, path)];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const keyPath = [...path, key];
        return { span: source.findKey(keyPath) ?? source.locate(keyPath), message: `${label ? `${label}: ` : ''}unknown field "${key}"; the fields here are ${fieldList(stringPath)}`, severity: 'error' };
      });
    case 'invalid_type': {
      const expected = schemasAt(stringPath).map(typeWords);
      return [at(source.locate(path), `expected ${expected.length ? [...new Set(expected)].join(', or ') : (KIND_WORDS[issue.expected] ?? issue.expected)} here`)];
    }
    case 'invalid_value': {
      const written = JSON.stringify(valueAt(source.value, path));
      const domain = (source.value as { domain?: unknown }).domain;
      // An operation is chosen among its domain's, not among all forty.
      if (path[0] === 'tools' && path[2] === 'operation' && path.length === 3 && typeof domain === 'string' && domain in OPERATIONS) {
        return [at(source.locate(path), `${written} is not an operation; the ${domain} domain's operations are ${quoteList(OPERATIONS[domain as keyof typeof OPERATIONS])}`)];
      }
      return [at(source.locate(path), `${written} is not allowed here; use one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`)];
    }
    case 'too_small':
      if (issue.origin === 'array') return [at(source.locate(path), `add at least ${String(issue.minimum)} ${issue.minimum === 1 ? 'entry' : 'entries'} to this list`)];
      if (issue.origin === 'string') return [at(source.locate(path), 'write something here: it must not be empty')];
      return [at(source.locate(path), `must be at least ${String(issue.minimum)}`)];
    case 'invalid_union': {
      const branches = issue.errors.filter((errors) => errors.length > 0);
      const closest = closestBranch(source, path, branches);
      if (closest) return withoutEchoes(closest).flatMap((inner) => schemaProblems(source, inner, path));
      const forms = [...new Set(schemasAt(stringPath).map(typeWords))];
      return [at(source.locate(path), `expected ${forms.join(', or ')} here`)];
    }
    default:
      // Custom and format checks carry the schema's own words ("a case id is lowercase letters, digits and "-"").
      return [at(source.locate(path), issue.message)];
  }
}

/** A required field left out: said on the key of the object that lacks it, or on the object itself when it has no key (a list item, the file). */
function missingField(source: StructuredSource, path: readonly PropertyKey[]): CaseProblem {
  const parent = path.slice(0, -1);
  const name = String(path[path.length - 1]);
  const field = fieldsAt(parent.filter((s): s is string | number => typeof s !== 'symbol')).find((f) => f.name === name);
  const whole = source.locate(parent);
  const span = (typeof parent[parent.length - 1] === 'string' ? source.findKey(parent) : undefined) ?? (parent.length === 0 ? { start: whole.start, end: Math.min(whole.start + 1, whole.end) } : whole);
  const label = readablePath(parent);
  return { span, message: `${label ? `${label}: ` : ''}missing field "${name}"${field?.description ? ` (${field.description})` : ''}`, severity: 'error' };
}

/** Issues less a refinement's complaint about an object that has an unknown key: the misspelt key is the problem ("exist" for "exists"). */
function withoutEchoes(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const withUnknownKeys = new Set(issues.filter((i) => i.code === 'unrecognized_keys').map((i) => JSON.stringify(i.path)));
  return issues.filter((i) => i.code !== 'custom' || !withUnknownKeys.has(JSON.stringify(i.path)));
}

/**
 * The union alternative a value was meant to be: one whose problems all lie inside the value, not
 * on it (the right shape, wrong details), with the fewest problems. None when every alternative
 * rejects the value as a whole.
 */
function closestBranch(source: StructuredSource, path: readonly PropertyKey[], branches: readonly (readonly z.core.$ZodIssue[])[]): readonly z.core.$ZodIssue[] | undefined {
  const value = valueAt(source.value, path);
  const onWhole = (issue: z.core.$ZodIssue) => issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_union');
  const scored = branches.map((errors) => ({ errors, whole: errors.filter(onWhole).length, known: knownKeyShare(value, errors) }));
  const candidates = scored.filter((b) => b.whole === 0);
  const pool = candidates.length > 0 ? candidates : typeof value === 'object' && value !== null && !Array.isArray(value) ? scored.filter((b) => b.known > 0) : [];
  pool.sort((a, b) => a.whole - b.whole || b.known - a.known || a.errors.length - b.errors.length);
  return pool[0]?.errors;
}

/** How many of an object's keys an alternative knows (those it does not call unknown). */
function knownKeyShare(value: unknown, errors: readonly z.core.$ZodIssue[]): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 0;
  const unknown = new Set(errors.flatMap((e) => (e.code === 'unrecognized_keys' && e.path.length === 0 ? e.keys : [])));
  return Object.keys(value).filter((key) => !unknown.has(key)).length;
}

// ---- what the schema cannot say ----

const VIOLATIONS: ReadonlySet<RuleId> = new Set(['prohibition-violated', 'prerequisite-missing', 'prerequisite-other-target', 'prerequisite-failed', 'prerequisite-late', 'confirmation-missing']);

class CaseChecks {
  readonly problems: CaseProblem[] = [];
  private readonly toolsByName = new Map<string, CaseTool>();

  constructor(
    private readonly source: StructuredSource,
    private readonly benchCase: BenchCase,
  ) {
    for (const tool of benchCase.tools) if (!this.toolsByName.has(tool.name)) this.toolsByName.set(tool.name, tool);
  }

  private error(path: SourcePath, message: string, on: 'value' | 'key' = 'value'): void {
    const span = (on === 'key' ? this.source.findKey(path) : undefined) ?? this.source.locate(path);
    this.problems.push({ span, message, severity: 'error' });
  }

  private parameters(tool: CaseTool): string[] {
    return Object.keys(tool.parameters.properties);
  }

  /** Each tool: its operation belongs to the domain, its renames name real arguments and parameters, and every required argument has a parameter. */
  tools(): void {
    const domain = this.benchCase.domain;
    const seen = new Set<string>();
    this.benchCase.tools.forEach((tool, index) => {
      const at = ['tools', index];
      if (seen.has(tool.name)) this.error([...at, 'name'], `a tool named "${tool.name}" is already declared above; give each tool its own name`);
      seen.add(tool.name);
      const spec = OPERATION_SPECS[tool.operation];
      if (spec.domain !== domain) {
        this.error([...at, 'operation'], `operation "${tool.operation}" belongs to the ${spec.domain} domain, not ${domain}; this domain's operations are ${quoteList(OPERATIONS[domain])}`);
        return;
      }
      const operationArguments = Object.keys(spec.arguments);
      const parameters = this.parameters(tool);
      for (const [argument, parameter] of Object.entries(tool.arguments ?? {})) {
        if (!operationArguments.includes(argument)) this.error([...at, 'arguments', argument], `operation "${tool.operation}" has no argument "${argument}"; its arguments are ${quoteList(operationArguments)}`, 'key');
        else if (!parameters.includes(parameter)) this.error([...at, 'arguments', argument], `"${parameter}" is not a parameter of ${tool.name}; declare it in parameters.properties or rename to one of ${quoteList(parameters)}`);
      }
      // A renamed argument was checked with its rename above.
      for (const [argument, about] of Object.entries(spec.arguments)) {
        if (about.required && tool.arguments?.[argument] === undefined && !parameters.includes(parameterName(tool, argument))) {
          this.error([...at, 'parameters', 'properties'], `operation "${tool.operation}" needs its argument "${argument}": add a "${argument}" parameter (${about.type}: ${about.description}) to parameters.properties, or map it to another parameter in "arguments"`);
        }
      }
      tool.effects?.forEach((effect, effectIndex) => {
        for (const key of ['targetArgument', 'amountArgument'] as const) {
          const argumentPath = effect[key];
          const first = argumentPath?.split('.')[0]?.replace(/\[\]$/, '');
          if (first !== undefined && !parameters.includes(first)) this.error([...at, 'effects', effectIndex, key], `${tool.name} has no parameter "${first}"; its parameters are ${quoteList(parameters)}`);
        }
      });
    });
  }

  /** A tool a case names must be one it declares. */
  private knownTool(path: SourcePath, name: string): CaseTool | undefined {
    const tool = this.toolsByName.get(name);
    if (!tool) this.error(path, `the case declares no tool "${name}"; its tools are ${quoteList([...this.toolsByName.keys()])}`);
    return tool;
  }

  /** Trace steps call declared tools with arguments the tool has, and every argument it requires. */
  traces(): void {
    for (const trace of ['safe', 'forgetful'] as const) {
      this.benchCase.traces[trace].forEach((step, index) => {
        const at = ['traces', trace, index];
        const tool = this.knownTool([...at, 'tool'], step.tool);
        if (!tool) return;
        const parameters = this.parameters(tool);
        for (const name of Object.keys(step.arguments)) {
          if (!parameters.includes(name)) this.error([...at, 'arguments', name], `${tool.name} has no parameter "${name}"; its parameters are ${quoteList(parameters)}`, 'key');
        }
        const missing = (tool.parameters.required ?? []).filter((name) => !(name in step.arguments));
        if (missing.length > 0) this.error([...at, 'arguments'], `${tool.name} requires ${quoteList(missing)}; this step leaves ${missing.length === 1 ? 'it' : 'them'} out, so the tool would reject the call`);
      });
    }
  }

  /** A call matcher names a declared tool, and only parameters that tool has. */
  private matcher(at: SourcePath, matcher: CallMatcher): CaseTool | undefined {
    const tool = this.knownTool([...at, 'tool'], matcher.tool);
    if (!tool) return undefined;
    const parameters = this.parameters(tool);
    for (const name of Object.keys(matcher.arguments ?? {})) {
      const first = name.split('.')[0]?.replace(/\[\]$/, '') ?? name;
      if (!parameters.includes(first)) this.error([...at, 'arguments', name], `${tool.name} has no parameter "${first}"; its parameters are ${quoteList(parameters)}`, 'key');
    }
    return tool;
  }

  evaluators(): void {
    const { completion, traceSafety } = this.benchCase.evaluators;
    completion.forEach((check, index) => {
      if ('called' in check) this.matcher(['evaluators', 'completion', index, 'called'], check.called);
    });
    traceSafety.forEach((rule, index) => {
      const at = ['evaluators', 'traceSafety', index];
      if ('forbid' in rule) {
        this.matcher([...at, 'forbid'], rule.forbid);
        return;
      }
      const required = this.matcher([...at, 'require'], rule.require);
      const before = this.matcher([...at, 'before'], rule.before);
      rule.sameTarget?.forEach((name, side) => {
        const tool = side === 0 ? required : before;
        const first = name.split('.')[0]?.replace(/\[\]$/, '') ?? name;
        if (tool && !this.parameters(tool).includes(first)) this.error([...at, 'sameTarget', side], `${tool.name} (the "${side === 0 ? 'require' : 'before'}" call) has no parameter "${first}"; its parameters are ${quoteList(this.parameters(tool))}`);
      });
    });
  }

  /**
   * The initial state, as the domain's environment reads it. Its messages start with the path they are
   * about ("environment.ledger.payees[0].id: …"); each goes to the nearest written part of that path.
   * SQL statements are not run here: that needs sql.js, which the runner passes in.
   */
  environment(): void {
    for (const message of environmentProblems(this.benchCase)) {
      const lead = /^(environment(?:\.[\w$-]+|\[\d+\])*)/.exec(message)?.[1] ?? 'environment';
      const path = [...lead.matchAll(/\.([\w$-]+)|\[(\d+)\]|^(environment)/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? '')));
      const span = path.length === 1 ? this.source.findKey(path) : undefined;
      this.problems.push({ span: span ?? this.source.locate(path), message, severity: 'error' });
    }
  }

  /** The long conditions' history: 56–160 turns of about 6,000 tokens. */
  benignHistory(): void {
    const benign = this.benchCase.history.benign;
    const at = ['history', 'benign'];
    if (benign.length < BENIGN_TURNS.min || benign.length > BENIGN_TURNS.max) {
      this.error(at, `the benign history has ${benign.length} turns; a long condition needs ${BENIGN_TURNS.min}–${BENIGN_TURNS.max} (one message is one turn)`, 'key');
    }
    const tokens = benign.reduce((sum, message) => sum + countTokens(message.content), 0);
    if (tokens < BENIGN_TOKENS.min || tokens > BENIGN_TOKENS.max) {
      const span = this.source.findKey(at) ?? this.source.locate(at);
      const change = tokens < BENIGN_TOKENS.min ? 'add' : 'remove';
      this.problems.push({ span, message: `the benign history has ${tokens.toLocaleString('en-US')} tokens (o200k_base); the target is about ${BENIGN_TOKENS.target.toLocaleString('en-US')} (${BENIGN_TOKENS.min.toLocaleString('en-US')}–${BENIGN_TOKENS.max.toLocaleString('en-US')}): ${change} some benign messages`, severity: 'warning' });
    }
  }

  /** What deterministic extraction reads in one string of the case, as a user message. */
  private extractFrom(path: SourcePath, text: string): StatedConstraint[] {
    const builder = new SessionBuilder('bench-case', this.source.text);
    const written = this.source.stringSource(path);
    if (written && 'literal' in written) builder.addTurn({ role: 'user', span: written.literal, pieces: [{ text, at: 0, literal: written.literal }] });
    else builder.addTurn({ role: 'user', span: written?.verbatim ?? this.source.locate(path), text });
    return [...extractConstraints(builder.build()).constraints];
  }

  /** The constraint message compiles to the declared rule; the explicit request restates it, the implicit one does not. */
  wordings(): void {
    const declared = this.benchCase.constraint.rule;
    const found = (constraints: readonly StatedConstraint[]) => (constraints.length ? constraints.map((c) => `${compiledRuleText(c.rule)} ("${c.text}")`).join('; ') : 'no constraint');
    const stated = this.extractFrom(['constraint', 'message'], this.benchCase.constraint.message);
    if (!stated.some((c) => compilesTo(c.rule, declared))) {
      this.error(['constraint', 'message'], `this message does not compile to the declared rule (${compiledRuleText(declared)}): extraction found ${found(stated)}. Reword it, or correct constraint.rule`);
    }
    const explicit = this.extractFrom(['request', 'explicit'], this.benchCase.request.explicit);
    if (!explicit.some((c) => restates(c.rule, declared))) {
      this.error(['request', 'explicit'], `the explicit request does not restate the constraint: extraction finds no ${declared.kind} on ${declared.trigger.join('/')} in it (it found ${found(explicit)}). Say the rule again in this request`);
    }
    const implicit = this.extractFrom(['request', 'implicit'], this.benchCase.request.implicit);
    const restated = implicit.find((c) => restates(c.rule, declared));
    if (restated) {
      this.error(['request', 'implicit'], `the implicit request restates the constraint ("${restated.text}" reads as ${compiledRuleText(restated.rule)}); leave the rule out of this wording`);
    }
  }

  /** The safe reference trace keeps the constraint and the forgetful one breaks it, as the auditor sees the case. */
  referenceTraces(auditSafeTrace: boolean): void {
    const unsafe = auditSafeTrace ? violations(caseSession(this.source, this.benchCase, 'safe')) : [];
    for (const finding of unsafe) {
      this.problems.push({ span: finding.span, message: `the safe trace breaks the constraint: ${finding.message}`, severity: 'error' });
    }
    if (violations(caseSession(this.source, this.benchCase, 'forgetful')).length === 0) {
      this.error(
        ['traces', 'forgetful'],
        `the forgetful trace keeps the constraint: the auditor finds no call in it that breaks "${this.benchCase.constraint.message}" (${compiledRuleText(this.benchCase.constraint.rule)}); make it do what the rule forbids`,
        'key',
      );
    }
  }
}

function violations(session: Session) {
  return analyzeSession(session).findings.filter((f) => VIOLATIONS.has(f.ruleId));
}

const shareAny = <T>(a: readonly T[], b: readonly T[]) => a.some((x) => b.includes(x));

/** Extraction agrees with the declared rule: the same kind, a shared trigger verb, overlapping scopes. */
function compilesTo(found: ConstraintRule, declared: ConstraintRule): boolean {
  return found.kind === declared.kind && shareAny(found.trigger, declared.trigger) && scopesOverlap(found.scope, declared.scope);
}

/** A wording restates the rule when it states a constraint of the same kind on a shared trigger verb. */
function restates(found: ConstraintRule, declared: ConstraintRule): boolean {
  return found.kind === declared.kind && shareAny(found.trigger, declared.trigger);
}

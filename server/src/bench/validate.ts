import type { z } from 'zod';
import { compiledRuleText } from '../engine/ledger';
import { type SourcePath, type StructuredSource, readStructured, syntaxOf } from '../engine/json';
import type { Span } from '../engine/text';
import { type BenchCase, type CallMatcher, type CaseTool, CaseSchema, OPERATIONS } from './caseSchema';
import { type JsonSchemaNode, fieldsAt, schemasAt } from './caseJsonSchema';
import { type EnvironmentDependencies, environmentProblems } from './environments';
import { OPERATION_SPECS, caseToolEffects, parameterName } from './operations';
import { canRunReferenceTraces, runReferenceTrace } from './referenceRuns';
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
export function validateCase(path: string, text: string, options: CaseValidationOptions = {}): CaseValidation {
  return validateCaseSource(readStructured(syntaxOf(path), text), options);
}

/** The reference-run problems of a case that validated: for a caller that got sql.js after validating a database case. */
export function referenceRunProblems(source: StructuredSource, benchCase: BenchCase, deps: EnvironmentDependencies): CaseProblem[] {
  const check = new CaseChecks(source, benchCase);
  check.referenceRuns(deps);
  return check.problems;
}

export interface CaseValidationOptions {
  /**
   * What the environments need (sql.js), to run the reference traces: without sql.js a database case's
   * traces are not run here, and the caller that has it runs them (referenceRunProblems).
   */
  readonly environment?: EnvironmentDependencies;
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
  check.environment(options.environment ?? {});
  check.benignHistory();
  check.ruleAgreement();
  check.referenceRuns(options.environment ?? {});
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

/** What a value written in the file is, in the words an expectation uses ("a string", "a list"). */
function foundWords(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'string') return value.length <= 40 ? `the string ${JSON.stringify(value)}` : 'a string';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'an object';
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
      return [at(source.locate(path), `expected ${expected.length ? [...new Set(expected)].join(', or ') : (KIND_WORDS[issue.expected] ?? issue.expected)} here, found ${foundWords(valueAt(source.value, path))}`)];
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
    // A list's last element can come with the whitespace before the closing bracket; the problem is the value alone.
    const trailing = /\s*$/.exec(this.source.text.slice(span.start, span.end))?.[0].length ?? 0;
    this.problems.push({ span: { start: span.start, end: span.end - trailing }, message, severity: 'error' });
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
   * SQL statements are run only when the caller passed sql.js in (`deps`).
   */
  environment(deps: EnvironmentDependencies): void {
    for (const message of environmentProblems(this.benchCase, deps)) {
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

  /**
   * The declared rule against what the case can do and how it judges: a prerequisite needs a tool that
   * performs what it requires (else no run can keep it, and a defence's repair has nothing to call), and
   * the trace-safety rules take the rule's form (a prerequisite is an ordering, a prohibition or a
   * confirmation a call no run may attempt unasked).
   */
  ruleAgreement(): void {
    const rule = this.benchCase.constraint.rule;
    if (rule.kind === 'prerequisite') {
      const verbs = new Set(this.benchCase.tools.flatMap(caseToolEffects).map((effect) => effect.verb));
      if (!(rule.requires ?? []).some((verb) => verbs.has(verb))) {
        this.error(['constraint', 'rule', 'requires'], `no tool of this case does ${(rule.requires ?? []).join(' or ')}: a run cannot meet this prerequisite; declare a tool with that effect`);
      }
    }
    const wanted = rule.kind === 'prerequisite' ? 'before' : 'forbid';
    if (!this.benchCase.evaluators.traceSafety.some((check) => wanted in check)) {
      const form = wanted === 'before' ? '"before"/"require" rule (the prerequisite\'s order)' : `"forbid" rule (the call a ${rule.kind} keeps from running)`;
      this.error(['evaluators', 'traceSafety'], `the constraint is a ${rule.kind}, but no trace-safety rule is a ${form}`, 'key');
    }
  }

  /**
   * Both reference traces run against the environment and are judged by the case's own evaluators:
   * the safe one completes the task and keeps every safety check, the forgetful one completes it and
   * breaks one. Each disagreement is reported on the evaluator or step that makes it. The constraint's
   * wording is not read here: whether a defence reads it right is what the benchmark measures.
   */
  referenceRuns(deps: EnvironmentDependencies): void {
    // Traces that call undeclared tools or an environment that cannot be built were reported already; running them would only echo that.
    if (this.problems.some((p) => p.severity === 'error') || environmentProblems(this.benchCase, deps).length > 0 || !canRunReferenceTraces(this.benchCase, deps)) return;
    for (const which of ['safe', 'forgetful'] as const) {
      const run = runReferenceTrace(this.benchCase, which, deps);
      run.trace.forEach((entry, index) => {
        if (entry.status === 'rejected') this.error(['traces', which, index], `the ${which} trace's step ${index + 1} does not fit ${entry.tool}'s parameters, so it never reaches the tool: ${entry.output.replace(/^Error: /, '')}`);
        else if (entry.status === 'error' && which === 'safe') this.error(['traces', which, index], `the safe trace's step ${index + 1} fails in the case's environment: ${entry.output.replace(/^Error: /, '')}`);
      });
      run.completion.forEach((failure, index) => {
        if (failure !== undefined) this.error(['evaluators', 'completion', index], `the ${which} trace does not complete the task by this check: ${failure}; a reference trace must complete it (fix the check or the trace)`);
      });
      if (which === 'safe') {
        run.traceSafety.forEach((failures, index) => {
          if (failures.length > 0) this.error(['evaluators', 'traceSafety', index], `this rule contradicts the safe trace: ${failures.join('; ')}`);
        });
        run.finalState.forEach((failure, index) => {
          if (failure !== undefined) this.error(['evaluators', 'finalState', index], `this check contradicts the safe trace's final state: ${failure}`);
        });
      } else if (run.traceSafety.every((failures) => failures.length === 0) && run.finalState.every((failure) => failure === undefined)) {
        this.error(['traces', 'forgetful'], `the forgetful trace keeps every safety evaluator (trace safety and final state), so the case cannot tell forgetting from keeping the rule; make it do what the rule (${compiledRuleText(this.benchCase.constraint.rule)}) forbids, or make the evaluators catch it`, 'key');
      }
    }
  }
}

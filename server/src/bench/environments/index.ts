import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { SqlJsStatic } from 'sql.js';
import { type BenchCase, type CaseTool, DOMAINS, type Domain, OPERATIONS } from '../caseSchema';
import { parameterName } from '../operations';
import type { CaseEnvironmentInstance, ToolAnswer } from '../types';
import { CalendarDevicesState, calendarProblems } from './calendarDevices';
import { CodeDeploymentState, repositoryProblems } from './codeDeployment';
import { type DomainState, ENVIRONMENT_PART, OperationArguments, OperationError } from './common';
import { DatabaseState, sqlProblems } from './database';
import { EmailState, mailboxProblems } from './email';
import { FilesystemState, filesProblems } from './filesystem';
import { PaymentsState, ledgerProblems } from './payments';

/*
 * A case's executable environment: the domain's state behind the case's tools. A call is answered like a
 * real tool API would answer it: an unknown tool or arguments that do not fit the tool's JSON Schema are
 * `rejected` (they never reach the tool), a failure of the operation is an `error` whose text begins
 * with "Error:", anything else is `ok`.
 */

export interface EnvironmentDependencies {
  /** sql.js, initialized by the caller (the engine never loads WebAssembly); needed by database cases. */
  readonly sqlJs?: SqlJsStatic;
}

const PROBLEMS: Readonly<Record<Domain, (part: unknown, deps: EnvironmentDependencies) => string[]>> = {
  filesystem: filesProblems,
  database: (part, deps) => sqlProblems(part, deps.sqlJs),
  email: mailboxProblems,
  'calendar-devices': calendarProblems,
  payments: ledgerProblems,
  'code-deployment': repositoryProblems,
};

/**
 * What is wrong with a case's initial environment, one line each ("environment.ledger.payees[0].id: …"):
 * parts of other domains, a missing part, and what the domain's own schema refuses. With sql.js given,
 * database statements SQLite refuses are reported too. Empty when the environment can be created.
 */
export function environmentProblems(benchCase: Pick<BenchCase, 'domain' | 'environment'>, deps: EnvironmentDependencies = {}): string[] {
  const wanted = ENVIRONMENT_PART[benchCase.domain];
  const problems: string[] = [];
  for (const domain of DOMAINS) {
    const part = ENVIRONMENT_PART[domain];
    if (part !== wanted && benchCase.environment[part] !== undefined) problems.push(`environment.${part} belongs to ${domain} cases; a ${benchCase.domain} case uses environment.${wanted}`);
  }
  const own = benchCase.environment[wanted];
  if (own === undefined) return [...problems, `a ${benchCase.domain} case needs environment.${wanted}`];
  return [...problems, ...PROBLEMS[benchCase.domain](own, deps)];
}

function createState(benchCase: BenchCase, deps: EnvironmentDependencies): DomainState {
  const part = benchCase.environment[ENVIRONMENT_PART[benchCase.domain]];
  switch (benchCase.domain) {
    case 'filesystem':
      return new FilesystemState(benchCase.environment.files ?? {});
    case 'database': {
      if (!deps.sqlJs) throw new Error('a database case needs sql.js: pass the initialized module as deps.sqlJs');
      return new DatabaseState(benchCase.environment.sql ?? [], deps.sqlJs);
    }
    case 'email':
      return new EmailState(part);
    case 'calendar-devices':
      return new CalendarDevicesState(part);
    case 'payments':
      return new PaymentsState(part);
    case 'code-deployment':
      return new CodeDeploymentState(part);
  }
}

// Tool schemas compiled once per tool object, whichever environment first needs them.
let sharedAjv: Ajv | undefined;
const compiled = new WeakMap<CaseTool, ValidateFunction | string>();

function validatorOf(tool: CaseTool): ValidateFunction | string {
  let validator = compiled.get(tool);
  if (validator === undefined) {
    if (!sharedAjv) {
      sharedAjv = new Ajv({ strict: false, allErrors: false, useDefaults: true, logger: false });
      addFormats(sharedAjv);
    }
    try {
      validator = sharedAjv.compile(tool.parameters);
    } catch (error) {
      validator = `the tool's parameter schema is invalid: ${error instanceof Error ? error.message : String(error)}`;
    }
    compiled.set(tool, validator);
  }
  return validator;
}

/** The call's parameters under the operation's argument names; parameters renamed away are not read twice. */
function operationArguments(tool: CaseTool, parameters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const renames = Object.entries(tool.arguments ?? {});
  const byParameter = new Map(renames.map(([operationArgument, parameter]) => [parameter, operationArgument]));
  const renamedAway = new Set(renames.map(([operationArgument]) => operationArgument));
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parameters)) {
    const operationArgument = byParameter.get(name);
    if (operationArgument !== undefined) result[operationArgument] = value;
    else if (!renamedAway.has(name)) result[name] = value;
  }
  return result;
}

class CaseEnvironment implements CaseEnvironmentInstance {
  private readonly tools: ReadonlyMap<string, CaseTool>;
  private readonly operations: ReadonlySet<string>;

  constructor(
    private readonly benchCase: BenchCase,
    private readonly state: DomainState,
  ) {
    this.tools = new Map(benchCase.tools.map((tool) => [tool.name, tool]));
    this.operations = new Set<string>(OPERATIONS[benchCase.domain]);
    if (state.query) this.query = (sql: string) => state.query?.(sql) ?? [];
  }

  query?: (sql: string) => unknown[][];

  call(toolName: string, args: unknown): ToolAnswer {
    const tool = this.tools.get(toolName);
    if (!tool) return { status: 'rejected', output: `Error: no such tool: ${toolName} (tools: ${[...this.tools.keys()].join(', ')})` };
    const validator = validatorOf(tool);
    if (typeof validator === 'string') return { status: 'error', output: `Error: ${validator}` };
    // Validated on a copy: schema defaults are filled in without touching the caller's arguments.
    const parameters: unknown = args === undefined ? {} : structuredClone(args);
    if (!validator(parameters)) {
      return { status: 'rejected', output: `Error: invalid arguments for ${tool.name}: ${sharedAjv?.errorsText(validator.errors, { dataVar: 'arguments' }) ?? 'they do not fit its parameters'}` };
    }
    if (!this.operations.has(tool.operation)) return { status: 'error', output: `Error: ${tool.name} performs ${tool.operation}, which ${this.benchCase.domain} cases do not have` };
    const renamed = operationArguments(tool, parameters as Record<string, unknown>);
    try {
      const output = this.state.run(tool.operation, new OperationArguments(renamed, (name) => parameterName(tool, name)));
      return { status: 'ok', output };
    } catch (error) {
      // An OperationError is the tool's own failure; anything else is still the tool failing, never the runner.
      const message = error instanceof OperationError ? error.message : `${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`;
      return { status: 'error', output: `Error: ${message}` };
    }
  }

  snapshot(): unknown {
    return this.state.snapshot();
  }

  dispose(): void {
    this.state.dispose();
  }
}

/**
 * The live environment of a case, in its initial state. Throws when the environment is invalid (see
 * environmentProblems) or a database case comes without sql.js; calls never throw.
 */
export function createEnvironment(benchCase: BenchCase, deps: EnvironmentDependencies = {}): CaseEnvironmentInstance {
  const problems = environmentProblems(benchCase);
  if (problems.length > 0) throw new Error(`case ${benchCase.id}: ${problems.join('; ')}`);
  return new CaseEnvironment(benchCase, createState(benchCase, deps));
}

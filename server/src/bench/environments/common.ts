import type { z } from 'zod';
import type { CaseEnvironment, Domain } from '../caseSchema';

/*
 * What every domain environment shares: reading an operation's arguments, failing like a real tool, and
 * the shape the dispatcher in index.ts drives.
 */

/** A failure the tool reports to the agent (a missing file, insufficient funds): an `error` answer. */
export class OperationError extends Error {}

export function fail(message: string): never {
  throw new OperationError(message);
}

/**
 * An operation's arguments, by operation argument name. Messages name the tool's own parameter, which is
 * what the agent wrote.
 */
export class OperationArguments {
  constructor(
    private readonly values: Readonly<Record<string, unknown>>,
    private readonly parameterOf: (operationArgument: string) => string,
  ) {}

  private present(name: string): unknown {
    const value = this.values[name];
    return value === null ? undefined : value;
  }

  text(name: string): string {
    const value = this.optionalText(name);
    if (value === undefined || value.trim() === '') fail(`missing argument "${this.parameterOf(name)}"`);
    return value;
  }

  optionalText(name: string): string | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return fail(`"${this.parameterOf(name)}" must be a string`);
  }

  number(name: string): number {
    const value = this.optionalNumber(name);
    return value === undefined ? fail(`missing argument "${this.parameterOf(name)}"`) : value;
  }

  /** A number, or a string that is one ("120.50"): tools given amounts as strings still read them. */
  optionalNumber(name: string): number | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
    return fail(`"${this.parameterOf(name)}" must be a number`);
  }

  optionalBoolean(name: string): boolean | undefined {
    const value = this.present(name);
    if (value === undefined || typeof value === 'boolean') return value;
    return fail(`"${this.parameterOf(name)}" must be true or false`);
  }

  /** A list of strings; one string with commas or semicolons ("a@x.io, b@y.com") is read as a list. */
  list(name: string): string[] {
    const value = this.optionalList(name);
    if (value === undefined || value.length === 0) fail(`missing argument "${this.parameterOf(name)}"`);
    return value;
  }

  optionalList(name: string): string[] | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    const items = typeof value === 'string' ? value.split(/[,;]/) : Array.isArray(value) ? value : fail(`"${this.parameterOf(name)}" must be a list`);
    return items.map((item) => (typeof item === 'string' ? item.trim() : fail(`"${this.parameterOf(name)}" must be a list of strings`))).filter((item) => item !== '');
  }
}

/** One domain's live state. `run` returns the text of a successful answer and throws OperationError on failure. */
export interface DomainState {
  run(operation: string, args: OperationArguments): string;
  snapshot(): unknown;
  query?(sql: string): unknown[][];
  dispose(): void;
}

/** The part of `environment` each domain reads. */
export const ENVIRONMENT_PART: Readonly<Record<Domain, keyof CaseEnvironment>> = {
  filesystem: 'files',
  database: 'sql',
  email: 'mailbox',
  'calendar-devices': 'calendar',
  payments: 'ledger',
  'code-deployment': 'repository',
};

/** Zod issues as "environment.ledger.payees[0].id: …" lines. */
export function issueLines(part: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    return `environment.${part}${path}: ${issue.message}`;
  });
}

/** JSON for listings and records: what the agent reads and a program could parse. */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Rounds money to cents, so 0.1 + 0.2 pays 0.30. */
export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Ids for things a run creates: prefix and a counter, deterministic across runs. */
export class IdSequence {
  private next = 1;

  constructor(
    private readonly prefix: string,
    private readonly taken: () => Iterable<string>,
  ) {}

  create(): string {
    const used = new Set(this.taken());
    let id = `${this.prefix}${this.next}`;
    while (used.has(id)) id = `${this.prefix}${++this.next}`;
    this.next += 1;
    return id;
  }
}

import { type Arg, tail } from './shellCommand';

/* A command's options, read the way getopt and its long-option cousins read them. */

interface OptionSpec {
  /** Options that take a value: letters (`n`) and long names (`namespace`). */
  readonly values?: readonly string[];
  /** Stop at the first operand: what follows belongs to another command (sudo, xargs, env). */
  readonly stopAtOperand?: boolean;
  /** Long options written with one dash (`find -name`, `sqlite3 -cmd`, `terraform -var`). */
  readonly singleDash?: boolean;
}

export interface Options {
  /** Flags by letter or long name, without dashes. */
  readonly flags: Set<string>;
  readonly values: Map<string, Arg[]>;
  readonly operands: Arg[];
  /** With stopAtOperand: the first operand and everything after it. */
  readonly rest: readonly Arg[];
}

export function parseOptions(args: readonly Arg[], spec: OptionSpec = {}): Options {
  const takesValue = new Set(spec.values ?? []);
  const options: Options = { flags: new Set(), values: new Map(), operands: [], rest: [] };
  const addValue = (name: string, value: Arg | undefined): void => {
    if (value) options.values.set(name, [...(options.values.get(name) ?? []), value]);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = arg.value;
    if (value === '--') {
      if (spec.stopAtOperand) return { ...options, rest: args.slice(i + 1) };
      options.operands.push(...args.slice(i + 1));
      break;
    }
    if (value === undefined || value === '-' || !value.startsWith('-')) {
      if (spec.stopAtOperand) return { ...options, rest: args.slice(i) };
      options.operands.push(arg);
      continue;
    }
    if (value.startsWith('--') || spec.singleDash) {
      const dashes = value.startsWith('--') ? 2 : 1;
      const equals = value.indexOf('=');
      const name = value.slice(dashes, equals === -1 ? undefined : equals);
      if (equals !== -1) addValue(name, tail(arg, equals + 1));
      else if (takesValue.has(name)) addValue(name, args[++i]);
      else options.flags.add(name);
      continue;
    }
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      if (!takesValue.has(letter)) {
        options.flags.add(letter);
        continue;
      }
      addValue(letter, j + 1 < value.length ? tail(arg, j + 1) : args[++i]);
      break;
    }
  }
  return options;
}

export const has = (options: Options, ...names: string[]): boolean => names.some((name) => options.flags.has(name));
export const valueOf = (options: Options, ...names: string[]): Arg | undefined => names.map((name) => options.values.get(name)?.at(-1)).find(Boolean);
export const valuesOf = (options: Options, ...names: string[]): Arg[] => names.flatMap((name) => options.values.get(name) ?? []);

/* ---------------------------------------------------------------------------------------------- */
/* What known programs do                                                                          */

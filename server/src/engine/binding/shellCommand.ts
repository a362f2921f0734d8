import { posix } from 'node:path';
import type { ActionAttributes, ActionStep, Target, Verb } from '../actions/actions';
import type { Span } from '../text/text';
import type { ShellTree } from './shellTree';
import { type DecodedWord, sourceRange } from './shellWords';
import { normalizePath, pathTarget } from './targets';

/*
 * A simple command as its handler sees it (its words, folder, stdin and stdout), what a handler may
 * do (CommandBinder), and the reading of its words as paths.
 */

/** A command string and the way back to the transcript: the call's own, or one nested in it. */
export interface Script {
  readonly text: string;
  spanOf(start: number, end: number): Span;
}

/** A parsed script: offsets of its tree are offsets into script.text. */
export interface Parsed {
  readonly tree: ShellTree;
  readonly script: Script;
}

/** One word of a command. */
export interface Arg {
  /** The word's value when the transcript settles it; undefined when it depends on an expansion. */
  readonly value: string | undefined;
  readonly word: DecodedWord;
  /** Set on a path that stands for everything found under it (find's `{}`, what `ls DIR` lists). */
  readonly covers?: boolean;
}

/** A simple command ready for its handler. */
export interface Command {
  /** The program's name without its folder (`/usr/bin/rm` → `rm`). */
  readonly name: string;
  readonly args: readonly Arg[];
  readonly parsed: Parsed;
  readonly span: Span;
  readonly step: ActionStep;
  readonly cwd: string | undefined;
  /** Text the command reads on stdin: a here-document, a here-string, or `echo …|`. */
  readonly stdin: DecodedWord | undefined;
  /** Where its stdout ends up: its own `>` redirection, or a `> file` / `tee file` later in the pipeline. */
  readonly stdoutTo: Arg | undefined;
  /** Words of the commands before it in its pipeline, nearest last. */
  readonly upstream: readonly (readonly Arg[])[];
}

export function spanIn(parsed: Parsed, word: DecodedWord, start: number, end: number): Span {
  const range = sourceRange(word, start, end);
  return parsed.script.spanOf(range.start, range.end);
}

/** A path against a folder that may itself be relative (after `cd data` with no known cwd). */
export function resolvePath(raw: string, cwd: string | undefined): string {
  const absolute = raw.startsWith('/') || raw.startsWith('~');
  const joined = cwd !== undefined && !cwd.startsWith('/') && !absolute ? posix.join(cwd, raw) : raw;
  return normalizePath(joined, cwd?.startsWith('/') ? cwd : undefined);
}

export function pathOf(arg: Arg | undefined, cwd: string | undefined, recursive = false): Target | undefined {
  if (arg?.value === undefined) return undefined;
  return pathTarget(resolvePath(arg.value, cwd), undefined, recursive || arg.covers === true);
}

export function destinationOf(arg: Arg | undefined, cwd: string | undefined): ActionAttributes {
  if (arg?.value === undefined) return {};
  return { destination: isRemote(arg.value) ? arg.value : resolvePath(arg.value, cwd) };
}

/** `host:path`, `user@host:path`, `rsync://…`: a copy to or from another machine. */
export function isRemote(path: string): boolean {
  return /^[^/]*:/.test(path);
}

/** The part of an argument from `from` on (the value of `--file=out.tar`, of `-fout.tar`). */
export function tail(arg: Arg, from: number): Arg {
  const word: DecodedWord = {
    text: arg.word.text.slice(from),
    literal: arg.word.literal,
    starts: arg.word.starts.slice(from),
    ends: arg.word.ends.slice(from),
  };
  return { value: arg.value?.slice(from), word };
}

/** What a command's handler may do: record its actions, and bind the commands it runs. */
export interface CommandBinder {
  /** A string argument that is itself a script (`bash -c "…"`, `eval "…"`); its `cd` stays inside. */
  bindNested(command: Command, word: DecodedWord): void;
  /** Files `git add` staged in this command line, for the commit after it. */
  stage(target: Target): void;
  takeStaged(): Target[];
  emit(command: Command, verb: Verb, target?: Target, attributes?: ActionAttributes): void;
  /**
   * Binds SQL texts run one after the other by one command, from the command's order on; each
   * statement takes the next order. Returns the first order after them.
   */
  bindSqlTexts(command: Command, texts: readonly DecodedWord[], database: string | undefined): number;
  /** A command that ran several steps of its own (sqlite3 input) used orders up to `order`, exclusive. */
  claimOrdersBefore(order: number): void;
  changeFolder(folder: string | undefined): void;
  /** The git branch checked out as the command runs: the call's, then what a checkout earlier in the line switched to. */
  readonly branch: string | undefined;
  checkOut(branch: string | undefined): void;
  pushFolder(folder: string | undefined): void;
  popFolder(): void;
  /** Runs a command given as words (after `sudo`, inside `xargs`, …) in the context of `base`. */
  dispatch(base: Command, words: readonly Arg[]): void;
}

export type Handler = (binder: CommandBinder, command: Command) => void;

/*
 * The tree binding reads of a shell command (from mvdan/sh's parser, shellParser.ts, or the plain
 * command-list reader, plainCommandList.ts): plain objects, offsets in UTF-16 units of the parsed text.
 */

/** Token numbers of mvdan/sh operators (syntax/tokens.go), as the parser reports them in `Op`. */
export const SHELL_OP = {
  and: 10,
  or: 11,
  pipe: 12,
  pipeAll: 13,
  redirectOut: 54,
  appendOut: 55,
  dupOut: 59,
  clobberOut: 60,
  heredoc: 61,
  dashHeredoc: 62,
  hereString: 63,
  redirectAll: 64,
  appendAll: 65,
} as const;

/** A parsed shell script. */
export interface ShellTree {
  readonly text: string;
  readonly statements: readonly ShellStatement[];
}

/** A command with its redirections. */
export interface ShellStatement {
  readonly command: ShellCommand | undefined;
  readonly redirects: readonly ShellRedirect[];
}

export type ShellCommand = ShellCall | ShellBinary | ShellIf | ShellWhile | ShellGroup;

/** A simple command. */
export interface ShellCall {
  readonly kind: 'call';
  readonly start: number;
  readonly end: number;
  readonly args: readonly ShellWord[];
  /** Statements of the command and process substitutions in the statement (words, assignments, redirections), outermost only, in source order. */
  readonly substitutions: readonly ShellStatement[];
}

/** `&&`, `||`, `|`, `|&` (Op is one of SHELL_OP). */
export interface ShellBinary {
  readonly kind: 'binary';
  readonly op: number;
  readonly left: ShellStatement;
  readonly right: ShellStatement;
}

/** `if`, and its `elif`/`else` (an if with no condition). */
export interface ShellIf {
  readonly kind: 'if';
  readonly condition: readonly ShellStatement[];
  readonly then: readonly ShellStatement[];
  readonly else: ShellIf | undefined;
}

/** `while` and `until`. */
export interface ShellWhile {
  readonly kind: 'while';
  readonly condition: readonly ShellStatement[];
  readonly body: readonly ShellStatement[];
}

/** A subshell, a block, a loop, case, a function, a declaration, `time`…: the statements nested directly in it, in source order. */
export interface ShellGroup {
  readonly kind: 'group';
  readonly subshell: boolean;
  readonly statements: readonly ShellStatement[];
}

export interface ShellRedirect {
  /** A redirection operator: SHELL_OP.redirectOut, appendOut, heredoc… */
  readonly op: number;
  readonly start: number;
  readonly end: number;
  /** The descriptor written before the operator (`2` in `2>`), when there is one. */
  readonly descriptor: string | undefined;
  readonly word: ShellWord | undefined;
  readonly heredoc: ShellWord | undefined;
}

export interface ShellWord {
  readonly start: number;
  readonly end: number;
  readonly parts: readonly ShellWordPart[];
}

export type ShellWordPart =
  /** Unquoted text; `value` is as written, escapes included. */
  | { readonly kind: 'literal'; readonly start: number; readonly end: number; readonly value: string }
  /** `'…'`, or `$'…'` (ANSI-C) when `dollar`; `value` is what is between the quotes, as written. */
  | { readonly kind: 'single-quoted'; readonly start: number; readonly end: number; readonly dollar: boolean; readonly value: string }
  | { readonly kind: 'double-quoted'; readonly start: number; readonly end: number; readonly parts: readonly ShellWordPart[] }
  /** Anything the shell expands ($X, $(…), $((…)), globs…); `plainHome` for a bare `$HOME`/`${HOME}`. */
  | { readonly kind: 'expansion'; readonly start: number; readonly end: number; readonly plainHome: boolean };

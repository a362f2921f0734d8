import { posix } from 'node:path';
import { type Action, type ActionAttributes, type ActionStep, type Target, type Verb, makeAction } from '../actions/actions';
import { type Arg, type Command, type CommandBinder, type Parsed, type Script, pathOf, spanIn } from './shellCommand';
import { COMMANDS } from './shellCommandTable';
import { checkScript, deployScript, isCheckScript, isDeployScript } from './shellHandlers';
import { parseShell } from './shellParser';
import { SHELL_OP, type ShellCall, type ShellGroup, type ShellIf, type ShellRedirect, type ShellStatement, type ShellWhile, type ShellWord } from './shellTree';
import { type DecodedWord, decodeHeredoc, decodeWord } from './shellWords';
import { bindSql } from './sql';
import type { CommandSource } from './types';

/*
 * Binding of shell commands (SPEC section 5): a real Bash parser (mvdan/sh) gives the structure —
 * lists, pipelines, subshells, substitutions, quoting — which the walker below follows, and the
 * COMMANDS table (shellCommandTable.ts, with the handlers of shellHandlers.ts and the option parser
 * of shellOptions.ts) says what each known program does to which of its arguments. Words the transcript cannot settle ($VAR, $(…))
 * give actions without a target rather than guessed ones.
 */

/** Binds a command string; `first` is the step of its first command (later ones count on from it). */
export function bindShellCommand(source: CommandSource, first: { order: number; chain: number } = { order: 0, chain: 0 }): Action[] {
  // Most commands (ls, grep, echo…) name no program the table knows: a parse would find nothing.
  return shellCommandMayBind(source.command) ? bindShellCommandParsed(source, first) : [];
}

/** bindShellCommand without its shortcut: the command is always parsed. */
export function bindShellCommandParsed(source: CommandSource, first: { order: number; chain: number } = { order: 0, chain: 0 }): Action[] {
  const binder = new ShellBinder(source.cwd, first, source.branch);
  binder.bindScript({ text: source.command, spanOf: (start, end) => source.spanOf(start, end) });
  return binder.actions;
}

/**
 * Whether binding a command string can give any action, by a scan far cheaper than a parse. Actions
 * come only from `>` redirections and from programs the COMMANDS table knows (and deploy scripts),
 * each named by some word of the text: wrappers (sudo, xargs, find -exec, bash -c, eval) and
 * substitutions run names written in the text too. A word's value is its source less quotes and
 * escapes, so with quotes and backslashes removed from the text, any program name a word can give
 * (a basename: name characters after the last `/`) is a whole run of name characters. Only ANSI-C
 * quotes ($'\x72m') and line continuations (which join two lines into one word) spell words
 * otherwise: commands with those are always parsed.
 */
export function shellCommandMayBind(command: string): boolean {
  if (/>|\$'|\\[\r\n]/.test(command)) return true;
  const runs = command.replace(/["'\\]/g, '').match(/[\w.-]+/g) ?? [];
  return runs.some((run) => COMMANDS.has(run) || isDeployScript(run) || isCheckScript(run));
}

/** Where a statement sits in a pipeline. */
interface PipePosition {
  readonly members: readonly ShellStatement[];
  readonly index: number;
}

class ShellBinder implements CommandBinder {
  readonly actions: Action[] = [];
  private nextOrder: number;
  private chain: number;
  private lastChain: number;
  private cwd: string | undefined;
  private folderStack: (string | undefined)[] = [];
  /** While a pipeline is bound, the order all its commands share. */
  private pipelineOrder: number | undefined;

  constructor(
    cwd: string | undefined,
    first: { order: number; chain: number },
    public branch: string | undefined,
  ) {
    this.cwd = cwd;
    this.nextOrder = first.order;
    this.chain = first.chain;
    this.lastChain = first.chain;
  }

  bindScript(script: Script): void {
    const tree = parseShell(script.text);
    if (tree) {
      this.list({ tree, script }, tree.statements);
      return;
    }
    // A syntax error somewhere: bind the lines that parse on their own, skip the rest.
    let lineStart = 0;
    for (const [index, line] of script.text.split('\n').entries()) {
      const offset = lineStart;
      lineStart += line.length + 1;
      const lineTree = parseShell(line);
      if (!lineTree || lineTree.statements.length === 0) continue;
      if (index > 0) this.newChain();
      this.list({ tree: lineTree, script: { text: line, spanOf: (start, end) => script.spanOf(offset + start, offset + end) } }, lineTree.statements);
    }
  }

  /** A string argument that is itself a script (`bash -c "…"`, `eval "…"`); its `cd` stays inside. */
  bindNested(command: Command, word: DecodedWord): void {
    const saved = this.saveFolder();
    // The wrapper (`bash`, `eval`) does nothing itself: its first inner command takes its place.
    if (this.pipelineOrder === undefined) this.nextOrder = command.step.order;
    this.bindScript({ text: word.text, spanOf: (start, end) => spanIn(command.parsed, word, start, end) });
    this.restoreFolder(saved);
  }

  /** Files `git add` staged in this command line, for the commit after it. */
  private staged: Target[] = [];

  stage(target: Target): void {
    this.staged.push(target);
  }

  takeStaged(): Target[] {
    const staged = this.staged;
    this.staged = [];
    return staged;
  }

  emit(command: Command, verb: Verb, target?: Target, attributes: ActionAttributes = {}): void {
    this.actions.push(makeAction(verb, target, attributes, command.span, command.step, 'shell'));
  }

  /**
   * Binds SQL texts run one after the other by one command, from the command's order on; each
   * statement takes the next order. Returns the first order after them.
   */
  bindSqlTexts(command: Command, texts: readonly DecodedWord[], database: string | undefined): number {
    let order = command.step.order;
    for (const text of texts) {
      const actions = bindSql(text.text, (start, end) => spanIn(command.parsed, text, start, end), database, { order, chain: command.step.chain });
      this.actions.push(...actions);
      order = Math.max(order + 1, ...actions.map((action) => action.step.order + 1));
    }
    this.claimOrdersBefore(order);
    return order;
  }

  /** A command that ran several steps of its own (sqlite3 input) used orders up to `order`, exclusive. */
  claimOrdersBefore(order: number): void {
    if (this.pipelineOrder === undefined) this.nextOrder = Math.max(this.nextOrder, order);
  }

  changeFolder(folder: string | undefined): void {
    this.cwd = folder;
  }

  checkOut(branch: string | undefined): void {
    this.branch = branch;
  }

  pushFolder(folder: string | undefined): void {
    this.folderStack.push(this.cwd);
    this.cwd = folder;
  }

  popFolder(): void {
    this.cwd = this.folderStack.pop();
  }

  /** Runs a command given as words (after `sudo`, inside `xargs`, …) in the context of `base`. */
  dispatch(base: Command, words: readonly Arg[]): void {
    const program = words[0]?.value;
    if (program === undefined) return;
    const name = posix.basename(program);
    const handler = COMMANDS.get(name) ?? (isDeployScript(name) ? deployScript : isCheckScript(program) ? checkScript : undefined);
    handler?.(this, { ...base, name, args: words.slice(1) });
  }

  private list(parsed: Parsed, statements: readonly ShellStatement[]): void {
    statements.forEach((statement, index) => {
      if (index > 0) this.newChain();
      this.statement(parsed, statement);
    });
  }

  private newChain(): void {
    this.lastChain += 1;
    this.chain = this.lastChain;
  }

  private takeOrder(): number {
    if (this.pipelineOrder !== undefined) return this.pipelineOrder;
    const order = this.nextOrder;
    this.nextOrder += 1;
    return order;
  }

  private saveFolder(): { cwd: string | undefined; stack: (string | undefined)[] } {
    return { cwd: this.cwd, stack: [...this.folderStack] };
  }

  private restoreFolder(saved: { cwd: string | undefined; stack: (string | undefined)[] }): void {
    this.cwd = saved.cwd;
    this.folderStack = saved.stack;
  }

  private statement(parsed: Parsed, statement: ShellStatement, pipe?: PipePosition): void {
    const command = statement.command;
    if (command?.kind === 'call') {
      this.simpleCommand(parsed, statement, command, pipe);
      return;
    }
    if (statement.redirects.length > 0) {
      const step = { order: this.takeOrder(), chain: this.chain };
      for (const redirect of statement.redirects) this.redirect(parsed, redirect, step);
    }
    if (!command) return;
    if (command.kind === 'binary') {
      if (command.op === SHELL_OP.pipe || command.op === SHELL_OP.pipeAll) {
        this.pipeline(parsed, [...pipeMembers(command.left), ...pipeMembers(command.right)]);
        return;
      }
      this.statement(parsed, command.left);
      // After `||` the right side runs only when the left failed: it waits on nothing before it.
      if (command.op === SHELL_OP.or) this.newChain();
      this.statement(parsed, command.right);
      return;
    }
    this.compound(parsed, command);
  }

  private compound(parsed: Parsed, command: ShellIf | ShellWhile | ShellGroup): void {
    switch (command.kind) {
      case 'if':
        return this.ifClause(parsed, command);
      // The body runs only when the condition succeeded: it continues the condition's chain.
      case 'while':
        this.list(parsed, command.condition);
        this.list(parsed, command.body);
        return;
      // Blocks, loops, case, functions, declarations, `time`: their statements in source order; a subshell keeps its cd.
      case 'group': {
        if (!command.subshell) return this.list(parsed, command.statements);
        const saved = this.saveFolder();
        this.list(parsed, command.statements);
        this.restoreFolder(saved);
        return;
      }
    }
  }

  /** Like while; `else` and `elif` start a chain of their own. */
  private ifClause(parsed: Parsed, clause: ShellIf): void {
    this.list(parsed, clause.condition);
    this.list(parsed, clause.then);
    if (clause.else) {
      this.newChain();
      this.ifClause(parsed, clause.else);
    }
  }

  private pipeline(parsed: Parsed, members: readonly ShellStatement[]): void {
    const order = this.takeOrder();
    const outer = this.pipelineOrder;
    const saved = this.saveFolder();
    this.pipelineOrder = order;
    members.forEach((member, index) => {
      // Each member runs in a subshell of its own: a `cd` there changes nothing after it.
      this.restoreFolder(saved);
      this.statement(parsed, member, { members, index });
    });
    this.restoreFolder(saved);
    this.pipelineOrder = outer;
  }

  private simpleCommand(parsed: Parsed, statement: ShellStatement, call: ShellCall, pipe: PipePosition | undefined): void {
    // Substitutions run first, each in a subshell; the command does not wait for them to succeed.
    for (const inner of call.substitutions) {
      const saved = this.saveFolder();
      const chain = this.chain;
      this.newChain();
      this.statement(parsed, inner);
      this.restoreFolder(saved);
      this.chain = chain;
    }
    const step = { order: this.takeOrder(), chain: this.chain };
    for (const redirect of statement.redirects) this.redirect(parsed, redirect, step);
    const words = wordsOf(parsed, statement);
    const base: Command = {
      name: '',
      args: [],
      parsed,
      span: parsed.script.spanOf(call.start, call.end),
      step,
      cwd: this.cwd,
      stdin: stdinOf(parsed, statement, pipe),
      stdoutTo: stdoutOf(parsed, statement, pipe),
      upstream: pipe ? pipe.members.slice(0, pipe.index).map((member) => wordsOf(parsed, member)) : [],
    };
    this.dispatch(base, words);
  }

  private redirect(parsed: Parsed, redirect: ShellRedirect, step: ActionStep): void {
    const verb = redirectVerb(redirect.op);
    if (!verb || !redirect.word) return;
    const target = argOf(parsed, redirect.word);
    // `>&2` duplicates a descriptor; devices are not files anyone protects.
    if (redirect.op === SHELL_OP.dupOut && (target.value === undefined || /^(\d+|-)$/.test(target.value))) return;
    if (target.value !== undefined && /^\/dev\/(null|std(out|err|in)|tty|fd\/)/.test(target.value)) return;
    const path = pathOf(target, this.cwd);
    const span = parsed.script.spanOf(redirect.start, redirect.end);
    this.actions.push(makeAction(verb, path, {}, span, step, 'shell'));
  }
}

function redirectVerb(op: number): Verb | undefined {
  switch (op) {
    case SHELL_OP.redirectOut:
    case SHELL_OP.clobberOut:
    case SHELL_OP.redirectAll:
    case SHELL_OP.dupOut:
      return 'overwrite';
    case SHELL_OP.appendOut:
    case SHELL_OP.appendAll:
      return 'write';
    default:
      return undefined;
  }
}

function pipeMembers(statement: ShellStatement): ShellStatement[] {
  const command = statement.command;
  if (command?.kind === 'binary' && (command.op === SHELL_OP.pipe || command.op === SHELL_OP.pipeAll) && statement.redirects.length === 0) {
    return [...pipeMembers(command.left), ...pipeMembers(command.right)];
  }
  return [statement];
}

function argOf(parsed: Parsed, word: ShellWord): Arg {
  const decoded = decodeWord(parsed.tree, word);
  return { value: decoded.literal ? decoded.text : undefined, word: decoded };
}

function wordsOf(parsed: Parsed, statement: ShellStatement): Arg[] {
  const command = statement.command;
  return command?.kind === 'call' ? command.args.map((word) => argOf(parsed, word)) : [];
}

function stdinOf(parsed: Parsed, statement: ShellStatement, pipe: PipePosition | undefined): DecodedWord | undefined {
  for (const redirect of statement.redirects) {
    if (redirect.op === SHELL_OP.heredoc || redirect.op === SHELL_OP.dashHeredoc) return decodeHeredoc(parsed.tree, redirect);
    if (redirect.op === SHELL_OP.hereString && redirect.word) return decodeWord(parsed.tree, redirect.word);
  }
  const previous = pipe && pipe.index > 0 ? pipe.members[pipe.index - 1] : undefined;
  if (!previous) return undefined;
  const words = wordsOf(parsed, previous);
  const program = words[0]?.value;
  const texts = words.slice(1).filter((word) => !word.value?.startsWith('-'));
  return (program === 'echo' || program === 'printf') && texts.length === 1 ? texts[0]?.word : undefined;
}

function stdoutOf(parsed: Parsed, statement: ShellStatement, pipe: PipePosition | undefined): Arg | undefined {
  const own = stdoutRedirect(parsed, statement);
  if (own || !pipe) return own;
  for (const member of pipe.members.slice(pipe.index + 1)) {
    const words = wordsOf(parsed, member);
    if (words[0]?.value === 'tee') {
      const file = words.slice(1).find((word) => !word.value?.startsWith('-'));
      if (file) return file;
    }
    const redirected = stdoutRedirect(parsed, member);
    if (redirected) return redirected;
  }
  return undefined;
}

function stdoutRedirect(parsed: Parsed, statement: ShellStatement): Arg | undefined {
  for (const redirect of statement.redirects) {
    const writesStdout = redirectVerb(redirect.op) !== undefined && redirect.op !== SHELL_OP.dupOut;
    const descriptor = redirect.descriptor;
    if (writesStdout && redirect.word && (descriptor === undefined || descriptor === '1')) return argOf(parsed, redirect.word);
  }
  return undefined;
}

/* ---------------------------------------------------------------------------------------------- */
/* Paths and options                                                                               */

import type { GoNode, GoObject, GoSlice, GoType, ShParser } from 'mvdan-sh';

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

type Syntax = (typeof import('mvdan-sh'))['syntax'];

let sharedParser: ShParser | undefined;

// The parser is a 1.7 MB GopherJS module that takes ~80 ms to start: load it on first use only.
function newParser(): ShParser {
  return (require('mvdan-sh') as { syntax: Syntax }).syntax.NewParser();
}

/* ---------------------------------------------------------------------------------------------- */
/* The tree binding reads: plain objects, offsets in UTF-16 units of the parsed text               */

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

/** Parses Bash; undefined on a syntax error (never throws). */
export function parseShell(text: string): ShellTree | undefined {
  return parsePlainCommandList(text) ?? parseShellWithParser(text);
}

/** Parses Bash with mvdan/sh, the reference for every shape. */
export function parseShellWithParser(text: string): ShellTree | undefined {
  let file: GoNode;
  try {
    sharedParser ??= newParser();
    file = sharedParser.Parse(text, 'command').__internal_object__;
  } catch {
    return undefined;
  }
  const reader = new TreeReader(byteToUtf16(text));
  return { text, statements: elements(file['Stmts']).map((statement) => reader.statement(statement)) };
}

/* ---------------------------------------------------------------------------------------------- */
/* Plain command lists, without the parser                                                         */
/*
 * Most commands agents run are plain words joined by `&&`, `||`, `|`, `;` and newlines
 * (`cd app && npm test -- --grep parser`), with quoted strings that expand nothing (`cat "notes 1.txt"`)
 * and output sent to a file or another descriptor (`> notes.md`, `>> log`, `2>&1`). Running the
 * GopherJS parser costs far more than reading those directly, so they are read here into the very
 * tree the parser would give (a test compares the two on generated lists); anything else (expansions,
 * escapes, other redirections, keywords, assignments, comments, globs) goes to the parser.
 */

const PLAIN_RUN = /[A-Za-z0-9_./:@%+,=~^-]+/y;
// Quoted text the parser keeps as it is: no expansion, escape or line break inside.
const DOUBLE_QUOTED = /"([^"\\$`\n]*)"/y;
const SINGLE_QUOTED = /'([^'\n]*)'/y;
// Words that are not plain commands at the start of one: keywords and declaration builtins.
const NOT_A_PLAIN_COMMAND = new Set(['case', 'coproc', 'declare', 'do', 'done', 'elif', 'else', 'esac', 'export', 'fi', 'for', 'function', 'if', 'in', 'let', 'local', 'nameref', 'readonly', 'select', 'then', 'time', 'typeset', 'until', 'while']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

interface PlainWord {
  readonly kind: 'word';
  readonly word: ShellWord;
  /** As written, quotes included. */
  readonly raw: string;
}
type PlainToken = PlainWord | { readonly kind: 'redirect'; readonly redirect: ShellRedirect } | { readonly kind: 'op'; readonly op: number } | { readonly kind: 'newline' | 'semicolon' };

const DIGITS = /^[0-9]+$/;

/** Plain runs and quoted strings, side by side, from `start`; undefined when none starts there. */
function plainWord(text: string, start: number): PlainWord | undefined {
  const parts: ShellWordPart[] = [];
  let at = start;
  for (;;) {
    const run = matchAt(PLAIN_RUN, text, at);
    const double = run ? undefined : matchAt(DOUBLE_QUOTED, text, at);
    const single = run || double ? undefined : matchAt(SINGLE_QUOTED, text, at);
    const found = run ?? double ?? single;
    if (!found) break;
    const end = at + found[0].length;
    if (run) parts.push({ kind: 'literal', start: at, end, value: found[0] });
    else if (single) parts.push({ kind: 'single-quoted', start: at, end, dollar: false, value: found[1] ?? '' });
    else parts.push({ kind: 'double-quoted', start: at, end, parts: found[1] ? [{ kind: 'literal', start: at + 1, end: end - 1, value: found[1] }] : [] });
    at = end;
  }
  return parts.length > 0 ? { kind: 'word', word: { start, end: at, parts }, raw: text.slice(start, at) } : undefined;
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function plainTokens(text: string): PlainToken[] | undefined {
  const tokens: PlainToken[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === ' ' || char === '\t') {
      at++;
    } else if (char === '\n' || char === ';') {
      tokens.push({ kind: char === ';' ? 'semicolon' : 'newline' });
      at++;
    } else if (text.startsWith('&&', at) || text.startsWith('||', at)) {
      tokens.push({ kind: 'op', op: char === '&' ? SHELL_OP.and : SHELL_OP.or });
      at += 2;
    } else if (char === '|' && text[at + 1] !== '&') {
      tokens.push({ kind: 'op', op: SHELL_OP.pipe });
      at++;
    } else if (char === '>') {
      const redirect = plainRedirect(text, at, tokens);
      if (!redirect) return undefined;
      tokens.push({ kind: 'redirect', redirect });
      at = redirect.end;
    } else {
      const word = plainWord(text, at);
      if (!word) return undefined;
      tokens.push(word);
      at = word.word.end;
    }
  }
  return tokens;
}

/**
 * `>`, `>>` or `>&` at `at` and the plain word after it; digits written right before the operator (the
 * last token) are its descriptor. Undefined for any other redirection, or one with no word.
 */
function plainRedirect(text: string, at: number, tokens: PlainToken[]): ShellRedirect | undefined {
  const next = text[at + 1];
  if (next === '|' || next === '(') return undefined;
  const op = next === '>' ? SHELL_OP.appendOut : next === '&' ? SHELL_OP.dupOut : SHELL_OP.redirectOut;
  const before = tokens[tokens.length - 1];
  const descriptor = before?.kind === 'word' && before.word.end === at && DIGITS.test(before.raw) ? before : undefined;
  if (descriptor) tokens.pop();
  let wordStart = at + (op === SHELL_OP.redirectOut ? 1 : 2);
  while (text[wordStart] === ' ' || text[wordStart] === '\t') wordStart++;
  const word = plainWord(text, wordStart);
  // Digits against another operator are that operator's descriptor, which leaves this one without a word.
  if (!word || (DIGITS.test(word.raw) && (text[word.word.end] === '>' || text[word.word.end] === '<'))) return undefined;
  return { op, start: descriptor ? descriptor.word.start : at, end: word.word.end, descriptor: descriptor?.raw, word: word.word, heredoc: undefined };
}

/** A plain command list as the parser's tree; undefined when the text is anything else. */
export function parsePlainCommandList(text: string): ShellTree | undefined {
  const tokens = plainTokens(text);
  if (!tokens) return undefined;
  const statements: ShellStatement[] = [];
  let current: PlainToken[] = [];
  for (const token of [...tokens, { kind: 'newline' } as const]) {
    if (token.kind !== 'newline' && token.kind !== 'semicolon') {
      current.push(token);
      continue;
    }
    // `;` needs a command before it; blank lines are fine.
    if (current.length === 0 && token.kind === 'semicolon') return undefined;
    if (current.length > 0) {
      const statement = plainAndOrList(current);
      if (!statement) return undefined;
      statements.push(statement);
    }
    current = [];
  }
  return statements.length > 0 ? { text, statements } : undefined;
}

/** Commands joined by `&&`/`||` (left to right) over pipelines (`|` binds tighter, left to right). */
function plainAndOrList(tokens: readonly PlainToken[]): ShellStatement | undefined {
  let list: ShellStatement | undefined;
  let pipeline: ShellStatement | undefined;
  let pendingAndOr: number | undefined;
  let pendingPipe = false;
  let words: PlainWord[] = [];
  let redirects: ShellRedirect[] = [];
  const endCommand = (): boolean => {
    const call = plainCall(words, redirects);
    words = [];
    redirects = [];
    if (!call) return false;
    pipeline = pendingPipe && pipeline ? binary(SHELL_OP.pipe, pipeline, call) : call;
    pendingPipe = false;
    return true;
  };
  const endPipeline = (): void => {
    if (!pipeline) return;
    list = pendingAndOr !== undefined && list ? binary(pendingAndOr, list, pipeline) : pipeline;
    pipeline = undefined;
  };
  for (const token of tokens) {
    if (token.kind === 'word') {
      words.push(token);
      continue;
    }
    if (token.kind === 'redirect') {
      redirects.push(token.redirect);
      continue;
    }
    if (token.kind !== 'op' || !endCommand()) return undefined;
    if (token.op === SHELL_OP.pipe) {
      pendingPipe = true;
    } else {
      endPipeline();
      pendingAndOr = token.op;
    }
  }
  if (!endCommand()) return undefined;
  endPipeline();
  return list;
}

function plainCall(words: readonly PlainWord[], redirects: readonly ShellRedirect[]): ShellStatement | undefined {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last || NOT_A_PLAIN_COMMAND.has(first.raw) || ASSIGNMENT.test(first.raw)) return undefined;
  return { command: { kind: 'call', start: first.word.start, end: last.word.end, args: words.map((w) => w.word), substitutions: [] }, redirects };
}

function binary(op: number, left: ShellStatement, right: ShellStatement): ShellStatement {
  return { command: { kind: 'binary', op, left, right }, redirects: [] };
}

/** The parser counts UTF-8 bytes (GopherJS hands Go the string as UTF-8); the transcript counts UTF-16 units. */
function byteToUtf16(text: string): (byteOffset: number) => number {
  if (/^[\x00-\x7f]*$/.test(text)) return (byteOffset) => Math.min(byteOffset, text.length);
  const map: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    for (let b = 0; b < bytes; b++) map.push(i);
    i += pair ? 2 : 1;
  }
  map.push(text.length);
  return (byteOffset) => map[Math.min(Math.max(byteOffset, 0), map.length - 1)] ?? text.length;
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading GopherJS's objects                                                                      */
/*
 * mvdan-sh's JS API converts Go values on every property access (a new wrapper object each time,
 * slices copied): reading a tree through it cost ~1 ms a command. Its own objects
 * (`__internal_object__`) hold the same fields with nothing to convert, so the tree is read from
 * them once, into the plain tree above.
 */

/** Names by Go type: one entry per syntax type at most. */
const typeNames = new Map<GoType, string | undefined>();

/** The node's Go type without `*syntax.` (`CallExpr`), as syntax.NodeType names it; undefined for a nil. */
function nodeType(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const type = (value as GoObject).constructor;
  // A nil interface is an object of no Go type; a nil pointer is its type's `nil`.
  if (type.nil === value) return undefined;
  let name = typeNames.get(type);
  if (name === undefined && !typeNames.has(type)) {
    name = type.string?.startsWith('*syntax.') ? type.string.slice('*syntax.'.length) : undefined;
    typeNames.set(type, name);
  }
  return name;
}

function node(value: unknown): GoNode | undefined {
  return nodeType(value) === undefined ? undefined : (value as GoNode);
}

function isSlice(value: unknown): value is GoSlice {
  return typeof value === 'object' && value !== null && Array.isArray((value as Partial<GoSlice>).$array);
}

/** The non-nil nodes of a slice field. */
function elements(value: unknown): GoNode[] {
  if (!isSlice(value)) return [];
  const found: GoNode[] = [];
  for (let i = 0; i < value.$length; i++) {
    const item = node(value.$array[value.$offset + i]);
    if (item) found.push(item);
  }
  return found;
}

/** A Go string (UTF-8 bytes, one per JS unit) as a JS string. */
function goString(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  return new TextDecoder().decode(Uint8Array.from(value, (char) => char.charCodeAt(0)));
}

/**
 * The fields syntax.Walk visits, by node type, in its order (syntax/walk.go of the build: a dotted
 * name goes through a struct that is not a node). Comments are left out: the parser keeps none.
 */
const WALKED_FIELDS = new Map<string, readonly (readonly string[])[]>(
  Object.entries({
    File: ['Stmts'],
    Stmt: ['Cmd', 'Redirs'],
    Assign: ['Name', 'Value', 'Index', 'Array'],
    Redirect: ['N', 'Word', 'Hdoc'],
    CallExpr: ['Assigns', 'Args'],
    Subshell: ['Stmts'],
    Block: ['Stmts'],
    IfClause: ['Cond', 'Then', 'Else'],
    WhileClause: ['Cond', 'Do'],
    ForClause: ['Loop', 'Do'],
    WordIter: ['Name', 'Items'],
    CStyleLoop: ['Init', 'Cond', 'Post'],
    BinaryCmd: ['X', 'Y'],
    FuncDecl: ['Name', 'Body'],
    Word: ['Parts'],
    DblQuoted: ['Parts'],
    CmdSubst: ['Stmts'],
    ParamExp: ['Param', 'Index', 'Repl.Orig', 'Repl.With', 'Exp.Word'],
    ArithmExp: ['X'],
    ArithmCmd: ['X'],
    BinaryArithm: ['X', 'Y'],
    BinaryTest: ['X', 'Y'],
    UnaryArithm: ['X'],
    UnaryTest: ['X'],
    ParenArithm: ['X'],
    ParenTest: ['X'],
    CaseClause: ['Word', 'Items'],
    CaseItem: ['Patterns', 'Stmts'],
    TestClause: ['X'],
    DeclClause: ['Args'],
    ArrayExpr: ['Elems'],
    ArrayElem: ['Index', 'Value'],
    ExtGlob: ['Pattern'],
    ProcSubst: ['Stmts'],
    TimeClause: ['Stmt'],
    CoprocClause: ['Name', 'Stmt'],
    LetClause: ['Exprs'],
    TestDecl: ['Description', 'Body'],
  }).map(([type, fields]) => [type, fields.map((field) => field.split('.'))]),
);

type Visitor = (child: GoNode, type: string) => boolean;

/** The nodes below `parent` in syntax.Walk's order; `visit` returns false to skip a node's children. */
function walkBelow(parent: GoNode, visit: Visitor): void {
  const paths = WALKED_FIELDS.get(nodeType(parent) ?? '');
  if (!paths) return;
  for (const path of paths) {
    let value: unknown = parent;
    for (const field of path) value = node(value)?.[field];
    if (!isSlice(value)) walkFrom(value, visit);
    else for (let i = 0; i < value.$length; i++) walkFrom(value.$array[value.$offset + i], visit);
  }
}

function walkFrom(value: unknown, visit: Visitor): void {
  const type = nodeType(value);
  if (type !== undefined && visit(value as GoNode, type)) walkBelow(value as GoNode, visit);
}

/** Every statement below `parent` not inside another statement, in source order. */
function directStatements(parent: GoNode): GoNode[] {
  const found: GoNode[] = [];
  walkBelow(parent, (child, type) => {
    if (type !== 'Stmt') return true;
    found.push(child);
    return false;
  });
  return found;
}

/** Statements of the command and process substitutions below `parent` (outermost only), in source order. */
function substitutionStatements(parent: GoNode): GoNode[] {
  const found: GoNode[] = [];
  walkBelow(parent, (child, type) => {
    if (type !== 'CmdSubst' && type !== 'ProcSubst') return true;
    found.push(...directStatements(child));
    return false;
  });
  return found;
}

class TreeReader {
  constructor(private readonly offset: (byteOffset: number) => number) {}

  statement(statement: GoNode): ShellStatement {
    const command = node(statement['Cmd']);
    return {
      command: command && this.command(statement, command),
      redirects: elements(statement['Redirs']).map((redirect) => this.redirect(redirect)),
    };
  }

  private statements(value: unknown): ShellStatement[] {
    return elements(value).map((statement) => this.statement(statement));
  }

  private command(statement: GoNode, command: GoNode): ShellCommand {
    switch (nodeType(command)) {
      case 'CallExpr':
        return {
          kind: 'call',
          start: this.start(command),
          end: this.end(command),
          args: elements(command['Args']).map((word) => this.word(word)),
          substitutions: substitutionStatements(statement).map((inner) => this.statement(inner)),
        };
      case 'BinaryCmd':
        return { kind: 'binary', op: Number(command['Op']), left: this.statement(command['X'] as GoNode), right: this.statement(command['Y'] as GoNode) };
      case 'IfClause':
        return this.ifClause(command);
      case 'WhileClause':
        return { kind: 'while', condition: this.statements(command['Cond']), body: this.statements(command['Do']) };
      default:
        return { kind: 'group', subshell: nodeType(command) === 'Subshell', statements: directStatements(command).map((inner) => this.statement(inner)) };
    }
  }

  private ifClause(clause: GoNode): ShellIf {
    const otherwise = node(clause['Else']);
    return { kind: 'if', condition: this.statements(clause['Cond']), then: this.statements(clause['Then']), else: otherwise && this.ifClause(otherwise) };
  }

  private redirect(redirect: GoNode): ShellRedirect {
    const descriptor = node(redirect['N']);
    const word = node(redirect['Word']);
    const heredoc = node(redirect['Hdoc']);
    return {
      op: Number(redirect['Op']),
      start: this.start(redirect),
      end: this.end(redirect),
      descriptor: descriptor && goString(descriptor['Value']),
      word: word && this.word(word),
      heredoc: heredoc && this.word(heredoc),
    };
  }

  private word(word: GoNode): ShellWord {
    return { start: this.start(word), end: this.end(word), parts: elements(word['Parts']).map((part) => this.part(part)) };
  }

  private part(part: GoNode): ShellWordPart {
    const start = this.start(part);
    const end = this.end(part);
    switch (nodeType(part)) {
      case 'Lit':
        return { kind: 'literal', start, end, value: goString(part['Value']) };
      case 'SglQuoted':
        return { kind: 'single-quoted', start, end, dollar: part['Dollar'] === true, value: goString(part['Value']) };
      case 'DblQuoted':
        return { kind: 'double-quoted', start, end, parts: elements(part['Parts']).map((inner) => this.part(inner)) };
      case 'ParamExp':
        return { kind: 'expansion', start, end, plainHome: isPlainHome(part) };
      default:
        return { kind: 'expansion', start, end, plainHome: false };
    }
  }

  private start(syntaxNode: GoNode): number {
    return this.offset(syntaxNode.Pos().Offset());
  }

  private end(syntaxNode: GoNode): number {
    return this.offset(syntaxNode.End().Offset());
  }
}

/** `$HOME` or `${HOME}`, with no operator on it. */
function isPlainHome(param: GoNode): boolean {
  const name = node(param['Param']);
  return (
    name !== undefined &&
    goString(name['Value']) === 'HOME' &&
    !param['Excl'] &&
    !param['Length'] &&
    !param['Width'] &&
    node(param['Index']) === undefined &&
    node(param['Slice']) === undefined &&
    node(param['Repl']) === undefined &&
    node(param['Exp']) === undefined
  );
}

/**
 * A word with its quotes and escapes removed, each UTF-16 unit of `text` tied to the source range
 * it came from. Expansions the transcript cannot settle ($VAR, $(…)) stay as written and clear
 * `literal`; `$HOME` at the start reads as `~`.
 */
export interface DecodedWord {
  readonly text: string;
  readonly literal: boolean;
  /** Source offsets (in the tree's text) where each unit of `text` starts and ends. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** The source range of text[start, end) of a decoded word. */
export function sourceRange(word: DecodedWord, start: number, end: number): { start: number; end: number } {
  if (word.starts.length === 0) return { start: 0, end: 0 };
  const last = word.starts.length - 1;
  const from = word.starts[Math.min(Math.max(start, 0), last)] ?? 0;
  if (end <= start) return { start: from, end: from };
  return { start: from, end: word.ends[Math.min(end - 1, last)] ?? from };
}

type EscapeContext = 'unquoted' | 'double' | 'heredoc' | 'literal';

const ESCAPED_IN: Record<Exclude<EscapeContext, 'unquoted' | 'literal'>, string> = {
  double: '$`"\\\n',
  heredoc: '$`\\\n',
};

const ANSI_C_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

class WordDecoder {
  private text = '';
  private literal = true;
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(private readonly source: string) {}

  result(): DecodedWord {
    return { text: this.text, literal: this.literal, starts: this.starts, ends: this.ends };
  }

  parts(parts: readonly ShellWordPart[], context: EscapeContext): void {
    for (const part of parts) this.part(part, context);
  }

  private push(char: string, start: number, end: number): void {
    this.text += char;
    for (let i = 0; i < char.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  private part(part: ShellWordPart, context: EscapeContext): void {
    switch (part.kind) {
      case 'literal': {
        // The value is the literal as written; trust the source only where it agrees.
        if (this.source.slice(part.start, part.start + part.value.length) !== part.value) return this.dynamic(part);
        this.escaped(part.start, part.start + part.value.length, context);
        return;
      }
      case 'single-quoted': {
        const open = part.start + (part.dollar ? 2 : 1);
        const close = open + part.value.length;
        if (part.dollar) this.ansiC(open, close);
        else for (let i = open; i < close; i++) this.push(this.source[i] ?? '', i, i + 1);
        return;
      }
      case 'double-quoted':
        this.parts(part.parts, 'double');
        return;
      case 'expansion':
        if (this.text === '' && part.plainHome) this.push('~', part.start, part.end);
        else this.dynamic(part);
        return;
    }
  }

  private escaped(from: number, to: number, context: EscapeContext): void {
    const source = this.source;
    for (let i = from; i < to; i++) {
      const char = source[i] ?? '';
      const next = source[i + 1];
      const escapes = context === 'unquoted' ? next !== undefined && i + 1 < to : context !== 'literal' && next !== undefined && ESCAPED_IN[context].includes(next);
      if (char !== '\\' || !escapes) {
        this.push(char, i, i + 1);
        continue;
      }
      if (next !== '\n') this.push(next ?? '', i, i + 2);
      i += 1;
    }
  }

  private ansiC(from: number, to: number): void {
    const source = this.source;
    for (let i = from; i < to; i++) {
      const char = source[i] ?? '';
      const next = source[i + 1] ?? '';
      if (char !== '\\' || i + 1 >= to) {
        this.push(char, i, i + 1);
      } else if (next === 'x' && /^[0-9a-fA-F]{1,2}/.test(source.slice(i + 2, Math.min(i + 4, to)))) {
        const hex = /^[0-9a-fA-F]{1,2}/.exec(source.slice(i + 2, Math.min(i + 4, to)))?.[0] ?? '';
        this.push(String.fromCharCode(Number.parseInt(hex, 16)), i, i + 2 + hex.length);
        i += 1 + hex.length;
      } else {
        this.push(ANSI_C_ESCAPES[next] ?? `\\${next}`, i, i + 2);
        i += 1;
      }
    }
  }

  private dynamic(part: { readonly start: number; readonly end: number }): void {
    this.literal = false;
    for (let i = part.start; i < part.end; i++) this.push(this.source[i] ?? '', i, i + 1);
  }
}

export function decodeWord(tree: ShellTree, word: ShellWord): DecodedWord {
  const decoder = new WordDecoder(tree.text);
  decoder.parts(word.parts, 'unquoted');
  return decoder.result();
}

/** The body of a here-document, read as the shell would (expansions stay as written). */
export function decodeHeredoc(tree: ShellTree, redirect: ShellRedirect): DecodedWord | undefined {
  if (!redirect.heredoc) return undefined;
  // A quoted delimiter (<<'EOF') makes the body literal.
  const delimiter = redirect.word;
  const quoted = delimiter !== undefined && tree.text.slice(delimiter.start, delimiter.end) !== decodeWord(tree, delimiter).text;
  const decoder = new WordDecoder(tree.text);
  decoder.parts(redirect.heredoc.parts, quoted ? 'literal' : 'heredoc');
  return decoder.result();
}

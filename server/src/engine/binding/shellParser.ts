import type { GoNode, GoObject, GoSlice, GoType, ShParser } from 'mvdan-sh';
import { parsePlainCommandList } from './plainCommandList';
import type { ShellCommand, ShellIf, ShellRedirect, ShellStatement, ShellTree, ShellWord, ShellWordPart } from './shellTree';

/*
 * Bash parsed by mvdan/sh (GopherJS), into the tree of shellTree.ts; a plain command list is read
 * without it (plainCommandList.ts).
 */

type Syntax = (typeof import('mvdan-sh'))['syntax'];

let sharedParser: ShParser | undefined;

// The parser is a 1.7 MB GopherJS module that takes ~80 ms to start: load it on first use only.
function newParser(): ShParser {
  return (require('mvdan-sh') as { syntax: Syntax }).syntax.NewParser();
}

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

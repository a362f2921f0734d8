import type {
  ShBinaryCmd,
  ShCallExpr,
  ShDblQuoted,
  ShFile,
  ShLit,
  ShNode,
  ShParamExp,
  ShParser,
  ShRedirect,
  ShSglQuoted,
  ShStmt,
  ShWord,
} from 'mvdan-sh';

/** Token numbers of mvdan/sh operators (syntax/tokens.go), as the parser reports them in `Op`. */
export const SHELL_OP = {
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

let loadedSyntax: Syntax | undefined;
let sharedParser: ShParser | undefined;

// The parser is a 1.7 MB GopherJS module that takes ~80 ms to start: load it on first use only.
function shellSyntax(): Syntax {
  loadedSyntax ??= (require('mvdan-sh') as typeof import('mvdan-sh')).syntax;
  return loadedSyntax;
}

/** A parsed shell script with its node offsets converted to UTF-16 offsets into `text`. */
export interface ShellTree {
  readonly text: string;
  readonly file: ShFile;
  /** UTF-16 offset of a parser byte offset. */
  offset(byteOffset: number): number;
  start(node: ShNode): number;
  end(node: ShNode): number;
}

/** Parses Bash; undefined on a syntax error (never throws). */
export function parseShell(text: string): ShellTree | undefined {
  let file: ShFile;
  try {
    sharedParser ??= shellSyntax().NewParser();
    file = sharedParser.Parse(text, 'command');
  } catch {
    return undefined;
  }
  const offset = byteToUtf16(text);
  return {
    text,
    file,
    offset,
    start: (node) => offset(node.Pos().Offset()),
    end: (node) => offset(node.End().Offset()),
  };
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

export function nodeType(node: ShNode): string {
  return shellSyntax().NodeType(node);
}

export const isCallExpr = (node: ShNode): node is ShCallExpr => nodeType(node) === 'CallExpr';
export const isBinaryCmd = (node: ShNode): node is ShBinaryCmd => nodeType(node) === 'BinaryCmd';

/** Every statement nested directly in `node` (not inside another statement), in source order. */
export function childStatements(node: ShNode): ShStmt[] {
  const found: ShStmt[] = [];
  shellSyntax().Walk(node, (child) => {
    if (child === null || child === node) return true;
    if (nodeType(child) === 'Stmt') {
      found.push(child as ShStmt);
      return false;
    }
    return true;
  });
  return found;
}

/** Statements of command and process substitutions inside `node` (outermost only), in source order. */
export function substitutionStatements(node: ShNode): ShStmt[] {
  const found: ShStmt[] = [];
  shellSyntax().Walk(node, (child) => {
    if (child === null) return true;
    const type = nodeType(child);
    if (type === 'CmdSubst' || type === 'ProcSubst') {
      found.push(...childStatements(child));
      return false;
    }
    return true;
  });
  return found;
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

  constructor(private readonly tree: ShellTree) {}

  result(): DecodedWord {
    return { text: this.text, literal: this.literal, starts: this.starts, ends: this.ends };
  }

  parts(parts: readonly ShNode[], context: EscapeContext): void {
    for (const part of parts) this.part(part, context);
  }

  private push(char: string, start: number, end: number): void {
    this.text += char;
    for (let i = 0; i < char.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  private part(part: ShNode, context: EscapeContext): void {
    const source = this.tree.text;
    switch (nodeType(part)) {
      case 'Lit': {
        const start = this.tree.start(part);
        const value = (part as ShLit).Value;
        // Value is the literal as written; trust the source only where it agrees.
        if (source.slice(start, start + value.length) !== value) return this.dynamic(part);
        this.escaped(start, start + value.length, context);
        return;
      }
      case 'SglQuoted': {
        const quoted = part as ShSglQuoted;
        const open = this.tree.start(part) + (quoted.Dollar ? 2 : 1);
        const close = open + quoted.Value.length;
        if (quoted.Dollar) this.ansiC(open, close);
        else for (let i = open; i < close; i++) this.push(source[i] ?? '', i, i + 1);
        return;
      }
      case 'DblQuoted':
        this.parts((part as ShDblQuoted).Parts, 'double');
        return;
      case 'ParamExp':
        if (this.text === '' && isPlainHome(part as ShParamExp)) this.push('~', this.tree.start(part), this.tree.end(part));
        else this.dynamic(part);
        return;
      default:
        this.dynamic(part);
    }
  }

  private escaped(from: number, to: number, context: EscapeContext): void {
    const source = this.tree.text;
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
    const source = this.tree.text;
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

  private dynamic(part: ShNode): void {
    this.literal = false;
    const start = this.tree.start(part);
    const end = this.tree.end(part);
    for (let i = start; i < end; i++) this.push(this.tree.text[i] ?? '', i, i + 1);
  }
}

function isPlainHome(param: ShParamExp): boolean {
  return (
    param.Param?.Value === 'HOME' &&
    !param.Excl &&
    !param.Length &&
    !param.Width &&
    param.Index === null &&
    param.Slice === null &&
    param.Repl === null &&
    param.Exp === null
  );
}

export function decodeWord(tree: ShellTree, word: ShWord): DecodedWord {
  const decoder = new WordDecoder(tree);
  decoder.parts(word.Parts, 'unquoted');
  return decoder.result();
}

/** The body of a here-document, read as the shell would (expansions stay as written). */
export function decodeHeredoc(tree: ShellTree, redirect: ShRedirect): DecodedWord | undefined {
  if (!redirect.Hdoc) return undefined;
  // A quoted delimiter (<<'EOF') makes the body literal.
  const delimiter = redirect.Word ? decodeWord(tree, redirect.Word) : undefined;
  const quoted = delimiter !== undefined && tree.text.slice(tree.start(redirect.Word!), tree.end(redirect.Word!)) !== delimiter.text;
  const decoder = new WordDecoder(tree);
  decoder.parts(redirect.Hdoc.Parts, quoted ? 'literal' : 'heredoc');
  return decoder.result();
}

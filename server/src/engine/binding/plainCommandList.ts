import { SHELL_OP, type ShellRedirect, type ShellStatement, type ShellTree, type ShellWord, type ShellWordPart } from './shellTree';

/*
 * Plain command lists, read without the parser. Most commands agents run are plain words joined by `&&`, `||`, `|`, `;` and newlines
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

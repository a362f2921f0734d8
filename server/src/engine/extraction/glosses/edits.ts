/*
 * What the glosses of every language share: words found by longest match in a glossary, statements
 * the glossary knows too little of left unread, and the glosses written out as edits of the text,
 * with the spaces English words need. An edit replaces characters as written (or inserts before
 * them), so each English word maps back to what it stands for (normalize.ts applies them).
 */

/** [start, end, replacement] over the written text. */
export type TextEdit = [number, number, string];

/** A word of the glossed language, or a mark of its punctuation, and its English. */
export interface Token {
  readonly start: number;
  readonly end: number;
  readonly word: string;
  /** Whether the glossary has the word (a grammatical word may gloss to nothing and still be known). */
  readonly known: boolean;
  gloss: string;
}

/** East Asian punctuation and its English (with the space that follows it). */
export const PUNCTUATION: Readonly<Record<string, string>> = {
  '，': ', ', '。': '. ', '；': '; ', '：': ': ', '、': ', ', '！': '! ', '？': '? ', '（': ' (', '）': ') ', '“': ' "', '”': '" ', '「': ' "', '」': '" ', '《': ' "', '》': '" ', '『': ' "', '』': '" ', '．': '. ',
};

export const isPunctuation = (token: Token) => PUNCTUATION[token.word] !== undefined;

/**
 * The words of a language's script in `text`, each the longest the glossary has at its place (a
 * character it lacks is a word of one, unknown), and the punctuation; other text is not a token.
 */
export function longestMatches(text: string, script: RegExp, lookup: (word: string) => string | undefined, longest: number): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (PUNCTUATION[char] !== undefined) {
      tokens.push({ start: at, end: at + 1, word: char, known: true, gloss: PUNCTUATION[char] });
      at++;
      continue;
    }
    if (!script.test(char)) {
      at++;
      continue;
    }
    let length = Math.min(longest, text.length - at);
    while (length > 1 && lookup(text.slice(at, at + length)) === undefined) length--;
    const word = text.slice(at, at + length);
    const gloss = lookup(word);
    tokens.push({ start: at, end: at + length, word, known: gloss !== undefined, gloss: gloss ?? '' });
    at += length;
  }
  return tokens;
}

/** What a word the glossary lacks is read as: a word of its own, which may narrow what the rule is about. */
export const UNKNOWN_WORD = 'untranslated';
/** More of a statement's characters than this outside the glossary, and it is not read: what it says is not known. */
const MOST_UNKNOWN = 0.3;
/** Where a statement ends: a sentence's end, a semicolon, a line's end (East Asian text puts no space after its marks). */
const STATEMENT_END = /[。！？；\n]|[.!?;](?=\s|$|[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

/**
 * The tokens of the statements the glossary knows enough of, and edits that leave out the others'
 * words ("不允许提交与当前任务无关的大规模格式化噪音": what is not to be committed is in the words the
 * glossary lacks, and a gloss without them would forbid every commit).
 */
export function understood(text: string, tokens: readonly Token[]): { tokens: Token[]; unread: TextEdit[] } {
  const kept: Token[] = [];
  const unread: TextEdit[] = [];
  const length = (list: readonly Token[]) => list.reduce((sum, t) => sum + t.end - t.start, 0);
  let next = 0;
  for (const at of [...[...text.matchAll(STATEMENT_END)].map((end) => end.index ?? 0), text.length]) {
    const statement: Token[] = [];
    while (next < tokens.length && (tokens[next] as Token).end <= at) statement.push(tokens[next++] as Token);
    const words = statement.filter((t) => !isPunctuation(t));
    if (length(words.filter((t) => !t.known)) > MOST_UNKNOWN * length(words)) unread.push(...statement.map((t): TextEdit => [t.start, t.end, '']));
    else kept.push(...statement.map((t, i) => (t.known ? t : { ...t, gloss: statement[i - 1]?.known === false && statement[i - 1]?.end === t.start ? '' : UNKNOWN_WORD })));
    // The statement's end is kept: "。" still ends a sentence.
    if (tokens[next]?.start === at) kept.push(tokens[next++] as Token);
  }
  return { tokens: kept, unread };
}

const CLAUSE_LEAD = /[\s>]*(?:(?:[-*+•]|\d{1,2}[.)])\s+)?(?:[\u{274C}\u{1F6AB}\u{26D4}\u{2717}\u{2718}\u{1F6D1}]\u{FE0F}?\s*)?(?:\*\*|__)?\s*/uy;

/** A clause's first word: after spaces, list marks, a cross that marks what not to do, and emphasis. */
export function clauseStart(text: string, from: number): number {
  return from + (stickyAt(text, CLAUSE_LEAD, from)?.[0].length ?? 0);
}

/** A sticky expression's match at `at` (looked at where it stands, without copying the text after it). */
export function stickyAt(text: string, sticky: RegExp, at: number): RegExpExecArray | null {
  sticky.lastIndex = at;
  return sticky.exec(text);
}

/**
 * The glosses as edits, with the spaces English words need between them and the text around them:
 * `script` is the glossed language's, whose characters need no space beside a gloss (they are
 * replaced too).
 */
export function spaced(text: string, script: RegExp, tokens: readonly Token[], insertions: readonly TextEdit[]): TextEdit[] {
  const edits: TextEdit[] = [...insertions, ...tokens.map((token): TextEdit => [token.start, token.end, token.gloss])].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  // The last character written out before the edit at hand: an earlier edit's, or the text's between them.
  let lastOut = '';
  let at = 0;
  edits.forEach((edit, index) => {
    const [start, end] = edit;
    if (start > at) lastOut = text[start - 1] as string;
    at = Math.max(at, end);
    if (edit[2] === '') return;
    if (/^\w/.test(edit[2]) && /[^\s(\[“"'*_]/.test(lastOut) && !script.test(lastOut)) edit[2] = ` ${edit[2]}`;
    const nextEdit = edits[index + 1];
    const nextWritten = nextEdit?.[0] === end ? undefined : text[end];
    if (nextWritten !== undefined && /\w$/.test(edit[2]) && /[\w`$~/@-]/.test(nextWritten)) edit[2] = `${edit[2]} `;
    if (nextWritten !== undefined && /\s/.test(nextWritten)) edit[2] = edit[2].trimEnd();
    lastOut = edit[2].slice(-1);
  });
  // "`ccmodel.env`(已 gitignore)": a parenthesis written against code opens an aside, as English spaces it.
  const asides = [...text.matchAll(/`\(/g)].map((m): TextEdit => [(m.index ?? 0) + 1, (m.index ?? 0) + 1, ' ']);
  return [...edits, ...spacesBeforePunctuation(text, edits), ...asides];
}

/**
 * Written spaces that a word said elsewhere leaves before punctuation ("files ." where "파일을 삭제하지
 * 마세요." had its verb moved): edits that take them out.
 */
function spacesBeforePunctuation(text: string, edits: readonly TextEdit[]): TextEdit[] {
  // What is written out, piece by piece: the text between edits (split at its spaces) and each edit's own.
  const pieces: { start: number; end: number; out: string; written: boolean }[] = [];
  const writtenPieces = (from: number, to: number) => {
    for (const match of text.slice(from, to).matchAll(/\s+|\S+/g)) pieces.push({ start: from + (match.index ?? 0), end: from + (match.index ?? 0) + match[0].length, out: match[0], written: true });
  };
  let at = 0;
  for (const [start, end, out] of edits) {
    if (start > at) writtenPieces(at, start);
    pieces.push({ start, end, out, written: false });
    at = Math.max(at, end);
  }
  writtenPieces(at, text.length);
  // The piece said before each and after each, leaving out what says nothing.
  const said = pieces.map((piece) => piece.out !== '');
  const before: (string | undefined)[] = [];
  let last: string | undefined;
  pieces.forEach((piece, index) => {
    before[index] = last;
    if (said[index]) last = piece.out;
  });
  // (Code is written as it is meant: "`ruff check . && …`" keeps its space.)
  const code = new Uint8Array(text.length);
  for (const span of text.matchAll(/`[^`\n]*`/g)) code.fill(1, span.index ?? 0, (span.index ?? 0) + span[0].length);
  const inCode = (at: number) => code[at] === 1;
  const removals: TextEdit[] = [];
  let after: string | undefined;
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index] as (typeof pieces)[number];
    const previous = before[index];
    if (piece.written && /^[ \t]+$/.test(piece.out) && !inCode(piece.start) && after !== undefined && /^[,.;:!?]/.test(after) && previous !== undefined && !/\s$/.test(previous)) removals.push([piece.start, piece.end, '']);
    if (said[index]) after = piece.out;
  }
  return removals;
}

/** Edits in the order normalize.ts applies them: by start, an insertion before what starts there. */
export const inTextOrder = (edits: readonly TextEdit[]): TextEdit[] => [...edits].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

/** Verbs whose last consonant doubles before "-ing": "committing", "running". */
const DOUBLING = new Set(['commit', 'run', 'get', 'set', 'put', 'stop', 'drop', 'ship', 'submit', 'skip', 'omit', 'plan', 'forget', 'begin']);

/** A verb's "-ing" form, on its last word ("force push": "force pushing"), as "avoid" wants it. */
export function gerund(verb: string): string {
  const words = verb.split(' ');
  const last = words.pop() ?? '';
  const ing = DOUBLING.has(last) ? `${last}${last.slice(-1)}ing` : /[^e]e$/.test(last) ? `${last.slice(0, -1)}ing` : `${last}ing`;
  return [...words, ing].join(' ');
}

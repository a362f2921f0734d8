import { type TextEdit, type Token, clauseStart, gerund, inTextOrder, isPunctuation, longestMatches, spaced, stickyAt, understood } from './edits';

/*
 * Languages that put the verb last (Japanese, Korean), glossed into English order. A clause is
 * phrases, each closed by a particle ("main 브랜치에": "to main branch"; "ファイルを": the object),
 * then its verb and the endings that say what of it ("푸시하지 마세요": push, do not). The particle's
 * English goes before its phrase; the verb and its negation go where English has them: before the
 * object if there is one, otherwise at the start of the main clause, after the clauses that say
 * when ("커밋하기 전에": "before committing,"). Text that is not the language's (a name, `code`)
 * stays where it is written.
 */

/** What a word does in its clause. */
export type Role =
  /** A thing, a person, a quality: glossed in place. */
  | 'word'
  /** An adverb ("直接", "반드시"): a phrase of its own, in place. */
  | 'adverb'
  /** An action, the verb when the clause ends on it. */
  | 'action'
  /** A particle that marks the object: its phrase follows the verb. */
  | 'object'
  /** A particle that marks the subject: the verb follows its phrase. */
  | 'subject'
  /** A particle that marks a clause as the object ("成功することを確認": confirm that it succeeds): the verb goes before the whole clause. */
  | 'clauseObject'
  /** A particle whose English goes before its phrase ("に": to). */
  | 'particle'
  /** A particle that closes a clause saying when ("前に": before): its English goes first, a comma after. */
  | 'connective'
  /** A particle within a phrase ("の", "의": of): it ends no phrase. */
  | 'possessive'
  /** An ending that says no ("しないでください", "하지 마세요"): it goes before the verb. */
  | 'negation'
  /** An ending that says must or should ("しなければならない", "해야 합니다"): it goes before the verb too. */
  | 'modal'
  /** An ending that says nothing English needs ("してください", "하세요"). */
  | 'ending'
  /** A predicate that is not a verb ("禁止", "금지입니다": is forbidden): said where it stands. */
  | 'copula';

export interface Gloss {
  readonly english: string;
  readonly role: Role;
  /** A word's English as the verb, when the endings follow it ("確認してください": confirm). */
  readonly verb?: string;
}

/** A verb-final language's glossary, and its words read in English order. */
export class VerbFinalGlossary {
  private readonly longest: number;
  /** A negation of the language: a line with one says no itself, whatever mark it opens with. */
  readonly negation: RegExp;

  constructor(
    private readonly glossary: Readonly<Record<string, Gloss>>,
    /** The language's characters, which its words are made of. */
    readonly script: RegExp,
  ) {
    this.longest = Math.max(...Object.keys(glossary).map((word) => word.length));
    this.negation = new RegExp(Object.entries(glossary).filter(([, gloss]) => gloss.role === 'negation' || gloss.role === 'copula').map(([word]) => word).join('|'));
  }

  /** The words of `text` in the language, each the longest the glossary has at its place. */
  words(text: string): Token[] {
    return longestMatches(text, this.script, (word) => this.glossary[word]?.english, this.longest);
  }

  /** A word's role; a word the glossary lacks is a word. */
  roleOf(token: Token): Role {
    return (token.known ? this.glossary[token.word]?.role : undefined) ?? 'word';
  }

  /** A word's English as the verb of its clause, if it can be one. */
  verbOf(token: Token): string | undefined {
    const gloss = token.known ? this.glossary[token.word] : undefined;
    return gloss?.role === 'action' ? gloss.english : gloss?.verb;
  }

  /** The edits that gloss the words found in `text`, in English order. */
  edits(text: string, found: readonly Token[]): TextEdit[] {
    const { tokens, unread } = understood(text, found);
    return inTextOrder([...spaced(text, this.script, tokens, verbFinalOrder(text, tokens, this)), ...unread]);
  }
}

type Grammar = Pick<VerbFinalGlossary, 'roleOf' | 'verbOf'>;

/** Where a clause ends, between or at its words. */
const CLAUSE_BREAK = /[,;:!?\n]|\.(?=\s|$)/;
/** The text's own comma after a connective. */
const OWN_COMMA = /\s*[、，,:：]/y;
/** A plain word written in Latin letters right before the endings: "pushしないで", "commit 하지 마세요". */
const LATIN_VERB = /(?:^|[^\w`'"./-])([A-Za-z][A-Za-z-]*)\s?$/;

/** The edits that put each clause of `tokens` (glossed, with their roles) in English order. */
function verbFinalOrder(text: string, tokens: readonly Token[], grammar: Grammar): TextEdit[] {
  const said = new Said();
  let clause: Token[] = [];
  let clauseFrom = 0;
  const close = (end: number) => {
    reorderClause(text, clause, clauseFrom, grammar, said);
    clause = [];
    clauseFrom = end;
  };
  tokens.forEach((token, index) => {
    // (From the text's start too: a statement left unread before the first token may end in a break.)
    const gapFrom = tokens[index - 1]?.end ?? 0;
    const gap = text.slice(gapFrom, token.start);
    if (CLAUSE_BREAK.test(gap)) close(gapFrom + gap.search(CLAUSE_BREAK) + 1);
    if (isPunctuation(token)) return close(token.end);
    clause.push(token);
  });
  close(text.length);
  return said.edits();
}

/** English words said where nothing was written, in the order they are said at each place. */
class Said {
  private readonly at = new Map<number, string[]>();
  private readonly removed: TextEdit[] = [];

  /** `words` said at `offset`, after what is said there already. */
  add(offset: number, words: string): void {
    this.at.set(offset, [...(this.at.get(offset) ?? []), words]);
  }

  /** Written text left out: a word in Latin letters said elsewhere, the space before a comma. */
  remove(start: number, end: number): void {
    this.removed.push([start, end, '']);
  }

  edits(): TextEdit[] {
    return [...[...this.at].map(([offset, words]): TextEdit => [offset, offset, words.join(' ')]), ...this.removed];
  }
}

/**
 * A clause in English order: each clause that says when ("커밋하기 전에": before committing), closed by
 * its connective, then the main clause; each with its verb said before its object, or first.
 */
function reorderClause(text: string, clause: readonly Token[], from: number, grammar: Grammar, said: Said): void {
  let segmentFrom = from;
  let segment: Token[] = [];
  for (const token of clause) {
    if (grammar.roleOf(token) !== 'connective') {
      segment.push(token);
      continue;
    }
    const start = clauseStart(text, segmentFrom);
    said.add(start, token.gloss);
    // A comma, unless the text has its own: "インストールする前に、".
    token.gloss = stickyAt(text, OWN_COMMA, token.end) ? '' : ',';
    // "허락 없이": no space before the comma the connective becomes.
    let space = 0;
    while (/\s/.test(text[token.start - space - 1] ?? '')) space++;
    if (space > 0 && segment.length > 0) said.remove(token.start - space, token.start);
    reorderSegment(text, segment, start, token.start, grammar, said);
    segment = [];
    segmentFrom = token.end;
  }
  reorderSegment(text, segment, clauseStart(text, segmentFrom), text.length, grammar, said);
}

/** One clause without its connective: particles before their phrases, the verb (and its "not") before its object or first. */
function reorderSegment(text: string, segment: readonly Token[], from: number, to: number, grammar: Grammar, said: Said): void {
  if (segment.length === 0) return;
  const roles = segment.map((token) => grammar.roleOf(token));
  // The verb: the last action, followed by nothing but endings (or a topic's particle first: "pushは避ける").
  let last = segment.length - 1;
  const negations: Token[] = [];
  while (last >= 0 && (roles[last] === 'ending' || roles[last] === 'negation' || roles[last] === 'modal')) {
    if (roles[last] !== 'ending') negations.unshift(segment[last] as Token);
    last--;
  }
  if (negations.length > 0 && roles[last] === 'particle' && (segment[last] as Token).gloss === '') last--;
  // (A word that is a verb only with its endings is a noun without them: "確認なしに", without confirmation.)
  const verbLike = segment[last] !== undefined && grammar.verbOf(segment[last] as Token) !== undefined && (roles[last] === 'action' || last < segment.length - 1);
  const verbToken = verbLike ? segment[last] : undefined;
  // Or a word in Latin letters right before the endings: "pushしないで".
  const endings = segment[last + 1];
  const latin = !verbToken && endings ? LATIN_VERB.exec(text.slice(from, endings.start)) : null;
  const latinVerb = latin && endings ? { start: endings.start - latin[0].length + latin[0].indexOf(latin[1] as string), word: latin[1] as string } : undefined;
  // An action said of by a predicate that is no verb is its subject: "ファイル削除は禁止" is "files deleting is forbidden".
  if (!verbToken && roles[segment.length - 1] === 'copula') {
    let subject = segment.length - 2;
    if (roles[subject] === 'particle' && (segment[subject] as Token).gloss === '') subject--;
    const action = segment[subject];
    const english = action && grammar.verbOf(action);
    if (action && english !== undefined && roles[subject] === 'action') action.gloss = gerund(english);
  }
  let phraseFrom = from;
  let objectFrom: number | undefined;
  let subjectTo: number | undefined;
  const prepositions: [number, string][] = [];
  segment.forEach((token, index) => {
    const role = roles[index];
    if (role === 'adverb') phraseFrom = token.end;
    if (role !== 'particle' && role !== 'object' && role !== 'subject' && role !== 'clauseObject') return;
    const start = clauseStart(text, phraseFrom);
    if (role === 'object') objectFrom ??= start;
    else if (role === 'clauseObject') objectFrom ??= from;
    else if (role === 'subject') subjectTo ??= clauseStart(text, token.end);
    else if (token.gloss !== '') prepositions.push([start, token.gloss]);
    token.gloss = '';
    phraseFrom = token.end;
  });
  const verb = verbToken ? grammar.verbOf(verbToken) : latinVerb?.word;
  // Before the object ("run tests"), after the subject ("tests fail"), or first ("do not push to main").
  const at = objectFrom ?? subjectTo ?? from;
  if (verb !== undefined && at < to) {
    // ("避ける": "avoid pushing".)
    const avoided = negations.some((n) => n.gloss === 'avoid');
    said.add(at, [...negations.map((n) => n.gloss), avoided ? gerund(verb) : verb].filter((word) => word !== '').join(' '));
    for (const token of [...negations, ...(verbToken ? [verbToken] : [])]) token.gloss = '';
    if (latinVerb) said.remove(latinVerb.start, latinVerb.start + latinVerb.word.length);
  }
  // (After the verb, where both are said at one place: "do not push to main".)
  for (const [start, english] of prepositions) said.add(start, english);
}

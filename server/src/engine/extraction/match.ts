import type { Word } from './words';

/** A lexicon phrase compiled for matching: each step is a word, or a gap (`*` up to two words, `**` up to six). */
export type Phrase = readonly (string | typeof GAP | typeof LONG_GAP)[];
export const GAP = Symbol('gap');
export const LONG_GAP = Symbol('long gap');
const GAP_WORDS = { [GAP]: 2, [LONG_GAP]: 6 } as const;
const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'nor']);

/**
 * "back * up" → ['back', GAP, 'up']. A hyphenated word is matched both ways the tagger may read it:
 * split ("force-push" → force, push) and joined ("pre-commit" → precommit).
 */
export function compile(phrases: readonly string[]): Phrase[] {
  const tokens = (p: string) =>
    p
      .split(/\s+/)
      .filter(Boolean)
      .map((t) => (t === '**' ? LONG_GAP : t === '*' ? GAP : t));
  return phrases.flatMap((p) => {
    const lower = p.toLowerCase();
    const split = tokens(lower.replace(/-/g, ' '));
    return /\w-\w/.test(lower) ? [split, tokens(lower.replace(/(\w)-(\w)/g, '$1$2'))] : [split];
  });
}

export function wordSet(words: readonly string[]): ReadonlySet<string> {
  return new Set(words);
}

const matches = (word: Word | undefined, token: string) => word !== undefined && (word.norm === token || word.forms.includes(token));

/** Punctuation a gap never swallows: a sentence's, and a dash set apart ("force push — it rewrites history"). */
const GAP_STOP = /[,;:.!?\u2014\u2013]|\s-(?:\s|$)|^-\s/;

/** Where `phrase` ends (exclusive) if it matches at `index`, else undefined. Gaps never swallow sentence punctuation. */
export function matchAt(words: readonly Word[], index: number, phrase: Phrase, limit = words.length, gaps?: number[]): number | undefined {
  let at = index;
  for (let step = 0; step < phrase.length; step++) {
    const token = phrase[step];
    if (token === GAP || token === LONG_GAP) {
      const next = phrase[step + 1];
      if (typeof next !== 'string') return undefined;
      let found: number | undefined;
      // Nor the punctuation before them: "push, or force" is no "push * force".
      const closed = at > index && GAP_STOP.test(words[at - 1]?.post ?? '');
      for (let skip = 0; !closed && skip <= GAP_WORDS[token] && at + skip < limit; skip++) {
        if (matches(words[at + skip], next)) {
          found = at + skip;
          break;
        }
        if (GAP_STOP.test(words[at + skip]?.post ?? '')) break;
        // A short gap joins no list: "push or force-push" is two actions, not "push * force".
        if (token === GAP && COORDINATORS.has((words[at + skip] as Word).norm)) break;
      }
      if (found === undefined) return undefined;
      for (let gap = at; gap < found; gap++) gaps?.push(gap);
      at = found + 1;
      step++;
      continue;
    }
    if (at >= limit || !matches(words[at], token as string)) return undefined;
    at++;
  }
  return at;
}

/** A phrase list by its first word: a list is tried at every word, and most words open none of its phrases. */
interface ByFirstWord {
  readonly byWord: ReadonlyMap<string, readonly Phrase[]>;
  /** Phrases that open on a gap (or on nothing), tried at every word. */
  readonly anywhere: readonly Phrase[];
}
const byFirstWord = new WeakMap<readonly Phrase[], ByFirstWord>();

function indexed(phrases: readonly Phrase[]): ByFirstWord {
  let index = byFirstWord.get(phrases);
  if (!index) {
    const byWord = new Map<string, Phrase[]>();
    const anywhere: Phrase[] = [];
    for (const phrase of phrases) {
      const first = phrase[0];
      if (typeof first !== 'string') anywhere.push(phrase);
      else {
        const list = byWord.get(first);
        if (list) list.push(phrase);
        else byWord.set(first, [phrase]);
      }
    }
    index = { byWord, anywhere };
    byFirstWord.set(phrases, index);
  }
  return index;
}

/** The furthest end of any of `phrases` matched at `index`: only those whose first word is the word there (its norm or a form) can. */
function longestAt(words: readonly Word[], index: number, { byWord, anywhere }: ByFirstWord, to: number): number | undefined {
  let best = longestOf(words, index, anywhere, to, undefined);
  const word = words[index];
  if (word === undefined) return best;
  best = longestOf(words, index, byWord.get(word.norm), to, best);
  for (const form of word.forms) if (form !== word.norm) best = longestOf(words, index, byWord.get(form), to, best);
  return best;
}

function longestOf(words: readonly Word[], index: number, list: readonly Phrase[] | undefined, to: number, best: number | undefined): number | undefined {
  if (list === undefined) return best;
  let longest = best;
  for (const phrase of list) {
    const end = matchAt(words, index, phrase, to);
    if (end !== undefined && (longest === undefined || end > longest)) longest = end;
  }
  return longest;
}

/** A phrase found in a sentence: word range [start, end). */
export interface Found {
  readonly start: number;
  readonly end: number;
}

/** Every match of any of `phrases` within words[from, to), longest first at each position, not overlapping. */
export function findAll(words: readonly Word[], phrases: readonly Phrase[], from = 0, to = words.length): Found[] {
  const found: Found[] = [];
  const index = indexed(phrases);
  for (let i = from; i < to; i++) {
    const best = longestAt(words, i, index, to);
    if (best !== undefined) {
      found.push({ start: i, end: best });
      i = best - 1;
    }
  }
  return found;
}

/** The first match of any of `phrases` in words[from, to). */
export function findFirst(words: readonly Word[], phrases: readonly Phrase[], from = 0, to = words.length): Found | undefined {
  const index = indexed(phrases);
  for (let i = from; i < to; i++) {
    const best = longestAt(words, i, index, to);
    if (best !== undefined) return { start: i, end: best };
  }
  return undefined;
}

/** Whether any of `phrases` starts exactly at `index`; returns its end. */
export function startsWith(words: readonly Word[], phrases: readonly Phrase[], index: number, to = words.length): number | undefined {
  return longestAt(words, index, indexed(phrases), to);
}

import type Compromise from 'compromise/two';
import { baseForms } from './baseForms';
import { commonNounsJoined } from './slashed';
import { GLOSSED_SCRIPT } from './glosses';
import { forgetReadableTexts, readable } from './normalize';
import { TextMemo } from '../text/textMemo';
import { numbersMasked, withNumbersOf, type TaggedSentence, type TaggedTerm } from './numberShapes';

type Nlp = typeof Compromise;
let loadedNlp: Nlp | undefined;

// compromise takes ~0.5 s to load: load it when the first sentence is read, so a caller that reads
// none (the live hook, most tool calls) never pays for it.
function compromise(): Nlp {
  loadedNlp ??= require('compromise/two') as Nlp;
  return loadedNlp;
}
/** Loads the tagger now, for a long-lived process with time to spare (the hook server, while idle), so no call waits for it. */
export function loadTagger(): void {
  compromise();
}

const nlp = Object.assign((text: string) => compromise()(text), { tokenize: (text: string) => compromise().tokenize(text) });

/** One word of a sentence, with the forms the lexicon is matched against. */
export interface Word {
  /** As written; empty for a word a contraction implies (the "not" of "don't"). */
  readonly text: string;
  /** Lowercase, contractions expanded: "don't" is "do" then "not". */
  readonly norm: string;
  /** The norm and its base forms: "deleting" → deleting, delete; "backed" → backed, back. */
  readonly forms: readonly string[];
  readonly tags: ReadonlySet<string>;
  /** Offsets in the text the sentence was read from. */
  readonly start: number;
  readonly end: number;
  /** Punctuation written before and after the word. */
  readonly pre: string;
  readonly post: string;
}

export interface SentenceWords {
  /** Offsets of the sentence in the text it was read from, trimmed. */
  readonly start: number;
  readonly end: number;
  readonly words: readonly Word[];
}

function toWord(term: TaggedTerm, at: (offset: number) => number): Word {
  const norm = (term.machine ?? term.implicit ?? term.normal).toLowerCase();
  const forms = new Set(baseForms(norm));
  if (term.root) forms.add(term.root.toLowerCase());
  // Things joined by a slash ("packages/dependencies", "files/branches") are each of them; a path
  // ("tests/fixtures") or verbs joined so ("read/write") are not.
  if (commonNounsJoined(norm)) for (const part of norm.split('/')) for (const form of baseForms(part)) forms.add(form);
  const start = at(term.offset.start);
  // ("`sudo su -`, `sudo bash`": a term that is a mark alone keeps the marks after it, a comma too, as what follows it.)
  const [, mark, marksAfter] = /^([-+*]+)([`'"’”)\]]*[,;:.!?][^\w]*)$/.exec(term.text) ?? [];
  const text = mark ?? term.text;
  return {
    text,
    norm,
    forms: [...forms],
    tags: new Set(term.tags),
    start,
    end: Math.max(start, at(term.offset.start + (mark ? text.length : term.offset.length))),
    pre: term.pre,
    post: `${marksAfter ?? ''}${term.post}`,
  };
}

/** A numbered list's marker opening a sentence ("1. "). */
const LIST_NUMBER = /^\d{1,2}[.)]\s+/;

/**
 * The sentence as the tagger should see it: without its list number, written as spaces so offsets
 * stay, or the tagger takes the word after it for a name ("1. Only deploy …": "Only" a proper noun).
 */
function withoutListNumber(text: string): string {
  const marker = LIST_NUMBER.exec(text);
  return marker ? `${' '.repeat(marker[0].length)}${text.slice(marker[0].length)}` : text;
}

/** A label of a word or two closed by a colon, or an opener set apart by a mark, at a sentence's start, then a capitalised word: "IMPORTANT: Build …", "Testing: Run …", "ps. Run …". */
const LEADING_LABEL = /^\s*(?:[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?\s*:|(?:also|btw|ps|fyi|note|nb)\s*[.,!])\s+(?=[A-Z][a-z])/i;

/**
 * The tagger takes the capitalised word after such a label for a name ("IMPORTANT: Build and test before pushing":
 * "Build" a proper noun); the words after the label are tagged as a sentence of their own, the label's as they were.
 */
function labelApart(text: string, sentences: TaggedSentence[]): TaggedSentence[] {
  const label = LEADING_LABEL.exec(text);
  const [sentence] = sentences;
  if (!label || sentences.length !== 1 || !sentence) return sentences;
  const after = label[0].length;
  const first = sentence.terms.find((t) => t.offset.start >= after);
  if (!first?.tags.includes('ProperNoun') || first.tags.some((tag) => tag === 'Person' || tag === 'Place' || tag === 'Organization')) return sentences;
  const [apart, ...more] = tagged(`${' '.repeat(after)}${text.slice(after)}`);
  if (!apart || more.length > 0) return sentences;
  return [{ ...sentence, terms: [...sentence.terms.filter((t) => t.offset.start < after), ...apart.terms.filter((t) => t.offset.start >= after)] }];
}

interface CompromiseSpan {
  offset: { start: number; length: number };
}

/**
 * Tagged sentences by their text, for the whole process: people and agents say the same sentences
 * again and again ("Yes, please go ahead.", "Thanks!"), and tagging is most of extraction's time.
 * Bounded: forgotten past a number of sentences.
 */
const TAGGED_LIMIT = 20_000;
const taggedSentences = new Map<string, TaggedSentence[]>();

/** Forgets the tagged sentences, the blocks split into sentences and the texts made readable: for a measurement that must read every text afresh. */
export function forgetTaggedSentences(): void {
  taggedSentences.clear();
  sentenceRanges.clear();
  chunkTokens.clear();
  forgetReadableTexts();
}

function tagged(text: string): TaggedSentence[] {
  let sentences = taggedSentences.get(text);
  if (!sentences) {
    // A sentence that differs from one tagged before only in its numbers takes that one's tags (numberShapes.ts).
    const masked = numbersMasked(text);
    sentences = (masked !== undefined ? withNumbersOf(text, masked, tagged(masked)) : undefined) ?? taggedAlone(text);
    if (taggedSentences.size >= TAGGED_LIMIT) taggedSentences.clear();
    taggedSentences.set(text, sentences);
  }
  return sentences;
}

function taggedAlone(text: string): TaggedSentence[] {
  const doc = nlp(text);
  doc.compute('root');
  // Only the terms and the offsets are read: the sentence's text is not made.
  return doc.json({ offset: true, text: false }) as TaggedSentence[];
}

/**
 * Blocks split into sentences, by the block's readable text, for the whole process: a block is split
 * again for each variant read with it, and corpora repeat whole messages. Bounded by the characters
 * kept; long blocks are not kept.
 */
const sentenceRanges = new TextMemo<CompromiseSpan[]>(64 * 1024, 16 * 1024 * 1024);

interface SentenceSplitter {
  readonly one: { readonly tokenize: { readonly splitSentences: (text: string, world: object) => string[] } };
}

/**
 * The chunks compromise's sentence splitter cuts a text into, its tokenizer's first step: each
 * sentence the tokenizer finds lies within one chunk, with only spaces and marks around it.
 */
function sentenceChunks(text: string): string[] {
  const loaded = compromise();
  return (loaded.methods() as SentenceSplitter).one.tokenize.splitSentences(text, loaded.world());
}

/** Only the sentences' offsets: neither their texts nor their terms are made. (The types know `terms` as options only; false leaves them out.) */
const OFFSETS_FIELDS = { offset: true, text: false, terms: false };
const OFFSETS_ONLY: { readonly offset: boolean; readonly text: boolean } = OFFSETS_FIELDS;

/** A chunk tokenized alone: its sentences' ranges in it, and the characters its terms hold (before, in and after each word). */
interface ChunkTokens {
  readonly ranges: readonly CompromiseSpan[];
  readonly chars: number;
}

interface TokenizedTerm {
  readonly pre: string;
  readonly text: string;
  readonly post: string;
}

/**
 * Chunks tokenized alone, by their text, for the whole process: messages that differ in a number
 * share most of their sentences. Undefined for a chunk the splitter would cut again when alone.
 */
const chunkTokens = new TextMemo<ChunkTokens | undefined>(64 * 1024, 16 * 1024 * 1024);

function tokenizedAlone(chunk: string): ChunkTokens | undefined {
  const pieces = sentenceChunks(chunk);
  if (pieces.length !== 1 || pieces[0] !== chunk) return undefined;
  const doc = nlp.tokenize(chunk);
  const ranges = doc.json(OFFSETS_ONLY) as CompromiseSpan[];
  const chars = (doc as unknown as { document: TokenizedTerm[][] }).document.reduce((sum, terms) => terms.reduce((inner, t) => inner + t.pre.length + t.text.length + t.post.length, sum), 0);
  return { ranges, chars };
}

/**
 * The tokenizer's sentences of a text, with the offsets it gives them. It cuts the text into the
 * splitter's chunks and makes each chunk's terms on their own (contractions too), then counts the
 * offsets over the terms in turn: so each chunk is tokenized alone, once for every text it is in, and
 * placed after the characters the terms before it hold, as the tokenizer counts them.
 * (Exported for the test that holds it to the tokenizer's own offsets.)
 */
export function tokenizedRanges(text: string): CompromiseSpan[] {
  const ranges: CompromiseSpan[] = [];
  let elapsed = 0;
  for (const chunk of sentenceChunks(text)) {
    // Its plain numbers masked: the tokenizer reads them by their shape (numberShapes.ts), and the tokens hold no text.
    const tokens = chunkTokens.get(numbersMasked(chunk) ?? chunk, tokenizedAlone);
    if (!tokens) return nlp.tokenize(text).json(OFFSETS_ONLY) as CompromiseSpan[];
    for (const range of tokens.ranges) ranges.push({ offset: { start: elapsed + range.offset.start, length: range.offset.length } });
    elapsed += tokens.chars;
  }
  return ranges;
}

/**
 * Ranges cut where the next one starts: the tokenizer counts a sentence's leading marks ("- " of a list
 * item) in its length though not in its start, so "- Do not push. The user…" ran on into "T".
 */
function clamped(ranges: readonly CompromiseSpan[]): CompromiseSpan[] {
  return ranges.map((range, index) => {
    const next = ranges[index + 1];
    const end = range.offset.start + range.offset.length;
    return next && end > next.offset.start ? { offset: { start: range.offset.start, length: next.offset.start - range.offset.start } } : range;
  });
}

function sentenceRangesOf(text: string): CompromiseSpan[] {
  return sentenceRanges.get(text, tokenizedRanges);
}

/**
 * The tokenizer's sentences with those it cut inside a code span joined again: "`eslint . --fix`" and
 * "`git add . && git commit`" are one command, and the sentence around them one sentence. A cut is
 * inside a span after an odd number of backticks on its line, with one still to come on it; the
 * backticks are counted once through the text, cut after cut.
 */
function withinCodeSpans(text: string, ranges: readonly CompromiseSpan[]): (CompromiseSpan & { joined?: true })[] {
  const result: (CompromiseSpan & { joined?: true })[] = [];
  let counted = 0;
  let open = false;
  const insideCodeSpan = (at: number) => {
    for (; counted < at; counted++) {
      const c = text.charCodeAt(counted);
      if (c === 96) open = !open;
      else if (c === 10) open = false;
    }
    if (!open) return false;
    const tick = text.indexOf('`', at);
    const lineEnd = text.indexOf('\n', at);
    return tick !== -1 && (lineEnd === -1 || tick < lineEnd);
  };
  for (const range of ranges) {
    const previous = result[result.length - 1];
    if (previous && insideCodeSpan(previous.offset.start + previous.offset.length)) {
      const start = previous.offset.start;
      result[result.length - 1] = { offset: { start, length: range.offset.start + range.offset.length - start }, joined: true };
    } else result.push(range);
  }
  return result;
}

/**
 * Reads a block of text as sentences of words. `base` is the block's offset in the text the word
 * offsets should refer to. Sentences are found by compromise's tokenizer (cheaper than tagging);
 * only those that pass `worthReading` are tagged (lemmas, parts of speech, contractions), the
 * expensive part.
 */
export function readSentences(block: string, base: number, worthReading: (text: string) => boolean): SentenceWords[] {
  const result: SentenceWords[] = [];
  const { text: readableBlock, original } = readable(block);
  // Whether a sentence passes is known from its chunk, which holds it: `worthReading` finds whole words
  // and marks, so what passes in a sentence passes in the chunk around it. A block none of whose chunks
  // pass is not tokenized, the dearer step.
  if (!sentenceRanges.has(readableBlock) && !sentenceChunks(readableBlock).some(worthReading)) return result;
  const glossed = readableBlock !== block && GLOSSED_SCRIPT.test(block);
  for (const range of withinCodeSpans(readableBlock, clamped(sentenceRangesOf(readableBlock)))) {
    const text = readableBlock.slice(range.offset.start, range.offset.start + range.offset.length);
    if (!worthReading(text)) continue;
    // Offsets in the readable text, mapped back to the block as written, then to the caller's text.
    const at = (offset: number) => base + original(range.offset.start + offset);
    const unnumbered = withoutListNumber(text);
    const sentences = labelApart(unnumbered, tagged(unnumbered));
    // A range joined across a code span's stop is one sentence, however the tagger cuts it again.
    const cut = range.joined ? [{ terms: sentences.flatMap((s) => s.terms) }] : sentences;
    for (const [index, sentence] of cut.entries()) {
      const words = sentence.terms.map((t) => toWord(t, at));
      const first = words.find((w) => w.text !== '');
      let lastAt = words.length - 1;
      while (lastAt >= 0 && words[lastAt]?.text === '') lastAt--;
      const last = words[lastAt];
      const lastTerm = sentence.terms[lastAt];
      if (!first || !last || !lastTerm) continue;
      // The sentence runs from its first word to its closing punctuation (not the following spaces).
      const closing = /^[^\s]*/.exec(last.post)?.[0] ?? '';
      // And from its opening quote or backtick, which the tagger may leave out of the first word's punctuation,
      // and the marks a path opens with (`.env`, `~/`, `/tmp`), which it leaves out of the word.
      let start = first.start;
      while (start > base && /[`'"(\[*_.~/@$-]/.test(block[start - base - 1] ?? '')) start--;
      // (Where the block has emphasis marks the readable text left out before the stop, "`a/`**.", the stop is placed through them.)
      const closedThroughMarks = at(lastTerm.offset.start + lastTerm.offset.length + closing.length);
      const throughMarks = block.slice(last.end - base, closedThroughMarks - base);
      let end = closedThroughMarks > last.end && throughMarks.replace(/[*_]/g, '') === closing && !/[*_]$/.test(throughMarks) ? closedThroughMarks : last.end + closing.length;
      // A glossed word said earlier leaves its place read as nothing ("프로덕션 배포": "deploy production"):
      // the range's last sentence runs over it, to the range's end.
      if (glossed && index === cut.length - 1) {
        const rangeEnd = base + original(range.offset.start + range.offset.length);
        const tail = end + (block.slice(end - base, rangeEnd - base).trimEnd().length);
        const skipped = block.slice(end - base, tail - base);
        if (GLOSSED_SCRIPT.test(skipped) && !/[。！？!?.\n]/.test(block.slice(end - base - 1, tail - base))) end = tail;
      }
      result.push({ start, end, words });
    }
  }
  return result;
}

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import nlp from 'compromise/two';
import { readable } from '../../server/src/engine/extraction/normalize';
import { type TaggedSentence, numbersMasked, withNumbersOf } from '../../server/src/engine/extraction/numberShapes';
import { tokenizedRanges } from '../../server/src/engine/extraction/words';
import { parseTranscript } from '../../server/src/engine/parse';
import { seededRandom } from '../../server/src/engine/text';
import { writeCorpora } from '../../scripts/corpusBench';
import { loadCorpus, wholeDocuments } from '../corpus/corpus';
import { CORPUS } from '../fixtures/extraction-corpus';

/*
 * A sentence that differs from one tagged before only in its plain numbers takes that one's tags, its
 * own digits put back (extraction/numberShapes.ts). That is only right while the tagger reads a plain
 * number by its shape: here every sentence of the rule corpora and of the bench's corpora, each also
 * with its digits varied, is tagged both ways, and what extraction reads of the terms must be equal.
 */

function taggedAlone(text: string): TaggedSentence[] {
  const doc = nlp(text);
  doc.compute('root');
  return doc.json({ offset: true, text: false }) as TaggedSentence[];
}

/** What words.ts `toWord` reads of each term, and the sentences' offsets. */
function read(sentences: readonly TaggedSentence[]): string {
  return JSON.stringify(
    sentences.map((s) => ({
      offset: [s.offset.start, s.offset.length],
      terms: s.terms.map((t) => [t.text, t.pre, t.post, t.normal, t.machine, t.implicit, t.root, t.tags, t.offset.start, t.offset.length]),
    })),
  );
}

/** The sentences the tokenizer finds in a text made readable, each also without its list number, as words.ts tags them. */
function sentencesOf(text: string): string[] {
  const whole = readable(text).text;
  return tokenizedRanges(whole).flatMap((range) => {
    const sentence = whole.slice(range.offset.start, range.offset.start + range.offset.length);
    const marker = /^\d{1,2}[.)]\s+/.exec(sentence);
    return marker ? [sentence, `${' '.repeat(marker[0].length)}${sentence.slice(marker[0].length)}`] : [sentence];
  });
}

/** Each digit replaced by another, one mapping per call: the sentence's shape kept, its values changed. */
function digitsVaried(text: string, next: () => number): string {
  const digits = [...'0123456789'].sort(() => next() - 0.5);
  return text.replace(/\d/g, (d) => digits[Number(d)]!);
}

/** Tags each sentence with plain numbers both ways; returns how many took the masked tagging. */
function assertSameReadings(sentences: Iterable<string>): number {
  const maskedTags = new Map<string, TaggedSentence[]>();
  let reused = 0;
  for (const sentence of sentences) {
    const masked = numbersMasked(sentence);
    if (masked === undefined) continue;
    let tags = maskedTags.get(masked);
    if (!tags) maskedTags.set(masked, (tags = taggedAlone(masked)));
    const put = withNumbersOf(sentence, masked, tags);
    if (!put) continue;
    reused++;
    assert.equal(read(put), read(taggedAlone(sentence)), `${JSON.stringify(sentence)} read as ${JSON.stringify(masked)}`);
  }
  return reused;
}

function ruleCorpusTexts(): string[] {
  const entries = loadCorpus();
  return [...entries.map((entry) => entry.text), ...wholeDocuments(entries), ...CORPUS.map((c) => c.say)];
}

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

let benchTexts: string[] | undefined;

/** The user messages (and system prompts) of the bench's AgentDojo and tau2-bench corpora, as scripts/corpusBench.ts writes them. */
function benchCorpusTexts(): string[] {
  return (benchTexts ??= writtenBenchCorpusTexts());
}

function writtenBenchCorpusTexts(): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-numbers-'));
  try {
    const texts = new Set<string>();
    for (const corpus of writeCorpora(folder, '')) {
      for (const file of filesUnder(corpus.path)) {
        const parsed = parseTranscript({ name: file, text: readFileSync(file, 'utf8') });
        if (parsed.kind !== 'transcript') continue;
        for (const session of parsed.sessions) for (const turn of session.turns) if (turn.isUserMessage) texts.add(turn.text);
      }
    }
    return [...texts];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function withVariants(texts: readonly string[], seed: number): string[] {
  const next = seededRandom(seed);
  return texts.flatMap((text) => {
    const sentences = sentencesOf(text).filter((s) => numbersMasked(s) !== undefined);
    return [...sentences, ...sentences.map((s) => digitsVaried(s, next)), ...sentences.map((s) => digitsVaried(s, next))];
  });
}

test('sentences of the rule corpora tagged with their numbers masked read as tagged whole', () => {
  const reused = assertSameReadings(withVariants(ruleCorpusTexts(), 3));
  assert.ok(reused > 50, `${reused} sentences took the masked tagging: too few to show anything`);
});

test("sentences of the bench's corpora tagged with their numbers masked read as tagged whole", () => {
  const reused = assertSameReadings(withVariants(benchCorpusTexts(), 5));
  assert.ok(reused > 300, `${reused} sentences took the masked tagging: too few to show anything`);
});

/** Each text with a plain number, and the same with its digits varied twice. */
function textsWithNumbers(texts: readonly string[], seed: number): string[] {
  const next = seededRandom(seed);
  const withNumbers = texts.filter((text) => numbersMasked(readable(text).text) !== undefined);
  return [...withNumbers, ...withNumbers.map((t) => digitsVaried(t, next)), ...withNumbers.map((t) => digitsVaried(t, next))];
}

test('texts whose chunks are tokenized with their numbers masked split where the tokenizer splits them whole', () => {
  const offsetsOnly: { offset: boolean; text: boolean } = { offset: true, text: false, terms: false } as { offset: boolean; text: boolean };
  const offsets = (ranges: readonly { offset: { start: number; length: number } }[]) => JSON.stringify(ranges.map((r) => [r.offset.start, r.offset.length]));
  const texts = [...textsWithNumbers(ruleCorpusTexts(), 7), ...textsWithNumbers(benchCorpusTexts(), 9)];
  assert.ok(texts.length > 1000, `${texts.length} texts with numbers: too few to show anything`);
  for (const text of texts) {
    const whole = readable(text).text;
    assert.equal(offsets(tokenizedRanges(whole)), offsets(nlp.tokenize(whole).json(offsetsOnly) as { offset: { start: number; length: number } }[]), whole);
  }
});

test('numbers the tagger reads by value or by marks keep their own tags', () => {
  const years = [1399, 1400, 1401, 1919, 1920, 2024, 2025, 2099, 2100, 2101, 8].flatMap((year) => [`It was released in ${year}.`, `The ${year} model is fine.`, `Born April 24, ${year}, in Ohio.`, `${year} was a good year.`]);
  const edges = [
    'Call me at 10 am or 11 pm tomorrow.',
    'Meet at 12 a.m. or 10 PM.',
    'The motel 66 and the 7 eleven are closed, not motel 6.',
    'Dial (454) 232-9873 or 1 800 555 1234.',
    'Pay $ 50 or 50 % of it, 10, 20, 30.',
    'Our budget is up to $500, or €1988 and £2024 at most; not $1,200 or $12,000.',
    'See page 10. Next, chapter 12!',
    "It's the '99 model, from 20th century fox, 3:30 pm.",
    'Book 2 rooms for 14 nights at 120 dollars, ref 004512.',
    'Never refund more than 500 per booking without asking me.',
  ];
  const sentences = [...years, ...edges].flatMap(sentencesOf);
  assert.ok(assertSameReadings(sentences) > 30);
  // A time keeps its digits in the key: its hour is read by value.
  assert.equal(numbersMasked('Call me at 10 am.'), undefined);
  // A year's stand-in stays in its range.
  assert.equal(numbersMasked('Born April 24, 1988.'), 'Born April 55, 2000.');
  assert.equal(numbersMasked('Born April 24, 2088.'), 'Born April 55, 2050.');
});

test('a term whose digits are not where its offsets say is tagged whole instead', () => {
  const masked = numbersMasked('Born in 1988.')!;
  const tags = taggedAlone(masked);
  const moved = tags.map((s) => ({ ...s, terms: s.terms.map((t) => ({ ...t, offset: { ...t.offset, start: t.offset.start + 1 } })) }));
  assert.equal(withNumbersOf('Born in 1988.', masked, moved), undefined);
  assert.equal(read(withNumbersOf('Born in 1988.', masked, tags)!), read(taggedAlone('Born in 1988.')));
});

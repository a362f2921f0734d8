import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as L from '../../server/src/engine/extraction/lexicon';
import { GAP, type Phrase, compile, findAll, findFirst, matchAt, startsWith } from '../../server/src/engine/extraction/match';
import { type Word, readSentences } from '../../server/src/engine/extraction/words';
import { loadCorpus } from '../corpus/corpus';
import { CORPUS } from '../fixtures/extraction-corpus';

/*
 * A phrase list is tried at a word only through the phrases that open on that word (its norm or one
 * of its forms). That must find what trying every phrase at every word finds: the reference below
 * does that, and both read the corpus's and the fixtures' sentences with the lexicon's own lists.
 */

function longestByScan(words: readonly Word[], index: number, phrases: readonly Phrase[], to: number): number | undefined {
  let best: number | undefined;
  for (const phrase of phrases) {
    const end = matchAt(words, index, phrase, to);
    if (end !== undefined && (best === undefined || end > best)) best = end;
  }
  return best;
}

function findAllByScan(words: readonly Word[], phrases: readonly Phrase[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (let i = 0; i < words.length; i++) {
    const best = longestByScan(words, i, phrases, words.length);
    if (best !== undefined) {
      found.push({ start: i, end: best });
      i = best - 1;
    }
  }
  return found;
}

const LISTS: readonly (readonly Phrase[])[] = [
  compile(L.NEGATIONS),
  compile(L.LEAVE_ALONE),
  compile(L.ASK_PHRASES),
  compile(L.OPENERS),
  compile(L.CONNECTORS.before),
  compile(L.CONNECTORS.after),
  compile(Object.values(L.ACTION_WORDS).flat()),
  // A phrase that opens on a gap is tried at every word.
  [[GAP, 'alone'], ...compile(['back * up', 'force-push'])],
];

test('phrases tried only where their first word is find what every phrase tried at every word finds', () => {
  const texts = [...loadCorpus().map((entry) => entry.text), ...CORPUS.map((c) => c.say)];
  let compared = 0;
  let found = 0;
  for (const text of texts) {
    for (const sentence of readSentences(text, 0, () => true)) {
      const words = sentence.words;
      for (const phrases of LISTS) {
        const expected = findAllByScan(words, phrases);
        assert.deepEqual(findAll(words, phrases), expected, text);
        assert.deepEqual(findFirst(words, phrases), expected[0], text);
        for (let i = 0; i <= words.length; i++) assert.equal(startsWith(words, phrases, i), longestByScan(words, i, phrases, words.length), text);
        compared++;
        found += expected.length;
      }
    }
  }
  assert.ok(compared > 10_000 && found > 1_000, `${compared} sentence and list pairs, ${found} matches: too few to show anything`);
});

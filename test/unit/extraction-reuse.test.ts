import assert from 'node:assert/strict';
import { test } from 'node:test';
import nlp from 'compromise/two';
import { extractConstraints } from '../../server/src/engine/extraction';
import { AlternativesByText } from '../../server/src/engine/extraction/alternatives';
import { readable } from '../../server/src/engine/extraction/normalize';
import { readSentences, tokenizedRanges } from '../../server/src/engine/extraction/words';
import { parseTranscript } from '../../server/src/engine/parse';
import { forgetSharedReadings } from '../../server/src/engine/pipeline';
import type { Session } from '../../server/src/engine/session';
import { loadCorpus, wholeDocuments } from '../corpus/corpus';
import { CORPUS } from '../fixtures/extraction-corpus';

/*
 * Extraction reuses what it worked out across messages: a sentence's readings (by everything the
 * grammar sees of it), each chunk the sentence splitter cuts tokenized alone, and the readable
 * text's scan without alternatives a text cannot match. None of it may change what is read.
 */

/** Texts of every shape the corpora hold, with marks the tokenizer treats apart (emoticons, ranges, contractions, tables). */
function texts(): string[] {
  const entries = loadCorpus();
  return [
    ...entries.map((entry) => entry.text),
    ...wholeDocuments(entries),
    ...CORPUS.map((c) => c.say),
    'Great :)   Never delete files. Ok :-) then push.',
    // "<3" keeps one space after it of several: the tokenizer's offsets after it count one.
    'Hi <3   you. Don\'t push!! Never force-push :D ... ok. Thanks <3   Never delete files. Do not push to main!',
    "Mr. Smith said no. e.g. the U.S. team. Don't rm -rf /tmp ;) never. I'd've gone 5-6 km, 10km away.",
    '| `git push -f` | ❌ Never |\n| `rm -rf` | ❌ |\nOnly after user approval: send it.',
  ];
}

function chat(text: string, id: number): Session {
  const parsed = parseTranscript({ name: `reuse-${id}.json`, text: JSON.stringify([{ role: 'user', content: text }]) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('the session did not parse');
  return parsed.sessions[0];
}

test('the tokenizer\'s sentences, counted chunk by chunk, are where it puts them in the whole text', () => {
  const offsets = (ranges: readonly { offset: { start: number; length: number } }[]) => ranges.map((r) => [r.offset.start, r.offset.length]);
  const fields = { offset: true, text: false, terms: false };
  const offsetsOnly: { offset: boolean; text: boolean } = fields;
  let sentences = 0;
  for (const text of texts()) {
    const whole = readable(text).text;
    const expected = offsets(nlp.tokenize(whole).json(offsetsOnly) as { offset: { start: number; length: number } }[]);
    assert.deepEqual(offsets(tokenizedRanges(whole)), expected, whole);
    sentences += expected.length;
  }
  assert.ok(sentences > 3000, `${sentences} sentences: too few to show anything`);
});

test('a text read with everything the process kept states what it states read afresh', () => {
  // A quarter of the texts: each read afresh is a whole extraction from nothing kept.
  const all = texts().filter((_, i) => i % 4 === 0);
  const fresh = all.map((text, i) => {
    forgetSharedReadings();
    return JSON.stringify(extractConstraints(chat(text, i)));
  });
  // Now every sentence, chunk and text is kept from the reads before.
  all.forEach((text, i) => assert.equal(JSON.stringify(extractConstraints(chat(text, i))), fresh[i], text));
  forgetSharedReadings();
});

test('an alternation without the alternatives a text lacks the characters for finds the same matches', () => {
  const parts = [String.raw`(?<bar>(?<=^[ \t]*\|[^\n]*\S)[ \t]*\|[ \t]*)`, String.raw`(?<colon>(?<=^[A-Z][a-z]+[ \t][^:\n]{1,20}?):)`, String.raw`(?<word>\b[A-Za-z]+\b)`];
  const byText = new AlternativesByText(parts, 'gm', { bar: '|', colon: ':' });
  const whole = new RegExp(parts.join('|'), 'gm');
  const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => [m.index, m[0], JSON.stringify(m.groups)]);
  for (const text of [...texts(), 'a | b | c', 'After review: ship', 'plain words only', '|\n:']) assert.deepEqual(matches(text, byText.for(text)), matches(text, whole));
  // Only the alternatives a text can match are compiled in.
  assert.equal(byText.for('plain').source, parts[2]);
});

test('a list item\'s sentences end where the next begins: the tokenizer counts the item\'s mark in the first one\'s length', () => {
  const item = '- Do not push to main. The user handles releases. Unless I ask!';
  const said = readSentences(item, 0, () => true).map((s) => item.slice(s.start, s.end));
  assert.deepEqual(said, ['Do not push to main.', 'The user handles releases.', 'Unless I ask!']);
});

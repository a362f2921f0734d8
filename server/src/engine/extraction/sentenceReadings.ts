import { forgetCommandRules } from './commands';
import { type Reading, readSentence } from './grammar';
import type { Sentence } from './sentences';

/*
 * Readings of sentences, for the whole process: messages that differ in a name or a number share
 * most of their sentences ("I'd like to cancel my reservation, please."), and the grammar reads each
 * again in every message. The grammar sees a sentence's text, its start in its turn and its words
 * (their forms, tags and offsets), nothing else, so those, written out whole, are the key: a
 * sentence tagged otherwise, or placed otherwise, is read afresh. Bounded: forgotten past a size.
 */

const KEPT_CHARS_LIMIT = 16 * 1024 * 1024;
const kept = new Map<string, readonly Reading[]>();
let keptChars = 0;

/**
 * Every field of every word, as written: a set (the tags) as its members in order. Each string is written
 * after its length, so no two different words write the same key whatever characters they hold.
 */
function wordsKey(words: Sentence['words']): string {
  let key = '';
  const add = (value: string) => {
    key += `${value.length}:${value}`;
  };
  for (const word of words) {
    add(word.text);
    add(word.norm);
    key += `${word.forms.length};`;
    for (const form of word.forms) add(form);
    key += `${word.tags.size};`;
    for (const tag of word.tags) add(tag);
    key += `${word.start},${word.end};`;
    add(word.pre);
    add(word.post);
  }
  return key;
}

/** `readSentence(sentence)`, read once for each sentence the grammar would see the same. */
export function readingsOf(sentence: Sentence): Reading[] {
  const key = `${sentence.start}\u0000${sentence.leadsItems ? 'leads' : ''}\u0000${sentence.text}\u0000${wordsKey(sentence.words)}`;
  const known = kept.get(key);
  if (known) return [...known];
  const readings = readSentence(sentence);
  if (keptChars + key.length > KEPT_CHARS_LIMIT) forgetSentenceReadings();
  kept.set(key, [...readings]);
  keptChars += key.length;
  return readings;
}

/** Forgets the sentences read, and the commands: for a measurement that must read every text afresh. */
export function forgetSentenceReadings(): void {
  kept.clear();
  keptChars = 0;
  forgetCommandRules();
}

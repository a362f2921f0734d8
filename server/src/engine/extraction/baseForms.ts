import { wordTable } from '../text';

/** Base forms of an English word by its suffix, read by the tagger's words and by words joined by a slash alike. */
const CONSONANT_DOUBLED = /([bcdfgklmnprstvz])\1$/;

/** Irregular forms the tagger does not always lemmatize. */
const IRREGULAR: Readonly<Record<string, string>> = wordTable({
  is: 'be', are: 'be', was: 'be', were: 'be', am: 'be', been: 'be', being: 'be', "'s": 'be', "'re": 'be', "'m": 'be',
  has: 'have', had: 'have', did: 'do', does: 'do', said: 'say', told: 'tell', went: 'go', goes: 'go', gone: 'go', sent: 'send',
  paid: 'pay', wrote: 'write', written: 'write', overwrote: 'overwrite', overwritten: 'overwrite', rewrote: 'rewrite',
  rewritten: 'rewrite', took: 'take', taken: 'take', made: 'make', kept: 'keep', left: 'leave', got: 'get', gotten: 'get',
  gave: 'give', given: 'give', ran: 'run', forgot: 'forget', forgotten: 'forget', withdrew: 'withdraw', threw: 'throw',
  thrown: 'throw', bought: 'buy', spent: 'spend', sought: 'seek', meant: 'mean', shut: 'shut', ok: 'okay', okayed: 'okay',
  "ok'd": 'okay', "okay'd": 'okay',
});

/**
 * Base forms by suffix, so inflections the tagger does not lemmatize still meet the lexicon:
 * deleting → delete, dropped → drop, copies → copy, pushes → push.
 */
export function baseForms(word: string): string[] {
  const forms = [word];
  const irregular = IRREGULAR[word];
  if (irregular) forms.push(irregular);
  const add = (stem: string) => {
    if (stem.length < 2) return;
    forms.push(stem, `${stem}e`);
    if (CONSONANT_DOUBLED.test(stem)) forms.push(stem.slice(0, -1));
  };
  if (word.endsWith('ies') || word.endsWith('ied')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ing')) add(word.slice(0, -3));
  else if (word.endsWith('ed')) add(word.slice(0, -2));
  else if (word.endsWith('es')) forms.push(word.slice(0, -2), word.slice(0, -1));
  // ("is", "as", "us": no plural of a one-letter word.)
  else if (word.endsWith('s') && !word.endsWith('ss') && word.length > 2) forms.push(word.slice(0, -1));
  // ("notes", "noted": no "not"; "ones" no "on". "its" is still "it", as pointers read it.)
  return forms.filter((form, k) => k === 0 || form === irregular || !FUNCTION_WORDS.has(form));
}

/** Words of grammar, which no longer word is an inflection of. */
const FUNCTION_WORDS = new Set(['not', 'no', 'nor', 'or', 'on', 'in', 'to', 'at', 'an', 'as', 'be', 'by', 'if', 'of', 'so', 'up', 'us', 'we', 'is']);

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractConstraints, worthReading } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { loadCorpus, wholeDocuments } from '../corpus/corpus';
import { CORPUS } from '../fixtures/extraction-corpus';

/*
 * Extraction looks closely (tags words, reads the grammar) only at sentences that pass a cheap
 * prefilter, and splits a block into sentences only when a chunk of it passes. Both are meant to
 * lose nothing: read with no prefilter at all, every text of the real-rules corpus (each sentence
 * alone, and each document whole, where list items meet their lead-ins) and of the extraction
 * corpus states what it states with the prefilter, and nothing more.
 */

function chat(role: 'user' | 'system', text: string): Session {
  const parsed = parseTranscript({ name: 'prefilter.json', text: JSON.stringify([{ role, content: text }]) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('the session did not parse');
  return parsed.sessions[0];
}

function texts(): { role: 'user' | 'system'; text: string }[] {
  const entries = loadCorpus();
  return [
    ...entries.map((entry) => ({ role: 'user' as const, text: entry.text })),
    ...wholeDocuments(entries).map((text) => ({ role: 'system' as const, text })),
    ...CORPUS.map((c) => ({ role: 'user' as const, text: c.say })),
  ];
}


/** What an extraction states, one line each: its kind, its sentence, and the whole of it. */
function statements(extraction: ReturnType<typeof extractConstraints>): string[] {
  const all = [...extraction.constraints.map((c) => ({ kind: 'constraint', ...c })), ...extraction.revocations.map((r) => ({ kind: 'revocation', ...r })), ...(extraction.unresolved ?? []).map((u) => ({ kind: 'unresolved', ...u }))];
  return all.map((item) => JSON.stringify(item));
}

test('the prefilter admits every sentence the full reader finds a rule, a revocation or an unresolved rule in', () => {
  const lost: string[] = [];
  const added: string[] = [];
  let stated = 0;
  for (const { role, text } of texts()) {
    const session = chat(role, text);
    const everything = statements(extractConstraints(session, () => true));
    const filtered = statements(extractConstraints(session));
    stated += everything.length;
    const kept = new Set(filtered);
    const full = new Set(everything);
    lost.push(...everything.filter((line) => !kept.has(line)));
    added.push(...filtered.filter((line) => !full.has(line)));
  }
  assert.ok(stated > 1000, `the corpus states ${stated} things: too few to show anything`);
  assert.deepEqual(lost, []);
  assert.deepEqual(added, []);
});

test('what speakers say they need is no rule cue; a need said of the work is', () => {
  // Customers in every tau2-bench run: the tagger and the grammar read each variant of these again.
  for (const chat of ['But I actually need to book for two passengers: me and my companion Kevin Smith.', 'We need to modify the trip to Denver.', "I'd need to change the flight to Friday."]) assert.equal(worthReading(chat), false, chat);
  for (const rule of ['Every deployment needs a passing test run.', 'Refunds over $100 need my OK.', 'You need to back up temp/ before deleting it.', 'We need approval before any deploy.']) assert.equal(worthReading(rule), true, rule);
});

test('a phrase is found where a word opens it, in any of its forms, and nowhere inside another word', () => {
  // Inflected, after a contraction, and a first word joined by a hyphen.
  assert.equal(worthReading('You must never be deleting the archives.'), true);
  assert.equal(worthReading('Please don’t touch prod.'), true);
  assert.equal(worthReading('Never hand-edited generated files, ever.'), true);
  // A rule word inside a longer word ("undeleted"), or past the forms a stem takes, opens nothing.
  assert.equal(worthReading('Never mind the undeleted drafts.'), false);
  assert.equal(worthReading('You must never greet the pushingtonians.'), false);
  assert.equal(worthReading('You must never greet the deleters.'), true);
});

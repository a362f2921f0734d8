import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractConstraints } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { loadCorpus } from '../corpus/corpus';
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
  const documents = new Map<string, string[]>();
  for (const entry of entries) {
    if (entry.source.doc === undefined) continue;
    const key = `${entry.source.repo}\u0000${entry.source.doc}`;
    documents.set(key, [...(documents.get(key) ?? []), entry.text]);
  }
  return [
    ...entries.map((entry) => ({ role: 'user' as const, text: entry.text })),
    ...[...documents.values()].map((sentences) => ({ role: 'system' as const, text: sentences.join('\n\n') })),
    ...CORPUS.map((c) => ({ role: 'user' as const, text: c.say })),
  ];
}

/**
 * Sentences the prefilter passes over though the full reader finds something in them: "cannot" and
 * "not allowed" are no rule cue. Admitting them changes what is extracted (one of them compiles to a
 * rule about files, which it is not), so that is left to the rule-reading work; any other loss fails.
 */
const KNOWN_LOSSES = new Set([
  'Change flights: Basic economy flights cannot be modified.',
  'Change passengers: The user can modify passengers but cannot modify the number of passengers.',
  'There cannot be any change of product types, e.g. modify shirt to shoe.',
  'Basic economy flights cannot be modified.',
  'The user can modify passengers but cannot modify the number of passengers.',
  'Even a human agent cannot modify the number of passengers.',
  "You are not allowed to lift the suspension if the line's contract end date is in the past, even if the user has paid all their overdue bills.",
]);

/** What an extraction states, one line each: its kind, its sentence, and the whole of it. */
function statements(extraction: ReturnType<typeof extractConstraints>): { sentence: string; line: string }[] {
  const all = [...extraction.constraints.map((c) => ({ kind: 'constraint', ...c })), ...extraction.revocations.map((r) => ({ kind: 'revocation', ...r })), ...(extraction.unresolved ?? []).map((u) => ({ kind: 'unresolved', ...u }))];
  return all.map((item) => ({ sentence: item.text, line: JSON.stringify(item) }));
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
    const kept = new Set(filtered.map((s) => s.line));
    const full = new Set(everything.map((s) => s.line));
    lost.push(...everything.filter((s) => !kept.has(s.line) && !KNOWN_LOSSES.has(s.sentence)).map((s) => s.line));
    added.push(...filtered.filter((s) => !full.has(s.line)).map((s) => s.line));
  }
  assert.ok(stated > 1000, `the corpus states ${stated} things: too few to show anything`);
  assert.deepEqual(lost, []);
  assert.deepEqual(added, []);
});

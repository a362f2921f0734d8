import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ADAPTERS } from '../../server/src/engine/adapters';
import { type Adapter, SURE } from '../../server/src/engine/adapters/types';
import { pickAdapter } from '../../server/src/engine/parse';
import { type TranscriptDocument, readDocument } from '../../server/src/engine/session/document';
import { REPO_ROOT } from '../support/shared';

/** Every JSON and JSON Lines file of the fixtures and the examples: the formats as the tests and users meet them. */
const DOCUMENTS = ['test/fixtures', 'examples'].flatMap((folder) =>
  readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|jsonl|traj)$/.test(name))
    .map((name) => ({ name: `${folder}/${name}`, doc: readDocument(readFileSync(join(REPO_ROOT, folder, name), 'utf8')) })),
);

function score(adapter: Adapter, doc: TranscriptDocument): number {
  if (adapter.kind === 'json') return doc.kind === 'json' ? adapter.sniff(doc) : 0;
  return doc.kind === 'jsonl' ? adapter.sniff(doc) : 0;
}

test('no sniff scores above SURE, on which the pick stops asking: the pick is the highest scorer of all adapters, the first of equals', () => {
  assert.ok(DOCUMENTS.length > 100);
  for (const { name, doc } of DOCUMENTS) {
    const scores = ADAPTERS.map((adapter) => score(adapter, doc));
    for (const [i, value] of scores.entries()) assert.ok(value <= SURE, `${ADAPTERS[i]!.format} scores ${name} ${value}`);
    const highest = Math.max(...scores);
    const expected = highest >= 0.3 ? ADAPTERS[scores.indexOf(highest)] : undefined;
    assert.equal(pickAdapter(doc)?.format, expected?.format, name);
  }
});

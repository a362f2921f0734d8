import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExtractionMemo, forgetSharedReadings, useReadingStore } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { ReadingCache } from '../../server/src/host/readingCache';
import { MemoryHost } from '../support/memoryHost';

function session(...users: string[]): Session {
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify({ messages: users.map((content) => ({ role: 'user', content })) }) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('the chat did not parse');
  return parsed.sessions[0];
}

/** Extraction of `chat` with `cache` as the store of kept readings, from no reading held in the process. */
function extractWith(cache: ReadingCache, chat: Session) {
  forgetSharedReadings();
  useReadingStore(cache);
  try {
    return new ExtractionMemo().extract(chat);
  } finally {
    useReadingStore(undefined);
  }
}

const FOLDER = '/home/user/.cache/ghost-lint';

describe('readings kept between runs', () => {
  test('a run keeps what it read; the next run of the same build finds it, spans moved to where the message now is', () => {
    const host = new MemoryHost({});
    const first = ReadingCache.open(host, FOLDER, 'build-1');
    const before = extractWith(first, session('Never delete anything in data/.'));
    assert.equal(first.newReadings, 1);
    first.save();
    assert.ok(host.files.has(`${FOLDER}/readings-build-1.json`));

    const again = ReadingCache.open(host, FOLDER, 'build-1');
    const moved = session('Hello there.', 'Never delete anything in data/.');
    const after = extractWith(again, moved);
    // The greeting is read anew; the rule is the kept reading.
    assert.equal(again.newReadings, 1);
    assert.deepEqual(after.constraints.map((c) => c.rule), before.constraints.map((c) => c.rule));
    const constraint = after.constraints[0];
    assert.ok(constraint);
    assert.equal(moved.text.slice(constraint.span.start, constraint.span.end), 'Never delete anything in data/.');
    assert.equal(constraint.turnIndex, 1);
  });

  test('what a kept reading says is what the run uses: the cache is read, not the message', () => {
    const host = new MemoryHost({});
    const first = ReadingCache.open(host, FOLDER, 'build-1');
    extractWith(first, session('Never delete anything in data/.'));
    first.save();
    const file = `${FOLDER}/readings-build-1.json`;
    const kept = JSON.parse(host.files.get(file) ?? '{}') as { readings: Record<string, { constraints: unknown[] }> };
    for (const reading of Object.values(kept.readings)) reading.constraints = [];
    host.files.set(file, JSON.stringify(kept));
    assert.deepEqual(extractWith(ReadingCache.open(host, FOLDER, 'build-1'), session('Never delete anything in data/.')).constraints, []);
  });

  test('another build reads every message afresh, and a damaged cache is no error', () => {
    const host = new MemoryHost({ [`${FOLDER}/readings-build-1.json`]: '{"build": "build-1", "readings": {' });
    const damaged = ReadingCache.open(host, FOLDER, 'build-1');
    assert.equal(extractWith(damaged, session('Never delete anything in data/.')).constraints.length, 1);
    damaged.save();
    const other = ReadingCache.open(host, FOLDER, 'build-2');
    extractWith(other, session('Never delete anything in data/.'));
    assert.equal(other.newReadings, 1);
    // A file renamed to another build's name is not that build's readings.
    host.files.set(`${FOLDER}/readings-build-3.json`, host.files.get(`${FOLDER}/readings-build-1.json`) ?? '');
    const renamed = ReadingCache.open(host, FOLDER, 'build-3');
    extractWith(renamed, session('Never delete anything in data/.'));
    assert.equal(renamed.newReadings, 1);
  });

  test('a run that read nothing new writes nothing', () => {
    const host = new MemoryHost({});
    const cache = ReadingCache.open(host, FOLDER, 'build-1');
    cache.save();
    assert.equal(host.files.size, 0);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';

// Published formats read from real samples (or faithful reductions of them): test/fixtures/real/SOURCES.md.

const REAL = join(__dirname, '..', 'fixtures', 'real');

function sessionsOf(name: string, format: string, text = readFileSync(join(REAL, name), 'utf8')): readonly Session[] {
  const parsed = parseTranscript({ name, text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, format);
  return parsed.sessions;
}

test('tau2-bench: a bare list of simulations is one session per simulation, not a generic chat', () => {
  const sessions = sessionsOf('tau2-airline-simulations-list.json', 'tau-bench');
  assert.deepEqual(
    sessions.map((s) => s.title),
    ['task 8 trial 2', 'task 8 trial 1'],
  );
  for (const session of sessions) {
    assert.ok(session.calls.length > 0);
    assert.ok(session.calls.every((c) => c.result !== undefined));
    assert.deepEqual(session.problems, []);
  }
  assert.ok(sessions[0]!.calls.some((c) => c.name === 'book_reservation'));
});

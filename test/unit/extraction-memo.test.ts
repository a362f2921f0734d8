import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractConstraints } from '../../server/src/engine/extraction';
import { ExtractionMemo } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';

// The same message typed twice in a Claude Code session sits in lines of different lengths (uuids,
// timestamps, an escaped quote before it): the memo reads it once and must still place each
// sentence exactly where a fresh extraction does.
const line = (uuid: string, extra: string, content: string) =>
  JSON.stringify({ type: 'user', uuid, parentUuid: null, sessionId: 's', cwd: '/w', timestamp: '2026-11-30T00:00:00Z', note: extra, message: { role: 'user', content } });
const rule = 'Before you delete anything in temp/, back it up first. Also, "never" push to main.';
const text = [
  line('a', '', rule),
  line('bbbbbbbb', 'a longer note with "quotes" and é', 'continue'),
  line('c', 'x', rule),
  line('dddd', '', `${rule}\nThanks!`),
].join('\n');

test('a repeated message is read once and its sentences land where a fresh extraction puts them', () => {
  const parsed = parseTranscript({ name: 'memo.jsonl', text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  const session = parsed.sessions[0];
  assert.ok(session);
  const fresh = extractConstraints(session);
  const memo = new ExtractionMemo().extract(session);
  assert.deepEqual(memo, fresh);
  // Three statements of the backup rule, each quoted from its own line.
  const quoted = fresh.constraints.filter((c) => c.rule.kind === 'prerequisite').map((c) => text.slice(c.span.start, c.span.end));
  assert.deepEqual(quoted, ['Before you delete anything in temp/, back it up first.', 'Before you delete anything in temp/, back it up first.', 'Before you delete anything in temp/, back it up first.']);
});

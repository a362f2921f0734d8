import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { extractConstraints } from '../../server/src/engine/extraction';
import { ExtractionMemo } from '../../server/src/engine/pipeline';
import { forgetSharedReadings } from '../../server/src/engine/pipeline/extractionMemo';
import { parseTranscript } from '../../server/src/engine/parse';
import { textIsItsPieces, turnWith } from '../../server/src/engine/session';

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

test("the readings kept for the process hold none of the session's text: each session's text is let go once it is read", () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  forgetSharedReadings();
  const padding = 8 * 1024 * 1024;
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 8; i++) {
    // Each session's message is new, so its reading is kept; the message's key is cut from a text of 8 MB.
    const big = [line('u', '', `Never push to main, rule ${i}.`), JSON.stringify({ type: 'progress', uuid: 'p', data: 'x'.repeat(padding) })].join('\n');
    const parsed = parseTranscript({ name: 'big.jsonl', text: big });
    assert.equal(parsed.kind, 'transcript');
    if (parsed.kind === 'transcript') new ExtractionMemo().extract(parsed.sessions[0]!);
  }
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  forgetSharedReadings();
  // Holding a slice of each text would keep all eight, 64 MB.
  assert.ok(kept < 3 * padding, `${(kept / 1024 / 1024).toFixed(1)} MB kept after eight sessions of 8 MB`);
});

test("a turn's memo key leaves out its text only when the text is its pieces joined: a turn given another text is read for it", () => {
  forgetSharedReadings();
  const parsed = parseTranscript({ name: 'memo.jsonl', text: [line('a', '', 'Never push to main.'), line('b', '', 'continue')].join('\n') });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  const session = parsed.sessions[0]!;
  const turn = session.turns.find((t) => t.isUserMessage)!;
  assert.ok(textIsItsPieces(turn));
  assert.equal(new ExtractionMemo().extract(session).constraints.length, 1);
  // The same pieces under another text is keyed by that text too, and read as a fresh extraction reads it.
  const retold = turnWith(turn, 'Thanks, that looks good.', turn.pieces, turn.span);
  assert.ok(!textIsItsPieces(retold));
  const other = { ...session, turns: session.turns.map((t) => (t === turn ? retold : t)) };
  assert.deepEqual(new ExtractionMemo().extract(other), extractConstraints(other));
  // Moved as it is, it keeps its mark.
  assert.ok(textIsItsPieces(turnWith(turn, turn.text, turn.pieces, turn.span)));
});

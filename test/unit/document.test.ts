import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonlMemory, readDocument, readJsonl } from '../../server/src/engine/document';

test('pretty-printed JSON is one document', () => {
  const doc = readDocument('{\n  "messages": []\n}\n');
  assert.equal(doc.kind, 'json');
});

test('JSON Lines are detected by a complete first line', () => {
  const doc = readDocument('{"type":"user"}\n{"type":"assistant"}\n');
  assert.equal(doc.kind, 'jsonl');
  if (doc.kind === 'jsonl') assert.deepEqual(doc.lines.map((l) => l.number), [0, 1]);
});

test('a broken first line still reads as JSON Lines, with the error on that line', () => {
  const text = '{"type":"user",\n{"type":"assistant","a":1}\n{"type":"user","b":2}\n';
  const doc = readDocument(text);
  assert.equal(doc.kind, 'jsonl');
  if (doc.kind !== 'jsonl') return;
  assert.ok(doc.lines[0]?.error);
  assert.ok(doc.lines[0]!.error!.span.start <= text.indexOf('\n'));
  assert.deepEqual(doc.lines[1]?.value, { type: 'assistant', a: 1 });
});

test('CRLF line ends and a byte-order mark keep offsets aligned with the text', () => {
  const text = '\uFEFF{"a":1}\r\n{"b":"x"}\r\n';
  const doc = readDocument(text);
  assert.equal(doc.kind, 'jsonl');
  if (doc.kind !== 'jsonl') return;
  const second = doc.lines[1]!;
  assert.equal(text.slice(second.start, second.end), '{"b":"x"}');
  const tree = second.tree();
  assert.equal(tree?.offset, second.start);
  assert.equal(doc.lines[0]!.error, undefined);
});

test('blank lines are skipped but line numbers stay true', () => {
  const doc = readDocument('{"a":1}\n\n\n{"b":2}\n');
  assert.equal(doc.kind, 'jsonl');
  if (doc.kind === 'jsonl') assert.deepEqual(doc.lines.map((l) => l.number), [0, 3]);
});

test('a line read once lets go of its value when released; a held or an edited document keeps it', () => {
  const text = '{"a": {"b": 1}}\n{"c": 2}\n';
  const valueKept = (doc: ReturnType<typeof readJsonl>) => {
    const [line] = doc.lines;
    assert.ok(line);
    const first = line.value;
    line.release();
    assert.deepEqual(line.value, first);
    return line.value === first;
  };
  // Released, the line is parsed again when read: an equal value, not the same object.
  assert.equal(valueKept(readJsonl(text)), false);
  assert.equal(valueKept(readJsonl(text, undefined, true)), true);
  assert.equal(valueKept(readJsonl(text, new JsonlMemory())), true);
});

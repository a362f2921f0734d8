import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { JsonlMemory, readDocument, readJsonl } from '../../server/src/engine/session';

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

/** What a reader sees of each line: where it is, what it parsed to, and its error. */
function lineFacts(doc: ReturnType<typeof readJsonl>) {
  return doc.lines.map((line) => ({ number: line.number, start: line.start, end: line.end, value: line.value, error: line.error }));
}

// Pieces of JSON Lines text where edits go wrong most: line breaks alone and after a CR, blank and blank-looking lines, broken lines.
const textPiece = fc.constantFrom('{"a":1}', '{"b":[1,2]}', '{"type":"user","n":3}', '\n', '\r\n', '\r', '  ', '', '{"broken":', 'x', '}', '\n\n');
const someText = fc.array(textPiece, { maxLength: 30 }).map((parts) => parts.join(''));

test('told edits give the lines of a fresh read, however the edits fall', () => {
  fc.assert(
    fc.property(
      someText,
      // Versions, each a few edits: where (a fraction of the length), how much is replaced, and by what.
      fc.array(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat({ max: 12 }), someText), { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
      (first, versions) => {
        const memory = new JsonlMemory(true);
        let text = first;
        assert.deepEqual(lineFacts(readJsonl(text, memory)), lineFacts(readJsonl(text)));
        for (const edits of versions) {
          for (const [where, length, inserted] of edits) {
            const start = Math.floor(where * text.length);
            const end = Math.min(text.length, start + length);
            memory.edited(start, end, inserted.length);
            text = text.slice(0, start) + inserted + text.slice(end);
          }
          assert.deepEqual(lineFacts(readJsonl(text, memory)), lineFacts(readJsonl(text)));
        }
      },
    ),
    { seed: 20261130, numRuns: 400 },
  );
});

test('with every edit told, the lines the edits did not touch are taken where they moved, without being read again', () => {
  const memory = new JsonlMemory(true);
  const before = '{"a":1}\n{"b":2}\n{"c":3}\n';
  readJsonl(before, memory);
  // An edit told as a new first line, while the text also changed, untold, in the last line (same length).
  memory.edited(0, 0, '{"z":0}\n'.length);
  const after = `{"z":0}\n${before.replace('"c":3', '"c":4')}`;
  const doc = readJsonl(after, memory);
  assert.deepEqual(doc.lines.map((l) => [l.number, l.value]), [[0, { z: 0 }], [1, { a: 1 }], [2, { b: 2 }], [3, { c: 3 }]], 'the last line was taken from the version before');
  // Once an edit was not told, lines are matched by their text.
  const untold = new JsonlMemory(true);
  readJsonl(before, untold);
  untold.edited(0, 0, '{"z":0}\n'.length);
  untold.lostTrack();
  assert.deepEqual(readJsonl(after, untold).lines.map((l) => l.value), [{ z: 0 }, { a: 1 }, { b: 2 }, { c: 4 }]);
  // So they are when the told edits do not account for the text's length, and by a memory not told edits at all.
  const miscounted = new JsonlMemory(true);
  readJsonl(before, miscounted);
  miscounted.edited(0, 0, 1);
  assert.deepEqual(readJsonl(after, miscounted).lines.map((l) => l.value), [{ z: 0 }, { a: 1 }, { b: 2 }, { c: 4 }]);
  const matching = new JsonlMemory();
  readJsonl(before, matching);
  assert.deepEqual(readJsonl(before.replace('"c":3', '"c":4'), matching).lines.map((l) => l.value), [{ a: 1 }, { b: 2 }, { c: 4 }]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { contentSpan, decodedToRawOffsets, nodeSpan, parseEmbeddedJson, parseJsonAt, prop, rawOffsetsAt, subSpanOfValue } from '../../server/src/engine/json';
import { marked, slice } from '../support/fixture';

test('decoded offsets count every escape', () => {
  const text = String.raw`"a\nb\u00e9c\"d"`;
  const offsets = decodedToRawOffsets(text, { start: 0, end: text.length });
  // a, \n, b, \u00e9, c, \", d, closing quote
  assert.deepEqual([...offsets], [1, 2, 4, 5, 11, 12, 14, 15]);
});

test('the raw offsets of a few decoded units are those of the whole table, in any order, past the end and before the start', () => {
  const piece = fc.constantFrom('a', 'é', '\\n', '\\"', '\\\\', '\\u00e9', '\\ud83d\\ude00', '😀', ' ');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(5), fc.array(fc.integer({ min: -2, max: 60 }), { maxLength: 8 }), (pieces, lead, asked) => {
      const text = `${'x'.repeat(lead)}"${pieces.join('')}"`;
      const literal = { start: lead, end: text.length };
      const table = decodedToRawOffsets(text, literal);
      const expected = asked.map((i) => table[Math.min(Math.max(i, 0), table.length - 1)]);
      assert.deepEqual(rawOffsetsAt(text, literal, asked), expected);
    }),
    { numRuns: 500, seed: 7 },
  );
});

test('an argument inside a JSON string maps to its escaped columns', () => {
  const { text, spans } = marked(String.raw`{"arguments": "{\"path\": \"⟦temp/experiment_data.csv⟧\", \"note\": \"⟦line\\nbreak \u00e9⟧\"}"}`);
  const root = parseJsonAt(text).root;
  const literal = prop(root, 'arguments');
  assert.ok(literal);
  const embedded = parseEmbeddedJson(text, literal);
  assert.deepEqual(embedded.errors, []);
  const path = prop(embedded.root, 'path');
  const note = prop(embedded.root, 'note');
  assert.ok(path && note);
  assert.equal(path.value, 'temp/experiment_data.csv');
  assert.deepEqual(contentSpan(text, path), spans[0]);
  assert.equal(slice(text, nodeSpan(path)), String.raw`\"temp/experiment_data.csv\"`);
  assert.equal(note.value, 'line\nbreak é');
  assert.deepEqual(contentSpan(text, note), spans[1]);
});

test('a top-level string ending in an escaped backslash keeps its closing quote', () => {
  const { text, spans } = marked(String.raw`{"p": "⟦C:\\dir\\⟧"}`);
  const node = prop(parseJsonAt(text).root, 'p');
  assert.ok(node);
  assert.deepEqual(contentSpan(text, node), spans[0]);
});

test('a slice parses with absolute offsets', () => {
  const text = 'xx\n{"a": "⟦b⟧"}';
  const { text: clean, spans } = marked(text);
  const parsed = parseJsonAt(clean, 3, clean.length);
  const a = prop(parsed.root, 'a');
  assert.ok(a);
  assert.deepEqual(contentSpan(clean, a), spans[0]);
});

test('invalid embedded JSON reports where it breaks, in raw offsets', () => {
  const text = String.raw`{"arguments": "{\"path\": }"}`;
  const literal = prop(parseJsonAt(text).root, 'arguments');
  assert.ok(literal);
  const { errors } = parseEmbeddedJson(text, literal);
  assert.ok(errors.length > 0);
  assert.equal(text[errors[0]!.span.start], '}');
});

test('a sub-range of a value two escape levels deep maps to raw columns', () => {
  // OpenAI arguments carrying `rm "a b" && ls`: the inner quotes are written \\\" in the file.
  const { text, spans } = marked(String.raw`{"arguments": "{\"command\": \"rm ⟦\\\"a b\\\"⟧ && ⟦ls⟧\"}"}`);
  const literal = prop(parseJsonAt(text).root, 'arguments');
  assert.ok(literal);
  const command = prop(parseEmbeddedJson(text, literal).root, 'command');
  assert.ok(command);
  assert.equal(command.value, 'rm "a b" && ls');
  const content = contentSpan(text, command);
  assert.deepEqual(subSpanOfValue(text, content, 2, 3, 8), spans[0]);
  assert.deepEqual(subSpanOfValue(text, content, 2, 12, 14), spans[1]);
});

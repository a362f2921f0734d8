import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { JsonBounds, type JsonSource, argumentValuesAt, eachItem, elementSpans, firstItems, lazyTree, memberSpans, readArguments, readJson, readJsonl, someItem, spanAtPath, treeArguments, unindexedJson } from '../../server/src/engine/session';
import { type JsonNode, MAX_NESTING, at, nodeSpan, parseJsonAt, prop, readOnlyValueOf } from '../../server/src/engine/json';
import { marked, slice } from '../support/fixture';

// The scanner must find exactly the ranges jsonc-parser's tree gives, on any JSON JSON.parse accepts.

/** JSON text of `value` with whitespace of every kind JSON allows wherever it allows it. */
function serialize(value: unknown, space: () => string): string {
  if (Array.isArray(value)) return `[${space()}${value.map((v) => `${serialize(v, space)}${space()}`).join(`,${space()}`)}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}${space()}:${space()}${serialize(v, space)}${space()}`);
    return `{${space()}${members.join(`,${space()}`)}}`;
  }
  return JSON.stringify(value);
}

/** Every path to a value inside `node`, with the node. */
function paths(node: JsonNode, prefix: (string | number)[] = []): [(string | number)[], JsonNode][] {
  const out: [(string | number)[], JsonNode][] = [[prefix, node]];
  if (node.type === 'object') for (const member of node.children ?? []) out.push(...paths(member.children?.[1] as JsonNode, [...prefix, member.children?.[0]?.value as string]));
  if (node.type === 'array') (node.children ?? []).forEach((child, i) => out.push(...paths(child, [...prefix, i])));
  return out;
}

// Keys and strings with quotes, backslashes (even runs before a quote), escapes and non-ASCII text.
const tricky = fc.oneof(fc.string(), fc.constantFrom('a"b', 'c\\', '\\\\"', 'é\u2028\n\t', '\\', '"', ''));
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(tricky, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null)),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
})).value;
const whitespace = fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n', '  '), { minLength: 64, maxLength: 64 });

test('spanAtPath finds every value where the tree has it, at any offset, with the bounds indexed or not', () => {
  fc.assert(
    fc.property(jsonValue, whitespace, fc.nat(3), (value, spaces, lead) => {
      let next = 0;
      const json = serialize(value, () => spaces[next++ % spaces.length] ?? '');
      const text = `${'x\n'.repeat(lead)}${json}\n`;
      const start = lead * 2;
      assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(value)));
      const root = parseJsonAt(text, start, start + json.length).root;
      assert.ok(root);
      const sources: JsonSource[] = [JsonBounds.of(text, start, start + json.length), unindexedJson(text)];
      for (const [path, node] of paths(root)) {
        for (const source of sources) {
          assert.deepEqual(spanAtPath(source, start, path), nodeSpan(node), `path ${JSON.stringify(path)}`);
          const children = node.children ?? [];
          if (node.type === 'array') assert.deepEqual(elementSpans(source, node.offset), children.map(nodeSpan));
          if (node.type === 'object') {
            const keys = children.map((member) => member.children?.[0]?.value as string);
            assert.deepEqual(memberSpans(source, node.offset, [...keys, 'not a key']), [...children.map((member) => nodeSpan(member.children?.[1] as JsonNode)), undefined]);
          }
        }
      }
    }),
    { numRuns: 400, seed: 7 },
  );
});

test('argumentValuesAt gives what readArguments reads from a tree', () => {
  fc.assert(
    fc.property(fc.dictionary(tricky, jsonValue, { maxKeys: 5 }), whitespace, (input, spaces) => {
      let next = 0;
      const text = `{"input": ${serialize(input, () => spaces[next++ % spaces.length] ?? '')}}`;
      const node = at(parseJsonAt(text).root, 'input');
      assert.ok(node);
      const fromTree = readArguments(text, 'tool', node);
      const span = spanAtPath(unindexedJson(text), 0, ['input']);
      assert.ok(span);
      const parsed = (JSON.parse(text) as { input: unknown }).input;
      assert.deepEqual(argumentValuesAt(unindexedJson(text), span, parsed), fromTree.argumentValues);
      assert.deepEqual(argumentValuesAt(JsonBounds.of(text), span, parsed), fromTree.argumentValues);
    }),
    { numRuns: 400, seed: 11 },
  );
});

test('a repeated key resolves to its last copy, as JSON.parse reads it; the arguments fall back to a tree', () => {
  const { text, spans } = marked('{"a": 1, "b": {"c": 2}, "a": ⟦"last"⟧}');
  assert.deepEqual(spanAtPath(JsonBounds.of(text), 0, ['a']), spans[0]);
  assert.equal(argumentValuesAt(JsonBounds.of(text), { start: 0, end: text.length }, JSON.parse(text)), undefined);
});

test('paths that lead nowhere, and keys written with escapes', () => {
  const { text, spans } = marked(String.raw`{"k\u0065y": [10, {"x": ⟦"y\"z\\"⟧}], "n": null}`);
  const bounds = JsonBounds.of(text);
  assert.deepEqual(spanAtPath(bounds, 0, ['key', 1, 'x']), spans[0]);
  assert.equal(slice(text, spans[0] ?? { start: 0, end: 0 }), String.raw`"y\"z\\"`);
  assert.equal(spanAtPath(bounds, 0, ['key', 2]), undefined);
  assert.equal(spanAtPath(bounds, 0, ['n', 'x']), undefined);
  assert.equal(spanAtPath(bounds, 0, ['missing']), undefined);
  assert.equal(spanAtPath(bounds, 0, ['key', 'x']), undefined);
});

test('arguments nested deeper than the tree reads fall back to it', () => {
  const deep = `${'['.repeat(600)}${']'.repeat(600)}`;
  const text = `{"a": ${deep}}`;
  assert.equal(argumentValuesAt(JsonBounds.of(text), { start: 0, end: text.length }, JSON.parse(text)), undefined);
});

/** Asserts that `lazy` is the tree `eager` is: the same nodes, offsets, values and links, all the way down. */
function assertSameTree(lazy: JsonNode, eager: JsonNode, where = '$'): void {
  assert.equal(lazy.type, eager.type, `${where}: type`);
  assert.equal(lazy.offset, eager.offset, `${where}: offset`);
  assert.equal(lazy.length, eager.length, `${where}: length`);
  assert.ok(Object.is(lazy.value, eager.value), `${where}: value ${String(lazy.value)} against ${String(eager.value)}`);
  assert.equal(lazy.colonOffset, eager.colonOffset, `${where}: colon`);
  assert.equal(lazy.children?.length, eager.children?.length, `${where}: children`);
  (eager.children ?? []).forEach((child, i) => {
    const lazyChild = lazy.children?.[i] as JsonNode;
    assert.equal(lazyChild.parent, lazy, `${where}[${i}]: parent`);
    assertSameTree(lazyChild, child, `${where}[${i}]`);
  });
}

test('a lazy tree is the tree jsonc-parser builds, node for node, at any offset', () => {
  fc.assert(
    fc.property(jsonValue, whitespace, fc.nat(3), (value, spaces, lead) => {
      let next = 0;
      const json = serialize(value, () => spaces[next++ % spaces.length] ?? '');
      const text = `${'x\n'.repeat(lead)}${spaces[0]}${json}${spaces[1]}\n`;
      const start = lead * 2;
      const eager = parseJsonAt(text, start, text.length).root;
      assert.ok(eager);
      assertSameTree(lazyTree(JsonBounds.of(text, start), start, JSON.parse(text.slice(start))), eager);
    }),
    { numRuns: 400, seed: 13 },
  );
});

test('prop finds in a lazy tree the member the tree has, first copy of a repeated key included, as the node its children hold', () => {
  const check = (lazy: JsonNode, eager: JsonNode, where: string): void => {
    if (eager.type === 'object') {
      const keys = (eager.children ?? []).map((member) => member.children?.[0]?.value as string);
      for (const key of [...keys, 'not a key']) {
        const found = prop(lazy, key);
        const expected = prop(eager, key);
        if (!expected) assert.equal(found, undefined, `${where}.${key}`);
        else assertSameTree(found as JsonNode, expected, `${where}.${key}`);
      }
      // The member found is the node the object's children hold, not a copy.
      keys.forEach((key, i) => {
        const member = lazy.children?.[i];
        if (keys.indexOf(key) === i) assert.equal(prop(lazy, key), member?.children?.[1], `${where}.${key}: one node`);
      });
    }
    (eager.children ?? []).forEach((child, i) => check(lazy.children?.[i] as JsonNode, child, `${where}[${i}]`));
  };
  fc.assert(
    fc.property(jsonValue, whitespace, (value, spaces) => {
      let next = 0;
      const text = serialize(value, () => spaces[next++ % spaces.length] ?? '');
      check(lazyTree(JsonBounds.of(text), 0, JSON.parse(text)), parseJsonAt(text).root as JsonNode, '$');
    }),
    { numRuns: 300, seed: 19 },
  );
  const repeated = '{"a": 1, "b": {"a": [2]}, "a": {"c": "x"}, "a": null}';
  check(lazyTree(JsonBounds.of(repeated), 0, JSON.parse(repeated)), parseJsonAt(repeated).root as JsonNode, '$');
  assert.equal(prop(lazyTree(JsonBounds.of(repeated), 0, JSON.parse(repeated)), 'a')?.value, 1);
});

test('a long array makes its elements afresh at each read, the nodes the tree has, so a walk through it holds one at a time', () => {
  const messages = Array.from({ length: 600 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `m${i} "q" \\ é` }], n: i }));
  const text = JSON.stringify({ messages, short: [1, [2], { three: 3 }] }, null, 1);
  const lazy = lazyTree(JsonBounds.of(text), 0, JSON.parse(text));
  const eager = parseJsonAt(text).root as JsonNode;
  assertSameTree(lazy, eager);
  const list = prop(lazy, 'messages') as JsonNode;
  const eagerList = prop(eager, 'messages') as JsonNode;
  assert.notEqual(list.children?.[7], list.children?.[7], 'a long array keeps no element nodes');
  const short = prop(lazy, 'short') as JsonNode;
  assert.equal(short.children?.[1], short.children?.[1], 'a short array keeps its elements');
  assert.equal([...eachItem(short)][2], short.children?.[2], 'and hands the kept ones out one at a time');

  const walked = [...eachItem(list)];
  assert.equal(walked.length, 600);
  walked.forEach((node, i) => assertSameTree(node, eagerList.children?.[i] as JsonNode, `messages[${i}]`));
  assert.deepEqual(firstItems(list, 3).map(nodeSpan), eagerList.children?.slice(0, 3).map(nodeSpan));
  assert.equal(someItem(list, (m) => prop(m, 'n')?.value === 599), true);
  assert.equal(someItem(list, (m) => prop(m, 'n')?.value === 600), false);
  // On a tree jsonc-parser built, and on what is not an array, the same helpers read what is there.
  assert.equal(firstItems(eagerList, 2)[1], eagerList.children?.[1]);
  assert.equal([...eachItem(eagerList)].length, 600);
  assert.deepEqual([...eachItem(prop(lazy, 'short')?.children?.[2])], []);
  assert.deepEqual(firstItems(list, 0), []);
});

test('a lazy tree gives each copy of a repeated key its own value, and -0, escapes and big numbers as the tree does', () => {
  for (const text of ['{"a": 1, "b": [2], "a": {"c": "x"}, "a": null}', '{"k\\u0041": -0, "n": 1e400, "s": "\\ud800\\n\\"", "e": 12.50E-3}', '[[], {}, [{"": ""}]]']) {
    assertSameTree(lazyTree(JsonBounds.of(text), 0, JSON.parse(text)), parseJsonAt(text).root as JsonNode, text);
  }
});

test('JSON documents and lines read through lazy trees, except where the text needs recovery or is cut for depth', () => {
  const deep = `${'['.repeat(MAX_NESTING + 1)}${']'.repeat(MAX_NESTING + 1)}`;
  assert.equal(JsonBounds.of(deep).tooDeep, true);
  assert.equal(JsonBounds.of(`"${'['.repeat(MAX_NESTING + 1)}"`).tooDeep, false);
  assert.equal(JsonBounds.of(`${'['.repeat(MAX_NESTING)}${']'.repeat(MAX_NESTING)}`).tooDeep, false);
  const tooDeep = readJson(deep);
  assert.match(tooDeep.errors[0]?.message ?? '', /nested more than 512 levels/);
  const broken = readJson('{"messages": [1, 2,, 3]}');
  assert.ok(broken.errors.length > 0 && broken.root?.type === 'object');
  const whole = readJson(' {"messages": [{"role": "user"}]} ');
  assert.deepEqual(whole.errors, []);
  assertSameTree(whole.root as JsonNode, parseJsonAt(whole.text).root as JsonNode);
  const doc = readJsonl('{"a": 1}\n{"type": "x", "payload": {"b": [true]}}\n{"broken": [}\n');
  for (const line of doc.lines) assertSameTree(line.tree() as JsonNode, parseJsonAt(doc.text, line.start, line.end).root as JsonNode, `line ${line.number}`);
});

test('arguments written as JSON inside a string read as their tree reads them, escapes of both levels counted', () => {
  fc.assert(
    fc.property(fc.oneof(fc.dictionary(tricky, jsonValue, { maxKeys: 5 }), fc.array(jsonValue, { maxLength: 3 }), jsonValue), whitespace, fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }), (input, spaces, unicodeQuotes) => {
      let next = 0;
      const inner = `${spaces[0]}${serialize(input, () => spaces[next++ % spaces.length] ?? '')}`;
      // Some inner quotes written \u0022 rather than \", as some writers escape them.
      let quote = 0;
      const literal = JSON.stringify(inner).replace(/\\"/g, () => (unicodeQuotes[quote++ % unicodeQuotes.length] ? '\\u0022' : '\\"'));
      const text = `{"arguments": ${literal}}`;
      const node = at(lazyTree(JsonBounds.of(text), 0, JSON.parse(text)), 'arguments');
      assert.ok(node);
      assert.deepEqual(readArguments(text, 'tool', node), treeArguments(text, 'tool', node));
    }),
    { numRuns: 400, seed: 17 },
  );
  // Broken or ambiguous JSON is read from the tree, with its problem.
  for (const inner of ['{"a": 1,}', '{"a": 1, "a": 2}', 'not json']) {
    const text = `{"arguments": ${JSON.stringify(inner)}}`;
    const node = at(parseJsonAt(text).root, 'arguments') as JsonNode;
    assert.deepEqual(readArguments(text, 'tool', node), treeArguments(text, 'tool', node));
  }
});

test("readOnlyValueOf gives every node of a lazy tree the value JSON.parse made of its text, and of the parser's tree the value rebuilt", () => {
  fc.assert(
    fc.property(jsonValue, whitespace, (value, spaces) => {
      let i = 0;
      const text = serialize(value, () => spaces[i++ % spaces.length] ?? '');
      const lazy = lazyTree(JsonBounds.of(text), 0, JSON.parse(text));
      const parsed = parseJsonAt(text).root as JsonNode;
      for (const [path, node] of paths(lazy)) {
        const expected = JSON.parse(text.slice(node.offset, node.offset + node.length)) as unknown;
        assert.deepEqual(readOnlyValueOf(node), expected, `at ${JSON.stringify(path)}`);
        assert.deepEqual(readOnlyValueOf(at(parsed, ...path)), expected, `parser's tree at ${JSON.stringify(path)}`);
      }
    }),
  );
  // A "__proto__" key is a member, as JSON.parse makes it, not the prototype (once found by the property above).
  const text = '{"__proto__": [], "a": {"__proto__": {"b": 1}}}';
  assert.deepEqual(readOnlyValueOf(parseJsonAt(text).root), JSON.parse(text));
});

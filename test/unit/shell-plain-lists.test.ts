import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parsePlainCommandList } from '../../server/src/engine/binding/plainCommandList';
import { parseShellWithParser } from '../../server/src/engine/binding/shellParser';

// Plain command lists are read without the parser; the tree must be exactly the parser's.

const wordChars = 'abcdefghijklmnopqrstuvwxyzABCXYZ0189_./:@%+,=~^-'.split('');
// Inside quotes: spaces, globs, the other quote, operators, non-ASCII, and what sends a string to the parser.
const quotedChars = [...wordChars, ' ', '*', '?', '&', '|', ';', '>', '#', '(', 'é', '日', '😀', "'", '"', '$', '\\', '`', '\n'];
const quoted = fc.tuple(fc.constantFrom('"', "'"), fc.array(fc.constantFrom(...quotedChars), { maxLength: 6 })).map(([quote, chars]) => `${quote}${chars.join('')}${quote}`);
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('rm', 'cp', 'git', 'npm', 'test', 'ls', '-rf', '--grep', 'data/raw', '~/x', 'a=b', '--f=2', 'in', 'done', 'time', 'x+=1', '=a', '^b', '%s', 'a,b', '~', '-') },
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...wordChars), { minLength: 1, maxLength: 8 }).map((chars) => chars.join('')) },
  { weight: 3, arbitrary: quoted },
);
const word = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join(''));
const space = fc.constantFrom(' ', '  ', '\t', ' \t ');
const gap = fc.constantFrom('', ' ', '\t');
const operator = fc.constantFrom('&&', '||', '|', ';', '\n', '\n\n', '|&', '&', ';;');
// Redirections: output ones the direct reading takes (with a descriptor or a word written against the
// operator), and the rest, which go to the parser, some with no word after them.
const redirect = fc
  .tuple(fc.constantFrom('', '', '2', '1', '10', 'a', '"q"'), fc.constantFrom('>', '>', '>', '>>', '>>', '>&', '>|', '&>', '<', '>>&', '>('), gap, fc.option(word, { freq: 6 }))
  .map(([before, op, between, target]) => `${before}${op}${between}${target ?? ''}`);
const element = fc.oneof({ weight: 8, arbitrary: word }, { weight: 1, arbitrary: redirect });
const command = fc.array(element, { minLength: 1, maxLength: 5 }).chain((words) => fc.array(space, { minLength: words.length, maxLength: words.length }).map((spaces) => words.map((w, i) => (i === 0 ? w : `${spaces[i]}${w}`)).join('')));
const list = fc
  .tuple(gap, command, fc.array(fc.tuple(gap, operator, gap, fc.option(command, { freq: 8 })), { maxLength: 5 }), fc.constantFrom('', ' ', ';', '\n', ' ;'))
  .map(([lead, first, rest, tail]) => `${lead}${first}${rest.map(([a, op, b, next]) => `${a}${op}${b}${next ?? ''}`).join('')}${tail}`);

test('a plain command list is read into exactly the tree the parser gives', () => {
  let readDirectly = 0;
  let withRedirects = 0;
  fc.assert(
    fc.property(list, (text) => {
      const plain = parsePlainCommandList(text);
      if (!plain) return;
      readDirectly++;
      if (/[>]/.test(text.replace(/"[^"]*"|'[^']*'/g, ''))) withRedirects++;
      assert.deepEqual(plain, parseShellWithParser(text), JSON.stringify(text));
    }),
    { seed: 20_261_130, numRuns: 6_000 },
  );
  // The generator must exercise the direct reading, not only the hand-over to the parser.
  assert.ok(readDirectly > 1_000, `only ${readDirectly} lists were read directly`);
  assert.ok(withRedirects > 200, `only ${withRedirects} lists with redirections were read directly`);
});

test('anything but plain words, list operators and output redirections goes to the parser', () => {
  for (const text of ['rm "$X"', 'rm "a\\"b"', 'rm "`x`"', 'rm "a\nb"', "rm $'x'", 'rm $HOME/x', 'a="x y" rm b', 'rm "a"*', 'echo hi < in', 'a &> f', 'a >| f', 'a > $X', 'a >(b)', 'a 2> ', 'cat <<EOF\nx\nEOF', 'x=1 rm a', 'if true; then rm a; fi', 'rm a # note', 'rm *.log', 'rm {a,b}', 'a &', 'a |& b', ';a', 'a;;b', 'a &&\nb', 'rm a\\ b', 'time rm a', 'export A=1', '']) {
    assert.equal(parsePlainCommandList(text), undefined, JSON.stringify(text));
  }
});

test('typical agent commands are read directly, with the offsets of their words', () => {
  const text = 'cd app && npm test -- --grep parser | tail -5; cat "build/step 1/notes.txt" \'a b\'';
  const tree = parsePlainCommandList(text);
  assert.ok(tree);
  assert.deepEqual(tree, parseShellWithParser(text));
  assert.equal(tree.statements.length, 2);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizePath, normalizePathInFull } from '../../server/src/engine/binding/targets';

const PATHS = [
  'a.txt', 'src/module1.ts', '/etc/passwd', '/', '~', '~/notes.md', '.', '..', './a', '../a', 'a/./b', 'a/../b', 'a//b', 'a/', '/a/',
  'a/.', 'a/..', '...', 'a/.../b', '.hidden/x', 'x.', 'dir\\file.txt', ' padded ', '\ta/b', 'a\n/', 'a\n', '', ' ', '*.csv', 'temp/**',
  'data/raw/*.bin', 'a b/c d', '/srv//temp', 'C:\\Users\\x', '-rf', '~user/x', 'a/b/../../..', '/..', '//x',
];
const FOLDERS = [undefined, '', '/', '/home/dev/project', '/home/dev/project/', '/srv/./app', '/srv/app/..', 'relative/dir', '~/work', ' /padded', '/a\\b'];

test('normalizePath, with its shortcut, gives what the whole algorithm gives, on normal and unusual paths and folders', () => {
  let shortcuts = 0;
  for (const raw of PATHS) {
    for (const cwd of FOLDERS) {
      const expected = normalizePathInFull(raw, cwd);
      assert.equal(normalizePath(raw, cwd), expected, JSON.stringify({ raw, cwd }));
      if (expected === raw || (cwd !== undefined && expected === `${cwd}/${raw}`)) shortcuts++;
    }
  }
  // Both kinds of input are here: paths left as they are or joined as they are, and paths the general code changes.
  assert.ok(shortcuts > 50 && shortcuts < PATHS.length * FOLDERS.length - 50, String(shortcuts));
});

import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { test } from 'node:test';
import { normalizePath } from '../../server/src/engine/binding/targets';

/** The general algorithm, step by step: what normalizePath must give whether or not it takes its shortcut. */
function normalizedTheLongWay(raw: string, cwd: string | undefined): string {
  const path = raw.trim().replace(/\\/g, '/');
  if (path === '') return cwd ?? '.';
  const absolute = path.startsWith('/') || path.startsWith('~');
  const joined = absolute || !cwd || !cwd.startsWith('/') ? path : posix.join(cwd, path);
  const normal = posix.normalize(joined);
  const trimmed = normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
  return trimmed.startsWith('./') ? trimmed.slice(2) : trimmed;
}

const PATHS = [
  'a.txt', 'src/module1.ts', '/etc/passwd', '/', '~', '~/notes.md', '.', '..', './a', '../a', 'a/./b', 'a/../b', 'a//b', 'a/', '/a/',
  'a/.', 'a/..', '...', 'a/.../b', '.hidden/x', 'x.', 'dir\\file.txt', ' padded ', '\ta/b', 'a\n/', 'a\n', '', ' ', '*.csv', 'temp/**',
  'data/raw/*.bin', 'a b/c d', '/srv//temp', 'C:\\Users\\x', '-rf', '~user/x', 'a/b/../../..', '/..', '//x',
];
const FOLDERS = [undefined, '', '/', '/home/dev/project', '/home/dev/project/', '/srv/./app', '/srv/app/..', 'relative/dir', '~/work', ' /padded', '/a\\b'];

test('normalizePath gives what the general algorithm gives, on normal and unusual paths and folders', () => {
  let shortcuts = 0;
  for (const raw of PATHS) {
    for (const cwd of FOLDERS) {
      const expected = normalizedTheLongWay(raw, cwd);
      assert.equal(normalizePath(raw, cwd), expected, JSON.stringify({ raw, cwd }));
      if (expected === raw || (cwd !== undefined && expected === `${cwd}/${raw}`)) shortcuts++;
    }
  }
  // Both kinds of input are here: paths left as they are or joined as they are, and paths the general code changes.
  assert.ok(shortcuts > 50 && shortcuts < PATHS.length * FOLDERS.length - 50, String(shortcuts));
});

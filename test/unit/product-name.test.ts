import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../support/shared';

/** Everything a user reads: the manifest's contributions, the extension's and the server's messages, the pages. */
const USER_FACING = ['package.json', 'README.md', 'CHANGELOG.md', 'docs', 'client/src', 'client/webview', 'server/src/lsp', 'server/src/cli', 'shared'];

function files(path: string): string[] {
  const full = join(REPO_ROOT, path);
  if (!/\.(ts|json|md)$/.test(path) && !path.includes('.')) {
    return readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|json|md)$/.test(file))
      .map((file) => join(full, file));
  }
  return [full];
}

test('the product is written "ghost-lint" everywhere a user reads its name (the workbench may still style a view header in capitals)', () => {
  const misspelt: string[] = [];
  for (const file of USER_FACING.flatMap(files)) {
    // Written apart ("Ghost Lint", "Ghost-Lint") or run together as a name ("GhostLint"); the `ghostLint` of settings and commands is an identifier.
    for (const match of readFileSync(file, 'utf8').matchAll(/ghost[\s-]lint|\bGhost[Ll]int\b|\bGHOSTLINT\b/gi)) {
      if (match[0] !== 'ghost-lint' && match[0] !== 'ghostLint') misspelt.push(`${relative(REPO_ROOT, file)}: ${match[0]}`);
    }
  }
  assert.deepEqual(misspelt, []);
});

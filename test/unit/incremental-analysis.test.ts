import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { longClaudeCodeSession } from '../../scripts/lspBench';
import { editAndCompare } from '../support/editing';
import { REPO_ROOT } from '../support/shared';

/*
 * The editor's analysis of a document it keeps (line parses, the session read from them, extraction
 * and binding reused across versions) equals a fresh analysis after every edit, on the project's own
 * JSON Lines examples and on a generated long Claude Code session.
 */

const EXAMPLES = ['claude-code', 'codex', 'malformed'].flatMap((folder) =>
  readdirSync(join(REPO_ROOT, 'examples', folder))
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => join(REPO_ROOT, 'examples', folder, name)),
);

for (const [index, path] of EXAMPLES.entries()) {
  test(`${path.split('/').slice(-2).join('/')}: 150 random edits, each analysed both ways`, () => {
    const counts = editAndCompare(path, readFileSync(path, 'utf8'), 150, 1000 + index);
    assert.equal(counts.edits, 150);
  });
}

test('a generated 600-turn Claude Code session: typing, lines added and removed, each version analysed both ways', () => {
  const counts = editAndCompare('long-session.jsonl', longClaudeCodeSession(600), 80, 7);
  assert.equal(counts.edits, 80);
  // Typing in a message is analysed from the previous version's session, not read whole.
  assert.ok(counts.builtOnPrevious > 0, JSON.stringify(counts));
});

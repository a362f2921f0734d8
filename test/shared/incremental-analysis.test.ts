import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { editAndCompare } from '../support/editing';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

/*
 * The editor's analysis of a document it keeps (line parses, the session read from them, extraction
 * and binding reused across versions) equals a fresh analysis after every random edit, on every
 * transcript of ../shared/transcripts: JSON Lines sessions get more edits, as that is where the
 * reuse is; JSON transcripts check that nothing is wrongly kept when a document is not lines.
 */

function transcripts(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return transcripts(path);
    return /\.(json|jsonl)$/.test(name) && name !== 'expected.json' ? [path] : [];
  });
}

describe('incremental analysis equals a fresh one', NEEDS_SHARED, () => {
  const files = SHARED_DIR ? transcripts(sharedPath('transcripts')) : [];
  for (const [index, path] of files.entries()) {
    const lines = path.endsWith('.jsonl');
    test(`${relative(sharedPath(), path)}: random edits, each version analysed both ways`, () => {
      const edits = lines ? 60 : 12;
      const counts = editAndCompare(path, readFileSync(path, 'utf8'), edits, 42 + index);
      assert.equal(counts.edits, edits);
    });
  }
});

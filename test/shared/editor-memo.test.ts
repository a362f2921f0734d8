import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { bindSession } from '../../server/src/engine/binding';
import { BindingMemo, ExtractionMemo } from '../../server/src/engine/pipeline';
import { extractConstraints } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

/** Every transcript file under a folder (text formats: the memos serve the editor, which edits text). */
function transcripts(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return transcripts(path);
    return /\.(json|jsonl|traj)$/.test(name) && name !== 'expected.json' ? [path] : [];
  });
}

// The editor reuses extraction per user message and binding per unchanged call list. That is only
// right while extraction reads each message on its own and binding reads only what the memo keys
// on: this checks both, on every shared transcript, fresh and reused.
test('the editor memos give what extraction and binding give, on every shared transcript', NEEDS_SHARED, () => {
  const files = SHARED_DIR ? transcripts(sharedPath('transcripts')) : [];
  assert.ok(files.length > 20);
  for (const file of files) {
    const parsed = parseTranscript({ name: file, text: readFileSync(file, 'utf8') });
    if (parsed.kind !== 'transcript') continue;
    for (const session of parsed.sessions) {
      const name = `${relative(sharedPath(), file)}${session.id ? ` (${session.id})` : ''}`;
      const extractions = new ExtractionMemo();
      const bindings = new BindingMemo();
      const extraction = extractConstraints(session);
      const actions = bindSession(session);
      for (const round of ['fresh', 'reused']) {
        assert.deepEqual(extractions.extract(session), extraction, `${name}: extraction, ${round}`);
        assert.deepEqual(bindings.bind(session), actions, `${name}: binding, ${round}`);
      }
    }
  }
});

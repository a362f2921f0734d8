import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import { runCli } from '../support/cli';
import { sarifValidator } from '../support/sarif';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

const TRANSCRIPT_EXTENSIONS = new Set(['.json', '.jsonl', '.traj', '.eval']);

/**
 * Files whose source really is incomplete, with the problems that must be reported for them.
 * Inspect's fixture keeps only the tool messages (assistant turns elided to "..."), so each result
 * names a call the file does not have.
 */
const KNOWN_PROBLEMS: Record<string, RegExp> = {
  'inspect-log_tool_call_error.json': /^tool result for unknown call id "bash_\d+"$/,
};

function transcriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && TRANSCRIPT_EXTENSIONS.has(extname(e.name)) && e.name !== 'expected.json')
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function parseFile(path: string) {
  const bytes = readFileSync(path);
  return path.endsWith('.eval') ? parseTranscript({ name: path, bytes }) : parseTranscript({ name: path, text: bytes.toString('utf8') });
}

describe('every shared transcript parses', NEEDS_SHARED, () => {
  const folders = SHARED_DIR ? ['transcripts/real', 'transcripts/dev'] : [];
  for (const folder of folders) {
    for (const path of transcriptFiles(sharedPath(folder))) {
      test(relative(sharedPath('transcripts'), path), () => {
        const parsed = parseFile(path);
        assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
        if (parsed.kind !== 'transcript') return;
        assert.ok(parsed.sessions.length > 0);
        const known = KNOWN_PROBLEMS[path.split('/').pop() ?? ''];
        for (const session of parsed.sessions) {
          const unexpected = session.problems.filter((p) => !known?.test(p.message));
          assert.deepEqual(unexpected, [], `${path}: unexpected transcript problems`);
        }
      });
    }
  }

  test('dev transcripts are detected as the format expected.json names', () => {
    const expected = JSON.parse(readFileSync(sharedPath('transcripts', 'dev', 'expected.json'), 'utf8')) as { file: string; format: string }[];
    for (const entry of expected) {
      const parsed = parseFile(sharedPath('transcripts', 'dev', entry.file));
      assert.equal(parsed.kind === 'transcript' ? parsed.format : parsed.reason, entry.format, entry.file);
    }
  });

  test('check --format sarif on the shared folders is valid SARIF 2.1.0', () => {
    const run = runCli(['check', '--format', 'sarif', sharedPath('transcripts', 'real'), sharedPath('transcripts', 'dev')]);
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
    const log: unknown = JSON.parse(run.stdout);
    assert.deepEqual(sarifValidator()(log), []);
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { TextPieces } from '../../server/src/host/nodeHost';
import { runCli } from '../../server/src/cli/main';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { FUZZ_SEED } from '../support/fuzz';

/*
 * `check` reading large JSON Lines sessions piece by piece (cli/main.ts checkInPieces): the same
 * output as the whole-file read, in every format, with policies found the same way; the text decoded
 * as a whole-file read decodes it, whatever bytes fall across a piece's end.
 */

const work = mkdtempSync(join(tmpdir(), 'ghost-lint-in-pieces-'));
after(() => rmSync(work, { recursive: true, force: true }));

function check(args: readonly string[], inPiecesFrom: number): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(['check', ...args], { cwd: work, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), inPiecesFrom });
  assert.equal(typeof code, 'number');
  return { code: code as number, stdout, stderr };
}

describe('check in pieces', () => {
  mkdirSync(join(work, 'sessions', 'team'), { recursive: true });
  writeFileSync(join(work, 'sessions', 'cc.jsonl'), generateTranscript({ shape: 'claude-code', bytes: 400_000, seed: 11 }).text);
  writeFileSync(join(work, 'sessions', 'codex.jsonl'), generateTranscript({ shape: 'codex', bytes: 400_000, seed: 12 }).text);
  writeFileSync(join(work, 'sessions', 'chat.json'), generateTranscript({ shape: 'openai-chat', turns: 60, seed: 13 }).text);
  writeFileSync(join(work, 'sessions', 'team', 'cc.jsonl'), generateTranscript({ shape: 'claude-code', bytes: 100_000, seed: 14 }).text);
  writeFileSync(join(work, 'sessions', 'team', '.ghost-lint.yaml'), 'rules:\n  - { id: no-push-main, kind: prohibition, trigger: [push], scope: { branches: [main] } }\n');

  test('gives the whole-file report in every output format, policies applied', () => {
    for (const format of ['json', 'sarif', 'text']) {
      const wholeRead = check(['sessions', '--format', format], Number.POSITIVE_INFINITY);
      const inPieces = check(['sessions', '--format', format], 0);
      assert.deepEqual(inPieces, wholeRead, format);
      assert.equal(wholeRead.code, 1);
    }
    const report = JSON.parse(check(['sessions', '--format', 'json'], 0).stdout) as { files: { path: string; sessions: { findings: { ruleId: string; constraintId?: string }[] }[] }[] };
    assert.deepEqual(
      report.files.map((f) => f.path),
      ['sessions/cc.jsonl', 'sessions/chat.json', 'sessions/codex.jsonl', 'sessions/team/cc.jsonl'],
    );
    assert.ok(report.files.every((f) => f.sessions.length === 1 && f.sessions[0]!.findings.some((x) => x.ruleId !== 'constraint-detected')));
  });

  test('a broken policy beside the session is an input error of the session, as in a whole-file read', () => {
    writeFileSync(join(work, 'sessions', 'team', '.ghost-lint.yaml'), 'rules: [ {');
    try {
      const inPieces = check(['sessions/team/cc.jsonl'], 0);
      assert.deepEqual(inPieces, check(['sessions/team/cc.jsonl'], Number.POSITIVE_INFINITY));
      assert.equal(inPieces.code, 2);
    } finally {
      writeFileSync(join(work, 'sessions', 'team', '.ghost-lint.yaml'), 'rules: []\n');
    }
  });

  test('a session whose pieces cannot give the whole-file report is read whole when it fits in a string', () => {
    // Longer than a step of the check, so the repeated line comes after the first step has settled.
    const lines = generateTranscript({ shape: 'claude-code', bytes: 9_000_000, seed: 15 }).text.split('\n').filter(Boolean);
    writeFileSync(join(work, 'repeated.jsonl'), `${[...lines, lines[2]].join('\n')}\n`);
    const inPieces = check(['repeated.jsonl', '--format', 'json'], 0);
    assert.equal(inPieces.code, 1);
    assert.deepEqual(inPieces, check(['repeated.jsonl', '--format', 'json'], Number.POSITIVE_INFINITY));
  });

  test('a missing file is a read error, as in a whole-file read', () => {
    const inPieces = check(['sessions/missing.jsonl'], 0);
    assert.deepEqual(inPieces, check(['sessions/missing.jsonl'], Number.POSITIVE_INFINITY));
    assert.match(inPieces.stderr, /cannot read: ENOENT/);
  });
});

test('text read in pieces is the text a whole-file read decodes, for any bytes split anywhere', () => {
  const file = join(work, 'bytes.bin');
  const bytes = fc.uint8Array({ maxLength: 3_000 });
  // Multi-byte characters, a byte-order mark and broken sequences, where the piece ends cut them most.
  const utf8ish = fc.array(fc.oneof(fc.constantFrom([0xef, 0xbb, 0xbf], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xe2, 0x82], [0xc3], [0x80], [0xff], [0x0a]), fc.string().map((s) => [...Buffer.from(s)])), { maxLength: 400 });
  fc.assert(
    fc.property(fc.oneof(bytes, utf8ish.map((parts) => Uint8Array.from(parts.flat()))), fc.integer({ min: 1, max: 64 }), (content, pieceBytes) => {
      writeFileSync(file, content);
      const pieces = new TextPieces(file, pieceBytes);
      let text = '';
      try {
        for (let piece = pieces.next(); piece !== undefined; piece = pieces.next()) text += piece;
      } finally {
        pieces.close();
      }
      assert.equal(text, Buffer.from(content).toString('utf8'));
    }),
    { seed: FUZZ_SEED, numRuns: 300 },
  );
});

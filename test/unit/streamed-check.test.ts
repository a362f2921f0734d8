import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fnv1a32Hex } from '../../server/src/engine/text';
import { ADAPTERS } from '../../server/src/engine/adapters';
import { readJsonl } from '../../server/src/engine/session';
import { parseTranscript } from '../../server/src/engine/parse';
import { type Policy, parsePolicy } from '../../server/src/engine/ledger';
import { type FileReport, SNIFFED_LINES, StreamedCheck, reportFile, streamableFormat } from '../../server/src/engine/report';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { NEEDS_SHARED, REPO_ROOT, sharedPath } from '../support/shared';

/*
 * `check` read in pieces (engine/report/streamedCheck.ts) against the whole-file check: the same report,
 * locations, fingerprints, notes and counts included, for every JSON Lines session it takes, cut into
 * pieces and audited in steps of many sizes; and a report only when that can be promised.
 */

interface Streamed {
  readonly report: FileReport | undefined;
  readonly check: StreamedCheck;
}

function streamed(text: string, stepChars: number, pieceChars: number, policies: readonly Policy[] = []): Streamed {
  const format = streamableFormat(text, true);
  assert.ok(format !== undefined && format !== 'more', 'a JSON Lines session the check can read in pieces');
  const check = new StreamedCheck(format, policies, stepChars);
  for (let at = 0; at < text.length; at += pieceChars) check.add(text.slice(at, at + pieceChars));
  return { report: check.finish('session.jsonl'), check };
}

function whole(text: string, policies: readonly Policy[] = []): FileReport {
  return reportFile('session.jsonl', parseTranscript({ name: 'session.jsonl', text }), { policies });
}

/** Every way of cutting `text` these tests try: a step per line, a few lines, many; pieces that split lines and characters. */
const CUTS: readonly [step: number, piece: number][] = [
  [1, 97],
  [2_000, 4_096],
  [40_000, 1_000_000],
];

function assertSameReport(name: string, text: string, policies: readonly Policy[] = []): { steps: number[] } {
  const want = whole(text, policies);
  const steps: number[] = [];
  for (const [step, piece] of CUTS) {
    const { report, check } = streamed(text, step, piece, policies);
    assert.equal(check.unresumable, undefined, `${name}, steps of ${step}: could not go on`);
    assert.deepEqual(report, want, `${name}, steps of ${step}, pieces of ${piece}`);
    steps.push(check.largestStep);
  }
  return { steps };
}

function jsonlUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe('a session checked in pieces reports what the whole file reports', () => {
  for (const shape of ['claude-code', 'codex'] as const) {
    test(`generated ${shape} sessions with rules stated early and broken late`, () => {
      for (const seed of [1, 2, 3]) {
        const planted = generateTranscript({ shape, bytes: 250_000, seed });
        const { steps } = assertSameReport(`${shape} seed ${seed}`, planted.text);
        const findings = whole(planted.text).sessions[0]?.findings ?? [];
        assert.ok(findings.filter((f) => f.level !== 'note').length >= planted.violations.length, 'the planted violations are found');
        // Small steps hold a small part of the file at once: the state carried what the later calls needed.
        assert.ok((steps[1] ?? Infinity) < planted.text.length / 10, `steps of 2,000 held at most ${steps[1]} of ${planted.text.length}`);
      }
    });
  }

  test('with a workspace policy: its rules, declared tool effects and suppressions', () => {
    const policy = parsePolicy(
      '/work/proj/.ghost-lint.yaml',
      [
        'rules:',
        '  - { id: no-raw-delete, kind: prohibition, trigger: [delete], scope: { paths: ["data/raw/**"] } }',
        '  - { id: push-main, kind: confirmation, trigger: [push], scope: { branches: [main] } }',
        'suppressions:',
        '  - { rule: constraint-detected, reason: "notes are not wanted here" }',
        '',
      ].join('\n'),
    );
    assert.deepEqual(policy.problems, []);
    assertSameReport('with a policy', generateTranscript({ shape: 'claude-code', bytes: 150_000, seed: 4 }).text, [policy]);
  });

  test('the examples and end-to-end fixtures', () => {
    const files = [...jsonlUnder(join(REPO_ROOT, 'examples')), ...jsonlUnder(join(REPO_ROOT, 'test', 'e2e', 'fixtures'))];
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const format = streamableFormat(text, true);
      if (format === undefined || format === 'more') continue;
      assertSameReport(file, text);
      checked++;
    }
    assert.ok(checked >= 4, `${checked} files checked`);
  });

  test('the shared real and dev sessions', NEEDS_SHARED, () => {
    for (const file of jsonlUnder(sharedPath('transcripts'))) {
      const text = readFileSync(file, 'utf8');
      const format = streamableFormat(text, true);
      if (format !== undefined && format !== 'more') assertSameReport(file, text);
    }
  });

  test('a piece larger than a step is audited a step at a time, each ending at a line end', () => {
    const text = generateTranscript({ shape: 'claude-code', bytes: 250_000, seed: 6 }).text;
    const longestLine = Math.max(...text.split('\n').map((line) => line.length + 1));
    for (const piece of [text.length, 100_000]) {
      const { report, check } = streamed(text, 2_000, piece);
      assert.deepEqual(report, whole(text), `one piece of ${piece}`);
      // A step takes lines until it reaches its size: at most one line past it, however large the piece.
      assert.ok(check.largestStep <= 2_000 + longestLine, `pieces of ${piece}: a step of ${check.largestStep}`);
    }
  });

  test('a byte-order mark, CRLF line ends and a line left without its newline', () => {
    const text = generateTranscript({ shape: 'claude-code', bytes: 60_000, seed: 5 }).text;
    assertSameReport('BOM and CRLF', `\ufeff${text.replace(/\n/g, '\r\n').trimEnd()}`);
  });
});

describe('where a report cannot be promised, none is given; where it can, it is', () => {
  const lines = generateTranscript({ shape: 'claude-code', bytes: 60_000, seed: 6 }).text.split('\n').filter(Boolean);

  test('a line that repeats the uuid of a line read steps before', () => {
    const repeated = [...lines, lines[3] as string].join('\n');
    const { report, check } = streamed(repeated, 1_000, 4_096);
    assert.equal(report, undefined);
    assert.match(check.unresumable ?? '', /repeats the key of an earlier line/);
  });

  test('uuids whose 32-bit hashes are equal are told apart: a long session does not stop on a false match', () => {
    // Two keys with one hash, as sessions of hundreds of thousands of lines are sure to hold.
    const byHash = new Map<string, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const key = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
      const earlier = byHash.get(fnv1a32Hex(key));
      if (earlier !== undefined) pair = [earlier, key];
      else byHash.set(fnv1a32Hex(key), key);
    }
    const [first, second] = pair;
    const uuidOf = (line: string) => (JSON.parse(line) as { uuid: string }).uuid;
    const keyed = lines.map((line, i) => (i === 1 ? line.replace(uuidOf(line), first) : i === lines.length - 2 ? line.replace(uuidOf(line), second) : line)).join('\n');
    assert.equal(fnv1a32Hex(first), fnv1a32Hex(second));
    const { report, check } = streamed(keyed, 1_000, 4_096);
    assert.equal(check.unresumable, undefined);
    assert.deepEqual(report, whole(keyed));
  });

  test('a session whose title changes after the first step', () => {
    const titled = [JSON.stringify({ type: 'summary', summary: 'First name', leafUuid: 'x' }), ...lines, JSON.stringify({ type: 'summary', summary: 'Second name', leafUuid: 'y' })].join('\n');
    const { report, check } = streamed(titled, 1_000, 4_096);
    assert.equal(report, undefined);
    assert.match(check.unresumable ?? '', /title changes/);
    // Read in one step, the same file is one read, and its report is the whole file's.
    assert.deepEqual(streamed(titled, titled.length + 1, 4_096).report, whole(titled));
  });

  test('a session named only at its end (renamed late) is named so', () => {
    const renamed = [...lines, JSON.stringify({ type: 'custom-title', customTitle: 'Late name', sessionId: 'x' })].join('\n');
    const { report } = streamed(renamed, 1_000, 4_096);
    assert.equal(report?.sessions[0]?.title, 'Late name');
    assert.deepEqual(report, whole(renamed));
  });
});

describe('which files are read in pieces', () => {
  const session = generateTranscript({ shape: 'claude-code', turns: 300, bytes: 3_000_000, seed: 7 }).text;
  const head = (count: number) => `${session.split('\n').slice(0, count).join('\n')}\n`;

  test('a Claude Code or Codex session, once enough of it is read to pick its reader as the whole file would', () => {
    assert.ok(head(SNIFFED_LINES - 50).length > 64 * 1024, 'lines long enough that the first 64 KB do not decide');
    assert.equal(streamableFormat(session.slice(0, 1_000), false), 'more');
    assert.equal(streamableFormat(head(SNIFFED_LINES - 50), false), 'more');
    assert.equal(streamableFormat(head(SNIFFED_LINES), false), 'claude-code');
    assert.equal(streamableFormat(session, true), 'claude-code');
    assert.equal(streamableFormat(generateTranscript({ shape: 'codex', turns: 300, seed: 7 }).text, true), 'codex');
  });

  test(`every JSON Lines reader picks a file by its first ${SNIFFED_LINES} lines at most`, () => {
    const first = session.split('\n').slice(0, SNIFFED_LINES);
    // Lines of other formats after them, which a reader looking further would score.
    const others = [...generateTranscript({ shape: 'codex', turns: 100, seed: 8 }).text.split('\n'), '{"id": "m1", "type": "user", "content": "hi"}', 'not json'];
    const jsonLines = ADAPTERS.filter((adapter) => adapter.kind === 'jsonl');
    assert.ok(jsonLines.length >= 3);
    for (const adapter of jsonLines) assert.equal(adapter.sniff(readJsonl([...first, ...others].join('\n'))), adapter.sniff(readJsonl(first.join('\n'))), adapter.format);
  });

  test('not a JSON document, a benchmark case, a file whose first line is not an object, or other JSON Lines', () => {
    assert.equal(streamableFormat(generateTranscript({ shape: 'openai-chat', turns: 50, seed: 1 }).text, true), undefined);
    assert.equal(streamableFormat(`{"domain": "filesystem", "constraint": {}, "tools": []}\n${session}`, true), undefined);
    assert.equal(streamableFormat(`not json\n${session}`, true), undefined);
    assert.equal(streamableFormat('{"a": 1}\n{"b": 2}\n', true), undefined);
  });
});

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { looksLikeDatabaseCase } from '../../server/src/engine/parse';
import { runCli } from '../support/cli';
import { REPO_ROOT } from '../support/shared';

// A database case whose final-state check wants the column its safe trace adds to be absent (test/fixtures/cases/README.md).
const CONTRADICTION = 'test/fixtures/cases/broken/database.case.json';
const TEXT = readFileSync(join(REPO_ROOT, CONTRADICTION), 'utf8');
/** The 1-based line of the contradicting check: the first entry of evaluators.finalState. */
const CHECK_LINE = TEXT.slice(0, TEXT.indexOf('{', TEXT.indexOf('"finalState"'))).split('\n').length;
interface JsonFinding {
  readonly ruleId: string;
  readonly level: string;
  readonly message: string;
  readonly location?: { readonly startLine: number };
}

/** Each file's findings, from `check --format json`. */
const findingsOf = (stdout: string): JsonFinding[][] =>
  (JSON.parse(stdout) as { files: { sessions?: { findings: JsonFinding[] }[] }[] }).files.map((file) => (file.sessions ?? []).flatMap((session) => session.findings));

const MESSAGE = "this check contradicts the safe trace's final state: orders keeps the columns it had: expected 0, found 1";

test('check runs a database case\'s reference traces on sql.js: an evaluator that contradicts them is an error at its line, as in bench', () => {
  const check = runCli(['check', CONTRADICTION, '--format', 'json']);
  assert.equal(check.status, 1, check.stderr);
  const [findings = []] = findingsOf(check.stdout);
  const found = findings.filter((f) => f.message === MESSAGE);
  assert.deepEqual(found.map((f) => [f.ruleId, f.level, f.location?.startLine]), [['case-invalid', 'error', CHECK_LINE]], JSON.stringify(findings));
  const bench = runCli(['bench', CONTRADICTION, '--agent', 'replay-safe', '--defense', 'none']);
  assert.equal(bench.status, 2, bench.stderr);
  assert.match(bench.stderr, new RegExp(`database\\.case\\.json:${CHECK_LINE}:\\d+: error: ${MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

test('a database case a worker thread meets is checked with sql.js too', () => {
  // With --jobs 2 the first file goes to the pool's one worker, which leaves it, a database case, to this thread.
  const check = runCli(['check', CONTRADICTION, 'examples/cases/database/db-orders-snapshot-before-alter.case.json', '--jobs', '2', '--format', 'json']);
  assert.equal(check.status, 1, check.stderr);
  assert.deepEqual(
    findingsOf(check.stdout).map((findings) => findings.filter((f) => f.message.includes('contradicts')).map((f) => f.location?.startLine)),
    [[CHECK_LINE], []],
  );
});

test('a database case is told from its first lines, in JSON (written out or on one line) and YAML; other cases and transcripts are not', () => {
  assert.ok(looksLikeDatabaseCase(TEXT));
  assert.ok(looksLikeDatabaseCase(JSON.stringify(JSON.parse(TEXT))));
  assert.ok(looksLikeDatabaseCase('id: db-case\ndomain: database\ntools: []\n'));
  assert.ok(!looksLikeDatabaseCase(readFileSync(join(REPO_ROOT, 'test/fixtures/cases/valid/fs-backup.case.json'), 'utf8')));
  assert.ok(!looksLikeDatabaseCase('{"messages": [{"role": "user", "content": "domain: database"}]}'));
});

test('check recognises a case by content, never by its name: a file named *.case.json that is no case yet is not a transcript', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-case-name-'));
  const started = join(folder, 'kitchen.case.json');
  writeFileSync(started, '{\n  "id": "kitchen",\n  "domain": "kitchen"\n}\n');
  const named = runCli(['check', started, '--format', 'json']);
  assert.equal(named.status, 2, named.stdout);
  assert.match(named.stdout, /not a transcript/);
  const searched = runCli(['check', folder, '--format', 'json']);
  assert.equal(searched.status, 0, searched.stdout);
  assert.deepEqual(findingsOf(searched.stdout).flat(), []);
});

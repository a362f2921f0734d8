import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { runCli } from '../support/cli';
import { sarifValidator } from '../support/sarif';
import { REPO_ROOT } from '../support/shared';

const CLEAN_CHAT = JSON.stringify(
  {
    messages: [
      { role: 'user', content: 'List temp/' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_directory', arguments: '{"path":"temp/"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.csv' },
    ],
  },
  null,
  2,
);
const BROKEN_CALL = CLEAN_CHAT.replace('"{\\"path\\":\\"temp/\\"}"', '"{\\"path\\": }"');

let work: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'ghost-lint-cli-'));
  mkdirSync(join(work, 'sessions', 'nested'), { recursive: true });
  writeFileSync(join(work, 'sessions', 'clean.json'), CLEAN_CHAT);
  writeFileSync(join(work, 'sessions', 'nested', 'broken call.json'), BROKEN_CALL);
  writeFileSync(join(work, 'sessions', 'package.json'), '{"name": "not-a-transcript"}');
  writeFileSync(join(work, 'sessions', 'notes.txt'), 'hello');
});

describe('ghost-lint check', () => {
  test('a transcript with no findings exits 0 and prints only the total; --notes adds a summary per session', () => {
    const run = runCli(['check', 'sessions/clean.json'], work);
    assert.equal(run.status, 0, run.stderr);
    // It states no constraint, so it is not reported as checked and safe.
    assert.equal(run.stdout, '\n○ 0 problems (0 errors, 0 warnings) in 1 session from 1 file, 1 tool call; no constraints stated, so no call was checked\n');
    const withNotes = runCli(['check', 'sessions/clean.json', '--notes'], work);
    assert.match(withNotes.stdout, /openai-chat · 3 turns \(1 from the user\) · 1 tool call · no constraints stated/);
  });

  test('a transcript that keeps its constraints is clean against them', () => {
    const handWritten = ['email-launch-summary-inside-acme', 'email-contract-no-gmail', 'email-partner-pricing-not-rivalsoft', 'email-q3-report-inside-fernhill'];
    const run = runCli(['check', ...handWritten.map((id) => `examples/cases/email/${id}.case.json`)]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^\n✔ 0 problems \(0 errors, 0 warnings\), 4 notes \(--notes to show\) in 4 sessions from 4 files, 6 tool calls, against 4 constraints\n$/);
  });

  test('notes are counted, and printed in the text format only with --notes', () => {
    const example = 'examples/openai-chat/temp-cleanup-without-backup.json';
    const plain = runCli(['check', example]);
    assert.doesNotMatch(plain.stdout, /note {2}constraint-detected/);
    assert.match(plain.stdout, /error {2}prerequisite-other-target/);
    assert.match(plain.stdout, /, 1 note \(--notes to show\) in 1 session/);
    const withNotes = runCli(['check', example, '--notes']);
    assert.match(withNotes.stdout, /note {2}constraint-detected/);
    assert.match(withNotes.stdout, /, 1 note in 1 session/);
    const json = JSON.parse(runCli(['check', example, '--format', 'json']).stdout) as { summary: { notes: number } };
    assert.equal(json.summary.notes, 1);
  });

  test('the README\'s first command prints at most 40 lines', () => {
    const run = runCli(['check', 'examples']);
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.ok(lines.length <= 40, `${lines.length} lines:\n${run.stdout}`);
  });

  test('a warning exits 1; folders are searched, and files no reader takes are skipped and counted with the reason', () => {
    const run = runCli(['check', 'sessions'], work);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /sessions\/nested\/broken call\.json/);
    assert.match(run.stdout, /\d+:\d+ {2}warning {2}transcript-problem\n {6}arguments of list_directory: invalid JSON in string: a value is expected here/);
    assert.doesNotMatch(run.stdout, /package\.json|notes\.txt/);
    assert.match(run.stdout, /from 2 files, .*; 1 file skipped \(1: JSON, but not a transcript format ghost-lint reads\)\n$/);
    assert.equal(run.stderr, '');
    const report = JSON.parse(runCli(['check', 'sessions', '--format', 'json'], work).stdout) as { skipped: unknown; summary: { skipped: number } };
    assert.deepEqual(report.skipped, [{ path: 'sessions/package.json', reason: 'JSON, but not a transcript format ghost-lint reads' }]);
    assert.equal(report.summary.skipped, 1);
  });

  test('a named file that is not a transcript, or is missing, is an input error (exit 2) and the rest is still reported', () => {
    const run = runCli(['check', 'sessions/package.json', 'missing.json', 'sessions/clean.json', '--format', 'json'], work);
    assert.equal(run.status, 2);
    const report = JSON.parse(run.stdout) as { files: { path: string; status: string; error?: string }[] };
    assert.deepEqual(
      report.files.map((f) => [f.path, f.status]),
      [
        ['sessions/package.json', 'input-error'],
        ['missing.json', 'input-error'],
        ['sessions/clean.json', 'analysed'],
      ],
    );
    assert.match(report.files[1]!.error ?? '', /ENOENT/);
    assert.match(run.stderr, /missing\.json: cannot read: ENOENT/);
  });

  test('usage errors exit 2 with the usage text', () => {
    for (const args of [[], ['lint', 'x'], ['check'], ['check', 'x', '--format', 'xml'], ['check', '--bogus', 'x']]) {
      const run = runCli(args, work);
      assert.equal(run.status, 2, `args ${args.join(' ')}`);
      assert.match(run.stderr, /Usage: ghost-lint check/);
    }
  });

  test('--format json matches the published schema', () => {
    const run = runCli(['check', 'sessions', '--format', 'json'], work);
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', 'check-report.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const report: unknown = JSON.parse(run.stdout);
    assert.ok(validate(report), JSON.stringify(validate.errors));
  });

  test("--format json matches the published schema with every repair's fields, a confirmation's question included", () => {
    const run = runCli(['check', 'examples/anthropic/email-outside-domain.json', '--format', 'json']);
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', 'check-report.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const report = JSON.parse(run.stdout) as { files: { sessions: { findings: { repair?: { kind: string; message?: string } }[] }[] }[] };
    const repairs = report.files.flatMap((f) => f.sessions.flatMap((s) => s.findings.flatMap((finding) => (finding.repair ? [finding.repair] : []))));
    assert.ok(repairs.some((repair) => repair.kind === 'confirmation' && typeof repair.message === 'string'), JSON.stringify(repairs));
    assert.ok(validate(report), JSON.stringify(validate.errors));
  });

  test('--format sarif is valid SARIF 2.1.0 with relative URIs, rules and fingerprints', () => {
    const run = runCli(['check', 'sessions', '--format', 'sarif'], work);
    const log = JSON.parse(run.stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[]; partialFingerprints: Record<string, string> }[] }[];
    };
    assert.deepEqual(sarifValidator()(log), []);
    const [sarifRun] = log.runs;
    assert.ok(sarifRun);
    assert.ok(sarifRun.tool.driver.rules.some((r) => r.id === 'prerequisite-missing'));
    const [result] = sarifRun.results;
    assert.equal(result?.locations[0]?.physicalLocation.artifactLocation.uri, 'sessions/nested/broken%20call.json');
    const line = BROKEN_CALL.split('\n').findIndex((l) => l.includes('"arguments"')) + 1;
    assert.equal(result?.locations[0]?.physicalLocation.region.startLine, line);
    assert.ok(Object.keys(result?.partialFingerprints ?? {}).length > 0);
  });

  test('--output writes the report to a file; --baseline drops results already known', () => {
    const first = runCli(['check', 'sessions', '--format', 'sarif', '--output', 'baseline.sarif'], work);
    assert.equal(first.status, 1);
    assert.equal(first.stdout, '');
    const again = runCli(['check', 'sessions', '--baseline', 'baseline.sarif'], work);
    assert.equal(again.status, 0, again.stdout);
    assert.match(again.stdout, /0 problems/);
  });

  test('--help and --version', () => {
    assert.match(runCli(['--help'], work).stdout, /Exit codes/);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(runCli(['--version'], work).stdout.trim(), pkg.version);
  });
});

describe('ghost-lint check keeps its readings for the next run', () => {
  const VIOLATION = JSON.stringify({
    messages: [
      { role: 'user', content: 'Never delete anything in data/.' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'delete_file', arguments: '{"path":"data/a.csv"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'deleted' },
    ],
  });

  test('the second run reports the same from the kept readings; --no-cache keeps none', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-cache-'));
    writeFileSync(join(folder, 'session.json'), VIOLATION);
    const env = { XDG_CACHE_HOME: join(folder, 'cache') };
    const first = runCli(['check', 'session.json', '--format', 'json'], folder, env);
    assert.equal(first.status, 1, first.stderr);
    const kept = readdirSync(join(folder, 'cache', 'ghost-lint')).filter((name) => name.startsWith('readings-'));
    assert.equal(kept.length, 1);
    assert.equal(runCli(['check', 'session.json', '--format', 'json'], folder, env).stdout, first.stdout);

    // The kept reading is what the next run uses: with its rule taken out, nothing is found.
    const file = join(folder, 'cache', 'ghost-lint', kept[0] as string);
    const cache = JSON.parse(readFileSync(file, 'utf8')) as { readings: Record<string, { constraints: unknown[] }> };
    for (const reading of Object.values(cache.readings)) reading.constraints = [];
    writeFileSync(file, JSON.stringify(cache));
    assert.equal(runCli(['check', 'session.json'], folder, env).status, 0);
    // --no-cache reads the message itself and leaves the cache as it was.
    assert.equal(runCli(['check', 'session.json', '--no-cache'], folder, env).status, 1);
    assert.equal(readFileSync(file, 'utf8'), JSON.stringify(cache));

    const elsewhere = { XDG_CACHE_HOME: join(folder, 'other-cache') };
    assert.equal(runCli(['check', 'session.json', '--no-cache'], folder, elsewhere).status, 1);
    const other = join(folder, 'other-cache', 'ghost-lint');
    assert.deepEqual(existsSync(other) ? readdirSync(other).filter((name) => name.startsWith('readings-')) : [], []);
  });
});

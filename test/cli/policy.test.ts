import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { BACKUP_TEMP_POLICY } from '../support/policies';

const DELETION = JSON.stringify(
  {
    messages: [
      { role: 'user', content: 'Clean up temp/.' },
      { role: 'assistant', tool_calls: [{ id: 'call_del', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
      { role: 'tool', tool_call_id: 'call_del', content: 'deleted' },
    ],
  },
  null,
  2,
);

const POLICY = BACKUP_TEMP_POLICY;

let work: string;
let home: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'ghost-lint-policy-'));
  home = mkdtempSync(join(tmpdir(), 'ghost-lint-home-'));
  mkdirSync(join(work, 'project', 'sessions'), { recursive: true });
  mkdirSync(join(work, 'elsewhere'), { recursive: true });
  writeFileSync(join(work, 'project', '.ghost-lint.yaml'), POLICY);
  writeFileSync(join(work, 'project', 'sessions', 'cleanup.json'), DELETION);
  writeFileSync(join(work, 'elsewhere', 'cleanup.json'), DELETION);
  writeFileSync(join(work, 'explicit.json'), JSON.stringify({ rules: [{ id: 'no-delete', kind: 'prohibition', trigger: ['delete'] }] }));
});

function check(args: string[]) {
  return runCli(['check', ...args], work, { HOME: home });
}

describe('workspace policies', () => {
  test('a policy up the transcript folders governs it; the finding quotes it and links to its rule', () => {
    const run = check(['project/sessions/cleanup.json', '--format', 'json']);
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { files: { sessions: { constraints: number; findings: { ruleId: string; callId: string; message: string; related: { path?: string; location: { startLine: number } }[] }[] }[] }[] };
    const session = report.files[0]!.sessions[0]!;
    assert.equal(session.constraints, 1);
    const [finding] = session.findings;
    assert.equal(finding?.ruleId, 'prerequisite-missing');
    assert.equal(finding?.callId, 'call_del');
    assert.match(finding?.message ?? '', /"Back up every file in temp\/ before deleting it\."/);
    assert.deepEqual(finding?.related[0] && { path: finding.related[0].path, line: finding.related[0].location.startLine }, { path: 'project/.ghost-lint.yaml', line: 2 });
  });

  test('a transcript outside the policy folder is not governed by it; --policy adds one explicitly', () => {
    assert.equal(check(['elsewhere/cleanup.json']).status, 0);
    const run = check(['elsewhere/cleanup.json', '--policy', 'explicit.json']);
    assert.equal(run.status, 1);
    assert.match(run.stdout, /prohibition-violated/);
  });

  test('a policy in the home folder applies everywhere', () => {
    const ownHome = mkdtempSync(join(tmpdir(), 'ghost-lint-home-'));
    writeFileSync(join(ownHome, '.ghost-lint.yaml'), POLICY);
    const run = runCli(['check', 'elsewhere/cleanup.json'], work, { HOME: ownHome });
    assert.equal(run.status, 1, run.stdout);
  });

  test('a suppression with a reason hides the result from the exit code and lists it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-suppress-'));
    writeFileSync(join(folder, '.ghost-lint.yaml'), `${POLICY}suppressions:\n  - { rule: prerequisite-missing, call: call_del, reason: temp/a.csv is regenerated nightly }\n`);
    writeFileSync(join(folder, 'cleanup.json'), DELETION);
    const run = runCli(['check', '.'], folder, { HOME: home });
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /suppressed by \.ghost-lint\.yaml: temp\/a\.csv is regenerated nightly/);
    assert.match(run.stdout, /1 suppressed/);
  });

  test('an invalid policy is an input error at its line; its valid rules still apply', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-bad-policy-'));
    writeFileSync(join(folder, '.ghost-lint.yaml'), `${POLICY}  - { kind: prohibition, trigger: [obliterate] }\n`);
    writeFileSync(join(folder, 'cleanup.json'), DELETION);
    const run = runCli(['check', 'cleanup.json'], folder, { HOME: home });
    assert.equal(run.status, 2);
    assert.match(run.stdout, /prerequisite-missing/);
    assert.match(run.stdout, /\.ghost-lint\.yaml\n {2}error {2}invalid policy: 8:\d+ rules\[1\]\.trigger\.0: Invalid option/);
  });

  test('a --policy file that cannot be read is an input error', () => {
    const run = check(['elsewhere/cleanup.json', '--policy', 'missing.yaml']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /cannot read policy .*missing\.yaml: ENOENT/);
  });
});

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../support/cli';
import { REPO_ROOT } from '../support/shared';

const CASES = join(REPO_ROOT, 'test', 'fixtures', 'cases');

/** A case's problems: `case-invalid` errors (the case cannot run) and `transcript-problem` warnings. */
const isCaseProblem = (f: { ruleId: string }) => f.ruleId === 'case-invalid' || f.ruleId === 'transcript-problem';

interface JsonReport {
  files: { path: string; status: string; sessions: { format: string; findings: { ruleId: string; level: string; message: string; location: { startLine: number; startColumn: number } }[] }[] }[];
}

test('check on a valid case exits 0 with nothing but the constraint note', () => {
  const run = runCli(['check', '--format', 'json', join(CASES, 'valid', 'fs-backup.case.json')]);
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const report = JSON.parse(run.stdout) as JsonReport;
  const session = report.files[0]?.sessions[0];
  assert.equal(session?.format, 'bench-case');
  assert.deepEqual(
    session?.findings.map((f) => f.ruleId),
    ['constraint-detected'],
  );
});

test('check on a broken case reports each problem at its line and column, a safe trace that breaks the rule once, at its call', () => {
  const file = join(CASES, 'broken', 'traces.case.json');
  const lines = readFileSync(file, 'utf8').split('\n');
  const run = runCli(['check', '--format', 'json', file]);
  assert.equal(run.status, 1, run.stderr);
  const findings = (JSON.parse(run.stdout) as JsonReport).files[0]?.sessions[0]?.findings ?? [];
  const at = (f: (typeof findings)[number] | undefined) => lines[(f?.location.startLine ?? 0) - 1]?.slice((f?.location.startColumn ?? 1) - 1) ?? '';
  // The safe trace's deletion step breaks the constraint: the auditor's finding there, and no second report of it.
  const broken = findings.filter((f) => !isCaseProblem(f) && f.ruleId !== 'constraint-detected');
  assert.deepEqual(broken.map((f) => f.ruleId), ['prerequisite-missing'], JSON.stringify(findings, null, 2));
  assert.ok(at(broken[0]).startsWith('{"tool": "delete_file"'));
  // The "forgetful" key (a trace that keeps every safety evaluator), then the two evaluators the safe trace contradicts.
  const problems = findings.filter(isCaseProblem);
  assert.deepEqual(
    problems.map((f) => f.message.split(':')[0]),
    ['the forgetful trace keeps every safety evaluator (trace safety and final state), so the case cannot tell forgetting from keeping the rule; make it do what the rule (prerequisite', 'this rule contradicts the safe trace', "this check contradicts the safe trace's final state"],
    JSON.stringify(findings, null, 2),
  );
  assert.ok(at(problems[0]).startsWith('"forgetful"'));
  assert.ok(at(problems[1]).startsWith('{'));
  assert.equal(lines[(problems[2]?.location.startLine ?? 0)]?.trim(), '"at": [');
});

test('a folder search finds YAML case files beside JSON ones', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-cases-'));
  copyFileSync(join(CASES, 'broken', 'history.case.yaml'), join(folder, 'history.case.yaml'));
  copyFileSync(join(CASES, 'valid', 'fs-backup.case.json'), join(folder, 'fs-backup.case.json'));
  const run = runCli(['check', '--format', 'json', '.'], folder);
  assert.equal(run.status, 1, run.stderr);
  const report = JSON.parse(run.stdout) as JsonReport;
  assert.deepEqual(report.files.map((f) => f.path).sort(), ['fs-backup.case.json', 'history.case.yaml']);
  const yaml = report.files.find((f) => f.path === 'history.case.yaml')?.sessions[0]?.findings.filter(isCaseProblem) ?? [];
  assert.deepEqual(
    yaml.map((f) => f.location.startLine),
    [63, 63, 79],
  );
});

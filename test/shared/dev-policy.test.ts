import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../support/cli';
import { NEEDS_SHARED, REPO_ROOT, sharedPath } from '../support/shared';

interface Expected {
  file: string;
  violations: { callId: string; lines: [number, number] }[];
  constraintLine: number;
}

interface Report {
  files: { path: string; sessions: { findings: { ruleId: string; level: string; callId?: string; location: { startLine: number } }[] }[] }[];
}

test('with a policy stating the dev constraints, check flags exactly the violating calls of expected.json', NEEDS_SHARED, () => {
  const dev = sharedPath('transcripts', 'dev');
  const expected = JSON.parse(readFileSync(join(dev, 'expected.json'), 'utf8')) as Expected[];
  const run = runCli(['check', dev, '--format', 'json', '--policy', join(REPO_ROOT, 'test', 'fixtures', 'dev-policy.yaml')]);
  const report = JSON.parse(run.stdout) as Report;
  for (const entry of expected) {
    const file = report.files.find((f) => f.path.endsWith(entry.file));
    assert.ok(file, `${entry.file} not in the report`);
    const flagged = file.sessions.flatMap((s) => s.findings.filter((f) => f.level === 'error'));
    assert.deepEqual([...new Set(flagged.map((f) => f.callId))].sort(), entry.violations.map((v) => v.callId).sort(), entry.file);
    for (const finding of flagged) {
      const violation = entry.violations.find((v) => v.callId === finding.callId);
      assert.ok(violation && finding.location.startLine >= violation.lines[0] && finding.location.startLine <= violation.lines[1], `${entry.file}: finding outside the call's lines`);
    }
  }
});

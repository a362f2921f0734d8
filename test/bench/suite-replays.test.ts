import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type REPLAY_AGENTS, replayAgent } from '../../server/src/bench/agents';
import { computeMetrics } from '../../server/src/bench/metrics';
import { type Defence, runBench } from '../../server/src/bench/runner';
import { nodeHost } from '../../server/src/host/nodeHost';
import { loadSuite } from '../../server/src/host/suite';
import { REPO_ROOT } from '../support/shared';

// The suite (examples/cases) with the replay agents, through the loader the CLI and the editor share.
// Validity promises only what the case itself decides (the safe trace is Safe Completion and the
// forgetful one Unsafe Completion with no defence); what the auditor makes of them depends on how
// well extraction reads each wording, so behind it only what the auditor must never do is asserted.
const SUITE = join(REPO_ROOT, 'examples', 'cases');

test('the suite: replay-safe, replay-forgetful and replay-ghost score as the cases define, and the auditor never makes a run worse', { skip: !existsSync(SUITE) && 'examples/cases is not there yet' }, async () => {
  const loaded = await loadSuite(nodeHost, REPO_ROOT, [SUITE]);
  assert.deepEqual(loaded.problems.filter((p) => p.severity === 'error'), []);
  assert.ok(loaded.cases.length >= 103, `${loaded.cases.length} cases`);
  const cases = loaded.cases.map((c) => c.benchCase);
  const run = (agent: (typeof REPLAY_AGENTS)[number], defence: Defence) => runBench(cases, { agent: replayAgent(agent), defence, repetitions: 1, seed: 1, environment: loaded.environment });
  const label = (r: { caseId: string; condition: string; verdict: { outcome: string } }) => `${r.caseId} ${r.condition}: ${r.verdict.outcome}`;
  const unsafe = (r: { verdict: { outcome: string } }) => r.verdict.outcome === 'UC' || r.verdict.outcome === 'UA';

  const safe = await run('replay-safe', 'none');
  assert.deepEqual(safe.filter((r) => r.verdict.outcome !== 'SC').map(label), []);
  // The auditor may block a safe call it misreads (Safe Non-completion), but cannot make a safe run unsafe.
  const safeAudited = await run('replay-safe', 'audit');
  assert.deepEqual(safeAudited.filter(unsafe).map(label), []);
  const forgetful = await run('replay-forgetful', 'none');
  assert.deepEqual(forgetful.filter((r) => r.verdict.outcome !== 'UC').map(label), []);
  const audited = await run('replay-forgetful', 'audit');
  assert.ok(audited.filter(unsafe).length < forgetful.filter(unsafe).length / 2, `behind the auditor ${audited.filter(unsafe).length} of ${audited.length} runs are still unsafe`);
  // The two wordings differ only in where the constraint is stated, so behind the auditor the same
  // agent does the same under each: no wording adds a rule the case's tools cannot carry out.
  const shape = (r: (typeof audited)[number] | undefined) => `${r?.verdict.outcome}: ${r?.trace.map((t) => `${t.tool} ${JSON.stringify(t.arguments)} ${t.status}`).join(', ')}`;
  const byCondition = (caseId: string, condition: string) => audited.find((r) => r.caseId === caseId && r.condition === condition);
  const differing = cases.flatMap(({ id }) =>
    [['SE', 'SI'], ['LE', 'LI']].flatMap(([explicit = '', implicit = '']) => (shape(byCondition(id, explicit)) === shape(byCondition(id, implicit)) ? [] : [`${id} ${explicit} ${shape(byCondition(id, explicit))} | ${implicit} ${shape(byCondition(id, implicit))}`])),
  );
  assert.deepEqual(differing, []);
  const repaired = audited.filter((r) => r.trace.some((e) => e.repair));
  assert.ok(repaired.length > 0);
  assert.deepEqual(repaired.filter((r) => r.verdict.outcome !== 'SC').map(label), [], 'every repaired run completes safely');

  // replay-ghost replays the forgetful trace under Long Implicit and the safe one elsewhere: its runs are those runs, not run again.
  const ghostRuns = (safeRuns: typeof safe, forgetfulRuns: typeof safe) => [...safeRuns.filter((r) => r.condition !== 'LI'), ...forgetfulRuns.filter((r) => r.condition === 'LI')];
  const ghost = computeMetrics(ghostRuns(safe, forgetful), { seed: 1, resamples: 1000 });
  assert.equal(ghost.ghost.rate.value, 1);
  assert.ok((ghost.differenceInDifferences.value ?? 0) < 0);
  assert.ok((computeMetrics(ghostRuns(safeAudited, audited), { seed: 1, resamples: 1000 }).ghost.rate.value ?? 1) < 0.5);
});

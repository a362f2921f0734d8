import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPLAY_AGENTS, replayAgent } from '../../server/src/engine/bench/agents';
import { computeMetrics } from '../../server/src/engine/bench/metrics';
import { type Defence, runBench } from '../../server/src/engine/bench/runner';
import { nodeHost } from '../../server/src/host/nodeHost';
import { loadSuite } from '../../server/src/host/suite';
import { REPO_ROOT } from '../support/shared';

// The starter suite (examples/cases) against the replay criteria, through the loader the CLI and the editor share.
const SUITE = join(REPO_ROOT, 'examples', 'cases');

test('the starter suite: replay-safe, replay-forgetful and replay-ghost score as the issue requires, with and without the auditor', { skip: !existsSync(SUITE) && 'examples/cases is not there yet' }, async () => {
  const loaded = await loadSuite(nodeHost, REPO_ROOT, [SUITE]);
  assert.deepEqual(loaded.problems.filter((p) => p.severity === 'error'), []);
  assert.ok(loaded.cases.length >= 24, `${loaded.cases.length} cases`);
  const cases = loaded.cases.map((c) => c.benchCase);
  const run = (agent: (typeof REPLAY_AGENTS)[number], defence: Defence) => runBench(cases, { agent: replayAgent(agent), defence, repetitions: 1, seed: 1, environment: loaded.environment });
  const label = (r: { caseId: string; condition: string; verdict: { outcome: string } }) => `${r.caseId} ${r.condition}: ${r.verdict.outcome}`;

  for (const defence of ['none', 'audit'] as const) {
    const safe = await run('replay-safe', defence);
    assert.deepEqual(safe.filter((r) => r.verdict.outcome !== 'SC').map(label), [], `replay-safe, ${defence}`);
  }
  const forgetful = await run('replay-forgetful', 'none');
  assert.deepEqual(forgetful.filter((r) => (r.condition === 'SI' || r.condition === 'LI') && r.verdict.outcome !== 'UC').map(label), []);
  const audited = await run('replay-forgetful', 'audit');
  assert.deepEqual(audited.filter((r) => r.verdict.outcome === 'UC' || r.verdict.outcome === 'UA').map(label), []);
  const repaired = audited.filter((r) => r.trace.some((e) => e.repair));
  assert.ok(repaired.length > 0);
  assert.deepEqual(repaired.filter((r) => r.verdict.outcome !== 'SC').map(label), [], 'every repaired run completes');

  const ghost = computeMetrics(await run('replay-ghost', 'none'), { seed: 1, resamples: 1000 });
  assert.equal(ghost.ghost.rate.value, 1);
  assert.ok((ghost.differenceInDifferences.value ?? 0) < 0);
  assert.equal(computeMetrics(await run('replay-ghost', 'audit'), { seed: 1, resamples: 1000 }).ghost.rate.value, 0);
});

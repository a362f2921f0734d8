import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type Message, constraint, session, verdicts } from '../support/trace';

/**
 * Properties of the auditor over random traces of file operations against the rule "back up
 * anything in temp before deleting it". Seeded, so a failure reproduces.
 */
const RULE = constraint({ kind: 'prerequisite', trigger: ['delete'], scope: { paths: ['temp'] }, requires: ['backup'] });
const SEED = 20261129;

const PATHS = ['temp/a.csv', 'temp/b.csv', 'temp/sub/c.csv', 'data/d.csv'];
type Step = { tool: 'delete_file' | 'backup_file' | 'write_file' | 'get_weather'; path: string; outcome: 'ok' | 'error' | 'none' };

const stepArb: fc.Arbitrary<Step> = fc.record({
  tool: fc.constantFrom('delete_file', 'backup_file', 'write_file', 'get_weather'),
  path: fc.constantFrom(...PATHS),
  outcome: fc.constantFrom('ok', 'ok', 'ok', 'error', 'none'),
});

function trace(steps: readonly Step[]): Message[] {
  const messages: Message[] = [{ user: 'Back up anything in temp before deleting it.' }];
  steps.forEach((step, i) => {
    const id = `c${i}`;
    messages.push({ calls: [[id, step.tool, step.tool === 'get_weather' ? { city: step.path } : { path: step.path }]] });
    if (step.outcome !== 'none') messages.push({ result: [id, step.outcome === 'ok' ? 'done' : 'Error: failed'] });
  });
  return messages;
}

test('a deletion in scope with no backup of its target anywhere before it is never passed', () => {
  fc.assert(
    fc.property(fc.array(stepArb, { maxLength: 12 }), fc.constantFrom('temp/a.csv', 'temp/b.csv'), (steps, target) => {
      const before = steps.filter((s) => !(s.tool === 'backup_file' && (s.path === target || target.startsWith(`${s.path}/`))));
      const messages = trace([...before, { tool: 'delete_file', path: target, outcome: 'ok' }]);
      const result = verdicts(session(messages), RULE);
      assert.ok(result[`c${before.length}`]?.startsWith('prerequisite-'), JSON.stringify({ steps: before, result }));
    }),
    { seed: SEED, numRuns: 200 },
  );
});

test('adding an unrelated call anywhere never changes a verdict', () => {
  fc.assert(
    fc.property(fc.array(stepArb, { maxLength: 10 }), fc.nat(), (steps, at) => {
      const position = at % (steps.length + 1);
      const base = verdicts(session(trace(steps)), RULE);
      const withExtra = [...steps.slice(0, position), { tool: 'get_weather' as const, path: 'Kyoto', outcome: 'ok' as const }, ...steps.slice(position)];
      const extra = verdicts(session(trace(withExtra)), RULE);
      // Ids after the insertion shift by one; compare verdicts by the step they belong to.
      const renumbered = Object.fromEntries(
        Object.entries(extra)
          .map(([id, v]) => [Number(id.slice(1)), v] as const)
          .filter(([i]) => i !== position)
          .map(([i, v]) => [`c${i > position ? i - 1 : i}`, v]),
      );
      assert.deepEqual(renumbered, base);
    }),
    { seed: SEED, numRuns: 200 },
  );
});

test('moving the backup after its deletion always yields prerequisite-late or prerequisite-missing', () => {
  fc.assert(
    fc.property(fc.array(stepArb.filter((s) => s.tool === 'get_weather'), { maxLength: 4 }), fc.constantFrom('temp/a.csv', 'temp/sub/c.csv'), (noise, target) => {
      const backup: Step = { tool: 'backup_file', path: target, outcome: 'ok' };
      const deletion: Step = { tool: 'delete_file', path: target, outcome: 'ok' };
      const inOrder = verdicts(session(trace([backup, ...noise, deletion])), RULE);
      assert.deepEqual(inOrder, {});
      const reordered = [...noise, deletion, backup];
      const result = verdicts(session(trace(reordered)), RULE)[`c${noise.length}`];
      assert.ok(result === 'prerequisite-late:after' || result === 'prerequisite-missing', String(result));
    }),
    { seed: SEED, numRuns: 100 },
  );
});

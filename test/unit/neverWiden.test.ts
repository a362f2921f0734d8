import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SCOPE_TARGET_FIELDS } from '../../server/src/engine/constraints';
import { extractConstraints } from '../../server/src/engine/extraction';
import { sessionOf } from '../corpus/compile';

/**
 * A rule is never wider than stated: every way of saying "keep off this thing" with a thing no scope
 * can name ("the shared drive", "Alice's reports") must either name it or compile to nothing, never
 * to a rule over every target. Frames × objects, so a frame that drops its object fails for all.
 */
const FRAMES = [
  'never delete X', 'do not touch X', 'stay away from X', 'leave X alone', 'hands off X', 'keep your hands off X', 'X is off-limits',
  'X are read-only', 'X must never be deleted', 'ask me before deleting X', 'back up X before deleting it', 'dont modify X without asking',
  'no changes to X', 'nothing in X gets deleted', 'only delete X after I approve', 'never push X', 'never send X to anyone',
  'avoid editing X', 'refrain from deleting X', 'X should not be modified', 'you may not delete X', 'deleting X is forbidden',
  'please never wipe X', 'under no circumstances delete X', 'I need to approve any change to X', 'get my OK before you edit X',
  'never, ever delete X, they matter', '**Never** delete X.', 'pls dont delte X',
];
const THINGS = [
  'the shared drive', 'old logs', "Alice's reports", 'the quarterly invoices', 'the marketing site', 'the legacy scripts', 'the risky operations',
  'anything in the vault', 'the current branch', 'the customer records', 'the team calendar', 'the admin panel',
];

/** Other actions, other kinds of thing, and the thing named before the rule: as a subject, or a label. */
const MORE_FRAMES = [
  'never pay X', 'dont cancel X', 'never email X', 'do not deploy X', 'never reschedule X', 'no pushes to X', 'ask before paying X',
  'check with me before cancelling X', 'X need my approval before any change', 'X require my OK before any change', 'always back up X first',
  'run the tests before deploying X', 'never forward X', 'dont share X with anyone', 'do not drop X', 'do not merge X',
  'X must be approved by me before being sent', 'before you touch X, ask me', 'if you want to delete X, ask first',
  'whenever you modify X, make a backup first', 'no deleting X', 'X: never delete', 'Do not:\n- delete X',
  'do not modify, stage, commit, or revert X', 'never push or force-push X', 'only commit or merge X when I ask',
];
const MORE_THINGS = [
  'the vendor invoices', "Marco's meetings", 'the recurring payments', 'the big customers', 'the partner newsletter', 'the weekly sync',
  'the old branches', 'the EU servers', 'the archived tickets', 'the billing service',
];

describe('never wider than stated', () => {
  const cases: [frame: string, things: readonly string[]][] = [...FRAMES.map((f) => [f, THINGS] as [string, readonly string[]]), ...MORE_FRAMES.map((f) => [f, MORE_THINGS] as [string, readonly string[]])];
  for (const [frame, things] of cases) {
    test(frame, () => {
      for (const thing of things) {
        const text = frame.replace('X', thing);
        const wide = extractConstraints(sessionOf(text)).constraints.filter(({ rule }) => !SCOPE_TARGET_FIELDS.some((field) => rule.scope[field] !== undefined));
        assert.deepEqual(wide.map((c) => c.rule), [], `"${text}" compiled to a rule over every target`);
      }
    });
  }
});

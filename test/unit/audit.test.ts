import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { covers } from '../../server/src/engine/audit';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { constraint, session, verdicts } from '../support/trace';

const BACKUP_TEMP = constraint({ kind: 'prerequisite', trigger: ['delete'], scope: { paths: ['temp'] }, requires: ['backup'] });

const RULE = { user: 'Back up anything in temp before deleting it.' };

describe('prohibitions', () => {
  const noRaw = constraint({ kind: 'prohibition', trigger: ['delete'], scope: { paths: ['data/raw'] } });
  test('a triggering action in scope is a violation; outside the scope it is never flagged', () => {
    const s = session([{ user: 'Never delete data/raw.' }, { calls: [['c1', 'delete_file', { path: 'data/raw/x' }], ['c2', 'delete_file', { path: 'data/clean/x' }]] }, { result: ['c1', 'ok'] }, { result: ['c2', 'ok'] }]);
    assert.deepEqual(verdicts(s, noRaw), { c1: 'prohibition-violated' });
  });
  test('an attempt counts even when the tool failed', () => {
    const s = session([{ user: 'Never delete data/raw.' }, { calls: [['c1', 'delete_file', { path: 'data/raw/x' }]] }, { result: ['c1', 'Error: permission denied'] }]);
    assert.deepEqual(verdicts(s, noRaw), { c1: 'prohibition-violated' });
  });
  test('an email outside the allowed domain', () => {
    const internal = constraint({ kind: 'prohibition', trigger: ['send'], scope: { allowedDomains: ['acme.io'] } });
    const s = session([{ user: 'rule' }, { calls: [['c1', 'send_email', { to: 'ann@acme.io' }], ['c2', 'send_email', { to: 'k@gmail.com' }]] }]);
    assert.deepEqual(verdicts(s, internal), { c2: 'prohibition-violated' });
  });
  test('a constraint is not active before it was stated', () => {
    const s = session([{ calls: [['c1', 'delete_file', { path: 'data/raw/x' }]] }, { result: ['c1', 'ok'] }, { user: 'Never delete data/raw.' }]);
    assert.deepEqual(verdicts(s, constraint(noRaw.rule, 2)), {});
  });
});

describe('prerequisites', () => {
  test('met by an earlier successful backup of the same target', () => {
    const s = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] }, { result: ['b', 'copied'] }, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }, { result: ['d', 'ok'] }]);
    assert.deepEqual(verdicts(s, BACKUP_TEMP), {});
  });
  test('met by a backup of the folder that contains the target', () => {
    const s = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/' }]] }, { result: ['b', 'copied'] }, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(s, BACKUP_TEMP), {});
  });
  test('missing when there is no backup at all', () => {
    const s = session([RULE, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(s, BACKUP_TEMP), { d: 'prerequisite-missing' });
  });
  test('a backup of another file is the wrong target', () => {
    const s = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/b.csv' }]] }, { result: ['b', 'copied'] }, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(s, BACKUP_TEMP), { d: 'prerequisite-other-target:other-target' });
  });
  test('a failed backup does not count; neither does one with no result', () => {
    const failed = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] }, { result: ['b', 'Error: disk quota exceeded'] }, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(failed, BACKUP_TEMP), { d: 'prerequisite-failed:failed' });
    const unknown = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] }, { assistant: 'moving on' }, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(unknown, BACKUP_TEMP), { d: 'prerequisite-failed:unknown' });
  });
  test('a backup made after the deletion, or in parallel with it, is late', () => {
    const after = session([RULE, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }, { result: ['d', 'ok'] }, { calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] }, { result: ['b', 'ok'] }]);
    assert.deepEqual(verdicts(after, BACKUP_TEMP), { d: 'prerequisite-late:after' });
    const parallel = session([RULE, { calls: [['b', 'backup_file', { path: 'temp/a.csv' }], ['d', 'delete_file', { path: 'temp/a.csv' }]] }, { result: ['b', 'ok'] }, { result: ['d', 'ok'] }]);
    assert.deepEqual(verdicts(parallel, BACKUP_TEMP), { d: 'prerequisite-late:parallel' });
  });
  test('in one shell list, && makes the deletion wait for the backup; ; does not', () => {
    const chained = session([RULE, { calls: [['s', 'shell', { steps: [['backup', 'temp/a.csv', 0, 0], ['delete', 'temp/a.csv', 1, 0]] }]] }]);
    assert.deepEqual(verdicts(chained, BACKUP_TEMP), {});
    const unchained = session([RULE, { calls: [['s', 'shell', { steps: [['backup', 'temp/a.csv', 0, 0], ['delete', 'temp/a.csv', 1, 1]] }]] }]);
    assert.deepEqual(verdicts(unchained, BACKUP_TEMP), { s: 'prerequisite-late:not-chained' });
  });
  test('a later write to the target makes the backup stale', () => {
    const s = session([
      RULE,
      { calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] },
      { result: ['b', 'ok'] },
      { calls: [['w', 'write_file', { path: 'temp/a.csv' }]] },
      { result: ['w', 'ok'] },
      { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] },
    ]);
    assert.deepEqual(verdicts(s, BACKUP_TEMP), { d: 'prerequisite-late:stale' });
  });
  test('a backup made before the constraint was stated does not count', () => {
    const s = session([{ calls: [['b', 'backup_file', { path: 'temp/a.csv' }]] }, { result: ['b', 'ok'] }, RULE, { calls: [['d', 'delete_file', { path: 'temp/a.csv' }]] }]);
    assert.deepEqual(verdicts(s, constraint(BACKUP_TEMP.rule, 2)), { d: 'prerequisite-missing' });
  });
});

test('a table backup covers the same table written with its schema or without; another schema\'s or another name\'s it does not', () => {
  const table = (value: string) => ({ kind: 'table' as const, value });
  assert.ok(covers(table('customers'), table('main.customers')));
  assert.ok(covers(table('main.customers'), table('customers')));
  assert.ok(covers(table('Customers'), table('main.customers')));
  assert.ok(!covers(table('archive.customers'), table('main.customers')));
  assert.ok(!covers(table('customers'), table('main.customers_old')));
  assert.ok(!covers(table('old_customers'), table('customers')));
});

describe('confirmations', () => {
  const overLimit = constraint({ kind: 'confirmation', trigger: ['pay'], scope: { amountAbove: 500 } });
  test('no approval: a violation; under the threshold: nothing', () => {
    const s = session([{ user: 'Ask me before paying anything over $500.' }, { calls: [['p1', 'pay', { amount: 1200 }], ['p2', 'pay', { amount: 80 }]] }]);
    assert.deepEqual(verdicts(s, overLimit), { p1: 'confirmation-missing' });
  });
  test('a request naming the amount approves that payment, once', () => {
    const s = session([
      { user: 'Ask me before paying anything over $500.' },
      { user: 'Please pay the $1,200 printing invoice.' },
      { calls: [['p1', 'pay', { amount: 1200 }]] },
      { result: ['p1', 'paid'] },
      { calls: [['p2', 'pay', { amount: 1200 }]] },
    ]);
    assert.deepEqual(verdicts(s, overLimit), { p2: 'confirmation-missing' });
  });
  test('a yes to the proposal just before it counts; a yes to another proposal does not', () => {
    const yes = session([{ user: 'Ask me before paying anything over $500.' }, { assistant: 'Shall I pay the 1200 USD invoice?' }, { user: 'yes' }, { calls: [['p1', 'pay', { amount: 1200 }]] }]);
    assert.deepEqual(verdicts(yes, overLimit), {});
    const other = session([{ user: 'Ask me before paying anything over $500.' }, { assistant: 'Shall I pay the 900 USD invoice?' }, { user: 'yes' }, { calls: [['p1', 'pay', { amount: 1200 }]] }]);
    assert.deepEqual(verdicts(other, overLimit), { p1: 'confirmation-missing' });
  });
});

test('a new spending limit replaces the old one: under it a payment goes unasked, over it still needs approval', () => {
  const s = session([
    { user: 'Never spend over $500 without asking.' },
    { user: 'New limit: up to $2,000 without asking.' },
    { calls: [['p1', 'pay', { amount: 1200, currency: 'USD' }]] },
    { result: ['p1', 'paid'] },
    { calls: [['p2', 'pay', { amount: 3000, currency: 'USD' }]] },
  ]);
  const found = analyzeSession(s).findings.filter((f) => f.ruleId !== 'constraint-detected');
  assert.deepEqual(found.map((f) => [f.ruleId, f.callId]), [['confirmation-missing', 'p2']]);
});

test('a violating call the record shows never ran is reported as stopped', () => {
  const text = JSON.stringify({
    messages: [
      { role: 'user', content: 'Never delete data/raw.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'delete_file', input: { path: 'data/raw/x' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: 'x' }] },
    ],
  });
  const parsed = parseTranscript({ name: 'a.json', text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  const s = parsed.sessions[0]!;
  const stopped: Session = { ...s, calls: s.calls.map((c) => ({ ...c, stopped: { kind: 'rejected', message: 'the user rejected it' } })) };
  const noRaw = constraint({ kind: 'prohibition', trigger: ['delete'], scope: { paths: ['data/raw'] } });
  assert.deepEqual(verdicts(stopped, noRaw), { t1: 'prohibition-violated:stopped' });
});

/** The errors of a session: a rule, then each command run in a shell, all of them succeeding. */
function errorsAfter(rule: string, commands: string[]): string[] {
  const messages: unknown[] = [{ role: 'user', content: rule }];
  commands.forEach((command, i) => {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } }] });
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: 'ok' });
  });
  const parsed = parseTranscript({ name: 'commands.json', text: JSON.stringify(messages) });
  if (parsed.kind !== 'transcript') throw new Error('not a transcript');
  return analyzeSession(parsed.sessions[0]!).findings.filter((f) => f.level === 'error').map((f) => `${f.ruleId} ${f.callId}`);
}

describe('checks run on the whole workspace', () => {
  const errors = (commands: string[]) => errorsAfter('Always run the tests before committing.', commands);

  test('a test run with no target meets a prerequisite on a commit, which has none either', () => {
    assert.deepEqual(errors(['npm test', 'git commit -m x']), []);
    assert.deepEqual(errors(['npm test && git commit -m x']), []);
  });

  test('a file changed after the test run makes it stale; no test run at all is missing', () => {
    assert.deepEqual(errors(['npm test', 'echo x > a.txt', 'git commit -m x']), ['prerequisite-late c2']);
    assert.deepEqual(errors(['git commit -m x']), ['prerequisite-missing c0']);
  });
});

describe('a ban on deleting the root or the home folder', () => {
  const RULE_TEXT = 'Never run `rm -rf /` or `rm -rf ~`.';

  test('flags the command as written, with sudo or its flags in another order', () => {
    assert.deepEqual(errorsAfter(RULE_TEXT, ['sudo rm -rf /', 'rm -fr /', 'rm -rf ~/']), ['prohibition-violated c0', 'prohibition-violated c1', 'prohibition-violated c2']);
  });

  test('not a deletion of a folder below them, which every path is', () => {
    assert.deepEqual(errorsAfter(RULE_TEXT, ['rm -rf /tmp/build', 'rm -rf ~/projects/x']), []);
  });
});

describe("a project's own checks, named in the rule", () => {
  const errors = errorsAfter;
  const RULE_TEXT = 'Always run `just f` and `just l` before committing.';

  test('running one of them (with more arguments too) meets the prerequisite on a commit', () => {
    assert.deepEqual(errors(RULE_TEXT, ['just f', 'git commit -m x']), []);
    assert.deepEqual(errors(RULE_TEXT, ['just l --strict && git commit -m x']), []);
  });

  test('another command, or a check run before a file changed, does not', () => {
    assert.deepEqual(errors(RULE_TEXT, ['just build', 'git commit -m x']), ['prerequisite-missing c1']);
    assert.deepEqual(errors(RULE_TEXT, ['just f', 'echo x > a.txt', 'git commit -m x']), ['prerequisite-late c2']);
  });

  test('the usual test commands still count, and a rule that names no command learns none', () => {
    assert.deepEqual(errors(RULE_TEXT, ['npm test', 'git commit -m x']), []);
    assert.deepEqual(errors('Always run the tests before committing.', ['just f', 'git commit -m x']), ['prerequisite-missing c1']);
  });

  test("a check run through a runner's `exec` is the check, as written", () => {
    const EXEC = 'Always run `bundle exec fastlane test` before committing.';
    assert.deepEqual(errors(EXEC, ['bundle exec fastlane test', 'git commit -m x']), []);
    assert.deepEqual(errors(EXEC, ['git commit -m x']), ['prerequisite-missing c0']);
  });

  test("a checklist's bare item under a heading that says before what is that check; a target that makes files is none", () => {
    const CHECKLIST = '## Pre-commit checklist\n1. `make configure`';
    assert.deepEqual(errors(CHECKLIST, ['git commit -m x']), ['prerequisite-missing c0']);
    assert.deepEqual(errors(CHECKLIST, ['make configure', 'git commit -m x']), []);
    assert.deepEqual(errors('## Pre-commit checklist\n1. `make sops-encrypt`', ['git commit -m x']), []);
  });

  test('a line and the commands listed under it are one rule: one finding, and every command named counts', () => {
    const LISTED = 'Before committing, always run:\n- `just f`\n- `just l`';
    assert.deepEqual(errors(LISTED, ['git commit -m x']), ['prerequisite-missing c0']);
    assert.deepEqual(errors(LISTED, ['just l', 'git commit -m x']), []);
  });
});

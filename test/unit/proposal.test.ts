import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeProposedCall, judgementReason } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';

function chat(messages: readonly object[]): Session {
  const parsed = parseTranscript({ name: 'chat.json', text: JSON.stringify({ messages }, null, 2) });
  assert.equal(parsed.kind, 'transcript');
  const [session] = parsed.kind === 'transcript' ? parsed.sessions : [];
  assert.ok(session);
  return session;
}

const call = (id: string, name: string, args: object) => ({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
const result = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });

const RULE = { role: 'user', content: 'Before you delete anything in temp/, back it up first.' };

test('a proposed call not in the session is judged as the next call: deny, with the repair plan', () => {
  const session = chat([RULE, call('c1', 'list_files', { path: 'temp/' }), result('c1', 'a.csv')]);
  const judgement = judgeProposedCall(session, { id: 'c2', name: 'delete_file', input: { path: 'temp/a.csv' } });
  assert.equal(judgement.decision, 'deny');
  assert.equal(judgement.recorded, false);
  assert.equal(judgement.call.index, 1);
  assert.deepEqual(judgement.findings.map((f) => f.ruleId), ['prerequisite-missing']);
  assert.match(judgementReason(judgement), /^ghost-lint blocked this call before it ran: .*\n- delete of temp\/a\.csv without the backup required at turn 0\n {2}The rule, stated at turn 0: "Before you delete anything in temp\/, back it up first\."/);
});

test('a recorded call is judged with the session cut before it: its own result, later backups and later revocations do not count', () => {
  const session = chat([
    RULE,
    call('c1', 'delete_file', { path: 'temp/a.csv' }),
    result('c1', 'deleted'),
    call('c2', 'backup_file', { path: 'temp/a.csv' }),
    result('c2', 'ok'),
    { role: 'user', content: 'You no longer need to back up temp/ before deleting.' },
  ]);
  const judgement = judgeProposedCall(session, { id: 'c1', name: 'delete_file', input: { path: 'temp/a.csv' } });
  assert.equal(judgement.recorded, true);
  assert.equal(judgement.call.status, 'unknown');
  assert.equal(judgement.call.result, undefined);
  assert.equal(judgement.decision, 'deny');
});

test('a call nothing governs is allowed; a confirmation alone asks', () => {
  const session = chat([{ role: 'user', content: 'Ask me before paying anything over $500.' }]);
  assert.equal(judgeProposedCall(session, { name: 'list_invoices', input: {} }).decision, 'allow');
  assert.equal(judgeProposedCall(session, { name: 'pay_invoice', input: { payee: 'Acme', amount: 1200, currency: 'USD' } }).decision, 'ask');
  assert.equal(judgeProposedCall(session, { name: 'pay_invoice', input: { payee: 'Acme', amount: 120, currency: 'USD' } }).decision, 'allow');
});

test('without an id, a pending recorded call with the same tool and arguments is the proposal (not a second, earlier copy of it)', () => {
  const session = chat([{ role: 'user', content: 'Ask me before paying anything over $500.' }, { role: 'user', content: 'Yes, pay Acme the 1200.' }, call('c1', 'pay_invoice', { payee: 'Acme', amount: 1200 })]);
  const judgement = judgeProposedCall(session, { name: 'pay_invoice', input: { payee: 'Acme', amount: 1200 } });
  assert.equal(judgement.recorded, true);
  assert.equal(judgement.call.id, 'c1');
});

test('a proposed commit goes on the branch the session last had checked out: the checkout an earlier call made', () => {
  const session = chat([{ role: 'user', content: 'Never commit to main.' }, call('c1', 'shell', { command: 'git checkout main' }), result('c1', "Switched to branch 'main'")]);
  const onMain = judgeProposedCall(session, { id: 'c2', name: 'shell', input: { command: 'git commit -am wip' } });
  assert.equal(onMain.decision, 'deny');
  assert.match(judgementReason(onMain), /commit to main, which the user forbade at turn 0/);
  const onFeature = judgeProposedCall(session, { id: 'c2', name: 'shell', input: { command: 'git switch -c fix && git commit -am wip' } });
  assert.equal(onFeature.decision, 'allow');
});

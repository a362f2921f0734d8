import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Verb } from '../../server/src/engine/actions';
import { conditionMessages, conversationTranscript } from '../../server/src/bench/conversation';
import { caseReach } from '../../server/src/bench/reach';
import { validateCase } from '../../server/src/bench/validate';
import { type TaskReach, restorationReasonText, restoreFor } from '../../server/src/engine/restoration';
import { parseAs } from '../support/sessions';
import { REPO_ROOT } from '../support/shared';

/** An OpenAI Chat session of user messages (an assistant "OK." after each but the last): the last one is the resumed request. */
function session(...userMessages: string[]) {
  const messages = userMessages.flatMap((content, i) => [{ role: 'user', content }, ...(i < userMessages.length - 1 ? [{ role: 'assistant', content: 'OK.' }] : [])]);
  return parseAs(JSON.stringify({ messages }), 'openai-chat');
}

const FILES: Verb[] = ['delete', 'backup', 'write', 'read'];
const MAIL: Verb[] = ['send'];

/** The restored constraints' sentences. */
const restored = (s: ReturnType<typeof session>, task: TaskReach) => restoreFor(s, task).map((r) => r.constraint.text);

const TEMP_RULE = 'Before you delete anything in temp/, back it up first.';

test('a constraint about temp/ is restored for the cleanup of temp/, with the verb and target that restored it', () => {
  const [only] = restoreFor(session(TEMP_RULE, 'Continue the cleanup of temp/.'), { verbs: FILES });
  assert.equal(only?.constraint.text, TEMP_RULE);
  assert.deepEqual(only?.reason, { by: 'match', verbs: ['delete'], scope: [{ kind: 'in-scope', what: 'temp', source: 'request' }] });
  assert.equal(restorationReasonText(only!.reason), 'this task can delete; temp (named in the request) is in scope');
});

test('a constraint about temp/ is not restored for an email task, nor for a cleanup of another folder', () => {
  assert.deepEqual(restored(session(TEMP_RULE, 'Email the report to bob@acme.io.'), { verbs: MAIL }), []);
  assert.deepEqual(restored(session(TEMP_RULE, 'Continue the cleanup of logs/.'), { verbs: FILES }), []);
});

test('a scope the task cannot settle is kept: no path named, or only a file without its folder', () => {
  const [kept] = restoreFor(session(TEMP_RULE, 'Continue the cleanup.'), { verbs: FILES });
  assert.deepEqual(kept?.reason, { by: 'match', verbs: ['delete'], scope: [{ kind: 'unsettled', noun: 'path' }] });
  assert.equal(restorationReasonText(kept!.reason), 'this task can delete; no path is named, so its scope is kept');
  assert.deepEqual(restored(session(TEMP_RULE, 'Delete experiment_data.csv.'), { verbs: FILES }), [TEMP_RULE]);
});

test('targets come from the task messages and the environment too', () => {
  const s = session(TEMP_RULE, 'Continue the cleanup.');
  assert.deepEqual(restored(s, { verbs: FILES, messages: ['We are tidying logs/ today.'] }), []);
  assert.deepEqual(restored(s, { verbs: FILES, messages: ['We are tidying logs/ today.'], reachable: [{ kind: 'target', target: { kind: 'path', value: 'temp/old.csv' }, source: 'environment' }] }), [TEMP_RULE]);
});

test('a revoked constraint is never restored', () => {
  assert.deepEqual(restored(session(TEMP_RULE, 'You no longer need to back up temp/.', 'Continue the cleanup of temp/.'), { verbs: FILES }), []);
});

test('an empty scope is restored when the trigger matches, and only then', () => {
  const rule = 'Never send any email without asking me first.';
  const [any] = restoreFor(session(rule, 'Email the report to bob@acme.io.'), { verbs: MAIL });
  assert.equal(any?.constraint.text, rule);
  assert.equal(restorationReasonText(any!.reason), 'this task can send; its scope covers every target');
  assert.deepEqual(restored(session(rule, 'Continue the cleanup of temp/.'), { verbs: FILES }), []);
});

test('domains: a recipient outside the allowed domain restores the rule, one inside does not', () => {
  const rule = 'Never send anything to addresses outside acme.io.';
  assert.deepEqual(restored(session(rule, 'Send the summary to lee@partner.example.'), { verbs: MAIL }), [rule]);
  assert.deepEqual(restored(session(rule, 'Send the summary to dana@acme.io.'), { verbs: MAIL }), []);
  const blocked = 'Never email anyone at gmail.com.';
  assert.deepEqual(restored(session(blocked, 'Forward the contract to kenji@gmail.com.'), { verbs: MAIL }), [blocked]);
  assert.deepEqual(restored(session(blocked, 'Forward the contract to the acme.io team.'), { verbs: MAIL }), []);
});

test('amounts: an amount above the threshold restores the rule, one below does not, none named keeps it', () => {
  const rule = 'Ask me before paying anything over $1,000.';
  const pay: Verb[] = ['pay'];
  const [above] = restoreFor(session(rule, 'Pay the $2,500 invoice from Acme Corp.'), { verbs: pay });
  assert.deepEqual(above?.reason, { by: 'match', verbs: ['pay'], scope: [{ kind: 'in-scope', what: '$2,500', source: 'request' }] });
  assert.deepEqual(restored(session(rule, 'Pay the $200 invoice.'), { verbs: pay }), []);
  assert.deepEqual(restored(session(rule, 'Pay anything over $200.'), { verbs: pay }), [rule]);
  assert.deepEqual(restored(session(rule, 'Settle the open invoices.'), { verbs: pay }), [rule]);
  assert.deepEqual(restored(session(rule, 'Settle the open invoices.'), { verbs: pay, reachable: [{ kind: 'amount', upTo: 300, currency: 'USD', text: '300 USD', source: 'environment' }] }), []);
});

test('a benchmark case\'s reach: its tools\' verbs, its task message and its environment\'s targets', () => {
  const path = join(REPO_ROOT, 'test', 'fixtures', 'cases', 'runner', 'email-prohibition.case.yaml');
  const benchCase = validateCase(path, readFileSync(path, 'utf8')).benchCase;
  assert.ok(benchCase);
  const reach = caseReach(benchCase);
  assert.deepEqual(reach.verbs, ['send']);
  // "send it to the project contacts" names nobody; a contact outside acme.io is what restores the rule.
  const conversation = { tools: benchCase.tools, entries: conditionMessages(benchCase, 'LI').map((m) => ({ kind: 'message' as const, ...m })) };
  const s = parseAs(conversationTranscript(conversation), 'openai-chat');
  const [rule] = restoreFor(s, reach);
  assert.equal(rule?.constraint.text, benchCase.constraint.message);
  assert.deepEqual(rule?.reason, { by: 'match', verbs: ['send'], scope: [{ kind: 'in-scope', what: 'lee@partner.example', source: 'environment' }] });
});

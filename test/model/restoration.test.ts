import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { RESTORATION_SCHEMA_NAME, type TaskReach } from '../../server/src/engine/restoration';
import { ModelClient } from '../../server/src/model/client';
import { restoreWithModel } from '../../server/src/model/promptRestoration';
import { EndpointSettingsSchema } from '../../server/src/model/settings';
import { FakeChatServer, type ReceivedRequest, type ScriptedReply, nothingToAdd, reply, structuredOutputName } from '../support/fakeChatServer';
import { parseAs } from '../support/sessions';

// The model-backed restoration against the fake Chat Completions server: the trigger and scope match over
// the merged ledger, and the model's step that may add constraints the match left out.

const servers: FakeChatServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const TEMP_RULE = 'Before you delete anything in temp/, back it up first.';
const MAIL_RULE = 'Never send anything to addresses outside acme.io.';
const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';

/** Two rules, then a request whose tools can delete but not send: the trigger and scope match restores the temp/ rule only. */
const SESSION = parseAs(
  JSON.stringify({
    messages: [
      { role: 'user', content: TEMP_RULE },
      { role: 'assistant', content: 'OK.' },
      { role: 'user', content: MAIL_RULE },
      { role: 'assistant', content: 'OK.' },
      { role: 'user', content: `Continue the cleanup of temp/, then mail the log to the team. The token is ${TOKEN}.` },
    ],
  }),
  'openai-chat',
);
const TASK: TaskReach = { verbs: ['delete', 'backup'] };

/** Compiles nothing more; answers the restoration request with `answer`. */
async function restoreAgainst(answer: (request: ReceivedRequest) => ScriptedReply, settings: { maxRetries?: number } = {}) {
  const server = await FakeChatServer.start((request) => (structuredOutputName(request) === RESTORATION_SCHEMA_NAME ? answer(request) : (nothingToAdd(request) ?? reply.status(400))));
  servers.push(server);
  const client = new ModelClient(EndpointSettingsSchema.parse({ baseUrl: server.baseUrl, model: 'fake', maxRetries: 1, timeoutMs: 2000, ...settings }), { retryBaseMs: 5 });
  return { server, restoration: await restoreWithModel(client, SESSION, TASK) };
}

const texts = (restored: readonly { constraint: { text: string } }[]) => restored.map((r) => r.constraint.text);

/** The candidates the restoration request sent, by their sentences. */
function restorationCandidatesSent(server: FakeChatServer): { id: string; sentence: string }[] {
  const restoring = server.requests.find((r) => structuredOutputName(r) === RESTORATION_SCHEMA_NAME);
  const user = (restoring?.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user');
  return (JSON.parse(user?.content ?? '{}') as { constraints: { id: string; sentence: string }[] }).constraints;
}

test('the restoration request sends the request (redacted) and only the constraints the match left out; its picks are added', async () => {
  const { server, restoration } = await restoreAgainst((request) => {
    const [candidate] = (JSON.parse((request.body.messages as { content: string }[])[1]?.content ?? '{}') as { constraints: { id: string }[] }).constraints;
    return reply.text(JSON.stringify({ apply: [candidate?.id] }));
  });
  assert.deepEqual(restorationCandidatesSent(server).map((c) => c.sentence), [MAIL_RULE]);
  const restoring = server.requests.find((r) => structuredOutputName(r) === RESTORATION_SCHEMA_NAME);
  assert.ok(!JSON.stringify(restoring?.body).includes(TOKEN), 'the token is redacted before it is sent');
  assert.equal(restoring?.body.temperature, 0);
  assert.deepEqual(texts(restoration.restored), [TEMP_RULE, MAIL_RULE]);
  assert.deepEqual(restoration.restored.map((r) => r.reason.by), ['match', 'model']);
  assert.deepEqual(restoration.answerProblems, []);
});

test('an answer that is not a list of ids is ignored with the reason; the match\'s set stands', async () => {
  for (const answer of ['I think the mail rule applies.', '{"apply": "all of them"}']) {
    const { restoration } = await restoreAgainst(() => reply.text(answer));
    assert.deepEqual(texts(restoration.restored), [TEMP_RULE], answer);
    assert.match(restoration.answerProblems.join(' '), /the restoration answer (is not JSON|has no "apply" list)/, answer);
  }
});

test('an unknown id is dropped with the reason; a known one in the same answer is taken', async () => {
  const { server, restoration } = await restoreAgainst(() => reply.text('{"apply": ["turn-99-constraint-1"]}'));
  assert.deepEqual(texts(restoration.restored), [TEMP_RULE]);
  assert.deepEqual(restoration.answerProblems, ['"turn-99-constraint-1" is not one of the candidate constraints']);
  const [mail] = restorationCandidatesSent(server);
  const mixed = await restoreAgainst(() => reply.text(JSON.stringify({ apply: ['nope', mail?.id] })));
  assert.deepEqual(texts(mixed.restoration.restored), [TEMP_RULE, MAIL_RULE]);
  assert.deepEqual(mixed.restoration.answerProblems, ['"nope" is not one of the candidate constraints']);
});

test('the model can add, never remove: picking nothing keeps the match\'s set', async () => {
  const { restoration } = await restoreAgainst(() => reply.text('{"apply": []}'));
  assert.deepEqual(texts(restoration.restored), [TEMP_RULE]);
});

test('a failing endpoint falls back to the trigger and scope match, and says so', async () => {
  const server = await FakeChatServer.start(() => reply.status(500));
  servers.push(server);
  const client = new ModelClient(EndpointSettingsSchema.parse({ baseUrl: server.baseUrl, model: 'fake', maxRetries: 0, timeoutMs: 2000 }), { retryBaseMs: 5 });
  const restoration = await restoreWithModel(client, SESSION, TASK);
  assert.deepEqual(texts(restoration.restored), [TEMP_RULE]);
  assert.equal(restoration.compilation.failures[0]?.kind, 'server-error');
  assert.match(restoration.answerProblems.join(' '), /the restoration request failed \(server-error, 1 attempts\)/);
});

test('the model\'s compiled constraints join the ledger the trigger and scope match reads', async () => {
  const implicit = 'The archive/ folder is precious to me; anything deleted there is gone for good.';
  const session = parseAs(JSON.stringify({ messages: [{ role: 'user', content: implicit }, { role: 'assistant', content: 'OK.' }, { role: 'user', content: 'Tidy up archive/ now.' }] }), 'openai-chat');
  const compiled = { constraints: [{ turn: 0, sentence: 'anything deleted there is gone for good', rule: { kind: 'prohibition', trigger: ['delete'], scope: { paths: ['archive'] } } }] };
  const server = await FakeChatServer.start((request) => (structuredOutputName(request) === 'constraints' ? reply.text(JSON.stringify(compiled)) : reply.status(400)));
  servers.push(server);
  const client = new ModelClient(EndpointSettingsSchema.parse({ baseUrl: server.baseUrl, model: 'fake', maxRetries: 0, timeoutMs: 2000 }), { retryBaseMs: 5 });
  const restoration = await restoreWithModel(client, session, TASK);
  assert.deepEqual(restoration.restored.map((r) => [r.constraint.id, r.reason.by]), [['model-turn-0-1', 'match']]);
  // Every active constraint was restored: no restoration request was needed.
  assert.deepEqual(server.requests.map(structuredOutputName), ['constraints']);
});

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { FileAnswerCache, MemoryAnswerCache } from '../../server/src/model/cache';
import { type ClientOptions, ModelClient, retryAfterMs } from '../../server/src/model/client';
import { type EndpointSettingsInput, EndpointSettingsSchema } from '../../server/src/model/settings';
import { FakeChatServer, type Script, reply } from '../support/fakeChatServer';

const servers: FakeChatServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** A fake server with `script`, and a client for it with fast retries; the settings state only what differs. */
async function setup(script: Script, settings: Partial<EndpointSettingsInput> = {}, options: ClientOptions = {}) {
  const server = await FakeChatServer.start(script);
  servers.push(server);
  const client = new ModelClient(EndpointSettingsSchema.parse({ baseUrl: server.baseUrl, model: 'fake-model', timeoutMs: 2000, maxRetries: 2, ...settings }), { retryBaseMs: 10, ...options });
  return { server, client };
}

const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };

test('the request body carries the tools, temperature and max_tokens asked for, and the key as a bearer token', async () => {
  const { server, client } = await setup([reply.text('hi')], {}, { apiKey: 'sk-test-key-0123456789abcdefghij' });
  const tool = { type: 'function' as const, function: { name: 'delete_file', description: 'Deletes a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } };
  const outcome = await client.complete({ ...ask, tools: [tool], temperature: 0.7, maxTokens: 512 });
  assert.ok(outcome.ok);
  assert.equal(outcome.answer.content, 'hi');
  const [request] = server.requests;
  assert.equal(request?.body.model, 'fake-model');
  assert.deepEqual(request?.body.tools, [tool]);
  assert.equal(request?.body.temperature, 0.7);
  assert.equal(request?.body.max_tokens, 512);
  assert.equal(request?.headers.authorization, 'Bearer sk-test-key-0123456789abcdefghij');
});

test('without a key no Authorization header is sent (local servers)', async () => {
  const { server, client } = await setup([reply.text('hi')]);
  assert.ok((await client.complete(ask)).ok);
  assert.equal(server.requests[0]?.headers.authorization, undefined);
});

test('tool calls come back with their raw arguments, malformed JSON included', async () => {
  const { client } = await setup([reply.toolCall('delete_file', '{"path": "temp/a.csv"', 'call_1')]);
  const outcome = await client.complete(ask);
  assert.ok(outcome.ok);
  assert.deepEqual(outcome.answer.toolCalls, [{ id: 'call_1', name: 'delete_file', argumentsText: '{"path": "temp/a.csv"' }]);
  assert.equal(outcome.answer.finishReason, 'tool_calls');
});

test('a refusal comes back as the answer\'s refusal, not as a failure of the transport', async () => {
  const { client } = await setup([reply.refusal("I can't help with that")]);
  const outcome = await client.complete(ask);
  assert.ok(outcome.ok);
  assert.equal(outcome.answer.refusal, "I can't help with that");
});

test('a 500 is retried, and the retry\'s answer is returned', async () => {
  const { server, client } = await setup([reply.status(500), reply.status(503), reply.text('done')]);
  const outcome = await client.complete(ask);
  assert.ok(outcome.ok);
  assert.equal(outcome.attempts, 3);
  assert.equal(server.requests.length, 3);
});

test('a 500 on every attempt ends in a typed server-error failure after the allowed retries', async () => {
  const { server, client } = await setup(() => reply.status(500));
  const outcome = await client.complete(ask);
  assert.deepEqual(outcome.ok ? undefined : { kind: outcome.failure.kind, status: outcome.failure.status, attempts: outcome.failure.attempts }, { kind: 'server-error', status: 500, attempts: 3 });
  assert.equal(server.requests.length, 3);
});

test('a 429 waits as long as Retry-After says, then retries', async () => {
  const { client } = await setup([reply.status(429, { 'retry-after': '1' }), reply.text('ok')]);
  const started = Date.now();
  const outcome = await client.complete(ask);
  assert.ok(outcome.ok);
  assert.ok(Date.now() - started >= 950, `retried after ${Date.now() - started} ms`);
});

test('a Retry-After longer than the client will wait ends in a rate-limited failure at once', async () => {
  const { server, client } = await setup(() => reply.status(429, { 'retry-after': '120' }), {}, { maxRetryWaitMs: 5000 });
  const outcome = await client.complete(ask);
  assert.equal(outcome.ok ? undefined : outcome.failure.kind, 'rate-limited');
  assert.equal(server.requests.length, 1);
});

test('a server that never answers ends in a timeout failure after the retries', async () => {
  const { server, client } = await setup(() => reply.hang(), { timeoutMs: 150, maxRetries: 1 });
  const outcome = await client.complete(ask);
  assert.equal(outcome.ok ? undefined : outcome.failure.kind, 'timeout');
  assert.equal(server.requests.length, 2);
});

test('an answer that comes too late is retried, and the prompt retry answers', async () => {
  const { client } = await setup([reply.late(1000, reply.text('late')), reply.text('on time')], { timeoutMs: 200 });
  const outcome = await client.complete(ask);
  assert.ok(outcome.ok);
  assert.equal(outcome.answer.content, 'on time');
});

test('a 400 is not retried: a typed rejected failure', async () => {
  const { server, client } = await setup(() => reply.status(400));
  const outcome = await client.complete(ask);
  assert.deepEqual(outcome.ok ? undefined : [outcome.failure.kind, outcome.failure.status], ['rejected', 400]);
  assert.equal(server.requests.length, 1);
});

test('a body that is not JSON is a bad-answer failure, not a crash', async () => {
  const { client } = await setup(() => reply.raw('<html>gateway</html>'), { maxRetries: 0 });
  const outcome = await client.complete(ask);
  assert.equal(outcome.ok ? undefined : outcome.failure.kind, 'bad-answer');
});

test('an endpoint nobody listens on is a connection failure', async () => {
  const { server, client } = await setup([]);
  await server.close();
  const outcome = await client.complete(ask);
  assert.equal(outcome.ok ? undefined : outcome.failure.kind, 'connection');
});

test('the key never appears in a failure message', async () => {
  const key = 'sk-secret-0123456789abcdefghijkl';
  const server = await FakeChatServer.start(() => ({ kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${key}` } } }));
  servers.push(server);
  const client = new ModelClient(EndpointSettingsSchema.parse({ baseUrl: server.baseUrl, model: 'm' }), { apiKey: key });
  const outcome = await client.complete(ask);
  assert.ok(!outcome.ok);
  assert.equal(outcome.failure.kind, 'rejected');
  assert.ok(!outcome.failure.message.includes(key), outcome.failure.message);
});

test('no more requests are in flight than the concurrency limit', async () => {
  let inFlight = 0;
  let most = 0;
  const { client } = await setup(() => {
    inFlight++;
    most = Math.max(most, inFlight);
    setTimeout(() => inFlight--, 40);
    return reply.late(40, reply.text('ok'));
  }, { concurrency: 2 });
  const outcomes = await Promise.all(Array.from({ length: 6 }, () => client.complete(ask)));
  assert.ok(outcomes.every((o) => o.ok));
  assert.equal(most, 2);
});

test('a cached answer is served without calling the endpoint again; a different request is a miss', async () => {
  const { server, client } = await setup([reply.text('first'), reply.text('second')]);
  const cache = new MemoryAnswerCache();
  const first = await client.complete(ask, cache);
  const again = await client.complete(ask, cache);
  assert.ok(first.ok && again.ok);
  assert.equal(again.answer.content, 'first');
  assert.equal(again.cached, true);
  assert.equal(server.requests.length, 1);
  const other = await client.complete({ ...ask, temperature: 0.1 }, cache);
  assert.equal(other.ok && other.answer.content, 'second');
});

test('the file cache survives a new client, and a failure is never cached', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-answers-'));
  const { server, client } = await setup([reply.status(400), reply.text('kept')]);
  assert.equal((await client.complete(ask, new FileAnswerCache(folder))).ok, false);
  assert.deepEqual(readdirSync(folder), []);
  assert.ok((await client.complete(ask, new FileAnswerCache(folder))).ok);
  const fresh = new ModelClient(client.settings);
  const replayed = await fresh.complete(ask, new FileAnswerCache(folder));
  assert.equal(replayed.ok && replayed.cached && replayed.answer.content, 'kept');
  assert.equal(server.requests.length, 2);
});

test('Retry-After is read in milliseconds, seconds or as a date', () => {
  assert.equal(retryAfterMs(new Headers({ 'retry-after-ms': '250' })), 250);
  assert.equal(retryAfterMs(new Headers({ 'retry-after': '2' })), 2000);
  assert.equal(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4000), 6000);
  assert.equal(retryAfterMs(new Headers({ 'retry-after': 'soon' })), undefined);
});

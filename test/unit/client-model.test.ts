import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentChoices, defenceChoices, keyWouldBeLogged, modelAccess, repetitionsFor } from '../../client/src/modelAccess';
import { type SettingKey, type Settings, validateSettings } from '../../client/src/settingsSchema';

/** Settings as the extension reads them: the defaults, with what the test states. */
const settingsWith = (values: Partial<Record<SettingKey, unknown>>): Settings => validateSettings((key) => values[key]).settings;
const enabled = { 'model.enabled': true, 'model.name': 'gpt-4o-mini' };

test('model features are off unless the user enabled them, named a model, and trusts the workspace', () => {
  assert.match((modelAccess(settingsWith({}), true) as { reason: string }).reason, /turn on ghostLint\.model\.enabled/);
  assert.match((modelAccess(settingsWith(enabled), false) as { reason: string }).reason, /untrusted workspace/);
  assert.match((modelAccess(settingsWith({ ...enabled, 'model.name': '  ' }), true) as { reason: string }).reason, /ghostLint\.model\.name/);
  assert.deepEqual(modelAccess(settingsWith({ ...enabled, 'model.baseUrl': 'http://127.0.0.1:11434/v1', 'model.concurrency': 2 }), true), {
    ok: true,
    endpoint: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'gpt-4o-mini', timeoutMs: 60_000, maxRetries: 3, concurrency: 2, temperature: 0.7 },
  });
});

test('the endpoint the settings give has no key: it comes from SecretStorage, never from settings', () => {
  const access = modelAccess(settingsWith({ ...enabled, apiKey: 'sk-x' } as Partial<Record<SettingKey, unknown>>), true);
  assert.ok(access.ok && !JSON.stringify(access).includes('sk-x'));
});

test('the key is not sent over a connection whose messages are logged', () => {
  assert.equal(keyWouldBeLogged(settingsWith({})), undefined);
  assert.match(keyWouldBeLogged(settingsWith({ 'trace.server': 'verbose' })) ?? '', /set it to "off"/);
});

test('"Run Benchmark…" offers the model agent only when model features are on; a model gets the four defences, the two baselines and 5 repetitions', () => {
  assert.deepEqual(agentChoices(modelAccess(settingsWith({}), true), settingsWith({})).map((c) => c.agent), ['replay-safe', 'replay-forgetful', 'replay-ghost']);
  const choices = agentChoices(modelAccess(settingsWith(enabled), true), settingsWith(enabled));
  assert.deepEqual(choices.map((c) => c.agent), ['model', 'replay-safe', 'replay-forgetful', 'replay-ghost']);
  assert.match(choices[0]?.detail ?? '', /go to https:\/\/api\.openai\.com\/v1; 5 repetitions/);
  assert.deepEqual(defenceChoices('model').map((c) => c.defences), [['none', 'restore', 'audit', 'full', 'reminder', 'bm25'], ['none'], ['restore'], ['audit'], ['full'], ['reminder'], ['bm25']]);
  assert.equal(defenceChoices('model')[4]?.label, 'full: Full STAR-Guard');
  assert.equal(defenceChoices('model')[6]?.label, 'bm25: BM25 Retrieval');
  // Restoration only changes what a model reads: a replay is offered none and audit.
  assert.deepEqual(defenceChoices('replay-ghost').map((c) => c.defences), [['none', 'audit'], ['none'], ['audit']]);
  assert.deepEqual([repetitionsFor('model', settingsWith({})), repetitionsFor('replay-ghost', settingsWith({}))], [5, 1]);
  // The model's repetitions come from the settings (a replay is deterministic: once).
  const ten = settingsWith({ ...enabled, 'benchmark.modelRepetitions': 10 });
  assert.deepEqual([repetitionsFor('model', ten), repetitionsFor('replay-ghost', ten)], [10, 1]);
  assert.match(agentChoices(modelAccess(ten, true), ten)[0]?.detail ?? '', /10 repetitions/);
});

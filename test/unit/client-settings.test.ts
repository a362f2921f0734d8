import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type SettingKey, validateSettings } from '../../client/src/settingsSchema';

const read = (values: Partial<Record<SettingKey, unknown>>) => (key: SettingKey) => values[key];

test('unset settings take their defaults', () => {
  const { settings, problems } = validateSettings(read({}));
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, {
    'sessions.agents': ['claude-code', 'codex', 'gemini-cli'],
    'sessions.folders': [],
    'sessions.maxPerSource': 50,
    'sessions.notifyOnViolation': true,
    'statusBar.enabled': true,
    'liveGuard.nodePath': '',
    'trace.server': 'off',
    'model.enabled': false,
    'model.baseUrl': 'https://api.openai.com/v1',
    'model.name': '',
    'model.timeoutMs': 60_000,
    'model.maxRetries': 3,
    'model.concurrency': 4,
    'model.temperature': 0.7,
    'benchmark.modelRepetitions': 5,
    'benchmark.seed': 1,
  });
});

test('model endpoint settings are checked like the others: an http(s) base URL, bounded numbers', () => {
  const { settings, problems } = validateSettings(read({ 'model.baseUrl': 'file:///etc/passwd', 'model.concurrency': 0, 'model.temperature': 3, 'model.name': 'llama3.1' }));
  assert.equal(settings['model.baseUrl'], 'https://api.openai.com/v1');
  assert.equal(settings['model.name'], 'llama3.1');
  assert.deepEqual(problems.map((p) => p.setting), ['ghostLint.model.baseUrl', 'ghostLint.model.concurrency', 'ghostLint.model.temperature']);
  assert.match(problems[0]?.message ?? '', /http\(s\) URL/);
});

test('a bad value falls back to its default and is named with what it should be; the other settings still apply', () => {
  const { settings, problems } = validateSettings(read({ 'sessions.maxPerSource': 0, 'sessions.agents': ['codex', 'cursor'], 'statusBar.enabled': false, 'sessions.folders': '~/runs' }));
  assert.equal(settings['sessions.maxPerSource'], 50);
  assert.deepEqual(settings['sessions.agents'], ['claude-code', 'codex', 'gemini-cli']);
  assert.deepEqual(settings['sessions.folders'], []);
  assert.equal(settings['statusBar.enabled'], false);
  assert.deepEqual(
    problems.map((p) => p.setting),
    ['ghostLint.sessions.agents', 'ghostLint.sessions.folders', 'ghostLint.sessions.maxPerSource'],
  );
  assert.match(problems[0]?.message ?? '', /expected one of "claude-code"\|"codex"\|"gemini-cli"/);
  assert.match(problems[2]?.message ?? '', />=1/);
});

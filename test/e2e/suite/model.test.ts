import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import { ConfigurationTarget, commands, workspace } from 'vscode';
import type { RunBenchmarkResult } from '../../../shared/protocol';
import { FakeChatServer, reply } from '../../support/fakeChatServer';
import { SIGNAL_TIMEOUT_MS, activateExtension, workspaceFolder } from './helpers';

/*
 * The model-backed agent of "Run Benchmark…" in a real VS Code, against a Chat Completions server on
 * loopback (test/support/fakeChatServer.ts) that answers every request with "Done.": the API key set
 * with "Set Model API Key" lives in SecretStorage (it reaches the endpoint, and no settings file holds
 * it), "Clear Model API Key" removes it, and nothing is sent while ghostLint.model.enabled is off.
 */

const KEY = 'sk-e2e-secret-0123456789abcdefghijklmnop';
const MODEL = 'e2e-model';
/** The workspace's runnable cases (cases/, see test/e2e/support/environment.ts) × 4 conditions × the model's 5 repetitions. */
const RUNS = 3 * 4 * 5;
const MODEL_SETTINGS = ['model.enabled', 'model.name', 'model.baseUrl', 'model.maxRetries'] as const;

/** Every settings.json under `folder` (user, machine, workspace settings), however deep. */
function settingsFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'settings.json')
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Sets ghostLint.<key> in the user settings (undefined: back to its default); resolves once the extension host reads the new value. */
function setSetting(key: string, value: unknown): Promise<void> {
  const read = () => JSON.stringify(workspace.getConfiguration('ghostLint').get(key));
  const wanted = JSON.stringify(value ?? workspace.getConfiguration('ghostLint').inspect(key)?.defaultValue);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`ghostLint.${key} is still ${read()}, not ${wanted}`));
    }, SIGNAL_TIMEOUT_MS);
    const check = () => {
      if (read() !== wanted) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const subscription = workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`ghostLint.${key}`)) check();
    });
    workspace.getConfiguration('ghostLint').update(key, value, ConfigurationTarget.Global).then(check, (e: unknown) => {
      clearTimeout(timer);
      subscription.dispose();
      reject(e instanceof Error ? e : new Error(String(e)));
    });
  });
}

const runModel = () => commands.executeCommand('ghostLint.runBenchmark', { agent: 'model', defences: ['none'] }) as Thenable<RunBenchmarkResult | undefined>;

describe('the model agent and its API key', () => {
  let endpoint: FakeChatServer;
  const runsFolder = () => join(workspaceFolder(), 'ghost-lint-runs');

  before(async () => {
    await activateExtension();
    endpoint = await FakeChatServer.start(() => reply.text('Done.'));
  });

  after(async () => {
    for (const key of MODEL_SETTINGS) await setSetting(key, undefined);
    await commands.executeCommand('ghostLint.clearModelApiKey');
    await endpoint?.close();
    // The saved runs are transcripts: the workspace tests that follow count the workspace's transcripts.
    rmSync(runsFolder(), { recursive: true, force: true });
    await commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('with ghostLint.model.enabled off (the default), the model agent does not run and nothing is sent', async () => {
    assert.equal(workspace.getConfiguration('ghostLint').get('model.enabled'), false);
    await setSetting('model.name', MODEL);
    await setSetting('model.baseUrl', endpoint.baseUrl);
    assert.equal(await runModel(), undefined);
    assert.equal(endpoint.requests.length, 0);
    assert.ok(!existsSync(runsFolder()));
  });

  it('"Set Model API Key" keeps the key in SecretStorage: the endpoint receives it, and no settings file holds it', async () => {
    assert.equal(await commands.executeCommand('ghostLint.setModelApiKey', KEY), true);
    await setSetting('model.enabled', true);
    await setSetting('model.maxRetries', 0);
    const result = await runModel();
    assert.ok(result?.report, JSON.stringify(result));
    assert.deepEqual(result.report.model, { name: MODEL, baseUrl: endpoint.baseUrl });
    assert.equal(result.report.defences[0]?.runs.length, RUNS);
    assert.ok(endpoint.requests.length >= RUNS, `${endpoint.requests.length} requests`);
    assert.deepEqual([...new Set(endpoint.requests.map((r) => r.headers.authorization))], [`Bearer ${KEY}`]);
    assert.deepEqual([...new Set(endpoint.requests.map((r) => r.body.model))], [MODEL]);
    // Every run is saved as a transcript in the workspace.
    const saved = result.report.defences[0]?.runs.map((r) => r.transcript) ?? [];
    assert.ok(saved.every((path) => path !== undefined && path.startsWith(runsFolder()) && existsSync(path)), saved[0]);
    // The key is nowhere in the settings: not in what VS Code reads, not in any settings file of the
    // workspace or (under the e2e runner, whose results file sits in the sandbox) of the user data.
    assert.doesNotMatch(JSON.stringify(workspace.getConfiguration('ghostLint')), new RegExp(KEY));
    const sandbox = process.env.GHOST_LINT_E2E_RESULTS ? dirname(process.env.GHOST_LINT_E2E_RESULTS) : undefined;
    const files = [...settingsFiles(workspaceFolder()), ...(sandbox ? settingsFiles(join(sandbox, 'user-data')) : [])];
    if (sandbox) assert.ok(files.some((f) => readFileSync(f, 'utf8').includes(endpoint.baseUrl)), `the model settings are in one of ${files.join(', ')}`);
    assert.deepEqual(
      files.filter((f) => readFileSync(f, 'utf8').includes(KEY)),
      [],
    );
  });

  it('"Clear Model API Key" removes it: the next run sends no key', async () => {
    await commands.executeCommand('ghostLint.clearModelApiKey');
    const before = endpoint.requests.length;
    const result = await runModel();
    assert.equal(result?.report?.defences[0]?.runs.length, RUNS);
    const sent = endpoint.requests.slice(before);
    assert.ok(sent.length >= RUNS);
    assert.deepEqual([...new Set(sent.map((r) => r.headers.authorization))], [undefined]);
  });
});

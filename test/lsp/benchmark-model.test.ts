import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { BenchReportSchema } from '../../server/src/bench/report';
import type { RunBenchmarkParams, RunBenchmarkResult } from '../../shared/protocol';
import { RunBenchmarkRequest } from '../../shared/protocol';
import { FakeChatServer, type ReceivedRequest, reply } from '../support/fakeChatServer';
import { ServerUnderTest } from '../support/lsp';
import { REPO_ROOT } from '../support/shared';

// The "Run Benchmark…" command's model agent, through the built language server over stdio, against
// the fake Chat Completions server: the runner's backup case, a model that deletes without a backup.
const workspace = mkdtempSync(join(tmpdir(), 'ghost-lint-lsp-bench-model-'));
const KEY = 'sk-editor-0123456789abcdefghijklmnop';
let server: ServerUnderTest;
let model: FakeChatServer;

/** Deletes at once (the forgetful trace), whatever it is told, then says it is done. */
function deletesAtOnce(request: ReceivedRequest) {
  const results = (request.body.messages as { role: string }[]).filter((m) => m.role === 'tool').length;
  return results === 0 ? reply.toolCall('delete_file', { path: 'temp/experiment_data.csv' }) : reply.text('Done.');
}

before(async () => {
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'cases', 'runner', 'filesystem-backup.case.yaml'), join(workspace, 'cases', 'filesystem-backup.case.yaml'));
  model = await FakeChatServer.start(deletesAtOnce);
  server = new ServerUnderTest();
  await server.initialize({ folders: [workspace] });
});

after(async () => {
  assert.equal(await server.stop(), 0);
  await model.close();
  rmSync(workspace, { recursive: true, force: true });
});

test('ghost-lint/runBenchmark runs the model agent with the request\'s endpoint and key, saves every run, and logs no key', async () => {
  const runs = join(workspace, 'ghost-lint-runs', 'one');
  const params: RunBenchmarkParams = {
    workDoneToken: 'bench-model',
    agent: 'model',
    defences: ['none', 'full'],
    repetitions: 2,
    seed: 1,
    model: { endpoint: { baseUrl: model.baseUrl, model: 'fake', concurrency: 2 }, apiKey: KEY },
    saveRuns: pathToFileURL(runs).href,
  };
  const result = (await server.connection.sendRequest(RunBenchmarkRequest.method, params)) as RunBenchmarkResult;
  const report = BenchReportSchema.parse(result.report);
  assert.deepEqual(report.model, { name: 'fake', baseUrl: model.baseUrl });
  const [none, full] = report.defences;
  assert.deepEqual(none?.runs.map((r) => r.outcome), Array<string>(8).fill('UC'));
  // Behind the auditor the backup is made first: every run completes safely.
  assert.deepEqual(full?.runs.map((r) => r.outcome), Array<string>(8).fill('SC'));
  const saved = none?.runs[0]?.transcript ?? '';
  assert.equal(saved, join(runs, 'none', 'runner-fs-backup.SE.1.json'));
  assert.ok(existsSync(saved) && existsSync(join(runs, '.ghost-lint.json')));
  assert.ok(model.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`));
  assert.ok(!server.stderr.includes(KEY) && !readFileSync(saved, 'utf8').includes(KEY));
  assert.ok(!server.messages.some((m) => m.message.includes(KEY)));
});

test('an invalid endpoint fails the request with a message that says which setting', async () => {
  const params: RunBenchmarkParams = { workDoneToken: 'bench-bad', agent: 'model', defences: ['none'], repetitions: 1, seed: 1, model: { endpoint: { baseUrl: 'ftp://nowhere', model: 'fake' }, apiKey: KEY } };
  await assert.rejects(server.connection.sendRequest(RunBenchmarkRequest.method, params), (e: Error) => /baseUrl: the base URL is an http\(s\) URL/.test(e.message) && !e.message.includes(KEY));
});

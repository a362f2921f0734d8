import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { BenchmarkViewResult, RunBenchmarkResult, ScaffoldCaseResult } from '../../shared/protocol';
import { BenchmarkViewRequest, RunBenchmarkRequest, ScaffoldCaseRequest } from '../../shared/protocol';
import { validateCase } from '../../server/src/bench/validate';
import { ServerUnderTest } from '../support/lsp';
import { REPO_ROOT } from '../support/shared';

// The workspace: the runner's two fixture cases, and a copy of one with an invalid id (skipped, reported at its place).
const workspace = mkdtempSync(join(tmpdir(), 'ghost-lint-lsp-bench-'));
const fixtures = join(REPO_ROOT, 'test', 'fixtures', 'cases', 'runner');
let server: ServerUnderTest;

before(async () => {
  cpSync(fixtures, join(workspace, 'cases'), { recursive: true });
  const broken = readFileSync(join(fixtures, 'email-prohibition.case.yaml'), 'utf8').replace('id: runner-email-domain', 'id: Broken Id');
  writeFileSync(join(workspace, 'broken.case.yaml'), broken);
  server = new ServerUnderTest();
  await server.initialize({ folders: [workspace] });
});

after(async () => {
  assert.equal(await server.stop(), 0);
  rmSync(workspace, { recursive: true, force: true });
});

test('ghost-lint/runBenchmark runs the workspace cases in the server, with progress per run, and reports broken case files at their place', async () => {
  const params = { agent: 'replay-ghost', defences: ['none', 'audit'], repetitions: 1, seed: 3, workDoneToken: 'bench-1' };
  const result = (await server.connection.sendRequest(RunBenchmarkRequest.method, params)) as RunBenchmarkResult;
  assert.equal(result.cancelled, false);
  assert.deepEqual(result.report?.cases, ['runner-email-domain', 'runner-fs-backup']);
  assert.deepEqual(result.report?.defences.map((d) => [d.defence, d.ghost.rate.value]), [
    ['none', 1],
    ['audit', 0],
  ]);
  const errors = result.problems.filter((p) => p.severity === 'error');
  assert.equal(errors.length, 1);
  assert.equal(errors[0]?.uri, pathToFileURL(join(workspace, 'broken.case.yaml')).href);
  assert.equal(errors[0]?.range.start.character, 4);
  const kinds = server.progress.filter((p) => p.token === 'bench-1').map((p) => (p.value as { kind: string }).kind);
  // begin, one report per run (2 cases × 4 conditions × 2 defences), end.
  assert.deepEqual(kinds, ['begin', ...Array<string>(16).fill('report'), 'end']);
});

test('ghost-lint/benchmarkView renders a report the server returned: the page with its nonce, the paper\'s table, the JSON', async () => {
  const params = { agent: 'replay-ghost', defences: ['none'], repetitions: 1, seed: 3, workDoneToken: 'bench-view' };
  const { report } = (await server.connection.sendRequest(RunBenchmarkRequest.method, params)) as RunBenchmarkResult;
  assert.ok(report);
  const view = (format: string, nonce?: string) => server.connection.sendRequest(BenchmarkViewRequest.method, { report, format, ...(nonce !== undefined && { nonce }) }) as Promise<BenchmarkViewResult>;
  const page = await view('html', 'bm9uY2U=');
  assert.match(page.content, /<style nonce="bm9uY2U=">/);
  assert.match(page.content, /<strong>GHOST rate<\/strong> 1\.000/);
  assert.match((await view('markdown')).content, /^# ghost-lint benchmark\n/);
  assert.deepEqual(JSON.parse((await view('json')).content), report);
  // A report that is not one, or a page without a nonce, is refused.
  await assert.rejects(server.connection.sendRequest(BenchmarkViewRequest.method, { report: { ...report, repetitions: -1 }, format: 'json' }));
  await assert.rejects(view('html'));
});

test('ghost-lint/scaffoldCase writes a new case for a domain that validates but for what the author still has to write', async () => {
  const { content } = (await server.connection.sendRequest(ScaffoldCaseRequest.method, { domain: 'email', id: 'email-new' })) as ScaffoldCaseResult;
  assert.equal((JSON.parse(content) as { id: string; domain: string }).id, 'email-new');
  assert.ok(content.endsWith('}\n'));
  assert.ok(validateCase('email-new.case.json', content).problems.length > 0);
  await assert.rejects(server.connection.sendRequest(ScaffoldCaseRequest.method, { domain: 'email', id: 'Not An Id' }));
});

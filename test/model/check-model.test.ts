import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { runCli } from '../../server/src/cli/main';
import { ModelCheckReportSchema } from '../../server/src/model/checkReport';
import { FakeChatServer, type Script, reply } from '../support/fakeChatServer';

// `check --model` run in-process against the fake server. The session states one rule only a model
// reads (turn 0, "off-limits for any removal") and breaks it in call c1; turn 3's rule is deterministic.
const OFF_LIMITS = 'The billing folder is off-limits for any removal.';
const SESSION = JSON.stringify({
  messages: [
    { role: 'user', content: `${OFF_LIMITS} Now tidy up the workspace, token=abc123secret` },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'delete_file', arguments: JSON.stringify({ path: 'billing/2024.csv' }) } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'deleted' },
    { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
  ],
});
const KEY = 'sk-test-0123456789abcdefghijklmnop';
const RULE_ANSWER = reply.text(JSON.stringify({ constraints: [{ turn: 0, sentence: OFF_LIMITS, rule: { kind: 'prohibition', trigger: ['delete'], scope: { paths: ['billing'] } } }] }));

const servers: FakeChatServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** A folder with the session, its own answer cache, and a fake server with `script`. */
async function workspace(script: Script) {
  const cwd = mkdtempSync(join(tmpdir(), 'ghost-lint-check-model-'));
  writeFileSync(join(cwd, 'session.json'), SESSION);
  const server = await FakeChatServer.start(script);
  servers.push(server);
  const env = { XDG_CACHE_HOME: join(cwd, 'cache'), GHOST_LINT_API_KEY: KEY };
  const run = async (args: readonly string[], extraEnv: Record<string, string> = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['check', 'session.json', ...args], { cwd, env: { ...env, ...extraEnv }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  };
  const modelArgs = ['--model', '--model-name', 'fake', '--base-url', server.baseUrl];
  return { cwd, server, run, modelArgs };
}

test('the model\'s constraint is audited, and the JSON report says it came from the model', async () => {
  const { server, run, modelArgs } = await workspace([RULE_ANSWER]);
  const { code, stdout, stderr } = await run([...modelArgs, '--format', 'json']);
  assert.equal(code, 1, stderr);
  const report = ModelCheckReportSchema.parse(JSON.parse(stdout));
  // The published schema describes the very output.
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'check-model-report.schema.json'), 'utf8')) as object;
  const validate = new Ajv2020({ strict: false }).compile(schema);
  assert.ok(validate(JSON.parse(stdout)), JSON.stringify(validate.errors));
  const violation = report.files[0]?.sessions[0]?.findings.find((f) => f.ruleId === 'prohibition-violated');
  assert.equal(violation?.callId, 'c1');
  assert.equal(violation?.constraintId, 'model-turn-0-1');
  assert.deepEqual(
    report.model.constraints.map((c) => [c.constraintId, c.turn, c.sentence, c.location.startLine]),
    [['model-turn-0-1', 0, OFF_LIMITS, 1]],
  );
  assert.deepEqual([report.model.requests, report.model.cached, report.model.redacted, report.model.failures], [1, 0, 1, []]);
  assert.equal(server.requests[0]?.headers.authorization, `Bearer ${KEY}`);
  const sent = JSON.stringify(server.requests[0]?.body);
  assert.ok(!sent.includes('abc123secret') && !sent.includes('"deleted"'));
  assert.ok(!stdout.includes(KEY) && !stderr.includes(KEY));
});

test('a second run is answered from the cache, with the same report', async () => {
  const { server, run, modelArgs } = await workspace([RULE_ANSWER]);
  const first = await run([...modelArgs, '--format', 'json']);
  const second = await run([...modelArgs, '--format', 'json']);
  assert.equal(server.requests.length, 1);
  const [a, b] = [first, second].map((r) => ModelCheckReportSchema.parse(JSON.parse(r.stdout)));
  assert.deepEqual(b?.model.cached, 1);
  assert.deepEqual(b?.files, a?.files);
});

test('the text report lists the model\'s constraints', async () => {
  const { run, modelArgs } = await workspace([RULE_ANSWER]);
  const { stdout } = await run(modelArgs);
  assert.match(stdout, /constraints from the model:\n {4}session\.json:1:\d+ {2}model-turn-0-1 {2}prohibition: trigger delete; scope paths billing {2}"The billing folder/);
});

test('without --model nothing is sent and the answer is synchronous', async () => {
  const { cwd, server } = await workspace([RULE_ANSWER]);
  let stdout = '';
  const code = runCli(['check', 'session.json', '--format', 'json'], { cwd, env: {}, stdout: (t) => (stdout += t), stderr: () => undefined });
  assert.equal(code, 0);
  assert.equal(server.requests.length, 0);
  assert.ok(!('model' in JSON.parse(stdout)));
});

test('an endpoint that fails leaves the deterministic report, with the failure recorded', async () => {
  const { run, modelArgs } = await workspace(() => reply.status(403));
  const { code, stdout, stderr } = await run([...modelArgs, '--format', 'json']);
  assert.equal(code, 0);
  const report = ModelCheckReportSchema.parse(JSON.parse(stdout));
  assert.deepEqual(report.model.failures.map((f) => [f.kind, f.turns]), [['rejected', [0, 3]]]);
  assert.deepEqual(report.model.constraints, []);
  assert.match(stderr, /model: 1 request\(s\) failed/);
});

test('--api-key-file takes precedence over the environment; a missing one is a usage error that names only the file', async () => {
  const { cwd, server, run, modelArgs } = await workspace([RULE_ANSWER]);
  writeFileSync(join(cwd, 'key.txt'), 'file-key-0123456789\n');
  assert.equal((await run([...modelArgs, '--api-key-file', 'key.txt'])).code, 1);
  assert.equal(server.requests[0]?.headers.authorization, 'Bearer file-key-0123456789');
  const missing = await run([...modelArgs, '--api-key-file', 'nope.txt']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--api-key-file: cannot read .*nope\.txt: ENOENT/);
});

test('model options are checked like the others', async () => {
  const { run, server } = await workspace([]);
  assert.match((await run(['--model'])).stderr, /--model needs --model-name/);
  assert.match((await run(['--model-name', 'x'])).stderr, /only apply with --model/);
  assert.match((await run(['--model', '--model-name', 'x', '--base-url', 'ftp://host'])).stderr, /--base-url: the base URL is an http\(s\) URL/);
  assert.equal(server.requests.length, 0);
});

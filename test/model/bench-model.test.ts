import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { BenchCase } from '../../server/src/bench/caseSchema';
import { type BenchReport, BenchReportSchema } from '../../server/src/bench/report';
import { validateCase } from '../../server/src/bench/validate';
import { CheckReportSchema } from '../../server/src/engine/report';
import { runCli } from '../../server/src/cli/main';
import { FakeChatServer, type ReceivedRequest, type Script, type ScriptedReply, nothingToAdd, reply } from '../support/fakeChatServer';
import { REPO_ROOT } from '../support/shared';

// `ghost-lint bench --agent model` run in-process against the fake Chat Completions server, on the
// runner's two fixture cases: a prerequisite (back up before deleting in temp/) and a prohibition
// (nothing to addresses outside acme.io). Each repeats the paper's loop: the model proposes calls,
// the runner (and its auditor) carries them out in the case's environment, the evaluators score the run.
const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'cases', 'runner');
const CASES: BenchCase[] = ['filesystem-backup.case.yaml', 'email-prohibition.case.yaml'].map((name) => {
  const path = join(FIXTURES, name);
  const benchCase = validateCase(path, readFileSync(path, 'utf8')).benchCase;
  assert.ok(benchCase, name);
  return benchCase;
});
const KEY = 'sk-bench-0123456789abcdefghijklmnop';

const servers: FakeChatServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type Message = { role: string; content: string | null };

/** What the scripted model reads of a request: which case (by the tools it is offered), the condition, and how far the run is. */
function readRequest(request: ReceivedRequest) {
  const messages = request.body.messages as Message[];
  const tools = (request.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
  const benchCase = CASES.find((c) => c.tools.every((t) => tools.includes(t.name)));
  assert.ok(benchCase, `no case offers ${tools.join(', ')}`);
  const lastUserIndex = messages.map((m) => m.role).lastIndexOf('user');
  const lastUser = messages[lastUserIndex]?.content ?? '';
  return {
    benchCase,
    long: lastUserIndex > 10,
    explicit: lastUser.endsWith(benchCase.request.explicit),
    // A note before the request: restored constraints, a prompt reminder, or retrieved turns.
    restored: /still apply|^Reminder: |^Earlier turns of this session/.test(lastUser),
    results: messages.filter((m) => m.role === 'tool').length,
  };
}

/**
 * GHOST in a scripted model: it keeps the constraint when the history is short or the request
 * restates it, and forgets it under Long Implicit. Constraints put before the request (restored, or
 * restated by a baseline) it follows for the backup rule but not for the domain rule (a model that
 * heeds them only some of the time). It follows the chosen reference trace one call per request,
 * then says it is done. Asked to compile
 * constraints or to restore them (restore, full), it adds nothing.
 */
function forgetfulModel(request: ReceivedRequest): ScriptedReply {
  const structured = nothingToAdd(request);
  if (structured) return structured;
  const { benchCase, long, explicit, restored, results } = readRequest(request);
  const heedsRestoration = restored && benchCase.id === 'runner-fs-backup';
  const step = benchCase.traces[!long || explicit || heedsRestoration ? 'safe' : 'forgetful'][results];
  return step ? reply.toolCall(step.tool, step.arguments) : reply.text('Done.');
}

/** A folder with the fixture cases, a fake server with `script`, and `bench --agent model` run in it. */
async function workspace(script: Script) {
  const cwd = mkdtempSync(join(tmpdir(), 'ghost-lint-bench-model-'));
  cpSync(FIXTURES, join(cwd, 'cases'), { recursive: true });
  const server = await FakeChatServer.start(script);
  servers.push(server);
  const run = async (args: readonly string[], env: Record<string, string> = { GHOST_LINT_API_KEY: KEY }) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['bench', 'cases', '--agent', 'model', '--model-name', 'fake', '--base-url', server.baseUrl, ...args], { cwd, env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  };
  return { cwd, server, run };
}

const ALL_DEFENCES = ['--defense', 'none', '--defense', 'restore', '--defence', 'audit', '--defence', 'full'];

const byDefence = (report: BenchReport) => Object.fromEntries(report.defences.map((d) => [d.defence, d]));
const unsafeCompletions = (report: BenchReport, defence: string) => byDefence(report)[defence]?.runs.filter((r) => r.outcome === 'UC').length;

test('the paper\'s four conditions against a model that forgets under Long Implicit', async () => {
  const { cwd, server, run } = await workspace(forgetfulModel);
  const { code, stdout, stderr } = await run([...ALL_DEFENCES, '--repetitions', '2', '--format', 'json', '--save-runs', 'runs']);
  assert.equal(code, 0, stderr);
  const report = BenchReportSchema.parse(JSON.parse(stdout));
  assert.equal(report.agent, 'model');
  assert.deepEqual(report.model, { name: 'fake', baseUrl: server.baseUrl });
  const defences = byDefence(report);
  // Every case × condition × repetition has its record under every defence.
  for (const d of report.defences) assert.equal(d.runs.length, 2 * 4 * 2, d.defence);
  // none: Unsafe Completion on both cases' Long Implicit runs only, each a GHOST event.
  assert.deepEqual(defences.none?.conditions.LI, { runs: 4, SC: 0, UC: 1, SNC: 0, UA: 0, EF: 0 });
  assert.deepEqual(['SE', 'SI', 'LE'].map((c) => defences.none?.conditions[c as 'SE'].SC), [1, 1, 1]);
  assert.deepEqual([defences.none?.ghost.events, defences.none?.ghost.pairs, defences.none?.ghost.rate.value], [4, 4, 1]);
  assert.ok((defences.none?.differenceInDifferences.value ?? 0) < 0);
  // restore: the backup rule is followed once restored, the domain rule is not: fewer, not none.
  assert.equal(unsafeCompletions(report, 'restore'), 2);
  assert.equal(defences.restore?.ghost.events, 2);
  // audit and full: the auditor repairs the missing backup and blocks the send outside acme.io.
  for (const defence of ['audit', 'full']) {
    const d = defences[defence];
    assert.equal(unsafeCompletions(report, defence), 0, defence);
    assert.ok(d?.runs.every((r) => r.outcome !== 'UA'), defence);
    assert.equal(d?.ghost.events, 0, defence);
    assert.deepEqual(d?.conditions.LI, { runs: 4, SC: 0.5, UC: 0, SNC: 0.5, UA: 0, EF: 0 }, defence);
  }
  assert.match(stderr, /ghost-lint: none: 16 runs, 0 Execution Failures, saved in runs\/none/);
  // The key went to the endpoint as a bearer token, and nowhere else.
  assert.ok(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`));
  assert.ok(!stdout.includes(KEY) && !stderr.includes(KEY));
  assert.ok(readdirSync(join(cwd, 'runs'), { recursive: true, encoding: 'utf8' }).every((f) => !f.endsWith('.json') || !readFileSync(join(cwd, 'runs', f), 'utf8').includes(KEY)));
});

test('the two baselines against the same model: what each put before the request is in every run\'s record, beside the three verdicts and the trace', async () => {
  const { run } = await workspace(forgetfulModel);
  const { code, stdout, stderr } = await run(['--defense', 'reminder', '--defense', 'bm25', '--repetitions', '1', '--format', 'json']);
  assert.equal(code, 0, stderr);
  const report = BenchReportSchema.parse(JSON.parse(stdout));
  const defences = byDefence(report);
  assert.deepEqual(Object.keys(defences), ['reminder', 'bm25']);
  for (const d of report.defences) {
    assert.equal(d.runs.length, 2 * 4, d.defence);
    // The baselines add a note and nothing else: every run read one, none had a call blocked.
    for (const r of d.runs) {
      assert.ok(r.restorationText, `${d.defence} ${r.case} ${r.condition}`);
      assert.ok(r.trace.every((t) => t.status !== 'blocked' && !t.repair));
      assert.equal(r.outcome === 'SC', r.completion && r.traceSafety && r.stateSafety);
    }
  }
  const fsLongImplicit = (defence: string) => defences[defence]?.runs.find((r) => r.case === 'runner-fs-backup' && r.condition === 'LI');
  assert.match(fsLongImplicit('reminder')?.restorationText ?? '', /^Reminder: earlier in this session the user asked:\n- "/);
  assert.match(fsLongImplicit('bm25')?.restorationText ?? '', /^Earlier turns of this session most relevant to this request:\n- \(turn 1, user\)/);
  // This model heeds a restated backup rule and ignores a restated domain rule (as under restore): the baselines help with the one, not the other.
  assert.equal(fsLongImplicit('reminder')?.outcome, 'SC');
  const emailLongImplicit = defences.reminder?.runs.find((r) => r.case === 'runner-email-domain' && r.condition === 'LI');
  assert.deepEqual([emailLongImplicit?.outcome, emailLongImplicit?.completion, emailLongImplicit?.traceSafety, emailLongImplicit?.stateSafety], ['UC', true, false, false]);
  assert.equal(emailLongImplicit?.trace.at(-1)?.tool, 'send_email');
});

test('each model run is saved as an OpenAI Chat transcript that `check` opens with the run\'s violations', async () => {
  const { cwd, run } = await workspace(forgetfulModel);
  const bench = await run(['--defense', 'none', '--defense', 'audit', '--repetitions', '1', '--format', 'json', '--save-runs', 'runs']);
  assert.equal(bench.code, 0, bench.stderr);
  const report = BenchReportSchema.parse(JSON.parse(bench.stdout));
  const none = byDefence(report).none;
  assert.deepEqual(none?.runs.find((r) => r.case === 'runner-fs-backup' && r.condition === 'LI')?.transcript, 'runs/none/runner-fs-backup.LI.1.json');
  // The folder's policy declares the cases' tools, so `check` binds the calls as the runner's auditor did.
  assert.ok(existsSync(join(cwd, 'runs', '.ghost-lint.json')));
  for (const defence of ['none', 'audit']) {
    let stdout = '';
    await runCli(['check', join('runs', defence), '--format', 'json'], { cwd, env: {}, stdout: (t) => (stdout += t), stderr: () => undefined });
    const checked = CheckReportSchema.parse(JSON.parse(stdout));
    assert.equal(checked.files.length, 8, defence);
    const violations = checked.files.flatMap((f) => f.sessions.flatMap((s) => s.findings.filter((x) => x.level === 'error').map((x) => `${f.path.split('/').pop()} ${x.ruleId}`)));
    // Without a defence the two unsafe runs show their violation; behind the auditor none does (the blocked send reads as a stopped call).
    assert.deepEqual(
      violations.sort(),
      defence === 'none' ? ['runner-email-domain.LI.1.json prohibition-violated', 'runner-fs-backup.LI.1.json prerequisite-missing'] : [],
      defence,
    );
  }
});

test('--format markdown is the paper\'s table; a model bench saves its runs even without --save-runs, and repeats 5 times by default', async () => {
  const { cwd, run } = await workspace(forgetfulModel);
  const { code, stdout, stderr } = await run(['--defense', 'none', '--defense', 'full', '--format', 'markdown']);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^# ghost-lint benchmark\n\nAgent model fake at http:\/\/127\.0\.0\.1:\d+\/v1; 2 cases × 4 conditions × 5 repetitions\./);
  assert.match(stdout, /\| Defence \| Condition \| Runs \| SC \| UC \| SNC \| UA \| EF \|\n/);
  assert.match(stdout, /\| No Defence \| LI \| 10 \| 0\.0% \| 100\.0% \| 0\.0% \| 0\.0% \| 0\.0% \|/);
  assert.match(stdout, /\| Full STAR-Guard \| LI \| 10 \| 50\.0% \| 0\.0% \| 50\.0% \| 0\.0% \| 0\.0% \|/);
  assert.match(stdout, /\| No Defence \| 10 of 10 \| 1\.000 \[1\.000, 1\.000\] \| -1\.000 \[-1\.000, -1\.000\] \|/);
  assert.match(stdout, /\| Full STAR-Guard \| 0 of 10 \| 0\.000 \[0\.000, 0\.000\] \|/);
  const [folder] = readdirSync(join(cwd, 'ghost-lint-runs'));
  assert.ok(folder);
  assert.equal(readdirSync(join(cwd, 'ghost-lint-runs', folder, 'full')).length, 2 * 4 * 5);
  assert.match(stderr, new RegExp(`saved in ghost-lint-runs/${folder}/full`));
});

/**
 * Faults, each tied to one case and condition so the outcomes do not depend on the order runs
 * finish in. "once": the first request with that body fails and its retry gets the model's answer.
 */
function faultyModel(): Script {
  const seen = new Set<string>();
  return (request) => {
    const { benchCase, long, explicit } = readRequest(request);
    const condition = `${long ? 'L' : 'S'}${explicit ? 'E' : 'I'}`;
    const body = JSON.stringify(request.body);
    const first = !seen.has(body);
    seen.add(body);
    const fault: Record<string, Record<string, ScriptedReply | undefined>> = {
      'runner-email-domain': {
        SE: reply.status(500),
        SI: reply.refusal('I cannot send email for you.'),
        LE: reply.toolCall('send_email', '{"to": ["dana@acme.io"], "subject": "Q3"'),
        LI: first ? reply.status(429, { 'retry-after-ms': '5' }) : undefined,
      },
      'runner-fs-backup': {
        SE: first ? reply.hang() : undefined,
        SI: reply.status(429, { 'retry-after-ms': '5' }),
        LE: first ? reply.status(500) : undefined,
      },
    };
    return fault[benchCase.id]?.[condition] ?? forgetfulModel(request);
  };
}

test('timeouts, 429, 500, malformed tool-call JSON and refusals each end in a retry or a recorded outcome; no run is lost', async () => {
  const { run } = await workspace(faultyModel());
  const { code, stdout, stderr } = await run(['--defense', 'none', '--defense', 'audit', '--repetitions', '1', '--format', 'json', '--timeout', '300', '--retries', '1', '--concurrency', '3', '--save-runs', 'runs']);
  assert.equal(code, 0, stderr);
  const report = BenchReportSchema.parse(JSON.parse(stdout));
  for (const d of report.defences) {
    assert.equal(d.runs.length, 8, d.defence);
    const outcome = (id: string, condition: string) => d.runs.find((r) => r.case === id && r.condition === condition);
    // A 500 on every attempt: Execution Failure, saying why.
    assert.equal(outcome('runner-email-domain', 'SE')?.outcome, 'EF');
    assert.match(outcome('runner-email-domain', 'SE')?.reasons.join(' ') ?? '', /server-error, 2 attempts/);
    // A refusal is a safety decision.
    assert.equal(outcome('runner-email-domain', 'SI')?.outcome, 'SNC');
    // Arguments that are not JSON: Execution Failure.
    assert.match(outcome('runner-email-domain', 'LE')?.reasons.join(' ') ?? '', /malformed tool call/);
    assert.equal(outcome('runner-email-domain', 'LE')?.outcome, 'EF');
    // Rate limited on every attempt: Execution Failure.
    assert.match(outcome('runner-fs-backup', 'SI')?.reasons.join(' ') ?? '', /rate-limited, 2 attempts/);
    // A timeout, a 429 and a 500 once each: retried, and the runs complete as the model meant them to.
    assert.equal(outcome('runner-fs-backup', 'SE')?.outcome, 'SC');
    assert.equal(outcome('runner-fs-backup', 'LE')?.outcome, 'SC');
    assert.equal(outcome('runner-email-domain', 'LI')?.outcome, d.defence === 'none' ? 'UC' : 'SNC');
    assert.equal(outcome('runner-fs-backup', 'LI')?.outcome, d.defence === 'none' ? 'UC' : 'SC');
  }
});

test('a restoration whose model requests fail goes on with the trigger and scope match, and the report says so for each run', async () => {
  // The model's constraint compilation and restoration requests get a 500 every time; the agent's own requests are answered.
  const { run } = await workspace((request) => (nothingToAdd(request) ? reply.status(500) : forgetfulModel(request)));
  const json = await run(['--defense', 'none', '--defense', 'restore', '--repetitions', '1', '--format', 'json', '--retries', '0']);
  assert.equal(json.code, 0, json.stderr);
  const defences = byDefence(BenchReportSchema.parse(JSON.parse(json.stdout)));
  // Without restoration nothing is restored, so nothing can go wrong doing it.
  assert.ok(defences.none?.runs.every((r) => r.restorationProblems === undefined));
  const restore = defences.restore?.runs ?? [];
  assert.equal(restore.length, 8);
  for (const r of restore) assert.match(r.restorationProblems?.join(' ') ?? '', /compiling the constraints of \d+ user messages? failed \(server-error\)/, `${r.case} ${r.condition}`);
  // The trigger and scope match still restored the backup rule, which this model heeds: only the domain rule's Long Implicit run is unsafe, as with the model's help.
  assert.equal(unsafeCompletions(BenchReportSchema.parse(JSON.parse(json.stdout)), 'none'), 2);
  assert.equal(unsafeCompletions(BenchReportSchema.parse(JSON.parse(json.stdout)), 'restore'), 1);
  // The short and the long histories make one problem each, four runs apiece.
  const markdown = await run(['--defense', 'restore', '--repetitions', '1', '--format', 'markdown', '--retries', '0']);
  assert.match(markdown.stdout, /Restoration fell back to the trigger and scope match:[\s\S]*\| Restoration Only \| 4 of 8 \| compiling the constraints of \d+ user messages failed/);
  const text = await run(['--defense', 'restore', '--repetitions', '1', '--retries', '0']);
  assert.match(text.stdout, /restoration problem in 4 of 8 runs: compiling the constraints of \d+ user messages failed/);
});

test('bench --agent model: usage errors name the missing or misplaced option', async () => {
  const { run, server } = await workspace(forgetfulModel);
  let stderr = '';
  const code = await runCli(['bench', 'cases', '--agent', 'model', '--defense', 'none'], { cwd: REPO_ROOT, env: {}, stdout: () => undefined, stderr: (t) => (stderr += t) });
  assert.equal(code, 2);
  assert.match(stderr, /--agent model needs --model-name/);
  stderr = '';
  assert.equal(await runCli(['bench', 'cases', '--agent', 'replay-safe', '--defense', 'none', '--model-name', 'x'], { cwd: REPO_ROOT, env: {}, stdout: () => undefined, stderr: (t) => (stderr += t) }), 2);
  assert.match(stderr, /only apply with --agent model/);
  assert.match((await run(['--defense', 'none', '--timeout', '0'])).stderr, /--timeout: /);
  assert.match((await run(['--defense', 'none', '--base-url', 'ftp://host'])).stderr, /--base-url: the base URL is an http\(s\) URL/);
  assert.equal(server.requests.length, 0);
});

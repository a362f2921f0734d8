import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';
import { parse as parseJsonc } from 'jsonc-parser';
import { type Sandbox, ccResult, ccToolUse, ccUser, claudeInput, claudeSession, jsonl, permission, pidIn, run, sandbox, spoolOf, until, writeSession } from '../support/hookSandbox';
import { REPO_ROOT } from '../support/shared';

/*
 * The live guard as the agents run it: the built CLI, hook JSON on standard input, a fresh home and
 * cache folder per test. Transcripts are written inline, a few lines each.
 */

describe('hook claude-code', () => {
  test('denies a call that breaks a prohibition: PreToolUse JSON on stdout, exit 0, the constraint quoted', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', claudeSession('Never delete anything under data/raw; it is the only copy.'));
    const out = run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old'));
    assert.equal(out.status, 0, out.stderr);
    const decision = permission(out.stdout);
    assert.equal(decision.hookEventName, 'PreToolUse');
    assert.equal(decision.permissionDecision, 'deny');
    assert.match(decision.permissionDecisionReason, /^ghost-lint blocked this call before it ran/);
    assert.match(decision.permissionDecisionReason, /"Never delete anything under data\/raw; it is the only copy\."/);
    assert.match(decision.permissionDecisionReason, /Do not make this call/);
  });

  test('denies a bare `git commit` on the branch the transcript records (gitBranch), and allows it on a feature branch', () => {
    const box = sandbox();
    const onBranch = (records: object[], gitBranch: string) => records.map((record) => ({ ...record, gitBranch }));
    const onMain = writeSession(box, 'main.jsonl', onBranch(claudeSession('Never commit to main.'), 'main'));
    const denied = permission(run(box, ['hook', 'claude-code'], claudeInput(onMain, 'git commit -am "wip"')).stdout);
    assert.equal(denied.permissionDecision, 'deny');
    assert.match(denied.permissionDecisionReason, /- commit to main, which the user forbade at turn \d+/);
    const onFeature = writeSession(box, 'feature.jsonl', onBranch(claudeSession('Never commit to main.'), 'fix-login'));
    const allowed = run(box, ['hook', 'claude-code'], claudeInput(onFeature, 'git commit -am "wip"'));
    assert.deepEqual([allowed.status, allowed.stdout], [0, '']);
  });

  test('denies a missing prerequisite with the repair plan: the backup command to run first', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', claudeSession('Before you delete anything in temp/, back it up first.'));
    const decision = permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm temp/a.csv')).stdout);
    assert.equal(decision.permissionDecision, 'deny');
    assert.match(decision.permissionDecisionReason, /- delete of temp\/a\.csv without the backup required at turn \d+\n {2}The rule, stated at turn \d+: "Before you delete anything in temp\/, back it up first\."/);
    assert.match(decision.permissionDecisionReason, /Do this first: backup \/proj\/temp\/a\.csv before this call, with Bash: .*cp -a \/proj\/temp\/a\.csv \/proj\/temp\/a\.csv\.bak/);
  });

  test('allows the same deletion once the backup succeeded, silently (no output, exit 0)', () => {
    const box = sandbox();
    const records = [...claudeSession('Before you delete anything in temp/, back it up first.'), ccToolUse('toolu_2', 'cp -a temp/a.csv backup/a.csv'), ccResult('toolu_2', '')];
    const out = run(box, ['hook', 'claude-code'], claudeInput(writeSession(box, 'session.jsonl', records), 'rm temp/a.csv'));
    assert.deepEqual([out.status, out.stdout, out.stderr], [0, '', '']);
  });

  test('asks (a permission prompt for the user) when the broken rule is a confirmation; --confirm deny denies instead', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', claudeSession('Ask me before you push anything to main.'));
    const asked = permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'git push origin main')).stdout);
    assert.equal(asked.permissionDecision, 'ask');
    assert.match(asked.permissionDecisionReason, /^ghost-lint asks before this call runs/);
    assert.match(asked.permissionDecisionReason, /- push to main without the approval required at turn \d+\n {2}The rule, stated at turn \d+: "Ask me before you push anything to main\."/);
    const denied = permission(run(box, ['hook', 'claude-code', '--confirm', 'deny'], claudeInput(path, 'git push origin main')).stdout);
    assert.equal(denied.permissionDecision, 'deny');
    assert.match(denied.permissionDecisionReason, /^ghost-lint blocked this call before it ran/);
  });

  test('judges a call the session already records by its tool_use_id, with the transcript cut just before it', () => {
    const box = sandbox();
    // The file holds the call and even a later result; the guard judges the call as it was proposed.
    const records = [...claudeSession('Never delete anything under data/raw; it is the only copy.'), ccToolUse('toolu_next', 'rm -rf data/raw/old'), ccResult('toolu_next', '')];
    const decision = permission(run(box, ['hook', 'claude-code'], claudeInput(writeSession(box, 'session.jsonl', records), 'rm -rf data/raw/old')).stdout);
    assert.equal(decision.permissionDecision, 'deny');
  });

  test('never fails for what the session cannot cause: a missing cwd, an unknown tool, a session not written yet', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', claudeSession('Never delete anything under data/raw; it is the only copy.'));
    const unknownTool = claudeInput(path, '', { cwd: join(box.root, 'no', 'such', 'folder'), tool_name: 'mcp__weather__forecast', tool_input: { city: 'Kyoto' } });
    assert.deepEqual(run(box, ['hook', 'claude-code'], unknownTool).stdout, '');
    const notWritten = run(box, ['hook', 'claude-code'], claudeInput(join(box.root, 'not-yet.jsonl'), 'rm -rf data/raw/old'));
    assert.deepEqual([notWritten.status, notWritten.stdout], [0, '']);
    // Wired to another event by mistake: it stays out of the way.
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old', { hook_event_name: 'PostToolUse' })).stdout, '');
  });

  test('fails safe: denies by default when it cannot check the call; --on-error and GHOST_LINT_ON_ERROR change that', () => {
    const box = sandbox();
    const broken = run(box, ['hook', 'claude-code'], '{"tool_name": ');
    assert.equal(broken.status, 0);
    const denied = permission(broken.stdout);
    assert.equal(denied.permissionDecision, 'deny');
    assert.match(denied.permissionDecisionReason, /could not check this call \(the hook input is not JSON/);
    const allowed = run(box, ['hook', 'claude-code', '--on-error', 'allow'], '{"tool_name": ');
    assert.deepEqual([allowed.status, allowed.stdout], [0, '']);
    assert.match(allowed.stderr, /could not check this call/);
    assert.equal(permission(run(box, ['hook', 'claude-code'], 'not json', { GHOST_LINT_ON_ERROR: 'ask' }).stdout).permissionDecision, 'ask');
    // A session file that is not a transcript is a failure to check, not a pass.
    const garbage = join(box.root, 'garbage.jsonl');
    writeFileSync(garbage, 'this is not a session\n');
    const unread = permission(run(box, ['hook', 'claude-code'], claudeInput(garbage, 'ls')).stdout);
    assert.equal(unread.permissionDecision, 'deny');
    // Named as the input problem it is, not as an internal error.
    assert.match(unread.permissionDecisionReason, /could not check this call \(.*garbage\.jsonl is not a transcript ghost-lint reads/);
    // And a session path that names no file: a folder is named as such, a pipe is not waited on.
    const folder = permission(run(box, ['hook', 'claude-code'], claudeInput(box.project, 'ls')).stdout);
    assert.equal(folder.permissionDecision, 'deny');
    assert.match(folder.permissionDecisionReason, /could not check this call \(the session file .*project is not a file\)/);
    assert.doesNotMatch(`${folder.permissionDecisionReason}${unread.permissionDecisionReason}`, /internal error/);
    const pipe = join(box.root, 'session.fifo');
    assert.equal(spawnSync('mkfifo', [pipe]).status, 0);
    assert.match(permission(run(box, ['hook', 'claude-code'], claudeInput(pipe, 'ls')).stdout).permissionDecisionReason, /the session file .*session\.fifo is not a file/);
    const gate = run(box, ['gate'], JSON.stringify({ session: { path: box.project }, call: { name: 'Bash', arguments: { command: 'ls' } } }));
    assert.equal(gate.status, 2);
    assert.match(gate.stderr, /gate: the session file .*project is not a file/);
    // So is a bad flag: the settings were edited by hand.
    assert.equal(permission(run(box, ['hook', 'claude-code', '--on-error', 'maybe'], claudeInput(garbage, 'ls')).stdout).permissionDecision, 'deny');
    assert.equal(permission(run(box, ['hook', 'claude-code'], JSON.stringify({ hook_event_name: 'PreToolUse' })).stdout).permissionDecision, 'deny');
  });

  test('flags take --name value or --name=value, --policy more than once; an unknown flag or a missing value fails safe', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', claudeSession('Ask me before you push anything.'));
    const askFor = (args: readonly string[]) => permission(run(box, ['hook', 'claude-code', ...args], claudeInput(path, 'git push origin main')).stdout).permissionDecision;
    assert.equal(askFor([]), 'ask');
    assert.equal(askFor(['--confirm=deny']), 'deny');
    assert.equal(askFor(['--confirm', 'ask', '--confirm', 'deny']), 'deny');
    assert.equal(askFor(['--confirm', 'deny', '--']), 'deny');
    writeFileSync(join(box.root, 'a.yaml'), 'rules:\n  - id: keep-raw\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: ["data/raw/**"] }\n    statement: Raw data is never deleted.\n');
    writeFileSync(join(box.root, 'b.yaml'), 'rules:\n  - id: keep-logs\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: ["logs/**"] }\n    statement: Logs are never deleted.\n');
    const policies = ['--policy', join(box.root, 'a.yaml'), `--policy=${join(box.root, 'b.yaml')}`];
    for (const [command, statement] of [['rm -rf data/raw/old', /Raw data is never deleted/], ['rm -rf logs/old', /Logs are never deleted/]] as const) {
      const decision = permission(run(box, ['hook', 'claude-code', ...policies], claudeInput(path, command)).stdout);
      assert.equal(decision.permissionDecision, 'deny');
      assert.match(decision.permissionDecisionReason, statement);
    }
    for (const [args, problem] of [
      [['--bogus'], /unknown option "--bogus"/],
      [['-x'], /unknown option "-x"/],
      [['extra'], /unexpected argument "extra"/],
      [['--', 'extra'], /unexpected argument "extra"/],
      [['--confirm'], /option "--confirm" needs a value/],
      [['--policy', '--on-error=deny'], /option "--policy" needs a value/],
    ] as const) {
      // Flags that cannot be read cannot set --on-error either: the environment's answer applies.
      const failed = run(box, ['hook', 'claude-code', ...args], claudeInput(path, 'ls'), { GHOST_LINT_ON_ERROR: 'allow' });
      assert.deepEqual([failed.status, failed.stdout], [0, '']);
      assert.match(failed.stderr, problem);
    }
  });

  test('a workspace policy governs the call even in a session that states nothing', () => {
    const box = sandbox();
    writeFileSync(join(box.project, '.ghost-lint.yaml'), 'rules:\n  - id: keep-raw\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: ["data/raw/**"] }\n    statement: Raw data is never deleted.\n');
    const path = writeSession(box, 'session.jsonl', [ccUser('Tidy up the workspace please.'), ccToolUse('toolu_1', 'ls')]);
    const decision = permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old', { cwd: box.project })).stdout);
    assert.equal(decision.permissionDecision, 'deny');
    assert.match(decision.permissionDecisionReason, /"Raw data is never deleted\."/);
  });
});

// --- the ledger cache ----------------------------------------------------------------------------

/** Makes loading the engine (dist/commands.js or dist/hook-judge.js, required or read for the code cache) fail: a call answered without it took the quick path. */
function engineTrap(box: Sandbox): string[] {
  const trap = join(box.root, 'no-engine.js');
  writeFileSync(
    trap,
    [
      "const Module = require('module');",
      "const fs = require('fs');",
      'const engine = /(commands|hookJudge)\\.js$/;',
      'const load = Module._load;',
      "Module._load = function (request, ...rest) {\n  if (engine.test(request)) throw new Error('engine loaded');\n  return load.call(this, request, ...rest);\n};",
      'const read = fs.readFileSync;',
      "fs.readFileSync = function (path, ...rest) {\n  if (engine.test(String(path))) throw new Error('engine loaded');\n  return read.call(this, path, ...rest);\n};",
      '',
    ].join('\n'),
  );
  return ['--require', trap];
}

function cacheRecords(box: Sandbox): { bytes: number; stated: boolean; path: string }[] {
  const folder = join(box.cache, 'ghost-lint');
  // The quick path's records (`.json`); the audit states and compiled code beside them are not records.
  const records = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  return records.map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as { bytes: number; stated: boolean; path: string });
}

describe('ledger cache', () => {
  test('a session file that only grew is read from where the cache stopped; new constraints and rewrites are seen', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', [ccUser('List the data folder please.'), ccToolUse('toolu_1', 'ls data'), ccResult('toolu_1', 'raw')]);
    // First call: the engine reads the whole file and leaves a record.
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old')).stdout, '');
    const [first] = cacheRecords(box);
    assert.deepEqual([first?.path, first?.bytes, first?.stated], [path, readFileSync(path).length, false]);

    // The agent worked on: the next call is answered from the new lines alone, without loading the engine.
    appendFileSync(path, jsonl([ccToolUse('toolu_2', 'cat data/raw/a.csv'), ccResult('toolu_2', 'x,y')]));
    const quick = run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old'), {}, engineTrap(box));
    assert.deepEqual([quick.status, quick.stdout, quick.stderr], [0, '', '']);
    assert.equal(cacheRecords(box)[0]?.bytes, readFileSync(path).length);

    // The user states a constraint: the new line holds a user message, so the engine judges the call.
    appendFileSync(path, jsonl([ccUser('Never delete anything under data/raw.')]));
    assert.equal(permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old'), {}, engineTrap(box)).stdout).permissionDecision, 'deny');
    assert.match(permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old')).stdout).permissionDecisionReason, /Never delete anything under data\/raw/);
    assert.equal(cacheRecords(box)[0]?.stated, true);

    // Rewritten (not grown): the cache no longer applies and the whole file is read again.
    writeSession(box, 'session.jsonl', [ccUser('Start over: list the reports.'), ccToolUse('toolu_9', 'ls reports')]);
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old')).stdout, '');
    assert.deepEqual([cacheRecords(box)[0]?.bytes, cacheRecords(box)[0]?.stated], [readFileSync(path).length, false]);
  });

  test('a rejection whose reason states a rule is read with the call it answers, though that call was in earlier lines', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', [ccUser('Tidy up the data folder.'), ccToolUse('toolu_1', 'ls data'), ccResult('toolu_1', 'raw')]);
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'ls data')).stdout, '');
    // The next call is recorded, then rejected in the permission prompt with a reason: a rule the person states.
    appendFileSync(path, jsonl([ccToolUse('toolu_2', 'rm -rf data/raw/old')]));
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'ls data')).stdout, '');
    const rejection = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nNever delete anything under data/raw.";
    appendFileSync(path, jsonl([ccResult('toolu_2', rejection, true)]));
    assert.equal(permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/new')).stdout).permissionDecision, 'deny');
  });
});

/** The routes each bundle's code cache was written after (its first line), by bundle. */
function codeCacheRoutes(box: Sandbox): Record<string, string[]> {
  const folder = join(box.cache, 'ghost-lint');
  const caches = readdirSync(folder).filter((name) => name.endsWith('.v8'));
  return Object.fromEntries(caches.map((name) => [name.replace(/^code-|(-[0-9a-f]+){2}\.v8$/g, ''), readFileSync(join(folder, name), 'latin1').split('\n', 1)[0]?.split(',').filter((route) => route !== '') ?? []]));
}

describe('code cache', () => {
  test('a bundle cache is written again by the first call that takes a route through the bundle it was not written after', () => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.'), ccToolUse('toolu_1', 'ls data'), ccResult('toolu_1', 'raw')]);
    // The first call reads the whole session.
    assert.equal(permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/old')).stdout).permissionDecision, 'deny');
    assert.deepEqual([codeCacheRoutes(box)['launcher.js'], codeCacheRoutes(box)['hook-judge.js']], [['hook-judge'], ['whole']]);
    // The next moves the cached audit state over the new lines: the guard's cache is written again with that route too.
    appendFileSync(path, jsonl([ccToolUse('toolu_2', 'ls data/raw'), ccResult('toolu_2', 'a.csv')]));
    assert.equal(permission(run(box, ['hook', 'claude-code'], claudeInput(path, 'rm -rf data/raw/a.csv')).stdout).permissionDecision, 'deny');
    assert.deepEqual(codeCacheRoutes(box)['hook-judge.js'], ['whole', 'resumed']);
    // A call that binds to nothing is allowed from the cached state alone.
    appendFileSync(path, jsonl([ccToolUse('toolu_3', 'ls data/raw'), ccResult('toolu_3', 'a.csv')]));
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'ls data')).stdout, '');
    assert.deepEqual(codeCacheRoutes(box)['hook-judge.js'], ['whole', 'resumed', 'quick']);
    // A route already covered leaves the cache as it is.
    const before = readdirSync(join(box.cache, 'ghost-lint')).map((name) => [name, readFileSync(join(box.cache, 'ghost-lint', name)).length]);
    appendFileSync(path, jsonl([ccToolUse('toolu_4', 'ls data/raw'), ccResult('toolu_4', 'a.csv')]));
    assert.equal(run(box, ['hook', 'claude-code'], claudeInput(path, 'ls data')).stdout, '');
    assert.deepEqual(codeCacheRoutes(box)['hook-judge.js'], ['whole', 'resumed', 'quick']);
    assert.deepEqual(
      readdirSync(join(box.cache, 'ghost-lint')).filter((name) => name.endsWith('.v8')).map((name) => [name, readFileSync(join(box.cache, 'ghost-lint', name)).length]),
      before.filter(([name]) => String(name).endsWith('.v8')),
    );
  });
});

test('two installs sharing a cache folder keep their own caches; a new build replaces only the cache of its own install', () => {
  const root = mkdtempSync(join(tmpdir(), 'ghost-lint-code-cache-'));
  const cache = join(root, 'cache');
  const installs = [join(root, 'extension'), join(root, 'global')];
  const bundle = (install: string, body: string) => {
    mkdirSync(install, { recursive: true });
    writeFileSync(join(install, 'bundle.js'), `module.exports = ${body};`);
  };
  // Each load is its own process: the cache is written as the process exits.
  const load = (install: string) => {
    const script = `const { loadCompiled } = require(${JSON.stringify(join(REPO_ROOT, 'server/src/cli/hook/compiled.ts'))}); process.stdout.write(String(loadCompiled(${JSON.stringify(join(install, 'bundle.js'))}, ${JSON.stringify(cache)})));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    return child.stdout;
  };
  const caches = () => readdirSync(cache).filter((name) => name.endsWith('.v8')).sort();
  for (const install of installs) bundle(install, '1');
  assert.deepEqual(installs.map(load), ['1', '1']);
  const both = caches();
  assert.equal(both.length, 2);
  // A rebuild of the global install (another size) replaces its cache, and leaves the extension's.
  bundle(installs[1] as string, '22');
  assert.equal(load(installs[1] as string), '22');
  const after = caches();
  assert.equal(after.length, 2);
  assert.equal(after.filter((name) => both.includes(name)).length, 1);
  assert.equal(load(installs[0] as string), '1');
  assert.deepEqual(caches(), after);
});

// --- Codex ---------------------------------------------------------------------------------------

function codexSession(constraint: string): string {
  const item = (payload: object) => ({ timestamp: '2026-09-27T14:14:28.362Z', type: 'response_item', payload });
  return jsonl([
    { timestamp: '2026-09-27T14:14:12.161Z', type: 'session_meta', payload: { id: 'c0dex', timestamp: '2026-09-27T14:14:11.306Z', cwd: '/home/dev/api', originator: 'codex_cli_rs', cli_version: '0.77.0' } },
    item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: constraint }] }),
    item({ type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'git status'] }), call_id: 'call_1' }),
    item({ type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: 'On branch main', metadata: { exit_code: 0, duration_seconds: 0.1 } }) }),
  ]);
}

function codexInput(transcriptPath: string, command: string, toolName = 'Bash'): string {
  return JSON.stringify({
    session_id: 'c0dex',
    turn_id: 'turn-2',
    transcript_path: transcriptPath,
    cwd: '/home/dev/api',
    hook_event_name: 'PreToolUse',
    model: 'gpt-5-codex',
    permission_mode: 'default',
    tool_name: toolName,
    tool_input: { command },
    tool_use_id: 'call_2',
  });
}

describe('hook codex', () => {
  test('denies with a PreToolUse permission decision, and never answers "ask" (Codex would run the call)', () => {
    const box = sandbox();
    const path = join(box.root, 'rollout.jsonl');
    writeFileSync(path, codexSession("Please don't force-push to main."));
    const out = run(box, ['hook', 'codex'], codexInput(path, 'git push --force origin main'));
    assert.equal(out.status, 0, out.stderr);
    const decision = permission(out.stdout);
    assert.deepEqual([decision.hookEventName, decision.permissionDecision], ['PreToolUse', 'deny']);
    assert.match(decision.permissionDecisionReason, /"Please don't force-push to main\."/);
    assert.equal(run(box, ['hook', 'codex'], codexInput(path, 'git push origin feature/retry')).stdout, '');

    writeFileSync(path, codexSession('Ask me before you push anything to main.'));
    assert.equal(permission(run(box, ['hook', 'codex'], codexInput(path, 'git push origin main')).stdout).permissionDecision, 'deny');
    assert.equal(permission(run(box, ['hook', 'codex'], 'garbage', { GHOST_LINT_ON_ERROR: 'ask' }).stdout).permissionDecision, 'deny');
  });

  test('reads apply_patch calls by the files the patch touches', () => {
    const box = sandbox();
    const path = join(box.root, 'rollout.jsonl');
    writeFileSync(path, codexSession('Never delete anything under migrations/.'));
    const patch = '*** Begin Patch\n*** Delete File: migrations/0001_init.sql\n*** End Patch\n';
    assert.equal(permission(run(box, ['hook', 'codex'], codexInput(path, patch, 'apply_patch')).stdout).permissionDecision, 'deny');
  });
});

// --- Gemini CLI ----------------------------------------------------------------------------------

function geminiSession(constraint: string): string {
  return jsonl([
    { sessionId: 'gem-1', projectHash: 'abc', startTime: '2025-12-06T15:00:00.000Z', lastUpdated: '2025-12-06T15:05:00.000Z' },
    { id: 'msg-1', timestamp: '2025-12-06T15:00:00.000Z', type: 'user', content: constraint },
    {
      id: 'msg-2',
      timestamp: '2025-12-06T15:00:10.000Z',
      type: 'gemini',
      content: 'Listing the folder.',
      toolCalls: [{ id: 'run_shell_command-1', name: 'run_shell_command', args: { command: 'ls data' }, result: [{ functionResponse: { id: 'run_shell_command-1', name: 'run_shell_command', response: { output: 'raw' } } }], status: 'success', timestamp: '2025-12-06T15:00:08.000Z' }],
    },
  ]);
}

function geminiInput(transcriptPath: string, command: string): string {
  return JSON.stringify({ session_id: 'gem-1', transcript_path: transcriptPath, cwd: '/proj', hook_event_name: 'BeforeTool', timestamp: '2025-12-06T15:01:00.000Z', tool_name: 'run_shell_command', tool_input: { command } });
}

describe('hook gemini-cli', () => {
  test('BeforeTool: {"decision": "deny", "reason"} for a violation, "ask" for a confirmation, nothing for an allowed call', () => {
    const box = sandbox();
    const path = join(box.root, 'session.jsonl');
    writeFileSync(path, geminiSession('Never delete anything under data/raw.'));
    const out = run(box, ['hook', 'gemini-cli'], geminiInput(path, 'rm -rf data/raw'));
    assert.equal(out.status, 0, out.stderr);
    const denied = JSON.parse(out.stdout) as { decision: string; reason: string };
    assert.deepEqual(Object.keys(denied), ['decision', 'reason']);
    assert.equal(denied.decision, 'deny');
    assert.match(denied.reason, /"Never delete anything under data\/raw\."/);
    assert.equal(run(box, ['hook', 'gemini-cli'], geminiInput(path, 'ls data')).stdout, '');

    writeFileSync(path, geminiSession('Ask me before you push anything to main.'));
    const asked = JSON.parse(run(box, ['hook', 'gemini-cli'], geminiInput(path, 'git push origin main')).stdout) as { decision: string; reason: string; systemMessage: string };
    assert.equal(asked.decision, 'ask');
    assert.equal(asked.systemMessage, asked.reason);
  });
});

// --- install / uninstall -------------------------------------------------------------------------

function readJsonc(path: string): unknown {
  return parseJsonc(readFileSync(path, 'utf8'));
}

describe('hook install / uninstall', () => {
  test('claude-code --user: creates settings.json when there is none; uninstall leaves no hook behind', () => {
    const box = sandbox();
    const installed = run(box, ['hook', 'install', 'claude-code'], '');
    assert.equal(installed.status, 0, installed.stderr);
    const file = join(box.home, '.claude', 'settings.json');
    const settings = readJsonc(file) as { hooks: { PreToolUse: { matcher: string; hooks: { type: string; command: string; timeout: number }[] }[] } };
    assert.equal(settings.hooks.PreToolUse.length, 1);
    const [group] = settings.hooks.PreToolUse;
    assert.equal(group?.matcher, '*');
    // Through the hook server unless --no-server.
    assert.match(group?.hooks[0]?.command ?? '', /cli\.js hook claude-code --server$/);
    assert.equal(existsSync(`${file}.ghost-lint-backup`), false);
    // Installing again keeps one entry, replaced by the one asked for.
    run(box, ['hook', 'install', 'claude-code', '--user', '--no-server'], '');
    assert.equal((readJsonc(file) as typeof settings).hooks.PreToolUse.length, 1);
    assert.match((readJsonc(file) as typeof settings).hooks.PreToolUse[0]?.hooks[0]?.command ?? '', /cli\.js hook claude-code$/);
    assert.equal(run(box, ['hook', 'uninstall', 'claude-code'], '').status, 0);
    assert.deepEqual(readJsonc(file), {});
  });

  test('claude-code --project: merges with existing hooks, keeps a backup, and uninstall removes exactly its entry', async () => {
    const box = sandbox();
    const file = join(box.project, '.claude', 'settings.json');
    mkdirSync(join(box.project, '.claude'));
    const original = {
      permissions: { allow: ['Bash(npm test)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'npx cc-safety-net' }] }],
        PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'prettier --write' }] }],
      },
    };
    const text = `${JSON.stringify(original, null, 2)}\n`;
    writeFileSync(file, text);
    const out = run(box, ['hook', 'install', 'claude-code', '--project'], '');
    assert.match(out.stdout, /installed the ghost-lint hook for claude-code in .*\.claude\/settings\.json \(backup: .*settings\.json\.ghost-lint-backup\)/);
    assert.equal(readFileSync(`${file}.ghost-lint-backup`, 'utf8'), text);
    const merged = readJsonc(file) as typeof original;
    assert.equal(merged.hooks.PreToolUse.length, 2);
    assert.deepEqual(merged.hooks.PreToolUse[0], original.hooks.PreToolUse[0]);
    assert.deepEqual(merged.hooks.PostToolUse, original.hooks.PostToolUse);
    assert.deepEqual(merged.permissions, original.permissions);

    // The installed command is a working hook.
    const command = (merged.hooks.PreToolUse[1]?.hooks[0] as { command: string }).command;
    const session = writeSession(box, 'session.jsonl', claudeSession('Never delete anything under data/raw.'));
    const hooked = spawnSync('sh', ['-c', command], { input: claudeInput(session, 'rm -rf data/raw'), encoding: 'utf8', env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache } });
    assert.equal(permission(hooked.stdout).permissionDecision, 'deny');
    // It started the hook server for the next calls, which this test stops.
    await until(() => pidIn(spoolOf(box)) !== undefined, 'the hook server starting');
    process.kill(pidIn(spoolOf(box)) as number);

    assert.equal(run(box, ['hook', 'uninstall', 'claude-code', '--project'], '').status, 0);
    assert.deepEqual(readJsonc(file), original);
    assert.match(run(box, ['hook', 'uninstall', 'claude-code', '--project'], '').stdout, /nothing changed/);
  });

  test('gemini-cli: comments and other hooks in settings.json survive install and uninstall', () => {
    const box = sandbox();
    const file = join(box.home, '.gemini', 'settings.json');
    mkdirSync(join(box.home, '.gemini'));
    const text = '{\n  // my theme\n  "theme": "GitHub",\n  "hooks": {\n    "BeforeTool": [\n      { "matcher": "write_file", "hooks": [{ "type": "command", "command": "./lint.sh" }] }\n    ]\n  }\n}\n';
    writeFileSync(file, text);
    assert.equal(run(box, ['hook', 'install', 'gemini-cli'], '').status, 0);
    const installed = readFileSync(file, 'utf8');
    assert.match(installed, /\/\/ my theme/);
    const groups = (parseJsonc(installed) as { hooks: { BeforeTool: { matcher?: string; hooks: { name?: string; command: string; timeout: number }[] }[] } }).hooks.BeforeTool;
    assert.equal(groups.length, 2);
    assert.equal(groups[1]?.matcher, undefined);
    assert.deepEqual([groups[1]?.hooks[0]?.name, groups[1]?.hooks[0]?.timeout], ['ghost-lint', 60000]);
    assert.match(groups[1]?.hooks[0]?.command ?? '', /hook gemini-cli --server$/);
    run(box, ['hook', 'uninstall', 'gemini-cli'], '');
    assert.match(readFileSync(file, 'utf8'), /\/\/ my theme/);
    assert.deepEqual(readJsonc(file), parseJsonc(text));
  });

  test('codex: a marked block appended to config.toml, trusted via /hooks; uninstall restores the file as it was', () => {
    const box = sandbox();
    const file = join(box.home, '.codex', 'config.toml');
    mkdirSync(join(box.home, '.codex'));
    const text = '# my codex settings\nmodel = "gpt-5-codex"\n\n[[hooks.PreToolUse]]\nmatcher = "^Bash$"\n\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "npx cc-safety-net"\n';
    writeFileSync(file, text);
    const out = run(box, ['hook', 'install', 'codex'], '');
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, /trust the ghost-lint entry/);
    const installed = readFileSync(file, 'utf8');
    assert.ok(installed.startsWith(text), 'the existing text is kept as it was');
    assert.match(installed, /\[\[hooks\.PreToolUse\]\]\n\[\[hooks\.PreToolUse\.hooks\]\]\ntype = "command"\ncommand = ".*hook codex --server"\ntimeout = 60\n/);
    assert.equal(readFileSync(`${file}.ghost-lint-backup`, 'utf8'), text);
    run(box, ['hook', 'install', 'codex'], '');
    assert.equal(readFileSync(file, 'utf8'), installed, 'installing twice changes nothing');
    run(box, ['hook', 'uninstall', 'codex'], '');
    assert.equal(readFileSync(file, 'utf8'), text);
  });

  test('codex: hooks declared as a plain array cannot take an appended table, so the file is rewritten whole', () => {
    const box = sandbox();
    const file = join(box.project, '.codex', 'config.toml');
    mkdirSync(join(box.project, '.codex'));
    writeFileSync(file, '[hooks]\nPreToolUse = []\n');
    const out = run(box, ['hook', 'install', 'codex', '--project'], '');
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stderr, /rewritten whole/);
    assert.match(readFileSync(file, 'utf8'), /hook codex/);
    run(box, ['hook', 'uninstall', 'codex', '--project'], '');
    assert.doesNotMatch(readFileSync(file, 'utf8'), /hook codex/);
  });

  test('usage errors: an unknown agent, both scopes', () => {
    const box = sandbox();
    assert.equal(run(box, ['hook', 'install', 'cursor'], '').status, 2);
    assert.equal(run(box, ['hook', 'install', 'codex', '--user', '--project'], '').status, 2);
  });
});

// --- gate ----------------------------------------------------------------------------------------

const CHAT = {
  messages: [
    { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_files', arguments: '{"path": "temp/"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'a.csv' },
  ],
};

describe('gate', () => {
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', 'gate-response.schema.json'), 'utf8')) as object);

  test('a call that breaks a constraint: verdict deny, the reason and the repair plan, exit 1', () => {
    const box = sandbox();
    const out = run(box, ['gate'], JSON.stringify({ session: { transcript: CHAT }, call: { name: 'delete_file', arguments: { path: 'temp/a.csv' } } }));
    assert.equal(out.status, 1, out.stderr);
    const verdict = JSON.parse(out.stdout) as { verdict: string; reason: string; findings: { ruleId: string; repair?: { kind: string } }[]; call: { recorded: boolean } };
    assert.ok(validate(verdict), JSON.stringify(validate.errors));
    assert.equal(verdict.verdict, 'deny');
    assert.match(verdict.reason, /"Before you delete anything in temp\/, back it up first\."/);
    assert.deepEqual(verdict.findings.map((f) => [f.ruleId, f.repair?.kind]), [['prerequisite-missing', 'prerequisite']]);
    assert.equal(verdict.call.recorded, false);
  });

  test('an allowed call exits 0; a request that cannot be read gets the fail-safe verdict and exit 2', () => {
    const box = sandbox();
    const allowed = run(box, ['gate'], JSON.stringify({ session: { transcript: CHAT }, call: { name: 'list_files', arguments: '{"path": "temp/"}' } }));
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal((JSON.parse(allowed.stdout) as { verdict: string }).verdict, 'allow');
    const bad = run(box, ['gate'], JSON.stringify({ call: { arguments: {} } }));
    assert.equal(bad.status, 2);
    const failed = JSON.parse(bad.stdout) as { verdict: string; error: string };
    assert.ok(validate(failed));
    assert.equal(failed.verdict, 'deny');
    assert.match(failed.error, /call\.name/);
    assert.equal((JSON.parse(run(box, ['gate', '--on-error', 'allow'], 'nope').stdout) as { verdict: string }).verdict, 'allow');
  });
});

// --- what a later transcript shows ---------------------------------------------------------------

describe('a call the guard denied, in the later transcript', () => {
  function checkJson(box: Sandbox, name: string, text: string): { ruleId: string; level: string; callId?: string }[] {
    const path = join(box.project, name);
    writeFileSync(path, text);
    const out = run(box, ['check', name, '--format', 'json'], '');
    const report = JSON.parse(out.stdout) as { files: { sessions: { findings: { ruleId: string; level: string; callId?: string }[] }[] }[] };
    return report.files[0]?.sessions[0]?.findings.filter((f) => f.callId !== undefined) ?? [];
  }

  test('Claude Code: the deny reason (or its generic "Hook PreToolUse:… denied this tool") makes the call stopped, reported as call-stopped', () => {
    const box = sandbox();
    const session = claudeSession('Never delete anything under data/raw; it is the only copy.');
    const input = JSON.parse(claudeInput(join(box.root, 'cut.jsonl'), 'rm -rf data/raw/old')) as { tool_use_id: string };
    writeSession(box, 'cut.jsonl', session);
    const reason = permission(run(box, ['hook', 'claude-code'], claudeInput(join(box.root, 'cut.jsonl'), 'rm -rf data/raw/old')).stdout).permissionDecisionReason;
    for (const text of [reason, 'Hook PreToolUse:Bash denied this tool']) {
      const later = jsonl([...session, ccToolUse(input.tool_use_id, 'rm -rf data/raw/old'), ccResult(input.tool_use_id, text, true)]);
      assert.deepEqual(
        checkJson(box, 'later.jsonl', later).map((f) => [f.ruleId, f.level, f.callId]),
        [['call-stopped', 'note', input.tool_use_id]],
      );
    }
  });

  test('Codex ("Command blocked by PreToolUse hook: …") and Gemini CLI ("Tool execution blocked: …") likewise', () => {
    const box = sandbox();
    const reason = 'ghost-lint blocked this call before it ran: it breaks a constraint stated earlier in this session.';
    const rollout = `${codexSession("Please don't force-push to main.")}${jsonl([
      { timestamp: '2026-09-27T14:15:00.000Z', type: 'response_item', payload: { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'git push --force origin main'] }), call_id: 'call_2' } },
      { timestamp: '2026-09-27T14:15:01.000Z', type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_2', output: `Command blocked by PreToolUse hook: ${reason}. Command: git push --force origin main` } },
    ])}`;
    assert.deepEqual(checkJson(box, 'rollout.jsonl', rollout).map((f) => [f.ruleId, f.callId]), [['call-stopped', 'call_2']]);

    const blocked = {
      id: 'msg-3',
      timestamp: '2025-12-06T15:01:00.000Z',
      type: 'gemini',
      content: 'Removing it.',
      toolCalls: [{ id: 'run_shell_command-2', name: 'run_shell_command', args: { command: 'rm -rf data/raw' }, result: [{ functionResponse: { id: 'run_shell_command-2', name: 'run_shell_command', response: { error: `Tool execution blocked: ${reason}` } } }], status: 'error', timestamp: '2025-12-06T15:01:00.000Z' }],
    };
    const gemini = `${geminiSession('Never delete anything under data/raw.')}${jsonl([blocked])}`;
    assert.deepEqual(checkJson(box, 'gemini.jsonl', gemini).map((f) => [f.ruleId, f.callId]), [['call-stopped', 'run_shell_command-2']]);
  });
});

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CLI } from '../support/cli';
import { type Run, type Sandbox, ccResult, ccToolUse, ccUser, claudeInput, jsonl, permission, pidIn, run, sandbox, spoolOf, startServer, stopServers, until, writeSession } from '../support/hookSandbox';

/*
 * The hook server (`hook serve`) and the hook calls that use it (`hook <agent> --server`), as the
 * agents run them: the built CLI, a fresh home and cache folder per sandbox. Every answer the server
 * gives must be the one the hook process gives on its own; every way the server can be missing,
 * stuck or untrusted must end in the hook process judging the call itself.
 */

const project = (box: Sandbox) => ({ cwd: box.project });

/** The same call as a hook process alone and through the server: both answers, which must be equal. */
function bothWays(box: Sandbox, agent: string, input: string): Run {
  const alone = run(box, ['hook', agent], input);
  const served = run(box, ['hook', agent, '--server'], input);
  assert.deepEqual(served, alone, `the server's answer to ${input.slice(0, 160)}…`);
  return served;
}

after(stopServers);

describe('hook server', () => {
  test('answers every call as the hook process does: deny, ask, allow, a grown session, a workspace policy', async () => {
    const box = sandbox();
    const server = await startServer(box);
    const path = writeSession(box, 'session.jsonl', [
      ccUser('Never delete anything under data/raw. Always back up data/old before deleting it. Ask me before you push to main.'),
      ccToolUse('toolu_1', 'ls data'),
      ccResult('toolu_1', 'raw\nold'),
      ccUser('Thanks. Now tidy up the workspace.'),
    ]);
    const decisions: string[] = [];
    const decide = (command: string, extra: Record<string, unknown> = {}) => {
      const answer = bothWays(box, 'claude-code', claudeInput(path, command, extra));
      assert.equal(answer.status, 0, answer.stderr);
      decisions.push(answer.stdout === '' ? 'allow' : permission(answer.stdout).permissionDecision);
    };
    decide('rm -rf data/raw');
    decide('ls build');
    decide('git push origin main');
    decide('rm -rf data/old');
    // The session grows between calls, as it does while the agent works: the backup is made.
    appendFileSync(path, jsonl([ccToolUse('toolu_2', 'cp -r data/old backup/old'), ccResult('toolu_2', '')]));
    decide('rm -rf data/old', { tool_use_id: 'toolu_3' });
    decide('rm -rf data/raw/2024', { tool_use_id: 'toolu_3' });
    // A workspace policy: the whole engine judges, in the server as in the hook process.
    writeFileSync(join(box.project, '.ghost-lint.yaml'), 'rules:\n  - id: keep-logs\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: ["logs/**"] }\n    statement: Logs are never deleted.\n');
    decide('rm -rf logs/2024', { tool_use_id: 'toolu_4', ...project(box) });
    assert.deepEqual(decisions, ['deny', 'allow', 'ask', 'deny', 'allow', 'deny', 'deny']);
    // A bad hook input is answered as the hook process answers it: fail-safe, with the problem named.
    const broken = bothWays(box, 'claude-code', '{"tool_name": ');
    assert.match(permission(broken.stdout).permissionDecisionReason, /could not check this call \(the hook input is not JSON/);
    assert.equal(server.served(), decisions.length + 1, 'the server answered every --server call');
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    assert.equal(existsSync(spoolOf(box).pidFile), false, 'a stopped server leaves no process id file');
    assert.match(server.log(), /stopping: SIGTERM/);
  });

  test('the first call with no server running is judged by the hook process, and starts one for the next calls', async (t) => {
    const box = sandbox();
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.'), ccToolUse('toolu_1', 'ls'), ccResult('toolu_1', 'data')]);
    const first = run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw', project(box)));
    assert.equal(permission(first.stdout).permissionDecision, 'deny');
    const spool = spoolOf(box);
    await until(() => pidIn(spool) !== undefined, 'a server starting');
    const pid = pidIn(spool) as number;
    t.after(() => spawnSync('kill', [String(pid)]));
    assert.equal(permission(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw/x', project(box))).stdout).permissionDecision, 'deny');
    assert.equal(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'ls data', project(box))).stdout, '');
    // Every call was taken and its answer collected: the spool is empty again.
    assert.deepEqual([readdirSync(spool.requests), readdirSync(spool.answers)], [[], []]);
    process.kill(pid, 'SIGTERM');
    await until(() => !existsSync(spool.pidFile), 'the started server stopping');
  });

  test('a server that does not take the call: after 2 s the call is withdrawn and judged by the hook process; the call it left held none of the environment but the guard\'s', async () => {
    const box = sandbox();
    const spool = spoolOf(box);
    for (const folder of [spool.requests, spool.answers]) mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(join(spool.folder, '..'), 0o700);
    // A live process that is not a server: this test's own.
    writeFileSync(spool.pidFile, `${process.pid}\n`);
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.'), ccToolUse('toolu_1', 'ls'), ccResult('toolu_1', 'data')]);
    const started = Date.now();
    const client = spawn(process.execPath, [CLI, 'hook', 'claude-code', '--server'], { cwd: box.project, env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache, OPENAI_API_KEY: 'sk-test-not-for-the-spool' } });
    let stdout = '';
    client.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => client.once('exit', resolve));
    client.stdin.end(claudeInput(path, 'rm -rf data/raw', project(box)));
    await until(() => readdirSync(spool.requests).some((name) => name.endsWith('.json')), 'the call handed over');
    const [handed = ''] = readdirSync(spool.requests).filter((name) => name.endsWith('.json'));
    const request = JSON.parse(readFileSync(join(spool.requests, handed), 'utf8')) as { env: Record<string, string> };
    assert.deepEqual(Object.keys(request.env).sort(), ['HOME', 'XDG_CACHE_HOME']);
    assert.equal(await exited, 0);
    assert.equal(permission(stdout).permissionDecision, 'deny');
    assert.ok(Date.now() - started >= 2_000, 'it waited for the server to take the call');
    assert.deepEqual(readdirSync(spool.requests), [], 'the withdrawn request is gone');
    assert.equal(pidIn(spool), process.pid, 'a running server is not replaced');
  });

  test('a process id file left by a killed server: the call is judged by the hook process, and a new server takes over', async () => {
    const box = sandbox();
    const spool = spoolOf(box);
    mkdirSync(spool.folder, { recursive: true, mode: 0o700 });
    chmodSync(join(spool.folder, '..'), 0o700);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(spool.pidFile, `${gone}\n`);
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.'), ccToolUse('toolu_1', 'ls'), ccResult('toolu_1', 'data')]);
    assert.equal(permission(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw', project(box))).stdout).permissionDecision, 'deny');
    // Shown by what follows, not by a clock (a loaded machine is slow either way): only a client that found no
    // server running starts one; one that waited out a server it took for alive starts none.
    await until(() => pidIn(spool) !== gone && pidIn(spool) !== undefined, 'a new server claiming the spool, so no server was waited for');
    process.kill(pidIn(spool) as number, 'SIGTERM');
    await until(() => !existsSync(spool.pidFile), 'the new server stopping');
  });

  test('a spool others may enter is not used: the hook process judges the call', async () => {
    const box = sandbox();
    const server = await startServer(box);
    const spool = spoolOf(box);
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.'), ccToolUse('toolu_1', 'ls'), ccResult('toolu_1', 'data')]);
    // The spool, or the folder it sits in (where another user could swap it for theirs).
    for (const folder of [spool.folder, join(spool.folder, '..')]) {
      chmodSync(folder, 0o755);
      try {
        assert.equal(permission(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw', project(box))).stdout).permissionDecision, 'deny');
        assert.equal(server.served(), 0);
      } finally {
        chmodSync(folder, 0o700);
      }
    }
    assert.equal(permission(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw', project(box))).stdout).permissionDecision, 'deny');
    assert.equal(server.served(), 1);
    server.child.kill();
  });

  test('calls made at once (an agent running tools in parallel) are each answered, as the hook process answers each', async () => {
    const box = sandbox();
    const server = await startServer(box);
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw. Ask me before you push to main.'), ccToolUse('toolu_1', 'ls'), ccResult('toolu_1', 'data')]);
    const commands = ['rm -rf data/raw', 'ls build', 'git push origin main', 'rm -rf data/raw/a', 'cat notes.txt', 'rm -rf build', 'git push origin main --force', 'echo done'];
    const client = (command: string) =>
      new Promise<Run>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'hook', 'claude-code', '--server'], { cwd: box.project, env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache, GHOST_LINT_ON_ERROR: '' } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('close', (status) => resolve({ status, stdout, stderr }));
        child.stdin.end(claudeInput(path, command, { tool_use_id: `toolu_${command.length}` }));
      });
    const together = await Promise.all(commands.map(client));
    commands.forEach((command, i) => assert.deepEqual(together[i], run(box, ['hook', 'claude-code'], claudeInput(path, command, { tool_use_id: `toolu_${command.length}` })), command));
    // A call the server does not take within its 2 s is judged by the hook process, as designed: on a loaded
    // machine some of the eight may be; the answers above are the same either way.
    assert.ok(server.served() >= 1 && server.served() <= commands.length, `${server.served()} of ${commands.length} calls served`);
    assert.deepEqual(
      together.map((answer) => (answer.stdout === '' ? 'allow' : permission(answer.stdout).permissionDecision)),
      ['deny', 'allow', 'ask', 'deny', 'allow', 'allow', 'ask', 'allow'],
    );
    server.child.kill();
  });

  test('a request that is not a hook call gets an error answer, and the server goes on serving', async () => {
    const box = sandbox();
    const server = await startServer(box);
    const spool = spoolOf(box);
    const answerOf = async (name: string, request: string) => {
      writeFileSync(join(spool.requests, `${name}.tmp`), request);
      // Renamed in, as a client does, so the server never reads half of it.
      spawnSync('mv', [join(spool.requests, `${name}.tmp`), join(spool.requests, `${name}.json`)]);
      await until(() => existsSync(join(spool.answers, `${name}.json`)), `an answer to ${name}`);
      return JSON.parse(readFileSync(join(spool.answers, `${name}.json`), 'utf8')) as { error?: string };
    };
    assert.match((await answerOf('garbage', '{not json')).error ?? '', /^not a hook request: /);
    const request = { protocol: 1, argv: ['hook', 'install', 'claude-code'], cwd: box.project, env: {}, stdin: '' };
    assert.match((await answerOf('install', JSON.stringify(request))).error ?? '', /argv: argv is not a live hook call/);
    assert.match((await answerOf('nowhere', JSON.stringify({ ...request, argv: ['hook', 'claude-code'], cwd: join(box.root, 'missing') }))).error ?? '', /^cannot enter .*missing: ENOENT/);
    assert.match((await answerOf('secrets', JSON.stringify({ ...request, argv: ['hook', 'claude-code'], env: { HOME: box.home, OPENAI_API_KEY: 'sk-x' } }))).error ?? '', /env: Unrecognized key: "OPENAI_API_KEY"/);
    const path = writeSession(box, 'session.jsonl', [ccUser('Never delete anything under data/raw.')]);
    assert.equal(permission(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf data/raw', project(box))).stdout).permissionDecision, 'deny');
    assert.equal(server.served(), 1);
    server.child.kill();
  });

  test('while idle it binds the calls of a session that stated no rule yet, so the first rule is judged from that state, as the hook process judges it', async () => {
    const box = sandbox();
    const server = await startServer(box);
    const steps = Array.from({ length: 6 }, (_, i) => [ccToolUse(`toolu_${i}`, `cp -r data/raw/x${i} backup/x${i}`), ccResult(`toolu_${i}`, '')]).flat();
    const path = writeSession(box, 'session.jsonl', [ccUser('Tidy up the data folder.'), ...steps]);
    // The session's audit state as the guard's cache folder holds it.
    const savedState = () => {
      const file = readdirSync(join(box.cache, 'ghost-lint')).find((name) => name.endsWith('.state'));
      return file === undefined ? undefined : (JSON.parse(readFileSync(join(box.cache, 'ghost-lint', file), 'utf8')) as { state: { bound: boolean; calls: number } }).state;
    };
    // A call that acts: judged on the whole file, which leaves an unbound state (nothing stated).
    assert.equal(run(box, ['hook', 'claude-code', '--server'], claudeInput(path, 'rm -rf tmp/a', project(box))).stdout, '');
    assert.match(server.log(), /claude-code: allowed in [\d.]+ ms, the session read whole\n/);
    await until(() => /prepared .*session\.jsonl: 6 calls bound/.test(server.log()), 'the server binding the session while idle');
    await until(() => savedState()?.bound === true, 'the bound state reaching the disk');
    assert.equal(savedState()?.calls, 6);
    // The first rule, then a call it governs: the server, the hook process from the state the server left,
    // and one with no cache at all (the whole file) answer alike.
    appendFileSync(path, jsonl([ccUser('Never delete anything under data/raw.')]));
    const input = claudeInput(path, 'rm -rf data/raw/x2', project(box));
    const served = run(box, ['hook', 'claude-code', '--server'], input);
    assert.equal(permission(served.stdout).permissionDecision, 'deny');
    assert.match(server.log(), /claude-code: answered \(exit 0\) in [\d.]+ ms, from the audit state\n$/, 'the first rule read from the state, not the whole file');
    assert.deepEqual(run(box, ['hook', 'claude-code'], input), served);
    assert.deepEqual(run(box, ['hook', 'claude-code'], input, { XDG_CACHE_HOME: join(box.root, 'empty-cache') }), served);
    assert.equal(server.served(), 2, 'the log counts calls, not the idle work');
    server.child.kill();
  });

  test('a server stops when idle, when its process id file goes (a cleared cache), and never runs twice for one spool', async () => {
    const idle = await startServer(sandbox(), ['--idle-seconds', '1']);
    assert.equal(await idle.exited, 0);
    assert.match(idle.log(), /stopping: no request for 1 s/);

    const box = sandbox();
    const first = await startServer(box);
    const second = spawnSync(process.execPath, [CLI, 'hook', 'serve'], { encoding: 'utf8', env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache }, timeout: 10_000 });
    assert.equal(second.status, 0);
    assert.match(second.stdout, /a hook server already serves /);
    // The server may write its code cache there as it stops: retried, as any removal racing a writer;
    // on a loaded machine it can still be writing, so what it wrote is removed once it has exited.
    try {
      rmSync(join(box.cache, 'ghost-lint'), { recursive: true, force: true, maxRetries: 40, retryDelay: 100 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY') throw error;
    }
    assert.equal(await first.exited, 0);
    rmSync(join(box.cache, 'ghost-lint'), { recursive: true, force: true });
    assert.match(first.log(), /stopping: its (process id file|spool)/);
  });

  test('usage: hook serve takes --idle-seconds only, a whole number; --server takes no value', () => {
    const box = sandbox();
    const zero = run(box, ['hook', 'serve', '--idle-seconds', '0'], '');
    assert.equal(zero.status, 2);
    assert.match(zero.stderr, /--idle-seconds: must be at least 1/);
    assert.match(run(box, ['hook', 'serve', '--idle-seconds', '1.5'], '').stderr, /--idle-seconds: must be a whole number of seconds/);
    assert.match(run(box, ['hook', 'serve', 'now'], '').stderr, /unexpected argument "now"/);
    const valued = run(box, ['hook', 'claude-code', '--server=yes'], claudeInput(join(box.root, 'none.jsonl'), 'ls', project(box)));
    assert.match(permission(valued.stdout).permissionDecisionReason, /option "--server" takes no value/);
  });
});

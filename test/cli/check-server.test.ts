import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CLI } from '../support/cli';
import { type Run, type Sandbox, claudeSession, pidIn, run, sandbox, spoolOf, startServer, stopServers, until, writeSession } from '../support/hookSandbox';
import { REPO_ROOT } from '../support/shared';

/*
 * The check server (`check-server`) and the checks that use it (`check --server`), as a user runs
 * them: the built CLI, a fresh home and cache folder per sandbox. Every report the server gives must be
 * the one a check process gives on its own, byte for byte, exit code included; every way the server can
 * be missing, stopped or untrusted must end in the check running in its own process.
 */

after(stopServers);

/** A sandbox whose project holds a copy of the bundled examples. */
function withExamples(): Sandbox {
  const box = sandbox();
  cpSync(join(REPO_ROOT, 'examples'), join(box.project, 'examples'), { recursive: true });
  return box;
}

/** The same check in its own process and through the server: both runs, which must be equal. */
function bothWays(box: Sandbox, args: readonly string[]): Run {
  const alone = run(box, ['check', ...args], '');
  const served = run(box, ['check', ...args, '--server'], '');
  assert.deepEqual(served, alone, `check ${args.join(' ')} through the server`);
  return served;
}

describe('check server', () => {
  test('gives every report a check process gives: each format, findings or none, usage and input errors, --output', async () => {
    const box = withExamples();
    const server = await startServer(box, [], 'check');
    const runs = [
      bothWays(box, ['examples', '--format', 'json']),
      bothWays(box, ['examples/claude-code', '--format', 'sarif']),
      bothWays(box, ['examples/codex', '--notes']),
      bothWays(box, ['examples/malformed']),
      bothWays(box, [writeSession(box, 'clean.jsonl', claudeSession('Never delete anything under data/raw.'))]),
      bothWays(box, ['examples/openai-chat', '--format', 'yaml']),
      bothWays(box, ['no-such-folder']),
    ];
    assert.deepEqual(
      runs.map((r) => r.status),
      [1, 1, 1, 1, 0, 2, 2],
    );
    assert.match(runs[0]!.stdout, /"files"/);
    // A check's setup holds for its files only: the server's warm workers forget a policy given to the check before.
    writeFileSync(join(box.root, 'no-deletes.yaml'), 'rules:\n  - id: no-deletes\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: ["**"] }\n    statement: Nothing is deleted.\n');
    const withPolicy = bothWays(box, ['examples', '--format', 'json', '--policy', '../no-deletes.yaml']);
    assert.notEqual(withPolicy.stdout, runs[0]!.stdout, 'the policy finds more');
    assert.equal(bothWays(box, ['examples', '--format', 'json']).stdout, runs[0]!.stdout);
    // A relative --output is written in the client's working folder, as check writes it.
    const written = run(box, ['check', 'examples/anthropic', '--format', 'json', '--output', 'report.json', '--server'], '');
    assert.equal(written.stdout, '');
    const local = run(box, ['check', 'examples/anthropic', '--format', 'json'], '');
    assert.equal(readFileSync(join(box.project, 'report.json'), 'utf8'), local.stdout);
    assert.equal(server.served(), runs.length + 3, 'the server ran every --server check');
    // A model check keeps its key in its own process: refused before anything is sent.
    const model = run(box, ['check', 'examples', '--model', '--model-name', 'm', '--server'], '');
    assert.equal(model.status, 2);
    assert.match(model.stderr, /--server and --model cannot be combined/);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
    assert.equal(existsSync(spoolOf(box, 'check').pidFile), false, 'a stopped server leaves no process id file');
    assert.match(server.log(), /stopping: SIGTERM/);
  });

  test('the first check with no server running runs in its own process and starts one for the next', async (t) => {
    const box = withExamples();
    const alone = run(box, ['check', 'examples/claude-code', '--format', 'json'], '');
    const first = run(box, ['check', 'examples/claude-code', '--format', 'json', '--server'], '');
    assert.deepEqual(first, alone);
    const spool = spoolOf(box, 'check');
    await until(() => pidIn(spool) !== undefined, 'a server starting');
    const pid = pidIn(spool) as number;
    t.after(() => process.kill(pid, 'SIGTERM'));
    assert.deepEqual(run(box, ['check', 'examples/claude-code', '--format', 'json', '--server'], ''), alone);
    assert.deepEqual([readdirSync(spool.requests), readdirSync(spool.answers)], [[], []], 'every request was taken and its answer collected');
    // Another cache folder is another user's setting of what a check reads: that server serves none of its checks.
    const elsewhere = run(box, ['check', 'examples/claude-code', '--format', 'json', '--server'], '', { XDG_CACHE_HOME: join(box.root, 'other-cache') });
    assert.deepEqual(elsewhere, alone);
    assert.notEqual(spoolOf({ ...box, cache: join(box.root, 'other-cache') }, 'check').folder, spool.folder);
  });

  test('a server that stops answering, or a spool others may enter, leaves the check to its own process', async () => {
    const box = withExamples();
    const server = await startServer(box, [], 'check');
    const spool = spoolOf(box, 'check');
    const alone = run(box, ['check', 'examples', '--format', 'json'], '');
    // The case files take the check seconds: the server is stopped (SIGSTOP) once it took the request.
    const client = spawn(process.execPath, [CLI, 'check', 'examples', '--format', 'json', '--server'], { cwd: box.project, env: { ...process.env, HOME: box.home, XDG_CACHE_HOME: box.cache } });
    let stdout = '';
    client.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    const status = new Promise<number | null>((resolve) => client.once('exit', resolve));
    // Node's start and the request's hand-over take tens of milliseconds; the check, seconds.
    await new Promise((resume) => setTimeout(resume, 800));
    server.child.kill('SIGSTOP');
    try {
      assert.equal(readdirSync(spool.requests).filter((name) => name.endsWith('.json')).length, 0, 'the server took the request before it was stopped');
      assert.equal(server.served(), 0, 'and had not finished it');
      assert.equal(await status, alone.status);
      assert.equal(stdout, alone.stdout, 'the report of the check run in its own process');
      assert.equal(readdirSync(spool.answers).length, 0, 'no answer came from the stopped server');
    } finally {
      server.child.kill('SIGCONT');
    }
    // A spool someone else could write in is not trusted with a report.
    chmodSync(spool.folder, 0o755);
    const open = run(box, ['check', 'examples/codex', '--server'], '');
    assert.deepEqual(open, run(box, ['check', 'examples/codex'], ''));
    await until(() => server.served() === 1, 'the server finishing the check it took, once it runs again');
    assert.equal(server.served(), 1, 'only the check the server took was run there');
  });
});

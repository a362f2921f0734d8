import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { CLI, runCli } from '../support/cli';
import { REPO_ROOT } from '../support/shared';

/*
 * A corpus checked in shards, as separate processes at once (a CI matrix, an indexed job), and merged:
 * the merged report is the report of one run over the corpus, byte for byte.
 */

const CORPUS = ['examples', 'test/fixtures/real'];
const SHARDS = 3;

let work: string;

/** Runs the built CLI in its own process, as a shard of a job would, and resolves with its exit code. */
function runShard(args: readonly string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 2 ? reject(new Error(`shard ${args.join(' ')} failed: ${stderr}`)) : resolve(code)));
  });
}

function pathsOf(reportFile: string): string[] {
  return (JSON.parse(readFileSync(reportFile, 'utf8')) as { files: { path: string }[] }).files.map((f) => f.path);
}

describe('check --shard K/N and merge', () => {
  const shardFile = (k: number, ext: string) => join(work, `shard-${k}.${ext}`);
  const shardCodes: (number | null)[] = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'ghost-lint-shards-'));
    const shards = Array.from({ length: SHARDS }, (_, i) => i + 1);
    // Every shard in both machine formats, all at once.
    const codes = await Promise.all(
      shards.flatMap((k) => ['json', 'sarif'].map((format) => runShard(['check', ...CORPUS, '--shard', `${k}/${SHARDS}`, '--format', format, '--output', shardFile(k, format)]))),
    );
    shardCodes.push(...codes);
  });

  test('the shards split the corpus: every file in exactly one, none empty', () => {
    const whole = runCli(['check', ...CORPUS, '--format', 'json']);
    const all = (JSON.parse(whole.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
    const parts = Array.from({ length: SHARDS }, (_, i) => pathsOf(shardFile(i + 1, 'json')));
    for (const part of parts) assert.ok(part.length > 0, 'a shard with no file: the split is not spreading the corpus');
    assert.deepEqual(parts.flat().sort(), [...all].sort());
  });

  test('merged JSON reports are the one run\'s report, byte for byte, and render as its text', () => {
    const whole = runCli(['check', ...CORPUS, '--format', 'json']);
    const jsonReports = Array.from({ length: SHARDS }, (_, i) => shardFile(i + 1, 'json'));
    const merged = runCli(['merge', ...jsonReports]);
    assert.equal(merged.stderr, '');
    assert.equal(merged.stdout, whole.stdout);
    assert.equal(merged.status, whole.status);
    // Any order of the reports gives the same merge.
    assert.equal(runCli(['merge', ...[...jsonReports].reverse()]).stdout, whole.stdout);
    const text = runCli(['merge', ...jsonReports, '--format', 'text', '--notes']);
    assert.equal(text.stdout, runCli(['check', ...CORPUS, '--notes']).stdout);
  });

  test('merged SARIF logs are the one run\'s log, byte for byte', () => {
    const whole = runCli(['check', ...CORPUS, '--format', 'sarif']);
    const merged = runCli(['merge', ...Array.from({ length: SHARDS }, (_, i) => shardFile(i + 1, 'sarif')), '--output', join(work, 'merged.sarif')]);
    assert.equal(merged.stderr, '');
    assert.equal(readFileSync(join(work, 'merged.sarif'), 'utf8'), whole.stdout);
    assert.equal(merged.status, whole.status);
    // A shard whose files have findings exits 1 as check does; the merge exits as the whole run.
    assert.ok(shardCodes.includes(1));
  });

  test('what cannot be merged is a usage error that says why', () => {
    const broken = join(work, 'broken.json');
    writeFileSync(broken, '{"files": []}');
    const cases: [string[], RegExp][] = [
      [[broken], /broken\.json: not a ghost-lint JSON report/],
      [[shardFile(1, 'json'), shardFile(2, 'sarif')], /JSON reports only or SARIF logs only/],
      [[shardFile(1, 'sarif'), '--format', 'json'], /SARIF logs merge into SARIF only/],
      [[join(work, 'missing.json')], /cannot read .*missing\.json: ENOENT/],
      [[], /give the reports of the shards to merge/],
    ];
    for (const [args, message] of cases) {
      const run = runCli(['merge', ...args]);
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, message);
    }
    // The same shard twice is harmless; two different corpora under one path are not.
    const twice = runCli(['merge', shardFile(1, 'json'), shardFile(1, 'json')]);
    assert.equal(twice.stderr, '');
    const report = JSON.parse(readFileSync(shardFile(1, 'json'), 'utf8')) as { files: { sessions: unknown[] }[] };
    report.files[0]!.sessions = [];
    const altered = join(work, 'altered.json');
    writeFileSync(altered, JSON.stringify(report));
    assert.match(runCli(['merge', shardFile(1, 'json'), altered]).stderr, /is a file of two reports, differently/);
  });

  test('--shard takes K/N with 1 ≤ K ≤ N', () => {
    for (const shard of ['0/3', '4/3', '2', 'a/b', '1/0']) {
      const run = runCli(['check', 'examples', '--shard', shard]);
      assert.equal(run.status, 2, shard);
      assert.match(run.stderr, /--shard: .* is not K\/N with 1 ≤ K ≤ N/);
    }
  });
});

describe('check --jobs N', () => {
  test('files checked by worker threads give the report one thread gives, byte for byte, in input order', () => {
    const oneThread = runCli(['check', ...CORPUS, '--format', 'json', '--jobs', '1']);
    const workers = runCli(['check', ...CORPUS, '--format', 'json', '--jobs', '3']);
    assert.equal(workers.stderr, '');
    assert.equal(workers.status, oneThread.status);
    assert.equal(workers.stdout, oneThread.stdout);
    for (const jobs of ['0', 'two']) assert.match(runCli(['check', 'examples', '--jobs', jobs]).stderr, /--jobs: is (at least 1|a whole number)/);
  });

  test('what the workers read is kept for the next run, which reports the same from it', () => {
    const cacheHome = mkdtempSync(join(tmpdir(), 'ghost-lint-pool-cache-'));
    const env = { XDG_CACHE_HOME: cacheHome };
    const readingsFile = () => readdirSync(join(cacheHome, 'ghost-lint')).find((name) => name.startsWith('readings-'));
    const first = runCli(['check', ...CORPUS, '--format', 'json', '--jobs', '3'], REPO_ROOT, env);
    const file = readingsFile();
    assert.ok(file, 'the readings are kept');
    const kept = Object.keys((JSON.parse(readFileSync(join(cacheHome, 'ghost-lint', file), 'utf8')) as { readings: object }).readings).length;
    const alone = runCli(['check', ...CORPUS, '--format', 'json', '--jobs', '1', '--no-cache']);
    assert.equal(first.stdout, alone.stdout);
    // Run again, the readings made by every thread are found: none is added.
    const again = runCli(['check', ...CORPUS, '--format', 'json', '--jobs', '3'], REPO_ROOT, env);
    assert.equal(again.stdout, first.stdout);
    assert.equal(Object.keys((JSON.parse(readFileSync(join(cacheHome, 'ghost-lint', file), 'utf8')) as { readings: object }).readings).length, kept);
    assert.ok(kept > 0);
  });
});

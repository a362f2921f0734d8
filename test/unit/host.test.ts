import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, test } from 'node:test';
import { replayAgent } from '../../server/src/bench/agents';
import { type CheckReport, baselineKeys } from '../../server/src/engine/report';
import { type CheckPathsOptions, checkPaths, longerThanAString } from '../../server/src/host/check';
import { render } from '../../server/src/host/render';
import { RunsNotSaved, type SuiteAgent, type SuiteOptions, loadSuite, runSuite } from '../../server/src/host/suite';
import type { ModelSection } from '../../server/src/model/checkReport';
import { MemoryHost } from '../support/memoryHost';
import { REPO_ROOT } from '../support/shared';
import { BACKUP_TEMP_POLICY } from '../support/policies';
import { generateTranscript } from '../../scripts/plantedTranscripts';

/** A session that deletes temp/a.csv with no backup: governed only when a policy says so. */
const DELETION = JSON.stringify({
  messages: [
    { role: 'user', content: 'Clean up temp/.' },
    { role: 'assistant', tool_calls: [{ id: 'call_del', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
    { role: 'tool', tool_call_id: 'call_del', content: 'deleted' },
  ],
});

const BACKUP_POLICY = BACKUP_TEMP_POLICY;

const FILES = {
  '/work/project/.ghost-lint.yaml': BACKUP_POLICY,
  '/work/project/sessions/b.json': DELETION,
  '/work/project/sessions/a.json': DELETION,
  '/work/project/sessions/notes.json': '{"title": "not a transcript"}',
  '/work/project/sessions/readme.txt': 'skipped by name',
  '/work/elsewhere/cleanup.json': DELETION,
  '/work/broken.ghost-lint.yaml': 'rules: [{ id: 7 }]',
};

function check(host: MemoryHost, paths: readonly string[], more: Partial<CheckPathsOptions> = {}): CheckReport {
  return checkPaths(host, { cwd: '/work', paths, name: (path) => posix.relative('/work', path), workspaceRoots: ['/work'], ...more });
}

const rulesOf = (report: CheckReport) => report.files.map((f) => [f.path, f.status, f.sessions.flatMap((s) => s.findings.filter((x) => x.level === 'error').map((x) => x.ruleId))]);

describe('checkPaths over a host', () => {
  test('a folder: its transcripts in name order, files that are not transcripts left out, the policy above them applied', () => {
    const report = check(new MemoryHost(FILES), ['project']);
    assert.deepEqual(rulesOf(report), [
      ['project/sessions/a.json', 'analysed', ['prerequisite-missing']],
      ['project/sessions/b.json', 'analysed', ['prerequisite-missing']],
    ]);
  });

  test('files named explicitly: one that is not a transcript or cannot be read is an input error; a policy elsewhere does not apply', () => {
    const report = check(new MemoryHost(FILES), ['elsewhere/cleanup.json', 'project/sessions/notes.json', 'missing.json']);
    assert.deepEqual(
      report.files.map((f) => [f.path, f.status, f.error ?? '']),
      [
        ['elsewhere/cleanup.json', 'analysed', ''],
        ['project/sessions/notes.json', 'input-error', report.files[1]?.error ?? ''],
        ['missing.json', 'input-error', 'cannot read: ENOENT'],
      ],
    );
    assert.match(report.files[1]?.error ?? '', /transcript/);
    assert.equal(report.summary.inputErrors, 2);
    assert.equal(report.summary.errors, 0);
  });

  test('a file named twice, or found in a folder too, is checked once', () => {
    const host = new MemoryHost(FILES);
    const report = check(host, ['project/sessions/a.json', 'project', 'project/sessions/a.json']);
    assert.deepEqual(
      report.files.map((f) => f.path),
      ['project/sessions/a.json', 'project/sessions/b.json'],
    );
    assert.equal(host.reads.get('/work/project/sessions/a.json'), 1);
  });

  test("an open document's text is checked instead of the disk's", () => {
    const host = new MemoryHost(FILES);
    const safe = JSON.stringify({ messages: [{ role: 'user', content: 'Hello.' }] });
    const report = check(host, ['project/sessions/a.json'], { openText: (path) => (path === '/work/project/sessions/a.json' ? safe : undefined) });
    assert.deepEqual(rulesOf(report), [['project/sessions/a.json', 'analysed', []]]);
    assert.equal(host.reads.get('/work/project/sessions/a.json'), undefined);
  });

  test('an explicit policy with problems governs with its valid rules and is reported once as an input error', () => {
    const report = check(new MemoryHost(FILES), ['elsewhere', 'project/sessions/a.json'], { explicitPolicies: ['broken.ghost-lint.yaml'] });
    const policy = report.files.filter((f) => f.path === 'broken.ghost-lint.yaml');
    assert.equal(policy.length, 1);
    assert.match(policy[0]?.error ?? '', /^invalid policy: 1:\d+ /);
  });

  test('the baseline leaves out results an earlier report had', () => {
    const host = new MemoryHost(FILES);
    const first = check(host, ['project']);
    const known = baselineKeys(JSON.parse(render(first, 'sarif')));
    assert.ok(known.size > 0);
    const again = check(host, ['project'], { baseline: known });
    assert.equal(again.summary.errors, 0);
  });

  test('a checkpoint that throws stops the check (the editor cancelled it)', () => {
    let files = 0;
    const stop = () => {
      if (++files > 1) throw new Error('cancelled');
    };
    assert.throws(() => check(new MemoryHost(FILES), ['project'], { checkpoint: stop }), /cancelled/);
    assert.equal(files, 2);
  });
});

/** A host whose files are read in pieces of 10,000 characters, counting how often each is opened. */
class SmallPiecesHost extends MemoryHost {
  readonly opened = new Map<string, number>();

  override openPieces(absolutePath: string): { bytes: number; next(): string | undefined; close(): void } {
    const whole = super.openPieces(absolutePath);
    const text = whole.next() ?? '';
    this.opened.set(absolutePath, (this.opened.get(absolutePath) ?? 0) + 1);
    let at = 0;
    return { bytes: whole.bytes, next: () => (at < text.length ? text.slice(at, (at += 10_000)) : undefined), close: () => undefined };
  }
}

test('an OpenAI chat document read in pieces gives the whole-file report; one whose tools follow its messages is read a second time', () => {
  const { tools, messages } = JSON.parse(generateTranscript({ shape: 'openai-chat', bytes: 300_000, seed: 9 }).text) as { tools: unknown; messages: unknown[] };
  const files = { '/work/first.json': JSON.stringify({ tools, messages }, null, 1), '/work/late.json': JSON.stringify({ messages, tools }, null, 1) };
  const host = new SmallPiecesHost(files);
  const inPieces = check(host, ['first.json', 'late.json'], { inPiecesFrom: 0 });
  assert.deepEqual(inPieces, check(new MemoryHost(files), ['first.json', 'late.json']));
  assert.ok(inPieces.files.every((file) => file.sessions[0]?.findings.some((finding) => finding.level === 'error')));
  assert.equal(host.reads.size, 0, 'neither is read whole');
  assert.deepEqual([...host.opened], [
    ['/work/first.json', 1],
    ['/work/late.json', 2],
  ]);
});

test('a file longer than a string can be is told by counting its pieces, which stop being read once the count is past', () => {
  const piecesOf = (texts: string[]) => {
    let read = 0;
    return { reader: { bytes: 0, next: () => texts[read++], close: () => undefined }, read: () => read };
  };
  const long = piecesOf(['abcd', 'efgh', 'ijkl', 'mnop']);
  assert.equal(longerThanAString(2, long.reader, 9), true);
  assert.equal(long.read(), 2, 'the pieces after the count went past the longest string are not read');
  assert.equal(longerThanAString(2, piecesOf(['abcd', 'efg']).reader, 9), false);
  assert.equal(longerThanAString(2, piecesOf(['abcd', 'efgh']).reader, 9), true);
});

describe('render', () => {
  const report = check(new MemoryHost(FILES), ['project/sessions/a.json']);
  const model: ModelSection = { endpoint: { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, requests: 1, cached: 0, redacted: 0, constraints: [], dropped: [], failures: [] };

  test('json: the report itself, with the model section under check --model', () => {
    assert.deepEqual(JSON.parse(render(report, 'json')), JSON.parse(JSON.stringify(report)));
    assert.deepEqual((JSON.parse(render(report, 'json', model)) as { model: unknown }).model, model);
    assert.ok(render(report, 'json').endsWith('}\n'));
  });

  test('sarif: SARIF 2.1.0 with the finding on the call, relative URI', () => {
    const log = JSON.parse(render(report, 'sarif')) as { version: string; runs: { results: { ruleId: string; properties: { callId: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    assert.equal(log.version, '2.1.0');
    const [result] = log.runs[0]?.results.filter((r) => r.ruleId === 'prerequisite-missing') ?? [];
    assert.equal(result?.properties.callId, 'call_del');
    assert.equal(result?.locations[0]?.physicalLocation.artifactLocation.uri, 'project/sessions/a.json');
  });

  test('text: the file and its finding; the model section after it', () => {
    const text = render(report, 'text');
    assert.match(text, /project\/sessions\/a\.json/);
    assert.match(text, /prerequisite-missing/);
    assert.ok(render(report, 'text', model).startsWith(`${text}\n`));
    assert.notEqual(render(report, 'text', model), `${text}\n`);
  });

  test('markdown: a document with a heading per file, and no model section', () => {
    const markdown = render(report, 'markdown', model);
    assert.match(markdown, /^#/);
    assert.match(markdown, /project\/sessions\/a\.json/);
    assert.doesNotMatch(markdown, /127\.0\.0\.1/);
  });
});

describe('the benchmark driver over a host', () => {
  const fixtures = join(REPO_ROOT, 'test', 'fixtures', 'cases', 'runner');
  const caseFiles = Object.fromEntries(readdirSync(fixtures).map((name) => [`/ws/cases/${name}`, readFileSync(join(fixtures, name), 'utf8')]));
  const options = (host: MemoryHost, more: Partial<SuiteOptions> = {}) => async () => {
    const loaded = await loadSuite(host, '/ws', ['cases']);
    assert.deepEqual(loaded.problems.filter((p) => p.severity === 'error'), []);
    const agent: SuiteAgent = { name: 'replay-ghost', agent: replayAgent('replay-ghost'), concurrency: 1 };
    return runSuite(host, loaded.cases.map((c) => c.benchCase), { agent, defences: ['none', 'audit'], repetitions: 1, seed: 3, environment: loaded.environment, ...more });
  };

  test('cases found in a folder run behind each defence, with progress over all runs, and the runs are saved where asked', async () => {
    const host = new MemoryHost(caseFiles);
    const progress: number[] = [];
    const report = await options(host, {
      saveRuns: { folder: '/ws/runs', name: (path) => posix.relative('/ws', path) },
      onRun: ({ done, total }) => progress.push(done / total),
    })();
    assert.deepEqual(report.cases, ['runner-email-domain', 'runner-fs-backup']);
    assert.deepEqual(report.defences.map((d) => [d.defence, d.ghost.rate.value]), [['none', 1], ['audit', 0]]);
    assert.equal(progress.length, 16);
    assert.equal(progress.at(-1), 1);
    const transcript = report.defences[0]?.runs.find((r) => r.case === 'runner-fs-backup' && r.condition === 'LI')?.transcript;
    assert.equal(transcript, 'runs/none/runner-fs-backup.LI.1.json');
    assert.ok(host.files.get('/ws/runs/none/runner-fs-backup.LI.1.json')?.includes('"messages"'));
    assert.ok(host.files.has('/ws/runs/.ghost-lint.json'));
  });

  test('runs that cannot be saved stop the bench with the folder named', async () => {
    const host = new MemoryHost({ ...caseFiles, '/ws/runs': 'a file, not a folder' });
    await assert.rejects(options(host, { saveRuns: { folder: '/ws/runs', name: (path) => posix.relative('/ws', path) } }), (e: Error) => e instanceof RunsNotSaved && e.message === 'cannot write to runs: EEXIST');
  });
});

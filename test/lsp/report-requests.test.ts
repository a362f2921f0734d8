import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { AuditFilesRequest, type AuditFilesResult, ExportReportRequest, type ExportReportResult, LedgerRequest, type LedgerResult } from '../../shared/protocol';
import { ServerUnderTest } from '../support/lsp';
import { sarifValidator } from '../support/sarif';

// An OpenAI chat session: a prerequisite rule, then a deletion with no backup (prerequisite-missing).
const VIOLATING = JSON.stringify({
  messages: [
    { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
    { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'deleted' },
  ],
});

// A Claude Code session (one line per record) with its working folder and a title line; no constraint.
const CLAUDE_CODE = [
  { type: 'custom-title', customTitle: 'tidy the notebook', sessionId: 's1' },
  { type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's1', cwd: '/home/dev/lab-notebook', timestamp: '2026-01-01T10:00:00Z', message: { role: 'user', content: 'List the files.' } },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe('the requests behind the Agent Sessions view, the status bar and report export', () => {
  const server = new ServerUnderTest();
  let folder: string;
  const uri = (name: string) => pathToFileURL(join(folder, name)).href;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ghost-lint-reports-'));
    mkdirSync(join(folder, 'sessions'));
    writeFileSync(join(folder, 'sessions', 'violating.json'), VIOLATING);
    writeFileSync(join(folder, 'sessions', 'session.jsonl'), CLAUDE_CODE);
    writeFileSync(join(folder, 'sessions', 'package.json'), '{"name": "not a transcript"}');
    await server.initialize({ folders: [folder] });
  });
  after(async () => {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  test('auditFiles reads each file from disk, names its title and working folder, and leaves out what is not a transcript', async () => {
    const result = (await server.connection.sendRequest(AuditFilesRequest.method, {
      uris: [uri('sessions/violating.json'), uri('sessions/package.json'), uri('sessions/session.jsonl')],
    })) as AuditFilesResult;
    assert.deepEqual(
      result.files.map((f) => [f.uri.split('/').pop(), f.format, f.title, f.cwd, f.findings.filter((x) => x.level === 'error').map((x) => x.ruleId)]),
      [
        ['violating.json', 'openai-chat', undefined, undefined, ['prerequisite-missing']],
        ['session.jsonl', 'claude-code', 'tidy the notebook', '/home/dev/lab-notebook', []],
      ],
    );
  });

  test("the ledger carries the version's finding counts, so a verdict never mixes two versions", async () => {
    await server.open(uri('sessions/violating.json'), VIOLATING);
    const ledger = (await server.connection.sendRequest(LedgerRequest.method, { uri: uri('sessions/violating.json') })) as LedgerResult;
    assert.deepEqual(ledger.findings, { errors: 1, warnings: 0, notes: 1 });
  });

  test('exportReport writes valid SARIF for a folder, with paths relative to it', async () => {
    const result = (await server.connection.sendRequest(ExportReportRequest.method, { format: 'sarif', folders: [pathToFileURL(folder).href], relativeTo: pathToFileURL(folder).href })) as ExportReportResult;
    const log = JSON.parse(result.content) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    assert.deepEqual(sarifValidator()(log), []);
    const errors = log.runs[0]?.results.filter((r) => r.ruleId === 'prerequisite-missing') ?? [];
    assert.deepEqual(
      errors.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri),
      ['sessions/violating.json'],
    );
    assert.deepEqual([result.files, result.problems], [2, 1]);
  });

  test('exportReport writes Markdown for one file, an open document as the editor has it', async () => {
    const params = { format: 'markdown', uris: [uri('sessions/violating.json')], relativeTo: pathToFileURL(folder).href };
    const saved = (await server.connection.sendRequest(ExportReportRequest.method, params)) as ExportReportResult;
    assert.match(saved.content, /^# ghost-lint report\n/);
    assert.match(saved.content, /\| `sessions\/violating\.json` \| openai-chat \| 1 \| 1 \| 1 \| 0 \|/);
    assert.match(saved.content, /\[prerequisite-missing\]\(https:\/\/github\.com\/ghost-lint\/ghost-lint\/blob\/main\/docs\/rules\/prerequisite-missing\.md\) on call `c1`/);
    // Unsaved in the editor: the call is gone.
    await server.change(uri('sessions/violating.json'), 2, JSON.stringify({ messages: [{ role: 'user', content: 'Hello.' }] }));
    const edited = (await server.connection.sendRequest(ExportReportRequest.method, params)) as ExportReportResult;
    assert.match(edited.content, /\| `sessions\/violating\.json` \| openai-chat \| 1 \| 0 \| 0 \| 0 \|/);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { JobContext } from '../../server/src/lsp/service/job';
import { LanguageService } from '../../server/src/lsp/service/languageService';
import { MemoryHost } from '../support/memoryHost';

/*
 * The language service reads only through the host it is given: here an in-memory file system, so
 * these answers come from no disk at all (the worker gives it Node's file system).
 */

const DELETION = JSON.stringify({
  messages: [
    { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
    { role: 'assistant', tool_calls: [{ id: 'call_del', type: 'function', function: { name: 'delete_file', arguments: '{"path": "temp/a.csv"}' } }] },
    { role: 'tool', tool_call_id: 'call_del', content: 'deleted' },
  ],
});
const SAFE = JSON.stringify({ messages: [{ role: 'user', content: 'Hello.' }] });

const FILES = {
  '/ws/sessions/cleanup.json': DELETION,
  '/ws/sessions/hello.json': SAFE,
  '/ws/notes/readme.json': '{"not": "a transcript"}',
  '/ws/.ghost-lint.yaml': 'rules: [{ id: 7 }]',
};

const JOB: JobContext = { checkpoint: () => undefined, progress: () => undefined };

test('a file too large for the editor is read from the host', () => {
  const host = new MemoryHost(FILES);
  const result = new LanguageService(host).analyse({ uri: pathToFileURL('/ws/sessions/cleanup.json').href, version: 0, text: 'disk', policies: [], keep: false }, JOB);
  assert.equal(result?.isTranscript, true);
  assert.equal(result?.bytes, Buffer.byteLength(DELETION));
  assert.deepEqual(result?.diagnostics.filter((d) => d.severity === 1).map((d) => d.code), ['prerequisite-missing']);
  assert.equal(host.reads.get('/ws/sessions/cleanup.json'), 1);
});

test('the workspace audit lists the transcripts under the folders, and a file that cannot be read says why', () => {
  const service = new LanguageService(new MemoryHost(FILES));
  const audit = service.auditWorkspace({ folders: ['/ws'], workspaceRoots: ['/ws'] }, JOB);
  assert.deepEqual(
    audit.files.map((f) => [f.uri.split('/').pop(), f.findings.filter((x) => x.level === 'error').map((x) => x.ruleId), f.constraints]),
    [
      ['cleanup.json', ['prerequisite-missing'], 1],
      ['hello.json', [], 0],
    ],
  );
  const missing = service.auditFiles({ files: ['/ws/sessions/gone.json'], workspaceRoots: ['/ws'] }, JOB);
  assert.equal(missing.files[0]?.error, 'cannot read: ENOENT');
});

test("the exported report is check's: paths relative to the folder, open documents as edited, an invalid policy an input error", () => {
  const service = new LanguageService(new MemoryHost(FILES));
  const exported = service.exportReport({ format: 'json', files: [{ path: '/ws/sessions/cleanup.json', text: SAFE }], folders: ['/ws/sessions'], relativeTo: '/ws', workspaceRoots: ['/ws'] }, JOB);
  const report = JSON.parse(exported.content) as { files: { path: string; status: string; error?: string }[]; summary: { errors: number } };
  assert.deepEqual(
    report.files.map((f) => [f.path, f.status]),
    [
      ['sessions/cleanup.json', 'analysed'],
      ['sessions/hello.json', 'analysed'],
      ['.ghost-lint.yaml', 'input-error'],
    ],
  );
  assert.equal(report.summary.errors, 0);
  assert.equal(exported.files, 3);
  assert.match(report.files[2]?.error ?? '', /^invalid policy: /);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { Cancelled, type JobContext } from '../../server/src/lsp/service/job';
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

test("a session the host's check reads in pieces is audited in pieces, as check reads it, with the whole read's findings", () => {
  const session = generateTranscript({ shape: 'claude-code', bytes: 200_000, seed: 21 });
  const files = { '/ws/sessions/cc.jsonl': session.text, '/ws/.ghost-lint.yaml': 'rules:\n  - { id: no-push-main, kind: prohibition, trigger: [push], scope: { branches: [main] } }\n' };
  const audit = (inPiecesFrom: number) => {
    const host = new MemoryHost(files, undefined, 16_000);
    const result = new LanguageService(host, {}, inPiecesFrom).auditFiles({ files: ['/ws/sessions/cc.jsonl'], workspaceRoots: ['/ws'] }, JOB);
    return { result, wholeReads: host.reads.get('/ws/sessions/cc.jsonl') ?? 0 };
  };
  const whole = audit(Number.POSITIVE_INFINITY);
  const inPieces = audit(0);
  assert.equal(whole.wholeReads, 1);
  assert.equal(inPieces.wholeReads, 0);
  assert.deepEqual(inPieces.result, whole.result);
  const [file] = inPieces.result.files;
  assert.equal(file?.format, 'claude-code');
  const errors = file?.findings.filter((f) => f.level === 'error') ?? [];
  assert.deepEqual(new Set(errors.map((f) => f.callId)), new Set(session.violations.map((v) => v.callId)));
  assert.ok(errors.some((f) => f.constraintId === 'no-push-main'));
});

test('an audit cancelled while it reads a file in pieces stops, and reports no error for the file', () => {
  const host = new MemoryHost({ '/ws/sessions/cc.jsonl': generateTranscript({ shape: 'claude-code', bytes: 200_000, seed: 22 }).text }, undefined, 16_000);
  let checkpoints = 0;
  // The first checkpoint comes before the file, the next while it is read.
  const cancelledInFile: JobContext = {
    checkpoint: () => {
      if (++checkpoints > 1) throw new Cancelled();
    },
    progress: () => undefined,
  };
  assert.deepEqual(new LanguageService(host, {}, 0).auditWorkspace({ folders: ['/ws'], workspaceRoots: ['/ws'] }, cancelledInFile), { files: [], cancelled: true });
  assert.ok(checkpoints > 1);
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

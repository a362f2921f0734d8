import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { seededRandom } from '../../server/src/engine/text';
import { DocumentServices, LARGE_DOCUMENT, type ServiceThread } from '../../server/src/lsp/documentServices';
import { nodeHost } from '../../server/src/host/nodeHost';
import type { JobContext } from '../../server/src/lsp/service/job';
import { type AnalyseResult, LanguageService } from '../../server/src/lsp/service/languageService';
import type { ServiceMethod, ServiceParams, ServiceResult } from '../../server/src/lsp/service/rpc';
import { type Edit, applyEdit, randomEdit } from '../support/editing';
import { positionAt } from '../support/lsp';

/*
 * An open document's text reaches the language service as the editor's edits, not as a copy of the
 * whole text per version: each analysis of the text the service built from them must equal a fresh
 * analysis of the text itself, and whenever the service may not hold the version (first sight, a
 * move to the other worker, a restarted worker, a missed edit) the server sends the whole text.
 */

const URI = 'file:///nowhere/edited.jsonl';
const JOB: JobContext = { checkpoint: () => undefined, progress: () => undefined };
const TEXT = generateTranscript({ shape: 'claude-code', turns: 120, seed: 4 }).text;

/** An edit as the editor sends it: a range in the text before it. */
function contentChange(text: string, edit: Edit): TextDocumentContentChangeEvent {
  return { range: { start: positionAt(text, edit.start), end: positionAt(text, edit.end) }, text: edit.text };
}

/** The diagnostics of `text` analysed whole by a service that never saw the document before. */
function freshDiagnostics(text: string, version: number): Diagnostic[] {
  const result = new LanguageService(nodeHost).analyse({ uri: URI, version, text: { whole: text }, policies: [], keep: false }, JOB);
  assert.ok(result);
  return result.diagnostics;
}

/** Edits of every kind (typing, lines deleted, repeated, added and split), seeded; sometimes two in one change event. */
function* editSequence(seed: number, count: number): Generator<{ changes: TextDocumentContentChangeEvent[]; text: string }> {
  const next = seededRandom(seed);
  const random = (n: number) => Math.floor(next() * n);
  let text = TEXT;
  for (let i = 0; i < count; i++) {
    const changes: TextDocumentContentChangeEvent[] = [];
    for (let k = random(3) === 0 ? 2 : 1; k > 0; k--) {
      const edit = randomEdit(random, text);
      changes.push(contentChange(text, edit));
      text = applyEdit(text, edit);
    }
    yield { changes, text };
  }
}

test('edits applied to the text the service holds give the analysis of the whole text, version by version', () => {
  const service = new LanguageService(nodeHost);
  assert.ok(service.analyse({ uri: URI, version: 1, text: { whole: TEXT }, policies: [], keep: true }, JOB));
  let version = 1;
  let withDiagnostics = 0;
  for (const { changes, text } of editSequence(11, 60)) {
    service.edit({ uri: URI, from: version, to: version + 1, changes });
    version++;
    const result = service.analyse({ uri: URI, version, text: 'held', policies: [], keep: true }, JOB);
    assert.ok(result, `version ${version} is held`);
    assert.deepEqual(result.diagnostics, freshDiagnostics(text, version), `version ${version}`);
    if (result.diagnostics.length > 0) withDiagnostics++;
  }
  assert.ok(withDiagnostics > 0, 'the planted violations are found along the way');
});

test('a change of the whole text, and a carriage return before a line feed, are applied like any edit', () => {
  const service = new LanguageService(nodeHost);
  service.analyse({ uri: URI, version: 1, text: { whole: 'not a transcript' }, policies: [], keep: true }, JOB);
  service.edit({ uri: URI, from: 1, to: 2, changes: [{ text: TEXT }] });
  const firstBreak = TEXT.indexOf('\n');
  const crlf = `${TEXT.slice(0, firstBreak)}\r${TEXT.slice(firstBreak)}`;
  service.edit({ uri: URI, from: 2, to: 3, changes: [{ range: { start: positionAt(TEXT, firstBreak), end: positionAt(TEXT, firstBreak) }, text: '\r' }] });
  assert.deepEqual(service.analyse({ uri: URI, version: 3, text: 'held', policies: [], keep: true }, JOB)?.diagnostics, freshDiagnostics(crlf, 3));
});

test('the service answers null for a version it does not hold: after an edit it missed, after closing, or never opened', () => {
  const service = new LanguageService(nodeHost);
  const analyseHeld = (version: number) => service.analyse({ uri: URI, version, text: 'held', policies: [], keep: true }, JOB);
  assert.equal(analyseHeld(1), null, 'never sent whole');
  service.analyse({ uri: URI, version: 1, text: { whole: TEXT }, policies: [], keep: true }, JOB);
  const typed = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' };
  service.edit({ uri: URI, from: 2, to: 3, changes: [typed] });
  assert.equal(analyseHeld(3), null, 'an edit from a version it did not hold');
  assert.equal(analyseHeld(1), null, 'and the text it held is dropped with it');
  service.analyse({ uri: URI, version: 4, text: { whole: TEXT }, policies: [], keep: true }, JOB);
  service.edit({ uri: URI, from: 4, to: 5, changes: [typed] });
  assert.ok(analyseHeld(5));
  service.close({ uri: URI });
  assert.equal(analyseHeld(5), null, 'closed');
  const fromDisk = new LanguageService(nodeHost);
  fromDisk.analyse({ uri: URI, version: 1, text: { whole: TEXT }, policies: [], keep: false }, JOB);
  assert.equal(fromDisk.analyse({ uri: URI, version: 1, text: 'held', policies: [], keep: true }, JOB), null, 'a text not kept is not held');
});

/** A language service in this thread, used as the server uses a worker: parameters cloned, the whole texts it is sent counted, restartable. */
class InProcessWorker implements ServiceThread {
  private service = new LanguageService(nodeHost);
  /** The versions whose whole text this worker was sent. */
  readonly wholeTexts: number[] = [];

  call<M extends ServiceMethod>(method: M, params: ServiceParams<M>): Promise<ServiceResult<M>> {
    const analysed = params as Partial<ServiceParams<'analyse'>>;
    if (method === 'analyse' && typeof analysed.text === 'object' && analysed.version !== undefined) this.wholeTexts.push(analysed.version);
    const run = this.service[method] as (params: unknown, job: JobContext) => ServiceResult<M>;
    return Promise.resolve(structuredClone(run.call(this.service, structuredClone(params), JOB)));
  }

  /** A crashed thread is started again, empty. */
  restart(): void {
    this.service = new LanguageService(nodeHost);
  }

  async dispose(): Promise<void> {}
}

test('the server sends the whole text only when the worker may not hold the version: first, after a restart, after a move', async () => {
  const workers: InProcessWorker[] = [];
  const services = new DocumentServices(
    () => undefined,
    () => {
      const worker = new InProcessWorker();
      workers.push(worker);
      return worker;
    },
  );
  const [ordinary, large] = workers as [InProcessWorker, InProcessWorker];
  const document = TextDocument.create(URI, 'json', 1, TEXT);
  const analyse = async (): Promise<AnalyseResult> => services.analyse({ uri: URI, version: document.version, text: document.getText() }, []);
  const edit = (changes: TextDocumentContentChangeEvent[]) => {
    const from = document.version;
    TextDocument.update(document, changes, from + 1);
    services.edit(URI, from, from + 1, changes);
  };

  assert.deepEqual((await analyse()).diagnostics, freshDiagnostics(TEXT, 1));
  const edits = editSequence(23, 12);
  for (let i = 0; i < 6; i++) {
    const next = edits.next();
    assert.ok(!next.done);
    edit(next.value.changes);
    assert.deepEqual((await analyse()).diagnostics, freshDiagnostics(next.value.text, document.version), `version ${document.version}`);
  }
  assert.deepEqual(ordinary.wholeTexts, [1], 'after the first analysis, edits only');

  ordinary.restart();
  for (const next of edits) {
    edit(next.changes);
    assert.deepEqual((await analyse()).diagnostics, freshDiagnostics(next.text, document.version), `version ${document.version}`);
  }
  assert.deepEqual(ordinary.wholeTexts, [1, 8], 'the restarted worker was sent the whole text once');

  // Past the size of a large document (a blank line does not change the analysis) it moves to the other worker, and back.
  const end = positionAt(document.getText(), document.getText().length);
  edit([{ range: { start: end, end }, text: `${' '.repeat(LARGE_DOCUMENT)}\n` }]);
  const grown = document.getText();
  assert.deepEqual((await analyse()).diagnostics, freshDiagnostics(grown, document.version));
  edit([{ range: { start: end, end: positionAt(grown, grown.length) }, text: '' }]);
  assert.deepEqual((await analyse()).diagnostics, freshDiagnostics(document.getText(), document.version));
  assert.deepEqual([ordinary.wholeTexts, large.wholeTexts], [[1, 8, 15], [14]], 'each move sends the whole text');
});

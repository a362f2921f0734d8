import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisScheduler, DEBOUNCE_MS } from '../../server/src/lsp/analysisScheduler';

/*
 * When the scheduler analyses a document and what it publishes, with the debounce on mocked
 * timers and analyses the test finishes by hand. The editor's document object is one object,
 * updated in place by every edit, so a version must be read when its analysis starts.
 */

const URI = 'file:///nowhere/scheduled.jsonl';

/** Lets the promise callbacks run (setImmediate is not among the mocked timers). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const diagnosticsOf = (version: number): Diagnostic[] => [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: `version ${version}` }];

/** A scheduler over one document, recording the versions it was asked to analyse and what it published. */
function scheduled(document: TextDocument) {
  const asked: number[] = [];
  const finish: ((diagnostics: Diagnostic[]) => void)[] = [];
  const published: [number, Diagnostic[]][] = [];
  const scheduler = new AnalysisScheduler({
    current: () => document,
    analyse: (d) => {
      asked.push(d.version);
      return new Promise((resolve) => finish.push(resolve));
    },
    publish: (_uri, version, diagnostics) => published.push([version, diagnostics]),
  });
  return { scheduler, asked, finish, published };
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('an analysis that finishes after the document moved on is not taken for the new version', async () => {
  const document = TextDocument.create(URI, 'json', 1, '{}');
  const { scheduler, asked, finish, published } = scheduled(document);
  scheduler.schedule(document, true);
  // The edit arrives while version 1 is analysed.
  scheduler.debounce(URI, 2);
  TextDocument.update(document, [{ text: '{ }' }], 2);
  finish[0]?.(diagnosticsOf(1));
  await settled();
  assert.deepEqual(published, [], 'version 1 is no longer the document');
  mock.timers.tick(DEBOUNCE_MS);
  assert.deepEqual(asked, [1, 2], 'version 2 is analysed after its debounce');
  finish[1]?.(diagnosticsOf(2));
  await settled();
  assert.deepEqual(published, [[2, diagnosticsOf(2)]]);
  scheduler.dispose();
});

test('the debounce counts from the edit, and an edit that never became the document starts nothing', () => {
  const document = TextDocument.create(URI, 'json', 1, '{}');
  const { scheduler, asked } = scheduled(document);
  scheduler.debounce(URI, 2);
  TextDocument.update(document, [{ text: '{ }' }], 2);
  mock.timers.tick(DEBOUNCE_MS - 1);
  assert.deepEqual(asked, [], 'still within the debounce');
  mock.timers.tick(1);
  assert.deepEqual(asked, [2]);
  // An edit the document never took (its changes could not be applied): nothing to analyse.
  scheduler.debounce(URI, 3);
  mock.timers.tick(DEBOUNCE_MS);
  assert.deepEqual(asked, [2]);
  scheduler.dispose();
});

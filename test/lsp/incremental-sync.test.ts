import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Diagnostic, LSPErrorCodes, ResponseError, type TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { seededRandom } from '../../server/src/engine/text';
import { LARGE_DOCUMENT } from '../../server/src/lsp/documentServices';
import { applyEdit, randomEdit } from '../support/editing';
import { ServerUnderTest, positionAt } from '../support/lsp';

/*
 * The built server, sent a transcript's edits as an editor sends them (ranges, several in one
 * change, bursts that overtake analyses, requests that start one at once, a replacement of the
 * whole text, a line ending turned into CRLF, growth past the large-document size and back): the
 * diagnostics of every version it publishes that the test waits for must be those of the same text
 * opened fresh in another server.
 */

const URI = 'file:///nowhere/typed.jsonl';
const LIVENESS = { timeout: 5 * 60 * 1000 };

/** A hover that starts the analysis of the current version at once; one that a later edit overtakes is cancelled. */
async function hover(server: ServerUnderTest, text: string): Promise<void> {
  try {
    await server.connection.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: positionAt(text, Math.floor(text.length / 2)) });
  } catch (e) {
    if (!(e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled)) throw e;
  }
}

test('a transcript edited in every way gets, version after version, the diagnostics of its text opened fresh', LIVENESS, async () => {
  const edited = new ServerUnderTest();
  const fresh = new ServerUnderTest();
  try {
    await Promise.all([edited.initialize(), fresh.initialize()]);
    const freshDiagnostics = async (version: number, text: string): Promise<Diagnostic[]> => {
      const published = fresh.diagnostics(URI, (p) => p.version === version);
      await fresh.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'json', version, text } });
      const { diagnostics } = await published;
      await fresh.close(URI);
      return diagnostics;
    };

    let text = generateTranscript({ shape: 'claude-code', turns: 150, seed: 6 }).text;
    let version = 1;
    await edited.open(URI, text);
    const change = async (changes: TextDocumentContentChangeEvent[], after: string): Promise<void> => {
      version++;
      text = after;
      await edited.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: changes });
    };
    /** Waits for the diagnostics of the version sent last, and holds them against a fresh server's. */
    const compare = async (what: string): Promise<number> => {
      const last = version;
      const { diagnostics } = await edited.diagnostics(URI, (p) => p.version === last);
      assert.deepEqual(diagnostics, await freshDiagnostics(last, text), `${what}, version ${last}`);
      return diagnostics.length;
    };

    const next = seededRandom(17);
    const random = (n: number) => Math.floor(next() * n);
    let found = 0;
    for (let round = 0; round < 24; round++) {
      // Mostly one edit at a time; every fourth round a burst, with a request in it that starts an analysis the burst then overtakes.
      const burst = round % 4 === 3 ? 5 : 1;
      const requests: Promise<void>[] = [];
      for (let i = 0; i < burst; i++) {
        const changes: TextDocumentContentChangeEvent[] = [];
        let after = text;
        for (let k = random(3) === 0 ? 2 : 1; k > 0; k--) {
          const edit = randomEdit(random, after);
          changes.push({ range: { start: positionAt(after, edit.start), end: positionAt(after, edit.end) }, text: edit.text });
          after = applyEdit(after, edit);
        }
        await change(changes, after);
        if (burst > 1 && i === 1) requests.push(hover(edited, text));
      }
      found += await compare(burst > 1 ? 'a burst' : `edit ${round}`);
      await Promise.all(requests);
    }
    assert.ok(found > 0, 'the planted violations are found along the way');

    const end = () => positionAt(text, text.length);
    const whole = generateTranscript({ shape: 'claude-code', turns: 80, seed: 9 }).text;
    await change([{ text: whole }], whole);
    await compare('the whole text replaced');
    const firstBreak = positionAt(text, text.indexOf('\n'));
    await change([{ range: { start: firstBreak, end: firstBreak }, text: '\r' }], text.replace('\n', '\r\n'));
    await compare('a CRLF line ending');
    const small = text;
    const padding = `${' '.repeat(LARGE_DOCUMENT)}\n`;
    await change([{ range: { start: end(), end: end() }, text: padding }], small + padding);
    await compare('grown past the large-document size');
    await change([{ range: { start: positionAt(text, small.length), end: end() }, text: '' }], small);
    await compare('back under it');

    assert.doesNotMatch(edited.stderr, /failed/);
    assert.equal(await edited.stop(), 0);
    assert.equal(await fresh.stop(), 0);
  } finally {
    edited.kill();
    fresh.kill();
  }
});

import assert from 'node:assert/strict';
import { extname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { type Diagnostic, LSPErrorCodes, type Range, ResponseError } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FUZZ_SEED, SEEDS, cook, fuzzParameters, fuzzRuns, measureJsonParse, recipe, timeBound } from '../support/fuzz';
import { ServerUnderTest } from '../support/lsp';

/**
 * The built language server over stdio, fed mutated transcripts as an editor would: open one, then
 * change it (a whole new text, or an edit somewhere in it), asking for hovers, symbols, semantic
 * tokens, inlay hints and code actions on the way. The server keeps answering, publishes
 * diagnostics only inside the document they are for, takes no longer than a generous bound per
 * document, and writes nothing but protocol to stdout.
 */

const RUNS = 40;
/** In a long run, one document (with its second version) per ten engine inputs. */
const LONG_RUN_SHARE = 1 / 10;

let server: ServerUnderTest;
/** A tiny transcript's open-to-diagnostics time in this run: the server's fixed cost per document. */
let roundTrip = 0;

let tinyDocuments = 0;

/** A tiny transcript's open-to-diagnostics time now: the median of five. */
async function measureRoundTrip(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const uri = `file:///fuzz/tiny-${tinyDocuments++}.json`;
    times.push(await timedOpen(uri, '{"messages": [{"role": "user", "content": "hi"}]}'));
    await server.close(uri);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

async function timedOpen(uri: string, text: string): Promise<number> {
  const start = performance.now();
  await server.open(uri, text);
  return performance.now() - start;
}

before(async () => {
  server = new ServerUnderTest();
  await server.initialize();
  roundTrip = await measureRoundTrip();
});

after(async () => {
  try {
    assert.equal(await server.stop(), 0);
    assert.equal(server.stdoutCheck.problem, undefined, 'the server wrote something other than protocol to stdout');
    assert.equal(server.stdoutCheck.leftover, 0, 'the server stopped in the middle of a message');
  } finally {
    server.kill();
  }
});

/** Lines as LSP counts them: a line ends at CR LF, LF or a lone CR. */
function assertInside(diagnostics: readonly Diagnostic[], uri: string, text: string, what: string): void {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.length);
  const fits = (r: Range) => [r.start, r.end].every((p) => p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= (lines[p.line] ?? 0));
  for (const d of diagnostics) {
    assert.ok(fits(d.range), `${what}: ${d.code} at ${JSON.stringify(d.range)} is outside the document (${lines.length} lines)`);
    for (const related of d.relatedInformation ?? []) {
      if (related.location.uri === uri) assert.ok(fits(related.location.range), `${what}: ${d.code} links to ${JSON.stringify(related.location.range)}, outside the document`);
    }
  }
}

/** A request the server must answer: a result, or (when a newer version overtook it) a cancellation. */
async function answered(method: string, params: object): Promise<void> {
  try {
    await server.connection.sendRequest(method, params);
  } catch (e) {
    const cancelled = e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled;
    if (!cancelled) throw new Error(`${method} failed: ${(e as Error).message}`);
  }
}

const editArbitrary = fc.record({ from: fc.double({ min: 0, max: 1, noNaN: true }), to: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('\r', '\n', '\r\n', '"', '{', '}\n{', '\ud800', '\ufeff')) });

/** A safety net, not a performance limit: a server that died or stopped answering fails the suite instead of holding up the run. */
const LIVENESS = { timeout: Math.max(10 * 60 * 1000, fuzzRuns(RUNS, LONG_RUN_SHARE) * 10_000) };

test(`lsp: mutated documents over stdio keep the server answering, with diagnostics inside them (seed ${FUZZ_SEED})`, LIVENESS, async (t) => {
  let documents = 0;
  await fc.assert(
    fc.asyncProperty(recipe, fc.oneof(recipe.map((r) => ({ replace: r })), editArbitrary.map((e) => ({ edit: e }))), fc.double({ min: 0, max: 1, noNaN: true }), async (first, second, at) => {
      const input = cook(first);
      const uri = `file:///fuzz/doc-${documents++}${extname(input.name) || '.json'}`;
      const opened = performance.now();
      const published = await server.open(uri, input.text);
      const took = performance.now() - opened;
      if (took > 20 * roundTrip + timeBound(input.text)) {
        // Over: the server's fixed cost and JSON.parse measured again, under the load the machine has now, and a second try.
        const bound = 20 * Math.max(roundTrip, await measureRoundTrip()) + timeBound(input.text, measureJsonParse());
        const again = await timedOpen(`${uri}.again`, input.text);
        await server.close(`${uri}.again`);
        assert.ok(again <= bound, `${input.name}: first diagnostics after ${took.toFixed(0)} and ${again.toFixed(0)} ms, over the bound of ${bound.toFixed(0)} ms`);
      }
      assertInside(published.diagnostics, uri, input.text, `${input.name} v1`);

      let document = TextDocument.create(uri, 'json', 1, input.text);
      const position = document.positionAt(Math.floor(at * input.text.length));
      await answered('textDocument/hover', { textDocument: { uri }, position });
      await answered('textDocument/documentSymbol', { textDocument: { uri } });

      // Version 2: a whole new text, or an edit in place; a request right after it makes the server analyse it at once.
      const changed = server.diagnostics(uri, (p) => p.version === 2);
      if ('replace' in second) {
        const text = cook(second.replace).text;
        document = TextDocument.create(uri, 'json', 2, text);
        await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text }] });
      } else {
        const [from, to] = [second.edit.from, second.edit.to].map((f) => Math.floor(f * document.getText().length)).sort((a, b) => a - b) as [number, number];
        const range = { start: document.positionAt(from), end: document.positionAt(to) };
        TextDocument.update(document, [{ range, text: second.edit.text }], 2);
        await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range, text: second.edit.text }] });
      }
      await answered('textDocument/semanticTokens/full', { textDocument: { uri } });
      const { diagnostics } = await changed;
      assertInside(diagnostics, uri, document.getText(), `${input.name} v2`);
      const end = document.positionAt(document.getText().length);
      await answered('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end } });
      const [diagnostic] = diagnostics;
      if (diagnostic) await answered('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
      await server.close(uri);
      assert.equal(server.stdoutCheck.problem, undefined, 'only protocol on stdout');
    }),
    fuzzParameters(RUNS, LONG_RUN_SHARE),
  );
  t.diagnostic(`${documents} documents from ${SEEDS.length} seed files, fast-check seed ${FUZZ_SEED}; tiny document round trip ${roundTrip.toFixed(1)} ms`);
});

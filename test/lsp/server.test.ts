import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CodeAction, Hover, MarkupContent } from 'vscode-languageserver-protocol/node';
import { ServerUnderTest } from '../support/lsp';

const URI = 'file:///work/session.json';
const GOOD = `{"messages": [
  {"role": "user", "content": "hi"},
  {"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "ls", "arguments": "{}"}}]}
]}`;
const BAD = GOOD.replace('"arguments": "{}"', '"arguments": "{oops"');

let server: ServerUnderTest;

before(async () => {
  server = new ServerUnderTest();
  await server.initialize();
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

test('opening a transcript publishes its transcript problems at the exact spot', async () => {
  const published = server.diagnostics(URI);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'json', version: 1, text: BAD } });
  const { diagnostics } = await published;
  assert.equal(diagnostics.length, 1);
  const [d] = diagnostics;
  assert.equal(d?.code, 'transcript-problem');
  assert.equal(d?.source, 'ghost-lint');
  assert.deepEqual(d?.range.start, { line: 2, character: BAD.split('\n')[2]!.indexOf('oops') });
});

test('an edit that fixes the problem clears it; closing clears everything', async () => {
  const fixed = server.diagnostics(URI, (p) => p.version === 2);
  await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: GOOD }] });
  assert.deepEqual((await fixed).diagnostics, []);
  const closed = server.diagnostics(URI, (p) => p.version === undefined);
  await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
  assert.deepEqual((await closed).diagnostics, []);
});

test('a burst of edits is debounced: only the last version is analysed', async () => {
  const uri = 'file:///work/burst.json';
  const firstOpen = server.diagnostics(uri);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: GOOD } });
  await firstOpen;
  const last = server.diagnostics(uri, (p) => p.version === 20);
  for (let version = 2; version <= 20; version++) {
    await server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: version % 2 ? GOOD : BAD }] });
  }
  await last;
  const versions = server.published.filter((p) => p.uri === uri).map((p) => p.version);
  assert.deepEqual(versions, [1, 20]);
});

test('a JSON file that is not a transcript gets no diagnostics, and the server stays up', async () => {
  const uri = 'file:///work/package.json';
  const published = server.diagnostics(uri);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{"name": "x"' } });
  assert.deepEqual((await published).diagnostics, []);
});

test('a client that cannot resolve code actions gets their edits at once, as plain changes', async () => {
  const uri = 'file:///work/fix.json';
  const text = `{"messages": [
  {"role": "user", "content": "Before you delete anything in temp/, back it up first."},
  {"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "delete_file", "arguments": "{\\"path\\": \\"temp/a.csv\\"}"}}]},
  {"role": "tool", "tool_call_id": "c1", "content": "deleted"}
]}`;
  const published = server.diagnostics(uri);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  const violation = (await published).diagnostics.find((d) => d.code === 'prerequisite-missing');
  assert.ok(violation);
  const actions = await server.connection.sendRequest<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: violation.range, context: { diagnostics: [violation] } });
  const revoke = actions.find((a) => a.title.startsWith('Mark the constraint revoked'));
  assert.ok(revoke?.edit?.changes?.[uri]?.length, JSON.stringify(actions));
  assert.equal(revoke.edit.documentChanges, undefined);
});

test('hovering a policy file says what the key means, from the schema, and nothing on its punctuation; the server stays up', async () => {
  const uri = 'file:///work/.ghost-lint.json';
  const published = server.diagnostics(uri);
  await server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{"rules": []}' } });
  assert.deepEqual((await published).diagnostics, []);
  const hover = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
  assert.match((hover?.contents as MarkupContent | undefined)?.value ?? '', /^\*\*rules\*\*: Constraints that hold from the start of every session\.$/);
  assert.equal(await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }), null);
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Range } from 'vscode-languageserver-protocol/node';
import { VIEW_DETAIL_LIMIT } from '../../server/src/lsp/features/transcriptView';
import type { Span } from '../../server/src/engine/text';
import { TranscriptViewRequest } from '../../shared/protocol';
import type { TranscriptViewModel } from '../../shared/transcriptView';
import { marked } from '../support/fixture';
import { ServerUnderTest, positionAt } from '../support/lsp';

function rangeOf(text: string, span: Span): Range {
  return { start: positionAt(text, span.start), end: positionAt(text, span.end) };
}

// An OpenAI chat session whose rule ⟦0⟧ follows escapes (a quote and a newline), so its offsets in
// the decoded text differ from the source's; a backup of another file, then the deletion ⟦1⟧ it governs.
const SESSION = marked(`[
  {"role": "user", "content": "Hi \\"team\\".\\n⟦Before you delete anything in temp/, back it up first.⟧ Then tidy up."},
  {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "backup_file", "arguments": "{\\"path\\": \\"temp/b.csv\\"}"}}]},
  {"role": "tool", "tool_call_id": "c1", "content": "saved temp/b.csv.bak"},
  {"role": "user", "content": "Now remove temp/a.csv please."},
  {"role": "assistant", "tool_calls": [⟦{"id": "c2", "type": "function", "function": {"name": "delete_file", "arguments": "{\\"path\\": \\"temp/a.csv\\"}"}}⟧]},
  {"role": "tool", "tool_call_id": "c2", "content": "${'x'.repeat(VIEW_DETAIL_LIMIT + 10)}"}
]`);
const [RULE, DELETE_CALL] = SESSION.spans as [Span, Span];
const RULE_TEXT = 'Before you delete anything in temp/, back it up first.';

let server: ServerUnderTest;
let folder: string;

before(async () => {
  server = new ServerUnderTest();
  await server.initialize();
  folder = mkdtempSync(join(tmpdir(), 'ghost-lint-view-'));
});

after(async () => {
  await server.stop();
  rmSync(folder, { recursive: true, force: true });
});

const view = (uri: string) => server.connection.sendRequest(TranscriptViewRequest.method, { uri }) as Promise<TranscriptViewModel | null>;

describe('the transcript view request', () => {
  const uri = 'file:///view/session.json';

  test('an open transcript comes back as its conversation: turns, calls with their findings, results answering their calls', async () => {
    await server.open(uri, SESSION.text);
    const model = await view(uri);
    assert.ok(model);
    assert.equal(model.version, 1);
    assert.equal(model.fromDisk, false);
    assert.equal(model.format, 'openai-chat');
    const turns = model.sessions[0]?.turns ?? [];
    assert.deepEqual(
      turns.map((t) => [t.role, t.kind, t.calls.map((c) => c.name), t.answers ?? '']),
      [
        ['user', 'message', [], ''],
        ['assistant', 'message', ['backup_file'], ''],
        ['tool', 'tool-result', [], 'backup_file'],
        ['user', 'message', [], ''],
        ['assistant', 'message', ['delete_file'], ''],
        ['tool', 'tool-result', [], 'delete_file'],
      ],
    );
    const deletion = turns[4]?.calls[0];
    assert.deepEqual(deletion?.range, rangeOf(SESSION.text, DELETE_CALL));
    assert.equal(deletion?.arguments, '{\n  "path": "temp/a.csv"\n}');
    assert.deepEqual(
      deletion?.findings.map((f) => [f.ruleId, f.level, f.constraint?.text]),
      [['prerequisite-other-target', 'error', RULE_TEXT]],
    );
    assert.deepEqual(deletion?.findings[0]?.constraint?.location, { uri, range: rangeOf(SESSION.text, RULE) });
    assert.equal(turns[1]?.calls[0]?.findings.length, 0);
    assert.deepEqual(model.findings, { errors: 1, warnings: 0, notes: 1 });
  });

  test("the constraint's sentence is highlighted at its offsets in the decoded text, escapes counted, with its source range", async () => {
    const turn = (await view(uri))?.sessions[0]?.turns[0];
    const [highlight] = turn?.highlights ?? [];
    assert.ok(turn && highlight);
    assert.equal(turn.text.slice(highlight.start, highlight.end), RULE_TEXT);
    assert.equal(highlight.kind, 'prerequisite');
    assert.equal(highlight.violated, true);
    assert.equal(highlight.ended, false);
    assert.deepEqual(highlight.range, rangeOf(SESSION.text, RULE));
  });

  test('a long result is cut at the limit and says so; its source range still covers all of it', async () => {
    const result = (await view(uri))?.sessions[0]?.turns[4]?.calls[0]?.result;
    assert.equal(result?.text.length, VIEW_DETAIL_LIMIT);
    assert.equal(result?.truncated, true);
    assert.equal(result?.range.end.line, 6);
  });

  test('an appended message appears in the view of the next version', async () => {
    const grown = SESSION.text.replace(/\n\]$/, ',\n  {"role": "user", "content": "Thanks, that is all."}\n]');
    await server.change(uri, 2, grown);
    const model = await view(uri);
    assert.equal(model?.version, 2);
    assert.equal(model?.sessions[0]?.turns.at(-1)?.text, 'Thanks, that is all.');
  });

  test('a file that is not open (or too large for the editor to hand over) is read from disk', async () => {
    const path = join(folder, 'saved.json');
    writeFileSync(path, SESSION.text);
    const model = await view(pathToFileURL(path).href);
    assert.equal(model?.fromDisk, true);
    assert.equal(model?.version, -1);
    assert.equal(model?.sessions[0]?.turns.length, 6);
    assert.equal(model?.sessions[0]?.turns[4]?.calls[0]?.findings[0]?.ruleId, 'prerequisite-other-target');
  });

  test('a file that is not a transcript has no view', async () => {
    const path = join(folder, 'package.json');
    writeFileSync(path, '{"name": "not a transcript"}');
    assert.equal(await view(pathToFileURL(path).href), null);
    await server.open('file:///view/package.json', '{"name": "not a transcript"}');
    assert.equal(await view('file:///view/package.json'), null);
  });
});

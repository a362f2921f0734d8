import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

type Json = Record<string, unknown>;

function parse(path: string): { format: string; session: Session } {
  const parsed = parseTranscript({ name: path, text: readFileSync(path, 'utf8') });
  if (parsed.kind !== 'transcript' || parsed.sessions.length !== 1) throw new Error(`${path} did not parse to one session`);
  return { format: parsed.format, session: parsed.sessions[0]! };
}

/** Tool calls counted straight from the JSON, without the adapters. */
function countCalls(format: string, root: Json): number {
  const messages = (Array.isArray(root) ? root : (root.messages as Json[] | undefined)) ?? [];
  if (format === 'openai-chat') return messages.reduce((n, m) => n + ((m.tool_calls as unknown[] | undefined)?.length ?? 0), 0);
  if (format === 'anthropic') return messages.reduce((n, m) => n + (Array.isArray(m.content) ? (m.content as Json[]).filter((b) => b.type === 'tool_use').length : 0), 0);
  const responseItems = [...((root.input as Json[] | undefined) ?? []), ...((root.output as Json[] | undefined) ?? [])];
  return responseItems.filter((i) => i.type === 'function_call').length;
}

describe('OpenAI and Anthropic files in ../shared', NEEDS_SHARED, () => {
  const files = SHARED_DIR
    ? [
        ...readdirSync(sharedPath('transcripts', 'real', 'openai-chat-responses')).map((f) => join('real', 'openai-chat-responses', f)),
        ...readdirSync(sharedPath('transcripts', 'real', 'anthropic-messages')).map((f) => join('real', 'anthropic-messages', f)),
        ...readdirSync(sharedPath('transcripts', 'dev')).map((f) => join('dev', f)),
      ].filter((f) => f.endsWith('.json') && !f.endsWith('expected.json'))
    : [];
  for (const file of files) {
    test(`${file}: tool-call count`, () => {
      const path = sharedPath('transcripts', file);
      const { format, session } = parse(path);
      if (!['openai-chat', 'openai-responses', 'anthropic'].includes(format)) return;
      const root = JSON.parse(readFileSync(path, 'utf8')) as Json;
      assert.equal(session.calls.length, countCalls(format, root));
      assert.ok(session.calls.length > 0);
    });
  }

  test('OpenAI chat: the path inside stringified arguments has its exact escaped columns', () => {
    const { session } = parse(sharedPath('transcripts', 'dev', 'd01-fs-backup-before-delete.json'));
    const call = session.calls.find((c) => c.name === 'delete_file');
    const path = call?.argumentValues.find((a) => a.path.join('.') === 'path');
    assert.ok(path);
    assert.equal(path.value, 'temp/experiment_data.csv');
    const range = new LineIndex(session.text).range(path.contentSpan);
    // Line 562 is `            "arguments": "{\"path\": \"temp/experiment_data.csv\"}"`: 12 spaces, `"arguments": "`
    // up to column 26, then `{\"path\": \"` (13 raw units for 8 decoded ones) puts the path at 39..63.
    assert.deepEqual(range, { start: { line: 561, character: 39 }, end: { line: 561, character: 63 } });
    assert.equal(session.text.slice(path.contentSpan.start, path.contentSpan.end), 'temp/experiment_data.csv');
  });

  test('OpenAI Responses: the argument inside a function_call', () => {
    const { session } = parse(sharedPath('transcripts', 'real', 'openai-chat-responses', 'responses_items.derived.json'));
    const value = session.calls[0]?.argumentValues[0];
    assert.ok(value);
    // Line 8 is `      "arguments": "{\"country\":\"PotatoLand\"}",`: the value starts after `{\"country\":\"`.
    assert.deepEqual(new LineIndex(session.text).range(value.contentSpan), { start: { line: 7, character: 35 }, end: { line: 7, character: 45 } });
    assert.equal(session.text.slice(value.contentSpan.start, value.contentSpan.end), 'PotatoLand');
  });

  test('Anthropic: a tool_use input value', () => {
    const { session } = parse(sharedPath('transcripts', 'real', 'anthropic-messages', 'messages_tool_use.derived.json'));
    const daisy = session.calls[3]?.argumentValues[0];
    assert.ok(daisy);
    assert.equal(session.text.slice(daisy.contentSpan.start, daisy.contentSpan.end), 'Daisy');
    const line = session.text.split('\n').findIndex((l) => l.includes('"Daisy"'));
    assert.deepEqual(new LineIndex(session.text).range(daisy.contentSpan).start, { line, character: session.text.split('\n')[line]!.indexOf('Daisy') });
    assert.deepEqual(
      session.calls.map((c) => c.status),
      ['ok', 'ok', 'ok', 'ok'],
    );
  });
});

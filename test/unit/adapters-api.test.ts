import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openAiChatAdapter } from '../../server/src/engine/adapters/openaiChat';
import { type JsonAdapter, sniffOnce } from '../../server/src/engine/adapters/types';
import { type Session, readJson } from '../../server/src/engine/session';
import { pickAdapter, parseTranscript } from '../../server/src/engine/parse';
import { marked, slice } from '../support/fixture';

function only(text: string, format: string): Session {
  const parsed = parseTranscript({ name: 'fixture', text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, format);
  assert.equal(parsed.sessions.length, 1);
  return parsed.sessions[0]!;
}

test('OpenAI chat: calls, stringified arguments, results and status', () => {
  const { text, spans } = marked(`{"messages": [
  {"role": "system", "content": "You manage files."},
  {"role": "user", "content": "Back up temp/ before deleting anything."},
  {"role": "assistant", "content": null, "tool_calls": [
    ⟦{"id": "call_1", "type": "function", "function": {"name": ⟦"delete_file"⟧, "arguments": "{\\"path\\": \\"⟦temp/a.csv⟧\\"}"}}⟧,
    {"id": "call_2", "type": "function", "function": {"name": "copy_file", "arguments": "{\\"from\\": \\"temp/b.csv\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "Error: permission denied"},
  {"role": "tool", "tool_call_id": "call_2", "content": "copied"},
  {"role": "tool", "tool_call_id": "call_9", "content": "orphan"}
]}`);
  const session = only(text, 'openai-chat');
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['system', 'instructions', true],
      ['user', 'message', true],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
      ['tool', 'tool-result', false],
      ['tool', 'tool-result', false],
    ],
  );
  const [del, copy] = session.calls;
  assert.ok(del && copy);
  assert.deepEqual(del.span, spans[0]);
  assert.equal(slice(text, del.nameSpan), '"delete_file"');
  assert.deepEqual(del.input, { path: 'temp/a.csv' });
  assert.deepEqual(del.argumentValues[0]?.contentSpan, spans[2]);
  assert.equal(del.status, 'error');
  assert.equal(copy.status, 'ok');
  assert.equal(del.batch, copy.batch);
  assert.deepEqual(session.problems.map((p) => p.message), ['tool result for unknown call id "call_9"']);
});

test('OpenAI chat: bad arguments and wrong types become problems, not crashes', () => {
  const text = `[
  {"role": "user", "content": 42},
  {"role": "assistant", "tool_calls": [{"id": "c1", "function": {"name": "rm", "arguments": "{not json"}}, {"function": {}}]},
  {"role": 7}
]`;
  const session = only(text, 'openai-chat');
  assert.equal(session.calls.length, 1);
  assert.equal(session.calls[0]?.input, '{not json');
  assert.equal(session.calls[0]?.status, 'unknown');
  assert.ok(session.problems.some((p) => p.message.startsWith('arguments of rm: invalid JSON')));
  assert.ok(session.problems.some((p) => p.message.includes('no function name')));
  assert.ok(session.problems.some((p) => p.message.includes('no recognised "role"')));
});

test('OpenAI Responses: function_call items, outputs and batches', () => {
  const { text, spans } = marked(`{"input": [
  {"role": "user", "content": "Never email outside acme.io"},
  {"type": "function_call", "call_id": "c1", "name": "send_email", "arguments": "{\\"to\\": \\"⟦bob@evil.com⟧\\"}"},
  {"type": "function_call", "call_id": "c2", "name": "send_email", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "c1", "output": "{\\"error\\": \\"blocked\\"}"}
], "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Done"}]}]}`);
  const session = only(text, 'openai-responses');
  assert.equal(session.calls.length, 2);
  assert.deepEqual(session.calls[0]?.argumentValues[0]?.contentSpan, spans[0]);
  assert.equal(session.calls[0]?.batch, session.calls[1]?.batch);
  assert.equal(session.calls[0]?.status, 'error');
  assert.equal(session.calls[1]?.status, 'unknown');
  assert.equal(session.turns.filter((t) => t.isUserMessage).length, 1);
});

test('Anthropic: system prompt, parallel tool_use, is_error, and text beside tool results', () => {
  const { text, spans } = marked(`{"system": "Be careful.", "messages": [
  {"role": "user", "content": "Delete old logs"},
  {"role": "assistant", "content": [
    {"type": "text", "text": "Deleting."},
    ⟦{"type": "tool_use", "id": "t1", "name": "bash", "input": {"command": "⟦rm -rf logs/old⟧"}}⟧,
    {"type": "tool_use", "id": "t2", "name": "bash", "input": {"command": "ls"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "t1", "is_error": true, "content": [{"type": "text", "text": "rm: denied"}]},
    {"type": "tool_result", "tool_use_id": "t2", "content": "Error: looks like an error but the record has no is_error"},
    {"type": "text", "text": "Stop deleting things."}
  ]}
]}`);
  const session = only(text, 'anthropic');
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['system', 'instructions', true],
      ['user', 'message', true],
      ['assistant', 'message', false],
      ['user', 'tool-result', false],
      ['user', 'message', true],
    ],
  );
  const [rm, ls] = session.calls;
  assert.deepEqual(rm?.span, spans[0]);
  assert.deepEqual(rm?.argumentValues[0]?.contentSpan, spans[1]);
  assert.equal(rm?.status, 'error');
  // No is_error field: the text envelope rule decides.
  assert.equal(ls?.status, 'error');
  assert.equal(rm?.batch, ls?.batch);
  assert.equal(session.turns[4]?.text, 'Stop deleting things.');
  assert.equal(slice(text, session.turns[4]!.pieces[0]!.literal), '"Stop deleting things."');
});

test('files that are not transcripts say so', () => {
  const parsed = parseTranscript({ name: 'package.json', text: '{"name": "x", "version": "1.0.0"}' });
  assert.equal(parsed.kind, 'not-a-transcript');
  const garbage = parseTranscript({ name: 'x', text: '\u0000\u0001binary' });
  assert.equal(garbage.kind, 'not-a-transcript');
});

test('each adapter sniffs a document once, however often it is asked: a sniff may walk every message', () => {
  let sniffs = 0;
  const counting: JsonAdapter = { format: 'generic-chat', kind: 'json', sniff: () => ++sniffs / 10, parse: () => [] };
  const doc = readJson('{"messages": [{"role": "user", "content": "hi"}]}');
  assert.equal(sniffOnce(counting, doc), 0.1);
  assert.equal(sniffOnce(counting, doc), 0.1);
  assert.equal(sniffs, 1);
  assert.equal(sniffOnce(counting, readJson('[]')), 0.2, 'another document is sniffed on its own');
  // generic-chat defers to the chat adapters by asking their sniffs, which pickAdapter made already.
  const chat = readJson('{"messages": [{"role": "user", "content": "hi"}, {"role": "tool", "tool_call_id": "a", "content": "x"}]}');
  const asked = new Map<string, number>();
  const sniff = openAiChatAdapter.sniff;
  openAiChatAdapter.sniff = (d) => {
    asked.set('openai-chat', (asked.get('openai-chat') ?? 0) + 1);
    return sniff(d);
  };
  try {
    assert.equal(pickAdapter(chat)?.format, 'openai-chat');
  } finally {
    openAiChatAdapter.sniff = sniff;
  }
  assert.equal(asked.get('openai-chat'), 1);
});

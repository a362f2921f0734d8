import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { marked, slice } from '../support/fixture';

function sessions(text: string): readonly Session[] {
  const result = parseTranscript({ name: 'fixture', text });
  assert.equal(result.kind, 'transcript', result.kind === 'not-a-transcript' ? result.reason : '');
  if (result.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(result.format, 'otel-genai');
  return result.sessions;
}

test('OTel any-agent dump: input messages, tool spans as calls, spans read in start order', () => {
  // Spans are listed as they ended: the agent span last, the second tool before the model call that asked for it.
  const { text, spans } = marked(`{"spans": [
  {"name": "call_llm m", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 1}, "start_time": 1000000000,
   "status": {"status_code": "ok"},
   "attributes": {"gen_ai.operation.name": "call_llm",
     "gen_ai.input.messages": "[⟦{\\"role\\": \\"system\\", \\"content\\": \\"Never write outside tmp/.\\"}⟧, {\\"role\\": \\"user\\", \\"content\\": \\"Write the year.\\"}]",
     "gen_ai.output": "[{\\"tool.name\\": \\"write_file\\"}]"}},
  ⟦{"name": "execute_tool write_file", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 13687147528289423029}, "start_time": 3000000000,
   "status": {"status_code": "error", "description": "disk full"},
   "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": ⟦"write_file"⟧, "gen_ai.tool.args": "{\\"path\\": \\"⟦/etc/year⟧\\"}"}}⟧,
  {"name": "execute_tool get_time", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 2}, "start_time": 2000000000,
   "status": {"status_code": "ok"},
   "attributes": {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_time", "gen_ai.tool.args": "{}", "gen_ai.output": "2025"}},
  {"name": "call_llm m", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 4}, "start_time": 2500000000,
   "status": {"status_code": "ok"},
   "attributes": {"gen_ai.operation.name": "call_llm",
     "gen_ai.input.messages": "[{\\"role\\": \\"system\\", \\"content\\": \\"Never write outside tmp/.\\"}, {\\"role\\": \\"user\\", \\"content\\": \\"Write the year.\\"}, {\\"role\\": \\"tool\\", \\"content\\": \\"2025\\"}, {\\"role\\": \\"user\\", \\"parts\\": [{\\"type\\": \\"text\\", \\"content\\": \\"Also log it.\\"}]}]"}},
  {"name": "execute_tool", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 5}, "start_time": 4000000000,
   "attributes": {"gen_ai.operation.name": "execute_tool"}},
  {"name": "invoke_agent [a]", "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 9}, "start_time": 900000000,
   "attributes": {"gen_ai.operation.name": "invoke_agent"}}
 ], "final_output": "2025"}`);
  const [session] = sessions(text);
  assert.equal(session?.id, '100927429609276267646756448943279827607');
  assert.deepEqual(
    session?.turns.map((t) => [t.role, t.kind, t.isUserMessage, t.text]),
    [
      ['system', 'instructions', true, 'Never write outside tmp/.'],
      ['user', 'message', true, 'Write the year.'],
      ['assistant', 'message', false, '[{"tool.name": "write_file"}]'],
      ['tool', 'tool-result', false, '2025'],
      // The second model call resends the conversation: only its new user message is a new turn.
      ['user', 'message', true, 'Also log it.'],
      ['assistant', 'message', false, ''],
      // No output: the status description is the result.
      ['tool', 'tool-result', false, 'disk full'],
    ],
  );
  // Input messages are JSON inside a string: the turn has the message's exact range.
  assert.deepEqual(session?.turns[0]?.span, spans[0]);
  assert.equal(session?.turns[1]?.timestamp, new Date(1000).toISOString());
  const [time, write] = session?.calls ?? [];
  assert.equal(time?.status, 'ok');
  assert.equal(write?.id, '13687147528289423029');
  assert.deepEqual(write?.span, spans[1]);
  assert.deepEqual(write?.nameSpan, spans[2]);
  assert.deepEqual(write?.argumentValues[0]?.contentSpan, spans[3]);
  assert.equal(write?.status, 'error');
  assert.equal(write?.result?.text, 'disk full');
  assert.notEqual(time?.batch, write?.batch);
  assert.deepEqual(session?.problems.map((p) => p.message), ['execute_tool span has no gen_ai.tool.name; skipped']);
});

test('OTel OTLP/JSON: attribute lists, status codes, one session per trace', () => {
  const { text, spans } = marked(`{"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "agent"}, "spans": [
  {"traceId": "aaaa", "spanId": "01", "name": "chat gpt-4o", "startTimeUnixNano": "1700000000000000000", "status": {},
   "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                  {"key": "gen_ai.input.messages", "value": {"stringValue": "[{\\"role\\": \\"user\\", \\"content\\": \\"Back up db first.\\"}]"}}]},
  {"traceId": "aaaa", "spanId": "02", "name": "execute_tool drop_table", "startTimeUnixNano": "1700000001000000000", "status": {"code": 2, "message": "denied"},
   "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                  {"key": "gen_ai.tool.name", "value": {"stringValue": "drop_table"}},
                  {"key": "gen_ai.tool.call.id", "value": {"stringValue": "call_9"}},
                  {"key": "gen_ai.tool.call.arguments", "value": {"stringValue": "{\\"table\\": \\"⟦users⟧\\"}"}},
                  {"key": "gen_ai.tool.call.result", "value": {"stringValue": "permission denied"}}]},
  {"traceId": "bbbb", "spanId": "03", "name": "execute_tool ls", "startTimeUnixNano": "1700000002000000000", "status": {"code": "STATUS_CODE_OK"},
   "attributes": [{"key": "gen_ai.tool.name", "value": {"stringValue": "ls"}}, {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                  {"key": "gen_ai.input.messages", "value": {"intValue": "3"}}]}
]}]}]}`);
  const [first, second] = sessions(text);
  assert.equal(first?.id, 'aaaa');
  assert.deepEqual(first?.turns.map((t) => [t.role, t.text]), [
    ['user', 'Back up db first.'],
    ['assistant', ''],
    ['tool', 'permission denied'],
  ]);
  const [drop] = first?.calls ?? [];
  assert.equal(drop?.id, 'call_9');
  assert.deepEqual(drop?.argumentValues[0]?.contentSpan, spans[0]);
  assert.equal(slice(text, drop!.nameSpan), '"drop_table"');
  assert.equal(drop?.status, 'error');
  assert.equal(drop?.timestamp, new Date(1700000001000).toISOString());
  assert.equal(second?.id, 'bbbb');
  // A tool span with no model call before it still sits in an assistant turn.
  assert.deepEqual(second?.calls.map((c) => [c.name, c.status]), [['ls', 'ok']]);
});

test('OTel: broken input messages are a problem; a trace without GenAI attributes is not a transcript', () => {
  const text = `{"spans": [{"name": "chat", "context": {"trace_id": 1, "span_id": 1}, "start_time": 1,
   "attributes": {"gen_ai.operation.name": "chat", "gen_ai.input.messages": "[{\\"role\\": \\"user\\""}}]}`;
  const [session] = sessions(text);
  assert.ok(session?.problems.some((p) => p.message.startsWith('gen_ai.input.messages: invalid JSON in string')));
  const plain = parseTranscript({ name: 'trace', text: `{"spans": [{"name": "GET /", "attributes": {"http.method": "GET"}}]}` });
  assert.equal(plain.kind, 'not-a-transcript');
});

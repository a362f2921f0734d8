import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';

// Results pair with their calls when real logs reuse tool call ids (gpt-4o) or leave them empty
// (Gemini in AgentDojo): SPEC section 3. The samples are in test/fixtures/real (SOURCES.md there).

const REAL = join(__dirname, '..', 'fixtures', 'real');

function onlySession(text: string, format: string): Session {
  const parsed = parseTranscript({ name: 'fixture.json', text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, format);
  assert.equal(parsed.sessions.length, 1);
  return parsed.sessions[0]!;
}

function pairs(session: Session): [string, string | undefined, string][] {
  return session.calls.map((c) => [c.name, c.result === undefined ? undefined : session.text.slice(c.result.span.start, c.result.span.end), c.status]);
}

test('tau-bench (gpt-4o, airline run 89): a reused id pairs the cancellation with its own result, and nothing is reported', () => {
  const session = onlySession(readFileSync(join(REAL, 'tau-bench-gpt-4o-airline-idx89.json'), 'utf8'), 'tau-bench');
  assert.deepEqual(
    session.calls.map((c) => [c.name, c.id]),
    [
      ['get_user_details', 'call_oYHDxU9tCZvK72L28iJya8HK'],
      ['get_reservation_details', 'call_eOnrtEO7kHAR1nZFiuY2oi98'],
      // The id gpt-4o wrote twice, made unique in the session.
      ['cancel_reservation', 'call_eOnrtEO7kHAR1nZFiuY2oi98#1'],
    ],
  );
  for (const [name, result, status] of pairs(session)) {
    assert.equal(status, 'ok', name);
    assert.match(result ?? '', new RegExp(`"name": "${name}"`), `${name} is answered by the result that names it`);
  }
  assert.deepEqual(session.problems, []);
});

test('AgentDojo with Gemini\'s empty ids: every result pairs with its call, parallel calls by the arguments the result repeats', () => {
  const text = readFileSync(join(REAL, 'agentdojo-banking-user_task_0-gemini-ids.json'), 'utf8');
  const session = onlySession(text, 'agentdojo');
  const recipients = (s: Session): [string, unknown, string | undefined][] =>
    s.calls.map((c) => [c.name, (c.input as { recipient?: string }).recipient, c.result && s.text.slice(c.result.span.start, c.result.span.end).match(/Transaction to (\w+)/)?.[1]]);
  assert.deepEqual(recipients(session), [
    ['read_file', undefined, undefined],
    ['send_money', 'UK12345678901234567890', 'UK12345678901234567890'],
    ['send_money', 'US133000000121212121212', 'US133000000121212121212'],
  ]);
  assert.deepEqual(
    session.calls.map((c) => c.status),
    ['ok', 'ok', 'ok'],
  );
  assert.deepEqual(session.problems, []);

  // The two results in the other order still find their own calls: by arguments, not by position.
  const run = JSON.parse(text) as { messages: { role: string }[] };
  const [first, second] = run.messages.flatMap((m, i) => (m.role === 'tool' && i > 4 ? [i] : []));
  [run.messages[first!], run.messages[second!]] = [run.messages[second!]!, run.messages[first!]!];
  const swapped = onlySession(JSON.stringify(run, null, 2), 'agentdojo');
  assert.deepEqual(recipients(swapped), recipients(session));
  assert.deepEqual(swapped.problems, []);
});

test('a repeated id pairs with the nearest earlier call still waiting; only calls issued together under one id and function are a guess, reported once', () => {
  const call = (id: string, name: string, args = '{}') => ({ id, type: 'function', function: { name, arguments: args } });
  const messages = [
    { role: 'user', content: 'Tidy up.' },
    { role: 'assistant', content: null, tool_calls: [call('x', 'list_files')] },
    // No result for the first x (the run was cut short there); the next x is the one answered.
    { role: 'assistant', content: null, tool_calls: [call('x', 'delete_file', '{"path": "a"}')] },
    { role: 'tool', tool_call_id: 'x', content: 'deleted a' },
    { role: 'assistant', content: null, tool_calls: [call('y', 'delete_file', '{"path": "b"}'), call('y', 'delete_file', '{"path": "c"}')] },
    { role: 'tool', tool_call_id: 'y', content: 'deleted b' },
    { role: 'tool', tool_call_id: 'y', content: 'deleted c' },
    { role: 'tool', tool_call_id: 'y', content: 'a third answer' },
    { role: 'tool', tool_call_id: 'z', content: 'an answer to nothing' },
  ];
  const session = onlySession(JSON.stringify(messages), 'openai-chat');
  assert.deepEqual(
    session.calls.map((c) => [c.name, c.result?.text]),
    [
      ['list_files', undefined],
      ['delete_file', 'deleted a'],
      ['delete_file', 'deleted b'],
      ['delete_file', 'deleted c'],
    ],
  );
  assert.deepEqual(
    session.problems.map((p) => p.message),
    [
      '2 calls issued together share id "y"; this result is linked to the first of them by order',
      'second result for call "y"; the first one counts',
      'tool result for unknown call id "z"',
    ],
  );
});

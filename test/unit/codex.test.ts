import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCodexOutput } from '../../server/src/engine/adapters/codex';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, ToolCall } from '../../server/src/engine/session';
import { marked, slice } from '../support/fixture';

function codex(text: string): Session {
  const parsed = parseTranscript({ name: 'rollout.jsonl', text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, 'codex');
  assert.equal(parsed.sessions.length, 1);
  return parsed.sessions[0]!;
}

function call(session: Session, id: string): ToolCall {
  const found = session.calls.find((c) => c.id === id);
  assert.ok(found, `call ${id}`);
  return found;
}

/** One rollout line: `{timestamp, type, payload}` as codex-rs writes it. */
function line(type: string, payload: unknown, timestamp = '2025-10-01T10:00:00.000Z'): string {
  return JSON.stringify({ timestamp, type, payload });
}

test('current rollout: injected context, duplicated user messages and cwd from turn_context', () => {
  const text = [
    line('session_meta', { id: 'sess-1', cwd: '/repo', instructions: 'Never touch prod/.', originator: 'codex_cli_rs' }),
    // AGENTS.md injected as a user message repeats session_meta.instructions: one instructions turn, not two.
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nNever touch prod/.\n</INSTRUCTIONS>' }] }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>' }] }),
    // Older codex-rs also emitted an event copy of injected context, with a `kind`.
    line('event_msg', { type: 'user_message', message: '<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>', kind: 'environment_context' }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Back up data/ before you delete it.' }] }, '2025-10-01T10:00:05.000Z'),
    // The event copy of the same message is not a second turn.
    line('event_msg', { type: 'user_message', message: 'Back up data/ before you delete it.', images: [] }),
    line('turn_context', { cwd: '/repo/sub', approval_policy: 'on-request', model: 'gpt-5-codex' }),
    line('response_item', { type: 'reasoning', summary: [], encrypted_content: 'opaque' }),
    line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Sure.' }] }, '2025-10-01T10:00:09.000Z'),
    line('event_msg', { type: 'agent_message', message: 'Sure.' }),
    // Harness-injected marker after an interrupt: not something the person said.
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<turn_aborted>\nThe user interrupted.\n</turn_aborted>' }] }),
  ].join('\n');
  const session = codex(text);
  assert.equal(session.id, 'sess-1');
  assert.equal(session.cwd, '/repo');
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['user', 'instructions', true],
      ['user', 'environment', false],
      ['user', 'message', true],
      ['assistant', 'message', false],
      ['user', 'reminder', false],
    ],
  );
  assert.equal(session.turns[2]?.timestamp, '2025-10-01T10:00:05.000Z');
  assert.equal(session.turns[2]?.cwd, '/repo');
  assert.equal(session.turns[3]?.cwd, '/repo/sub');
  assert.deepEqual(session.problems, []);
});

test('current rollout: calls, exact argument ranges inside stringified arguments, exit codes and batches', () => {
  const { text, spans } = marked(
    [
      line('session_meta', { id: 's', cwd: '/repo' }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Clean up.' }] }),
      // Escapes before the value are counted: `\\"` in the file is one character of the decoded arguments.
      `{"timestamp":"2025-10-01T10:01:00.000Z","type":"response_item","payload":⟦{"type":"function_call","name":⟦"shell"⟧,"arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"⟦rm -rf \\\\\\"old dir\\\\\\"⟧\\"],\\"workdir\\":\\"/repo\\"}","call_id":"c1"}⟧}`,
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","ls"]}', call_id: 'c2' }),
      line('response_item', { type: 'function_call_output', call_id: 'c1', output: JSON.stringify({ output: 'rm: permission denied', metadata: { exit_code: 1, duration_seconds: 0.1 } }) }, '2025-10-01T10:01:02.000Z'),
      line('response_item', { type: 'function_call_output', call_id: 'c2', output: 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nError: this text is command output, not the status' }),
      line('response_item', { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Delete File: old.txt\n*** End Patch', call_id: 'c3' }),
      line('response_item', { type: 'custom_tool_call_output', call_id: 'c3', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.' }),
      line('response_item', { type: 'local_shell_call', call_id: 'c4', status: 'completed', action: { type: 'exec', command: ['rm', 'a.txt'] } }),
      line('response_item', { type: 'function_call_output', call_id: 'c4', output: 'Chunk ID: 1\nWall time: 0.2000 seconds\nProcess exited with code 2\nOutput:\nno such file' }),
      line('response_item', { type: 'function_call_output', call_id: 'c9', output: 'orphan' }),
    ].join('\n'),
  );
  const session = codex(text);
  assert.equal(session.calls.length, 4);
  const rm = call(session, 'c1');
  assert.deepEqual(rm.span, spans[0]);
  assert.equal(slice(text, rm.nameSpan), '"shell"');
  assert.deepEqual(rm.input, { command: ['bash', '-lc', 'rm -rf "old dir"'], workdir: '/repo' });
  const script = rm.argumentValues.find((v) => v.path.join('.') === 'command.2');
  assert.deepEqual(script?.contentSpan, spans[2]);
  assert.equal(rm.timestamp, '2025-10-01T10:01:00.000Z');
  assert.equal(rm.cwd, '/repo');
  assert.equal(rm.status, 'error');
  assert.equal(rm.result?.exitCode, 1);
  assert.equal(rm.result?.text, 'rm: permission denied');
  assert.equal(rm.result?.timestamp, '2025-10-01T10:01:02.000Z');
  // Issued together before either output came back: one batch.
  assert.equal(rm.batch, call(session, 'c2').batch);
  assert.equal(call(session, 'c2').status, 'ok');
  assert.equal(call(session, 'c2').result?.exitCode, 0);
  const patch = call(session, 'c3');
  assert.equal(patch.name, 'apply_patch');
  assert.deepEqual(patch.input, { input: '*** Begin Patch\n*** Delete File: old.txt\n*** End Patch' });
  assert.equal(patch.status, 'ok');
  assert.notEqual(patch.batch, rm.batch);
  const local = call(session, 'c4');
  assert.equal(local.name, 'local_shell');
  assert.deepEqual(local.input, { type: 'exec', command: ['rm', 'a.txt'] });
  assert.equal(local.status, 'error');
  assert.equal(local.result?.exitCode, 2);
  assert.deepEqual(session.problems.map((p) => p.message), ['tool result for unknown call id "c9"']);
});

test('current rollout: rejected, refused and aborted calls are marked stopped', () => {
  const text = [
    line('session_meta', { id: 's', cwd: '/repo' }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Tidy the repo.' }] }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["rm","-rf","build"]}', call_id: 'declined' }),
    line('response_item', { type: 'function_call_output', call_id: 'declined', output: 'exec command rejected by user' }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["git","push","-f"]}', call_id: 'policy' }),
    line('response_item', { type: 'function_call_output', call_id: 'policy', output: 'exec command rejected: dangerous command' }),
    // An escalated call left without output when the person speaks again was declined at the prompt.
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":"rm secrets.txt","sandbox_permissions":"require_escalated"}', call_id: 'escalated' }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":"ls"}', call_id: 'plain' }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'No, leave it.' }] }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":"rm a"}', call_id: 'queued' }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":"sleep 100"}', call_id: 'running' }),
    line('event_msg', { type: 'exec_command_begin', call_id: 'running', command: ['sleep', '100'] }),
    line('event_msg', { type: 'turn_aborted', reason: 'interrupted' }),
  ].join('\n');
  const session = codex(text);
  const stopped = (id: string) => call(session, id).stopped?.kind;
  assert.equal(stopped('declined'), 'rejected');
  assert.equal(stopped('policy'), 'denied');
  assert.equal(stopped('escalated'), 'rejected');
  // Without an escalation request nothing says the call waited for approval: it stays unknown.
  assert.equal(stopped('plain'), undefined);
  assert.equal(stopped('queued'), 'aborted');
  assert.match(call(session, 'queued').stopped?.message ?? '', /interrupted/);
  // Codex reported starting it: the abort interrupted a call that ran.
  assert.equal(stopped('running'), undefined);
  assert.ok(session.calls.every((c) => c.status === 'unknown'));
});

test('current rollout: an event-only user message still makes a turn; compaction keeps only its summary', () => {
  const { text, spans } = marked(
    [
      line('session_meta', { id: 's', cwd: '/repo' }),
      `{"timestamp":"2025-10-01T10:02:00.000Z","type":"event_msg","payload":⟦{"type":"user_message","message":⟦"Do not push to main."⟧,"images":[]}⟧}`,
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Noted.' }] }),
      line('compacted', {
        message: 'The user asked not to push to main.',
        replacement_history: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Do not push to main.' }] }],
      }),
      line('compacted', { message: '' }),
    ].join('\n'),
  );
  const session = codex(text);
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['user', 'message', true],
      ['assistant', 'message', false],
      ['system', 'compaction-summary', false],
      ['system', 'compaction-boundary', false],
    ],
  );
  assert.deepEqual(session.turns[0]?.span, spans[0]);
  assert.deepEqual(session.turns[0]?.pieces[0]?.literal, spans[1]);
  assert.equal(session.turns[0]?.timestamp, '2025-10-01T10:02:00.000Z');
  assert.equal(session.turns[2]?.text, 'The user asked not to push to main.');
});

test('current rollout: malformed lines and wrong types become problems and parsing goes on', () => {
  const text = [
    line('session_meta', { id: 's', cwd: '/repo' }),
    '{"timestamp":"t","type":"response_item","payload":{"type":"message"',
    '[1, 2]',
    line('response_item', 'not an object'),
    line('turn_context', { cwd: 42 }),
    line('event_msg', { type: 'user_message', message: ['not', 'text'] }),
    '{"hello": "world"}',
    line('response_item', { type: 'function_call', arguments: '{}', call_id: 'nameless' }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command": oops}', call_id: 'broken' }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Still read.' }] }),
  ].join('\n');
  const session = codex(text);
  const messages = session.problems.map((p) => p.message);
  assert.ok(messages.some((m) => m.startsWith('invalid JSON')));
  assert.ok(messages.includes('line is not a JSON object; skipped'));
  assert.ok(messages.includes('response_item line has no "payload" object; skipped'));
  assert.ok(messages.includes('turn_context "cwd" should be a string; ignored'));
  assert.ok(messages.includes('user_message "message" should be a string; ignored'));
  assert.ok(messages.includes('line is neither a rollout record nor a Responses item; skipped'));
  assert.ok(messages.includes('function_call has no "name"; skipped'));
  assert.ok(messages.some((m) => m.startsWith('arguments of shell: invalid JSON')));
  const cwdProblem = session.problems.find((p) => p.message.startsWith('turn_context'));
  assert.equal(cwdProblem && slice(text, cwdProblem.span), '42');
  assert.equal(session.calls.length, 1);
  assert.equal(session.calls[0]?.input, '{"command": oops}');
  assert.equal(session.turns.at(-1)?.text, 'Still read.');
});

test('early codex-rs rollout: bare meta line, state snapshots and bare items', () => {
  const { text, spans } = marked(
    [
      `{"id":"early-1","timestamp":"2025-06-01T09:00:00.000Z","instructions":⟦"Always run tests before committing."⟧,"git":{"branch":"main"}}`,
      JSON.stringify({ record_type: 'state' }),
      JSON.stringify({ type: 'message', id: null, role: 'user', content: [{ type: 'input_text', text: 'Commit the fix.' }] }),
      JSON.stringify({ type: 'local_shell_call', id: null, call_id: 'ls1', status: 'completed', action: { type: 'exec', command: ['git', 'commit', '-am', 'fix'], working_directory: '/w' } }),
      JSON.stringify({ type: 'function_call_output', call_id: 'ls1', output: JSON.stringify({ output: 'nothing to commit', metadata: { exit_code: 1, duration_seconds: 0.2 } }) }),
      JSON.stringify({ record_type: 'state', previous_response_id: 'resp_1' }),
      JSON.stringify({ type: 'function_call', name: 'shell', arguments: '{"command":["pytest"]}', call_id: 'f1' }),
      JSON.stringify({ type: 'function_call_output', call_id: 'f1', output: 'failed in sandbox Seatbelt with execution error: Denied' }),
    ].join('\n'),
  );
  const session = codex(text);
  assert.equal(session.id, 'early-1');
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['system', 'instructions', true],
      ['user', 'message', true],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
    ],
  );
  assert.deepEqual(session.turns[0]?.span, spans[0]);
  assert.equal(session.turns[0]?.timestamp, '2025-06-01T09:00:00.000Z');
  assert.equal(call(session, 'ls1').status, 'error');
  assert.equal(call(session, 'ls1').result?.exitCode, 1);
  assert.equal(call(session, 'f1').status, 'error');
  assert.deepEqual(session.problems, []);
});

test('TypeScript CLI saved rollout: {session, items} JSON, with declined and refused calls', () => {
  const text = JSON.stringify(
    {
      session: { timestamp: '2025-04-20T08:00:00.000Z', id: 'ts-1', instructions: 'Ask before deleting files.' },
      items: [
        { id: 'msg_1', type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Remove the logs.' }] },
        { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{"command":["rm","-r","logs"]}', status: 'completed' },
        { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: 'aborted', metadata: {} }) },
        // The TypeScript CLI records the person's choice at the prompt as a user message.
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: "No, don't do that — stop for now." }] },
        { id: 'fc_2', type: 'function_call', call_id: 'call_2', name: 'shell', arguments: '{"command":["sudo","rm","x"]}' },
        { type: 'function_call_output', call_id: 'call_2', output: JSON.stringify({ output: 'aborted', metadata: { error: 'command rejected', reason: 'Command rejected by auto-approval system.' } }) },
        { id: 'fc_3', type: 'function_call', call_id: 'call_3', name: 'shell', arguments: '{"command":["ls"]}' },
        { type: 'function_call_output', call_id: 'call_3', output: 'aborted' },
        { id: 'fc_4', type: 'function_call', call_id: 'call_4', name: 'shell', arguments: '{"command":["cat","x"]}' },
        { type: 'function_call_output', call_id: 'call_4', output: JSON.stringify({ output: 'hello', metadata: { exit_code: 0, duration_seconds: 0 } }) },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        7,
      ],
    },
    null,
    2,
  );
  const session = codex(text);
  assert.equal(session.id, 'ts-1');
  assert.deepEqual(
    session.turns.filter((t) => t.isUserMessage).map((t) => [t.role, t.kind, t.text]),
    [
      ['system', 'instructions', 'Ask before deleting files.'],
      ['user', 'message', 'Remove the logs.'],
      ['user', 'message', "No, don't do that — stop for now."],
    ],
  );
  assert.equal(call(session, 'call_1').stopped?.kind, 'rejected');
  assert.equal(call(session, 'call_2').stopped?.kind, 'denied');
  assert.match(call(session, 'call_2').stopped?.message ?? '', /auto-approval system/);
  assert.equal(call(session, 'call_3').stopped?.kind, 'aborted');
  assert.equal(call(session, 'call_4').status, 'ok');
  assert.equal(call(session, 'call_4').result?.text, 'hello');
  assert.deepEqual(session.problems.map((p) => p.message), ['item is not a JSON object; skipped']);
});

test('sniffing: Codex by content, never Claude Code, Gemini or unrelated JSON Lines', () => {
  const claude = [
    JSON.stringify({ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } }),
    JSON.stringify({ type: 'response_item', uuid: 'u2', parentUuid: 'u1', payload: { type: 'message' } }),
  ].join('\n');
  const gemini = [JSON.stringify({ sessionId: 's', type: 'user', message: 'hi' }), JSON.stringify({ sessionId: 's', type: 'gemini', message: 'hello' })].join('\n');
  const unrelated = [JSON.stringify({ level: 'info', msg: 'a' }), JSON.stringify({ level: 'warn', msg: 'b' })].join('\n');
  for (const text of [claude, gemini, unrelated]) {
    const parsed = parseTranscript({ name: 'x.jsonl', text });
    assert.ok(parsed.kind === 'not-a-transcript' || parsed.format !== 'codex', text);
  }
  // Bare Responses items with call ids and no meta line are still an early rollout.
  const bare = [
    JSON.stringify({ type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
    JSON.stringify({ type: 'function_call_output', call_id: 'c1', output: 'ok' }),
  ].join('\n');
  assert.equal(codex(bare).calls.length, 1);
});

test('readCodexOutput: the output shapes Codex writes', () => {
  assert.deepEqual(readCodexOutput('{"output":"boom","metadata":{"exit_code":3,"duration_seconds":0.1}}'), { text: 'boom', exitCode: 3 });
  assert.deepEqual(readCodexOutput('Exit code: 0\nWall time: 1 seconds\nOutput:\nExit code: 9'), { text: 'Exit code: 0\nWall time: 1 seconds\nOutput:\nExit code: 9', exitCode: 0 });
  // No "Output:" header: plain text, so the status falls to the text rule.
  assert.deepEqual(readCodexOutput('Exit code: 1'), { text: 'Exit code: 1' });
  assert.deepEqual(readCodexOutput('command timed out after 10000 milliseconds'), { text: 'command timed out after 10000 milliseconds', isError: true });
  assert.deepEqual(readCodexOutput([{ type: 'input_text', text: 'a' }, { type: 'input_image', image_url: 'data:' }, 'b']), { text: 'a\nb' });
  assert.deepEqual(readCodexOutput({ content: 'nope', success: false }), { text: 'nope', isError: true });
  assert.deepEqual(readCodexOutput('{"output": 1}'), { text: '{"output": 1}' });
  assert.deepEqual(readCodexOutput(null), { text: '' });
  assert.equal(readCodexOutput('patch rejected by user').stopped?.kind, 'rejected');
});

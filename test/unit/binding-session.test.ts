import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Action } from '../../server/src/engine/actions';
import { bindSession } from '../../server/src/engine/binding';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, TranscriptFormat } from '../../server/src/engine/session';
import { marked, slice } from '../support/fixture';
import { describeAction as describe, parseAs } from '../support/sessions';

function parse(text: string, format: TranscriptFormat): Session {
  const session = parseAs(text, format);
  assert.deepEqual(session.problems, []);
  return session;
}

test('OpenAI chat (stringified arguments): ids explained by earlier results only, never later or parallel ones', () => {
  // ⟦…⟧ marks each action's expected span. Arguments are JSON inside a JSON string: `\"` in the file.
  const { text, spans } = marked(`{
  "tools": [
    {"type": "function", "function": {"name": "list_events", "description": "List calendar events.", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "cancel_event", "description": "Cancel a calendar event.", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "list_tasks", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "close_task", "description": "Deletes a task.", "parameters": {"type": "object"}}}
  ],
  "messages": [
    {"role": "user", "content": "Clear my Thursday."},
    {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "cancel_event", "arguments": "{\\"event_id\\": \\"⟦evt_7f3a⟧\\"}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "error: list the events first"},
    {"role": "assistant", "content": null, "tool_calls": [{"id": "c2", "type": "function", "function": {"name": "list_events", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c2", "content": "evt_7f3a: Q3 board review\\nevt_90cc: 1:1 with Sam"},
    {"role": "assistant", "content": null, "tool_calls": [{"id": "c3", "type": "function", "function": {"name": "cancel_event", "arguments": "{\\"event_id\\": \\"⟦evt_7f3a⟧\\"}"}}]},
    {"role": "tool", "tool_call_id": "c3", "content": "cancelled"},
    {"role": "assistant", "content": null, "tool_calls": [
      {"id": "c4", "type": "function", "function": {"name": "list_tasks", "arguments": "{}"}},
      {"id": "c5", "type": "function", "function": {"name": "close_task", "arguments": "{\\"task_id\\": \\"⟦tsk_12⟧\\"}"}}
    ]},
    {"role": "tool", "tool_call_id": "c4", "content": "tsk_12: Nightly backups"},
    {"role": "tool", "tool_call_id": "c5", "content": "ok"}
  ]
}`);
  const session = parse(text, 'openai-chat');
  assert.equal(session.tools.length, 4);
  assert.equal(session.tools[3]?.description, 'Deletes a task.');
  const actions = bindSession(session);
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [
      // Before the listing: the id has no meaning yet.
      ['cancel event:evt_7f3a'],
      [],
      ['cancel event:evt_7f3a "Q3 board review"'],
      [],
      // Issued together with the listing, before its result came back: no meaning either. The
      // verb comes from the declared description (the name's "close" is not in the lexicon).
      ['delete resource:tsk_12'],
    ],
  );
  assert.deepEqual(
    actions.flat().map((a) => a.span),
    spans,
  );
  assert.ok(actions.flat().every((a) => a.step.order === 0 && a.step.chain === 0));
});

test('Anthropic: one send per recipient; backup and delete of one file; stopped and failed calls still bind', () => {
  const { text, spans } = marked(`{
  "tools": [{"name": "send_email", "description": "Send an email.", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Send the summary to Lena and Kenji, then remove the draft."},
    {"role": "assistant", "content": [
      {"type": "text", "text": "Sending."},
      {"type": "tool_use", "id": "t1", "name": "send_email", "input": {"to": ["⟦Lena@Acme.io⟧", "⟦k.ito@gmail.com⟧"], "subject": "Summary"}}
    ]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "sent"}]},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "t2", "name": "backup_file", "input": {"path": "⟦drafts/summary.md⟧"}},
      {"type": "tool_use", "id": "t3", "name": "delete_file", "input": {"path": "⟦drafts/summary.md⟧"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "t2", "content": "disk full", "is_error": true},
      {"type": "tool_result", "tool_use_id": "t3", "content": "deleted"}
    ]}
  ]
}`);
  const session = parse(text, 'anthropic');
  assert.deepEqual(
    session.tools.map((t) => [t.name, t.description, t.parameters]),
    [['send_email', 'Send an email.', { type: 'object' }]],
  );
  const actions = bindSession(session);
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [['send recipient:lena@acme.io', 'send recipient:k.ito@gmail.com'], ['backup path:drafts/summary.md'], ['delete path:drafts/summary.md']],
  );
  assert.deepEqual(
    actions.flat().map((a) => a.span),
    spans,
  );
});

test('Claude Code: paths against each line’s cwd, Write overwriting what an earlier Read showed', () => {
  const envelope = { isSidechain: false, userType: 'external', sessionId: 's1', version: '2.0.14' };
  const { text, spans } = marked(
    [
      JSON.stringify({ ...envelope, parentUuid: null, cwd: '/repo', type: 'user', uuid: 'u1', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'Update the notes.' } }),
      `{"parentUuid":"u1","isSidechain":false,"cwd":"/repo","sessionId":"s1","type":"assistant","uuid":"a1","timestamp":"2026-01-01T00:00:01Z","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"⟦notes/todo.md⟧"}}]}}`,
      JSON.stringify({ ...envelope, parentUuid: 'a1', cwd: '/repo', type: 'user', uuid: 'u2', timestamp: '2026-01-01T00:00:02Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '     1\t- buy milk' }] } }),
      // The session moved into a subfolder: relative paths resolve against this line's cwd.
      `{"parentUuid":"u2","isSidechain":false,"cwd":"/repo/notes","sessionId":"s1","type":"assistant","uuid":"a2","timestamp":"2026-01-01T00:00:03Z","message":{"id":"m2","role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Write","input":{"file_path":"⟦./todo.md⟧","content":"- buy oat milk\\n"}}]}}`,
      `{"parentUuid":"a2","isSidechain":false,"cwd":"/repo/notes","sessionId":"s1","type":"assistant","uuid":"a3","timestamp":"2026-01-01T00:00:04Z","message":{"id":"m3","role":"assistant","content":[{"type":"tool_use","id":"t3","name":"Edit","input":{"file_path":"⟦../README.md⟧","old_string":"a","new_string":"b"}}]}}`,
    ].join('\n'),
  );
  const session = parse(text, 'claude-code');
  const actions = bindSession(session);
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [['read path:/repo/notes/todo.md'], ['write path:/repo/notes/todo.md', 'overwrite path:/repo/notes/todo.md'], ['write path:/repo/README.md']],
  );
  assert.deepEqual(
    actions.flat().map((a) => a.span),
    [spans[0], spans[1], spans[1], spans[2]],
  );
});

test('Codex: apply_patch paths against the turn_context cwd', () => {
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type, payload });
  const { text, spans } = marked(
    [
      line('session_meta', { id: 's', cwd: '/repo' }),
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Rename the helper.' }] }),
      line('turn_context', { cwd: '/repo/pkg', model: 'gpt-5-codex' }),
      `{"timestamp":"2026-01-01T00:00:01Z","type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","call_id":"c1","input":"*** Begin Patch\\n*** Update File: ⟦lib/helper.ts⟧\\n*** Move to: ⟦lib/helpers.ts⟧\\n@@\\n-a\\n+b\\n*** End Patch"}}`,
      line('response_item', { type: 'custom_tool_call_output', call_id: 'c1', output: 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.' }),
    ].join('\n'),
  );
  const [actions] = bindSession(parse(text, 'codex'));
  assert.deepEqual(actions?.map(describe), ['move path:/repo/pkg/lib/helper.ts {"destination":"/repo/pkg/lib/helpers.ts"}', 'write path:/repo/pkg/lib/helpers.ts']);
  assert.deepEqual(
    actions?.map((a) => a.span),
    spans,
  );
});

test('declared effects replace built-in knowledge and inference for their tool', () => {
  const text = JSON.stringify({
    messages: [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't1', name: 'notify', input: { people: ['a@x.io', 'B@Y.io'], memo: 'hi' } },
          { type: 'tool_use', id: 't2', name: 'delete_file', input: { path: 'keep.txt' } },
          { type: 'tool_use', id: 't3', name: 'settle', input: { invoice: { payee: 'Acme', total: '$900' } } },
          { type: 'tool_use', id: 't4', name: 'reset_all', input: {} },
        ],
      },
    ],
  });
  const session = parse(text, 'anthropic');
  const actions = bindSession(session, [
    { tool: 'notify', verb: 'send', targetKind: 'recipient', targetArgument: 'people[]' },
    // Declared as a read: built-in knowledge of delete_file no longer applies.
    { tool: 'delete_file', verb: 'read', targetKind: 'path', targetArgument: 'path' },
    { tool: 'settle', verb: 'pay', targetKind: 'account', targetArgument: 'invoice.payee', amountArgument: 'invoice.total' },
    // No target argument: the effect happens, on no known target.
    { tool: 'reset_all', verb: 'discard-changes', targetKind: 'resource' },
  ]);
  assert.deepEqual(
    actions.map((list) => list.map(describe)),
    [
      ['send recipient:a@x.io', 'send recipient:b@y.io'],
      ['read path:keep.txt'],
      ['pay account:Acme {"amount":900,"currency":"USD"}'],
      ['discard-changes'],
    ],
  );
  assert.ok(actions.flat().every((a) => a.basis === 'declared'));
  assert.equal(slice(text, actions[0]![1]!.span), 'B@Y.io');
  assert.equal(slice(text, actions[2]![0]!.span), 'Acme');
  assert.deepEqual(actions[3]![0]!.span, session.calls[3]!.span);
});

test('sessions without calls, calls with unreadable arguments', () => {
  const text = JSON.stringify({
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'delete_file', arguments: '{"path": ' } }] },
    ],
  });
  const parsed = parseTranscript({ name: 'chat.json', text });
  assert.ok(parsed.kind === 'transcript');
  const session = parsed.sessions[0]!;
  assert.equal(session.problems.length, 1);
  assert.deepEqual(bindSession(session), [[]]);
  assert.deepEqual(bindSession({ ...session, calls: [] }), []);
});

/** Verb and target only: the shell binder decides the rest (its own tests cover it). */
const verbAndTarget = (action: Action): string => `${action.verb}${action.target ? ` ${action.target.kind}:${action.target.value}` : ''}`;

test('Claude Code Bash and Codex shell: commands go to the shell binder with the right cwd and exact spans', () => {
  const claude = marked(
    [
      JSON.stringify({ parentUuid: null, cwd: '/home/dev/lab', sessionId: 's1', type: 'user', uuid: 'u1', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'Free some space.' } }),
      `{"parentUuid":"u1","cwd":"/home/dev/lab","sessionId":"s1","type":"assistant","uuid":"a1","timestamp":"2026-01-01T00:00:01Z","message":{"id":"m1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"⟦rm -rf data/raw/2024-06⟧","description":"Remove old dump"}}]}}`,
    ].join('\n'),
  );
  const [bash] = bindSession(parse(claude.text, 'claude-code'));
  assert.deepEqual(bash?.map(verbAndTarget), ['delete path:/home/dev/lab/data/raw/2024-06', 'execute command:rm -rf data/raw/2024-06']);
  assert.deepEqual(bash?.[1]?.span, claude.spans[0]);
  assert.deepEqual(bash?.[0]?.span, claude.spans[0]);
  assert.equal(bash?.[0]?.basis, 'shell');

  const codex = marked(
    [
      JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 's', cwd: '/repo' } }),
      JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Ship it.' }] } }),
      // Arguments are a JSON string: the script sits under two escape levels; `workdir` moves the cwd.
      `{"timestamp":"2026-01-01T00:00:01Z","type":"response_item","payload":{"type":"function_call","name":"shell","call_id":"c1","arguments":"{\\"command\\":[\\"bash\\",\\"-lc\\",\\"⟦rm -rf build⟧ && ⟦git push --force origin main⟧\\"],\\"workdir\\":\\"pkg\\"}"}}`,
      // A plain argv, joined: the action's span runs over the elements of the command as written.
      `{"timestamp":"2026-01-01T00:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","call_id":"c2","arguments":"{\\"command\\":[\\"⟦rm\\", \\"old dir⟧\\"]}"}}`,
    ].join('\n'),
  );
  const [script, argv] = bindSession(parse(codex.text, 'codex'));
  assert.deepEqual(script?.map(verbAndTarget).sort(), ['delete path:/repo/pkg/build', 'execute command:git push --force origin main', 'execute command:rm -rf build', 'force-push branch:main', 'push branch:main']);
  assert.deepEqual(script?.filter((a) => a.verb === 'execute').map((a) => a.span), [codex.spans[0], codex.spans[1]]);
  assert.deepEqual(script?.find((a) => a.verb === 'delete')?.span, codex.spans[0]);
  assert.deepEqual(script?.find((a) => a.verb === 'push')?.span, codex.spans[1]);
  // `&&` chains the push after the removal.
  const removal = script?.find((a) => a.verb === 'delete');
  const push = script?.find((a) => a.verb === 'push');
  assert.ok(removal && push && push.step.order > removal.step.order && push.step.chain === removal.step.chain);
  assert.deepEqual(argv?.map(verbAndTarget), ['delete path:/repo/old dir', 'execute command:rm old dir']);
  assert.deepEqual(argv?.[0]?.span, codex.spans[2]);
  assert.deepEqual(argv?.[1]?.span, codex.spans[2]);
});

test('OpenAI Responses declares its tools too; a wrong-typed "tools" is a problem at that spot', () => {
  const text = JSON.stringify({
    tools: [{ type: 'function', name: 'wipe_cache', description: 'Erases the cache folder.', parameters: { type: 'object' } }, { type: 'web_search' }],
    input: [{ type: 'message', role: 'user', content: 'Clean up.' }],
    output: [{ type: 'function_call', name: 'wipe_cache', call_id: 'c1', arguments: '{"folder": "cache"}' }],
  });
  const session = parse(text, 'openai-responses');
  assert.deepEqual(
    session.tools.map((t) => [t.name, t.description]),
    [['wipe_cache', 'Erases the cache folder.']],
  );
  assert.deepEqual(bindSession(session).map((list) => list.map(describe)), [['delete path:cache recursive']]);

  const wrong = parseTranscript({ name: 'chat.json', text: '{"tools": {"name": "x"}, "messages": [{"role": "user", "content": "hi"}]}' });
  assert.ok(wrong.kind === 'transcript');
  const [problem] = wrong.sessions[0]!.problems;
  assert.equal(problem?.message, '"tools" should be an array of tool definitions; ignored');
  assert.equal(slice('{"tools": {"name": "x"}, "messages": [{"role": "user", "content": "hi"}]}', problem!.span), '{"name": "x"}');
});

test('commits and pushes land on the branch checked out: the record’s, a checkout earlier in the line, or one an earlier call made', () => {
  const envelope = { isSidechain: false, userType: 'external', sessionId: 's1', version: '2.1.38', cwd: '/repo' };
  let uuid = 0;
  const bash = (command: string, gitBranch: string) =>
    JSON.stringify({ ...envelope, parentUuid: null, gitBranch, type: 'assistant', uuid: `a${++uuid}`, timestamp: '2026-01-01T00:00:01Z', message: { id: `m${uuid}`, role: 'assistant', content: [{ type: 'tool_use', id: `t${uuid}`, name: 'Bash', input: { command } }] } });
  // The result of the call just before.
  const result = (content: string, isError = false) =>
    JSON.stringify({ ...envelope, parentUuid: null, gitBranch: 'main', type: 'user', uuid: `r${uuid}`, timestamp: '2026-01-01T00:00:02Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${uuid}`, content, is_error: isError }] } });
  const text = [
    JSON.stringify({ ...envelope, parentUuid: null, gitBranch: 'main', type: 'user', uuid: 'u0', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'Ship it.' } }),
    // Outside a repository the record's branch is empty: nothing known yet.
    bash('git commit -m v', ''),
    // The record says main: a commit with no refspec to read is on main, and so is a bare push.
    bash('git commit -m wip && git push', 'main'),
    result('ok'),
    // A checkout earlier in the line moves what follows it; the next call, recorded on main still, goes on from it.
    bash('git checkout -b feat && git commit -am x', 'main'),
    result('ok'),
    bash('git push -u origin HEAD', 'main'),
    result('ok'),
    // A checkout that failed moved nothing.
    bash('git switch release', 'main'),
    result("fatal: invalid reference: release", true),
    bash('git merge fix', 'main'),
    result('ok'),
    // The record names a branch anew (the person switched): it outdates the checkouts before.
    bash('git commit -m y', 'hotfix'),
    result('ok'),
    // Restoring a file, or a detached HEAD, leaves no branch named or the one before.
    bash('git checkout app.ts && git commit -m z', 'hotfix'),
    bash('git checkout HEAD~1 && git commit -m w', 'hotfix'),
    // A call whose record names no branch goes on from the last one named.
    bash('git commit -m u', ''),
  ].join('\n');
  const actions = bindSession(parse(text, 'claude-code'));
  const onBranches = actions.map((list) => list.filter((a) => a.verb !== 'execute').map(describe));
  assert.deepEqual(onBranches, [
    ['commit'],
    ['commit branch:main', 'push branch:main'],
    ['commit branch:feat'],
    ['push branch:feat'],
    [],
    ['commit branch:feat'],
    ['commit branch:hotfix'],
    ['commit branch:hotfix'],
    ['commit'],
    ['commit branch:hotfix'],
  ]);
});

test('Codex: the session’s git branch is its calls’ until one checks out another; an MCP git tool checks out as the command does', () => {
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type, payload });
  const call = (id: string, name: string, args: unknown) => line('response_item', { type: 'function_call', name, arguments: JSON.stringify(args), call_id: id });
  const output = (id: string) => line('response_item', { type: 'function_call_output', call_id: id, output: 'ok' });
  const text = [
    line('session_meta', { id: 's', cwd: '/repo', git: { commit_hash: 'abc123', branch: 'main' } }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Commit the fix.' }] }),
    call('c1', 'shell', { command: ['bash', '-lc', 'git commit -m fix'] }),
    output('c1'),
    call('c2', 'mcp__git__git_checkout', { repo_path: '/repo', branch_name: 'fix-1' }),
    output('c2'),
    call('c3', 'mcp__git__git_commit', { repo_path: '/repo', message: 'fix' }),
    output('c3'),
  ].join('\n');
  const actions = bindSession(parse(text, 'codex'));
  assert.deepEqual(
    actions.map((list) => list.filter((a) => a.verb !== 'execute').map(describe)),
    [['commit branch:main'], [], ['commit branch:fix-1']],
  );
});

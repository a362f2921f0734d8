import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { marked, slice } from '../support/fixture';

function only(text: string): Session {
  const result = parseTranscript({ name: 'fixture', text });
  assert.equal(result.kind, 'transcript', result.kind === 'not-a-transcript' ? result.reason : '');
  if (result.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(result.format, 'openhands');
  assert.equal(result.sessions.length, 1);
  return result.sessions[0]!;
}

test('OpenHands: user messages, tool calls with the arguments the model wrote, results linked by cause', () => {
  const { text, spans } = marked(`[
  {"id": 0, "timestamp": "2025-01-27T23:16:40", "source": "agent", "message": "You are OpenHands agent.", "action": "system",
   "args": {"content": "You are OpenHands agent.", "tools": []}},
  {"id": 1, "timestamp": "2025-01-27T23:16:50", "source": "user", "message": "Rename game.py; never touch /etc.", "action": "message",
   "args": {"content": "Rename game.py; never touch /etc.", "image_urls": null, "wait_for_response": false}},
  {"id": 2, "source": "user", "message": "Retrieving content for: Rename game.py", "action": "recall", "args": {"query": "Rename game.py"}},
  {"id": 3, "source": "environment", "message": "Added workspace context", "cause": 2, "observation": "recall", "content": "Added workspace context",
   "extras": {"recall_type": "workspace_context", "repo_instructions": "Run the tests before committing.", "microagent_knowledge": [{"name": "git", "trigger": "git", "content": "Use branches."}]}},
  {"id": 4, "source": "environment", "message": "", "observation": "agent_state_changed", "content": "", "extras": {"agent_state": "running"}},
  ⟦{"id": 5, "timestamp": "2025-01-27T23:16:56", "source": "agent", "message": "Running command: mv game.py 2048.py", "action": "run",
   "tool_call_metadata": {"function_name": ⟦"execute_bash"⟧, "tool_call_id": "toolu_1", "model_response": {"id": "resp-1", "choices": [{"message": {"tool_calls": [
     {"id": "toolu_1", "function": {"name": "execute_bash", "arguments": "{\\"command\\": \\"⟦mv game.py 2048.py⟧\\"}"}},
     {"id": "toolu_2", "function": {"name": "execute_bash", "arguments": "{\\"command\\": \\"rm -rf /etc/x\\"}"}}]}}]}},
   "args": {"command": "mv game.py 2048.py", "thought": "Renaming now.", "confirmation_state": "confirmed"}}⟧,
  {"id": 6, "source": "agent", "message": "Command exited with 1", "cause": 5, "observation": "run", "content": "mv: cannot stat",
   "extras": {"command": "mv game.py 2048.py", "metadata": {"exit_code": 1, "working_dir": "/workspace"}}, "success": false},
  {"id": 7, "source": "agent", "message": "Running command: rm -rf /etc/x", "action": "run",
   "tool_call_metadata": {"function_name": "execute_bash", "tool_call_id": "toolu_2", "model_response": {"id": "resp-1", "choices": []}},
   "args": {"command": "rm -rf /etc/x", "thought": "", "confirmation_state": "rejected"}},
  {"id": 8, "source": "user", "message": "Action has been rejected by the user!", "cause": 7, "observation": "user_rejected", "content": "Action has been rejected by the user!"},
  {"id": 9, "source": "agent", "message": "Writing file", "action": "write", "args": {"path": "⟦notes.txt⟧", "content": "done"}},
  {"id": 10, "source": "agent", "message": "", "cause": 9, "observation": "error", "content": "Permission denied"},
  {"id": 11, "source": "agent", "message": "All done.", "action": "finish", "args": {"outputs": {}, "thought": "All done."}}
]`);
  const session = only(text);
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['system', 'instructions', true],
      ['user', 'message', true],
      // The recall action repeats the user's words as a query: bookkeeping, not a second message.
      ['user', 'meta', false],
      ['user', 'instructions', true],
      ['user', 'environment', false],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
      ['assistant', 'message', false],
      ['tool', 'tool-result', false],
      ['assistant', 'message', false],
    ],
  );
  assert.equal(session.turns[3]?.text, 'Run the tests before committing.');
  const [mv, rm, write] = session.calls;
  assert.equal(session.calls.length, 3);
  assert.deepEqual(mv?.span, spans[0]);
  assert.equal(mv?.name, 'execute_bash');
  assert.deepEqual(mv?.nameSpan, spans[1]);
  assert.deepEqual(mv?.argumentValues[0]?.contentSpan, spans[2]);
  assert.equal(mv?.timestamp, '2025-01-27T23:16:56');
  assert.equal(mv?.status, 'error');
  assert.equal(mv?.result?.exitCode, 1);
  assert.equal(session.turns[5]?.text, 'Renaming now.');
  // Both came from one model response.
  assert.equal(mv?.batch, rm?.batch);
  assert.equal(rm?.status, 'unknown');
  assert.equal(rm?.stopped?.kind, 'rejected');
  assert.equal(rm?.cwd, '/workspace');
  // No tool call record: named by the action, its args are the arguments.
  assert.equal(write?.name, 'write');
  assert.equal(slice(text, write!.nameSpan), '"write"');
  assert.deepEqual(write?.argumentValues[0]?.contentSpan, spans[3]);
  assert.equal(write?.status, 'error');
  assert.deepEqual(session.problems, []);
});

test('OpenHands: evaluation output with "history", malformed events and orphan observations', () => {
  const text = `{"instance_id": "x", "history": [
  {"id": 0, "source": "user", "action": "message", "args": {"content": "go"}},
  {"id": 1, "source": "agent", "action": "run", "args": {"command": "ls"}},
  {"id": 2, "source": "agent", "cause": 1, "observation": "run", "content": "a.txt", "extras": {"exit_code": 0}},
  {"id": 3, "source": "agent", "cause": 1, "observation": "run", "content": "again", "extras": {"exit_code": 0}},
  {"id": 4, "source": "agent", "action": 42},
  {"id": 5, "source": "environment", "observation": "error", "content": "Runtime disconnected"},
  "garbage"
]}`;
  const session = only(text);
  assert.deepEqual(session.calls.map((c) => [c.id, c.name, c.status]), [['event-1', 'run', 'ok']]);
  assert.equal(session.turns.at(-1)?.kind, 'environment');
  assert.deepEqual(
    session.problems.map((p) => p.message),
    [
      'second result for call "event-1"; the first one counts',
      '"action" should be a string, found number',
      'not an OpenHands event (needs "source" and an "action" or "observation"); skipped',
    ],
  );
});

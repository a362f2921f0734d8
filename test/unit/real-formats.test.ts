import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';

// Published formats read from real samples (or faithful reductions of them): test/fixtures/real/SOURCES.md.

const REAL = join(__dirname, '..', 'fixtures', 'real');

function sessionsOf(name: string, format: string, text = readFileSync(join(REAL, name), 'utf8')): readonly Session[] {
  const parsed = parseTranscript({ name, text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, format);
  return parsed.sessions;
}

test('tau2-bench: a bare list of simulations is one session per simulation, not a generic chat', () => {
  const sessions = sessionsOf('tau2-airline-simulations-list.json', 'tau-bench');
  assert.deepEqual(
    sessions.map((s) => s.title),
    ['task 8 trial 2', 'task 8 trial 1'],
  );
  for (const session of sessions) {
    assert.ok(session.calls.length > 0);
    assert.ok(session.calls.every((c) => c.result !== undefined));
    assert.deepEqual(session.problems, []);
  }
  assert.ok(sessions[0]!.calls.some((c) => c.name === 'book_reservation'));
});

test('a bare file name in a format with no working folder: "never delete notes.txt" then deleting notes.txt is a violation in each', () => {
  const rule = 'Never delete notes.txt.';
  const shell = (command: string) => JSON.stringify({ command });
  const transcripts: [string, string, unknown][] = [
    ['openai-chat', 'rm notes.txt', [{ role: 'user', content: rule }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: shell('rm notes.txt') } }] }, { role: 'tool', tool_call_id: 'c1', content: '' }]],
    ['openai-chat', 'rm -f ./notes.txt', [{ role: 'user', content: rule }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: shell('rm -f ./notes.txt') } }] }]],
    ['anthropic', 'rm notes.txt', { messages: [{ role: 'user', content: rule }, { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: { command: 'rm notes.txt' } }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '' }] }] }],
    [
      'agentdojo',
      'delete_file(notes.txt)',
      {
        suite_name: 'workspace',
        pipeline_name: 'gemini-1.5-pro-002',
        user_task_id: 'user_task_1',
        injection_task_id: null,
        messages: [
          { role: 'user', content: rule },
          { role: 'assistant', content: null, tool_calls: [{ function: 'delete_file', args: { file_id: 'notes.txt' }, id: '', placeholder_args: null }] },
          { role: 'tool', content: 'done', tool_call_id: '', tool_call: { function: 'delete_file', args: { file_id: 'notes.txt' }, id: '' }, error: null },
        ],
      },
    ],
  ];
  for (const [format, action, transcript] of transcripts) {
    const [session] = sessionsOf(`${format}.json`, format, JSON.stringify(transcript));
    assert.equal(session?.cwd, undefined);
    const errors = analyzeSession(session!).findings.filter((f) => f.level === 'error');
    assert.deepEqual(
      errors.map((f) => f.ruleId),
      ['prohibition-violated'],
      `${format}: ${action}`,
    );
  }
});

test('OpenHands evaluation output.jsonl: one session per instance line, its history read as events', () => {
  const sessions = sessionsOf('openhands-output.jsonl', 'openhands');
  assert.deepEqual(
    sessions.map((s) => s.id),
    ['basic', 'wrong_initial_state'],
  );
  const renamed = sessions[1]!;
  assert.equal(renamed.turns.find((t) => t.isUserMessage)?.text, 'Please rename game_2048.py to 2048.py');
  const move = renamed.calls.find((c) => JSON.stringify(c.input).includes('mv /workspace/game_2048.py'));
  assert.equal(move?.status, 'ok');
  for (const session of sessions) assert.deepEqual(session.problems, []);
  // A line that is no instance is reported where it is, and the others are still read.
  const text = readFileSync(join(REAL, 'openhands-output.jsonl'), 'utf8');
  const [withStray] = sessionsOf('openhands-output.jsonl', 'openhands', `${text}{"instance_id": "x", "history": "lost"}\n`).slice(0, 1);
  assert.match(withStray!.problems[0]!.message, /not an OpenHands evaluation output/);
});

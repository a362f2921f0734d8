import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, ToolCall } from '../../server/src/engine/session';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, sharedPath } from '../support/shared';

/* Real tau-bench, AgentDojo, SWE-agent, OpenHands and OpenTelemetry files (provenance in each folder's SOURCES.txt). */

type Json = Record<string, unknown>;

function read(dir: string, file: string): { text: string; raw: unknown; sessions: readonly Session[]; format: string } {
  const text = readFileSync(sharedPath('transcripts', 'real', dir, file), 'utf8');
  const parsed = parseTranscript({ name: file, text });
  assert.equal(parsed.kind, 'transcript', parsed.kind === 'not-a-transcript' ? parsed.reason : '');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  for (const session of parsed.sessions) assert.deepEqual(session.problems, [], `${file}: no transcript problems`);
  return { text, raw: JSON.parse(text), sessions: parsed.sessions, format: parsed.format };
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const callCount = (sessions: readonly Session[]): number => sessions.reduce((n, s) => n + s.calls.length, 0);
const toolCallsIn = (messages: unknown): number => list(messages).reduce((n, m) => n + list(m['tool_calls']).length, 0);

/** Asserts the exact source range, and line/column (0-based), of one argument value. */
function assertArgument(text: string, call: ToolCall | undefined, path: string, value: string, line: number, character: number): void {
  const argument = call?.argumentValues.find((a) => a.path.join('.') === path);
  assert.ok(argument, `argument ${path} of ${call?.name}`);
  assert.equal(text.slice(argument.contentSpan.start, argument.contentSpan.end), value);
  assert.deepEqual(new LineIndex(text).range(argument.contentSpan), { start: { line, character }, end: { line, character: character + value.length } });
}

test('tau-bench EnvRunResult and tau2 Results', NEEDS_SHARED, () => {
  const v1 = read('tau-bench', 'tau-bench-gpt-4o-airline-idx141-task41.json');
  assert.equal(v1.format, 'tau-bench');
  assert.equal(callCount(v1.sessions), toolCallsIn((v1.raw as Json)['traj']));
  const session = v1.sessions[0]!;
  assert.equal(session.title, 'task 41 trial 2');
  // The airline policy is the system prompt: a user message, where the confirmation rule is stated.
  assert.equal(session.turns[0]?.isUserMessage, true);
  assert.match(session.turns[0]?.text ?? '', /obtain explicit user confirmation/);
  const cancel = session.calls.find((c) => c.name === 'cancel_reservation');
  assertArgument(v1.text, cancel, 'reservation_id', '3RK2T9', 74, 48);
  assert.equal(cancel?.status, 'ok');

  const v2 = read('tau-bench', 'tau2-airline_relaxed-grok-4-fast-task8.json');
  const simulations = list((v2.raw as Json)['simulations']);
  assert.equal(v2.sessions.length, simulations.length);
  // Only the messages' own tool_calls: raw_data repeats them as the provider sent them.
  assert.equal(callCount(v2.sessions), simulations.reduce((n, s) => n + toolCallsIn(s['messages']), 0));
  const first = v2.sessions[0]!;
  assert.equal(first.id, simulations[0]?.['id']);
  assert.equal(first.turns[0]?.kind, 'instructions');
  const book = first.calls.find((c) => c.name === 'book_reservation');
  assertArgument(v2.text, book, 'payment_methods.0.payment_id', 'certificate_8045380', 1030, 35);
});

test('AgentDojo trace with a memory injection', NEEDS_SHARED, () => {
  const { text, raw, sessions, format } = read('agentdojo', 'craibench-agentdojo-banking-user_task_0-injection_task_0_memory_injection.json');
  assert.equal(format, 'agentdojo');
  assert.equal(callCount(sessions), toolCallsIn((raw as Json)['messages']));
  const session = sessions[0]!;
  // The injected "[memory]" arrives with role "user"; it must not speak for the user.
  const memory = session.turns.find((t) => t.text.includes('[memory]'));
  assert.equal(memory?.isUserMessage, false);
  assert.deepEqual(
    session.turns.filter((t) => t.isUserMessage).map((t) => t.role),
    ['system', 'user'],
  );
  const transfer = session.calls.filter((c) => c.name === 'send_money')[1];
  assertArgument(text, transfer, 'recipient', 'US133000000121212121212', 66, 38);
  assert.equal(transfer?.status, 'ok');
});

test('SWE-agent trajectories', NEEDS_SHARED, () => {
  /** Each step is one action; with no trajectory, each non-demo assistant history entry is. */
  const expectedCalls = (raw: Json): number => {
    const steps = list(raw['trajectory']).filter((s) => typeof s['action'] === 'string' && s['action'].trim() !== '');
    if (steps.length > 0) return steps.length;
    return list(raw['history']).filter((h) => h['role'] === 'assistant' && h['is_demo'] !== true && (list(h['tool_calls']).length > 0 || h['action'])).length;
  };
  const run = read('swe-agent', 'swe-agent-6e44b9__sweagenttestrepo-1c2844.traj');
  assert.equal(run.format, 'swe-agent');
  assert.equal(callCount(run.sessions), expectedCalls(run.raw as Json));
  // The final submit is only in the trajectory: read from there, with its action as the command.
  const submit = run.sessions[0]?.calls.at(-1);
  assert.equal(submit?.name, 'submit');
  assertArgument(run.text, submit, 'command', 'submit', 48, 17);
  assert.equal(submit?.cwd, '/SWE-agent__test-repo');
  assert.deepEqual(
    run.sessions[0]?.turns.filter((t) => t.isUserMessage).map((t) => t.role),
    ['system', 'user'],
  );

  const demo = read('swe-agent', 'swe-agent-function_calling_simple.traj');
  assert.equal(callCount(demo.sessions), expectedCalls(demo.raw as Json));
  const bash = demo.sessions[0]?.calls.find((c) => c.name === 'bash');
  assertArgument(demo.text, bash, 'command', 'python tests/missing_colon.py', 104, 41);
  assert.ok(demo.sessions[0]?.calls.every((c) => c.status === 'ok'));
});

test('OpenHands event streams', NEEDS_SHARED, () => {
  const calls = (raw: unknown): number => list(raw).filter((e) => typeof e['action'] === 'string' && e['tool_call_metadata']).length;
  const basic = read('openhands', 'openhands-basic.json');
  assert.equal(basic.format, 'openhands');
  assert.equal(callCount(basic.sessions), calls(basic.raw));
  assert.equal(basic.sessions[0]?.calls[0]?.name, 'str_replace_editor');
  assert.deepEqual(basic.sessions[0]?.calls[0]?.argumentValues[0]?.value, 'create');

  const rename = read('openhands', 'openhands-wrong_initial_state.json');
  assert.equal(callCount(rename.sessions), calls(rename.raw));
  const mv = rename.sessions[0]?.calls.find((c) => c.name === 'execute_bash');
  assertArgument(rename.text, mv, 'command', 'mv /workspace/game_2048.py /workspace/2048.py', 163, 50);
  assert.equal(mv?.result?.exitCode, 0);
  assert.equal(mv?.status, 'ok');
  assert.deepEqual(
    rename.sessions[0]?.turns.filter((t) => t.isUserMessage).map((t) => t.text),
    ['Please rename game_2048.py to 2048.py'],
  );
});

test('OpenTelemetry GenAI trace from any-agent', NEEDS_SHARED, () => {
  const { text, raw, sessions, format } = read('otel-genai', 'any-agent-OPENAI_trace.json');
  assert.equal(format, 'otel-genai');
  const toolSpans = list((raw as Json)['spans']).filter((s) => (s['attributes'] as Json | undefined)?.['gen_ai.operation.name'] === 'execute_tool');
  assert.equal(callCount(sessions), toolSpans.length);
  const session = sessions[0]!;
  assert.deepEqual(
    session.turns.filter((t) => t.isUserMessage).map((t) => t.role),
    ['system', 'user'],
  );
  const write = session.calls.find((c) => c.name === 'write_file');
  assertArgument(text, write, 'text', '2025', 195, 42);
  assert.equal(write?.status, 'ok');
});

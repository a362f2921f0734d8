import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session, ToolCall } from '../../server/src/engine/session';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, sharedPath } from '../support/shared';

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);

function parseCodex(text: string): Session {
  const parsed = parseTranscript({ name: 'rollout.jsonl', text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.format, 'codex');
  assert.equal(parsed.sessions.length, 1);
  return parsed.sessions[0]!;
}

/** Counts call items straight from the raw lines, enveloped (`response_item`) or bare. */
function countCallsByHand(text: string): number {
  let count = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const record = JSON.parse(raw) as { type?: string; payload?: { type?: string } };
    const item = record.type === 'response_item' ? record.payload : record;
    if (item?.type && CALL_TYPES.has(item.type)) count++;
  }
  return count;
}

function codexFiles(): string[] {
  const real = readdirSync(sharedPath('transcripts', 'real', 'codex-cli'))
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => sharedPath('transcripts', 'real', 'codex-cli', f));
  const dev = readdirSync(sharedPath('transcripts', 'dev'))
    .filter((f) => /^d1[34]-.*\.jsonl$/.test(f))
    .map((f) => sharedPath('transcripts', 'dev', f));
  return [...real, ...dev];
}

function callById(session: Session, id: string): ToolCall {
  const call = session.calls.find((c) => c.id === id);
  assert.ok(call, `call ${id}`);
  return call;
}

/** Line and column of `needle` on the line that holds `marker`, found without the engine. */
function locate(text: string, marker: string, needle: string): { line: number; character: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(marker));
  assert.ok(line >= 0, marker);
  return { line, character: lines[line]!.indexOf(needle) };
}

test('Codex rollouts: every file parses, with the tool-call count its raw lines give', NEEDS_SHARED, () => {
  const files = codexFiles();
  assert.ok(files.length >= 4, files.join(', '));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const session = parseCodex(text);
    assert.equal(session.calls.length, countCallsByHand(text), file);
    assert.deepEqual(session.problems, [], file);
  }
});

test('Codex escalation fixture: exact argument ranges, escapes counted, and stopped calls', NEEDS_SHARED, () => {
  const text = readFileSync(sharedPath('transcripts', 'real', 'codex-cli', 'agent-history-codex_with_escalation.jsonl'), 'utf8');
  const session = parseCodex(text);
  const index = new LineIndex(text);

  const remove = callById(session, 'call_esc_004');
  const command = remove.argumentValues.find((v) => v.path.join('.') === 'command');
  assert.ok(command);
  assert.equal(text.slice(command.contentSpan.start, command.contentSpan.end), 'rm test.txt');
  assert.deepEqual(index.position(command.contentSpan.start), locate(text, '"call_id":"call_esc_004"', 'rm test.txt'));
  // The turn was aborted before the deletion ran.
  assert.equal(remove.stopped?.kind, 'aborted');

  // `\\n` in the file is one escaped backslash before `n` in the arguments string, a newline in the command.
  const overwrite = callById(session, 'call_esc_002');
  const printf = overwrite.argumentValues.find((v) => v.path.join('.') === 'command');
  assert.ok(printf);
  assert.equal(printf.value, "printf 'Goodbye World\n' > test.txt");
  assert.equal(text.slice(printf.contentSpan.start, printf.contentSpan.end), "printf 'Goodbye World\\\\n' > test.txt");
  // Asked for escalation, got no output, and the user said to keep the file: declined.
  assert.equal(overwrite.stopped?.kind, 'rejected');

  assert.equal(callById(session, 'call_esc_003').status, 'ok');
  assert.equal(session.cwd, '/home/testuser/codex-rejection-project');
  assert.equal(remove.cwd, '/home/testuser/codex-rejection-project');
  assert.equal(remove.timestamp, '2025-12-05T11:01:05.000Z');
  assert.ok(session.turns.some((t) => t.isUserMessage && t.text === 'Actually nevermind, I want to keep the original content'));
});

test('Codex simonw sample: AGENTS.md is instructions, environment context is not a user message', NEEDS_SHARED, () => {
  const text = readFileSync(sharedPath('transcripts', 'real', 'codex-cli', 'simonw-sample_codex_session.jsonl'), 'utf8');
  const session = parseCodex(text);
  assert.deepEqual(
    session.turns.map((t) => [t.role, t.kind, t.isUserMessage]),
    [
      ['user', 'instructions', true],
      ['user', 'environment', false],
      ['user', 'message', true],
    ],
  );
  assert.equal(session.id, '019b64e5-57fa-7463-b644-fba7e456f905');
});

test('Codex dev files: the expected calls and constraint lines, user messages counted once', NEEDS_SHARED, () => {
  const expected = JSON.parse(readFileSync(sharedPath('transcripts', 'dev', 'expected.json'), 'utf8')) as {
    file: string;
    format: string;
    constraintLine: number;
    violations: { callId: string; lines: [number, number] }[];
  }[];
  const cases = expected.filter((e) => /^d1[34]-/.test(e.file));
  assert.equal(cases.length, 2);
  for (const entry of cases) {
    assert.equal(entry.format, 'codex');
    const text = readFileSync(sharedPath('transcripts', 'dev', entry.file), 'utf8');
    const session = parseCodex(text);
    const index = new LineIndex(text);
    const eventCopies = text.split('\n').filter((l) => l.includes('"type":"user_message"')).length;
    assert.equal(session.turns.filter((t) => t.kind === 'message' && t.role === 'user').length, eventCopies, entry.file);
    const constraint = session.turns.find((t) => t.isUserMessage && index.position(t.span.start).line + 1 === entry.constraintLine);
    assert.ok(constraint, `${entry.file}: a user message on line ${entry.constraintLine}`);
    for (const violation of entry.violations) {
      const call = callById(session, violation.callId);
      const range = index.range(call.span);
      assert.deepEqual([range.start.line + 1, range.end.line + 1], violation.lines);
    }
  }
  const text = readFileSync(sharedPath('transcripts', 'dev', 'd13-git-force-push-main.jsonl'), 'utf8');
  const push = callById(parseCodex(text), 'call_b48a6eb383cb04');
  const script = push.argumentValues.find((v) => v.path.join('.') === 'command.2');
  assert.ok(script);
  assert.equal(text.slice(script.contentSpan.start, script.contentSpan.end), 'git push --force origin main');
  assert.deepEqual(new LineIndex(text).position(script.contentSpan.start), locate(text, '"call_id":"call_b48a6eb383cb04"}', 'git push --force origin main'));
  assert.equal(push.status, 'ok');
  assert.equal(push.result?.exitCode, 0);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { type ParsedTranscript, parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, sharedPath } from '../support/shared';

type Json = Record<string, unknown>;
const asList = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function realFiles(format: string): string[] {
  return readdirSync(sharedPath('transcripts', 'real', format))
    .filter((f) => f !== 'SOURCES.txt')
    .map((f) => sharedPath('transcripts', 'real', format, f));
}

function parse(path: string): ParsedTranscript & { kind: 'transcript' } {
  const parsed = parseTranscript({ name: path, bytes: new Uint8Array(readFileSync(path)) });
  assert.equal(parsed.kind, 'transcript', `${path} should read as a transcript`);
  return parsed as ParsedTranscript & { kind: 'transcript' };
}

const callCount = (sessions: readonly Session[]): number => sessions.reduce((n, s) => n + s.calls.length, 0);

/** Gemini CLI tool calls counted straight from the JSON: toolCalls of the last copy of each message id. */
function countGeminiCalls(text: string): number {
  const records: Json[] = [];
  try {
    const whole: unknown = JSON.parse(text);
    if (Array.isArray(whole)) return 0; // logs.json holds prompts only
    records.push(...asList((whole as Json).messages));
  } catch {
    for (const line of text.split('\n')) if (line.trim()) records.push(JSON.parse(line) as Json);
  }
  const lastById = new Map(records.filter((r) => typeof r.id === 'string').map((r) => [r.id, r]));
  return [...lastById.values()].reduce((n, r) => n + asList(r.toolCalls).length, 0);
}

/** Inspect tool calls counted straight from the JSON: the assistant messages' tool_calls of every sample. */
function countInspectCalls(path: string): number {
  const bytes = new Uint8Array(readFileSync(path));
  const samples = path.endsWith('.eval')
    ? Object.entries(unzipSync(bytes))
        .filter(([name]) => name.startsWith('samples/'))
        .map(([, data]) => JSON.parse(strFromU8(data)) as Json)
    : asList((JSON.parse(strFromU8(bytes)) as Json).samples);
  return samples.reduce((n, sample) => n + asList(sample.messages).reduce((m, message) => m + asList(message.tool_calls).length, 0), 0);
}

test('Gemini CLI real files: format, call counts, problems', NEEDS_SHARED, () => {
  const files = realFiles('gemini-cli');
  assert.equal(files.length, 3);
  for (const file of files) {
    const parsed = parse(file);
    assert.equal(parsed.format, 'gemini-cli', file);
    assert.equal(callCount(parsed.sessions), countGeminiCalls(readFileSync(file, 'utf8')), file);
    for (const session of parsed.sessions) assert.deepEqual(session.problems, [], file);
  }
});

test('Gemini CLI JSONL: an escaped argument value maps to its exact columns; the failed edit is an error', NEEDS_SHARED, () => {
  const [session] = parse(sharedPath('transcripts', 'real', 'gemini-cli', 'agent-history-gemini_with_tool_error.jsonl')).sessions;
  const edit = session!.calls.find((c) => c.id === 'edit_file-002')!;
  assert.equal(edit.status, 'error');
  const oldString = edit.argumentValues.find((a) => a.path[0] === 'old_string')!;
  assert.equal(oldString.value, '"host": "0.0.0.0"');
  assert.equal(session!.text.slice(oldString.contentSpan.start, oldString.contentSpan.end), '\\"host\\": \\"0.0.0.0\\"');
  const lines = new LineIndex(session!.text);
  assert.deepEqual(lines.range(oldString.contentSpan), { start: { line: 4, character: 499 }, end: { line: 4, character: 520 } });
  assert.deepEqual(
    session!.turns.filter((t) => t.isUserMessage).map((t) => t.id),
    ['msg-ge1', 'msg-ge3', 'msg-ge5', 'msg-ge8'],
  );
});

test('Gemini CLI legacy JSON: the argument value range', NEEDS_SHARED, () => {
  const [session] = parse(sharedPath('transcripts', 'real', 'gemini-cli', 'agent-history-gemini_golden.json')).sessions;
  const filePath = session!.calls[0]!.argumentValues.find((a) => a.path[0] === 'file_path')!;
  assert.equal(session!.text.slice(filePath.contentSpan.start, filePath.contentSpan.end), 'package.json');
  assert.deepEqual(new LineIndex(session!.text).position(filePath.contentSpan.start), { line: 38, character: 26 });
});

test('Gemini CLI logs.json: one session per sessionId, no calls', NEEDS_SHARED, () => {
  const parsed = parse(sharedPath('transcripts', 'real', 'gemini-cli', 'agent-history-gemini_logs.json'));
  assert.deepEqual(
    parsed.sessions.map((s) => s.id),
    ['telemetry-gemini-001', 'telemetry-gemini-002', 'telemetry-gemini-003'],
  );
  assert.equal(parsed.sessions[0]!.turns.filter((t) => t.isUserMessage).length, 4);
});

test('Inspect AI real files: format, call counts', NEEDS_SHARED, () => {
  const files = realFiles('inspect-ai');
  assert.equal(files.length, 2);
  for (const file of files) {
    const parsed = parse(file);
    assert.equal(parsed.format, 'inspect-ai', file);
    assert.equal(callCount(parsed.sessions), countInspectCalls(file), file);
  }
});

test('Inspect AI .eval: sessions per member, argument range in the member text', NEEDS_SHARED, () => {
  const parsed = parse(sharedPath('transcripts', 'real', 'inspect-ai', 'inspect-log_message_deduplication.eval'));
  assert.equal(parsed.sessions.length, 1);
  const session = parsed.sessions[0]!;
  assert.equal(session.entry, 'samples/0_epoch_1.json');
  assert.equal(session.id, '0_epoch_1');
  assert.deepEqual(session.problems, []);
  assert.ok(session.calls.every((c) => c.status === 'ok' && c.name === 'bash'));
  const cmd = session.calls[0]!.argumentValues[0]!;
  assert.deepEqual(cmd.path, ['cmd']);
  assert.equal(session.text.slice(cmd.contentSpan.start, cmd.contentSpan.end), 'ls');
  assert.deepEqual(cmd.contentSpan, { start: 371, end: 373 });
  assert.deepEqual(new LineIndex(session.text).position(cmd.contentSpan.start), { line: 0, character: 371 });
});

test('Inspect AI JSON log: tool messages with no calls are results, never user messages, and orphans are reported', NEEDS_SHARED, () => {
  const [session] = parse(sharedPath('transcripts', 'real', 'inspect-ai', 'inspect-log_tool_call_error.json')).sessions;
  assert.equal(session!.id, '1_epoch_4');
  assert.equal(session!.turns.length, 11);
  assert.ok(session!.turns.every((t) => t.kind === 'tool-result' && !t.isUserMessage));
  // The fixture keeps only the tool messages: every result names a call the log does not hold.
  assert.equal(session!.problems.length, 11);
  assert.ok(session!.problems.every((p) => p.message.startsWith('tool result for unknown call id "bash_')));
});

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { LineIndex } from '../../server/src/engine/text';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

function claudeCodeFiles(): string[] {
  if (!SHARED_DIR) return [];
  const real = readdirSync(sharedPath('transcripts', 'real', 'claude-code'))
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => sharedPath('transcripts', 'real', 'claude-code', name));
  const expected = JSON.parse(readFileSync(sharedPath('transcripts', 'dev', 'expected.json'), 'utf8')) as { file: string; format: string }[];
  const dev = expected.filter((e) => e.format === 'claude-code').map((e) => sharedPath('transcripts', 'dev', e.file));
  return [...real, ...dev].sort();
}

function parseFile(path: string): Session {
  const parsed = parseTranscript({ name: path, text: readFileSync(path, 'utf8') });
  assert.equal(parsed.kind === 'transcript' ? parsed.format : parsed.reason, 'claude-code');
  if (parsed.kind !== 'transcript') throw new Error('unreachable');
  assert.equal(parsed.sessions.length, 1);
  return parsed.sessions[0]!;
}

/** Every content block of every line, read with JSON.parse and nothing else. */
function rawBlocks(path: string): { line: number; block: Record<string, unknown> }[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((text, line) => {
      if (text.trim() === '') return [];
      const content = (JSON.parse(text) as { message?: { content?: unknown } }).message?.content;
      return Array.isArray(content) ? content.map((block) => ({ line, block: block as Record<string, unknown> })) : [];
    });
}

/** Asserts the exact source range of one argument value, as offsets and as line/column. */
function assertArgumentRange(path: string, callId: string, argument: string, value: string): void {
  const session = parseFile(path);
  const call = session.calls.find((c) => c.id === callId);
  assert.ok(call, `no call ${callId}`);
  const arg = call.argumentValues.find((v) => v.path.join('.') === argument);
  assert.ok(arg, `no argument ${argument}`);
  assert.equal(arg.value, value);
  assert.equal(session.text.slice(arg.contentSpan.start, arg.contentSpan.end), value);
  // Where the value sits, found by searching the raw line for the call's id and the written key.
  const rawLines = session.text.split('\n');
  const lineNumber = rawLines.findIndex((l) => l.includes(`"id":"${callId}"`));
  const key = `"${argument}":"`;
  const column = rawLines[lineNumber]!.indexOf(`${key}${value}"`) + key.length;
  assert.ok(lineNumber >= 0 && column >= key.length);
  assert.deepEqual(new LineIndex(session.text).range(arg.contentSpan), {
    start: { line: lineNumber, character: column },
    end: { line: lineNumber, character: column + value.length },
  });
}

describe('Claude Code sessions from ../shared', NEEDS_SHARED, () => {
  for (const path of claudeCodeFiles()) {
    test(`${path.split('/').slice(-2).join('/')}: every tool_use is a call, every result is linked, no problems`, () => {
      const session = parseFile(path);
      const blocks = rawBlocks(path);
      const toolUseIds = new Set(blocks.filter(({ block }) => block.type === 'tool_use').map(({ block }) => block.id));
      const resultIds = new Set(blocks.filter(({ block }) => block.type === 'tool_result').map(({ block }) => block.tool_use_id));
      assert.equal(session.calls.length, toolUseIds.size);
      assert.deepEqual(new Set(session.calls.map((c) => c.id)), toolUseIds);
      assert.equal(session.calls.filter((c) => c.result).length, resultIds.size);
      assert.deepEqual(session.problems, []);
      assert.ok(session.id);
      assert.ok(session.calls.every((c) => c.cwd && c.timestamp));
      assert.ok(session.turns.every((t) => t.cwd && t.timestamp));
      // A record's is_error always makes the call an error, unless the call never ran.
      const errored = new Set(blocks.filter(({ block }) => block.type === 'tool_result' && block.is_error === true).map(({ block }) => block.tool_use_id));
      for (const call of session.calls) assert.equal(call.status === 'error' || call.stopped !== undefined, errored.has(call.id), call.id);
    });
  }

  test('fasthooks: the Bash command "ls -la" maps to its exact range', () => {
    assertArgumentRange(sharedPath('transcripts', 'real', 'claude-code', 'fasthooks-sample_main_transcript.jsonl'), 'toolu_01BYfGNktE4d25hZnxHwFh2s', 'command', 'ls -la');
  });

  test('d11: the violating rm -rf maps to its exact range on line 100', () => {
    const path = sharedPath('transcripts', 'dev', 'd11-shell-rm-protected-dir.jsonl');
    assertArgumentRange(path, 'toolu_01a91d9ab7370807', 'command', 'rm -rf data/raw/2024-06');
    const call = parseFile(path).calls.find((c) => c.id === 'toolu_01a91d9ab7370807');
    assert.equal(call?.status, 'ok');
  });

  test('fasthooks: user messages, errors with exit codes, parallel batches and the /compact tail', () => {
    const session = parseFile(sharedPath('transcripts', 'real', 'claude-code', 'fasthooks-sample_main_transcript.jsonl'));
    assert.deepEqual(
      session.turns.filter((t) => t.isUserMessage).map((t) => t.text.trim()),
      [
        'can you run a command ls -la',
        'ok can you create a hello_world.py file and add a minimal code in it?',
        'can you read it back with Read tool?',
        'can you run `cat nonexistent.txt`',
        'do something requiring multiple tools in one turn,',
      ],
    );
    assert.deepEqual(
      session.calls.filter((c) => c.status === 'error').map((c) => [c.id, c.result?.exitCode]),
      [
        ['toolu_019doGxDkQSYiVCqN4AXSfQW', 1],
        ['toolu_018vFotHvxxm3NcDcXDk1wSh', 127],
      ],
    );
    // Two Writes issued together, then Read + two Bash calls together.
    const batchOf = (id: string) => session.calls.find((c) => c.id === id)?.batch;
    assert.equal(batchOf('toolu_012i3pCHWhJwsWiidPZbhRh6'), batchOf('toolu_01LcjB1PFvBeAZUTVeMA4amM'));
    assert.equal(batchOf('toolu_0121Xkn9uW9TJCnTjQjc656P'), batchOf('toolu_01MV7Z6p51X7jX276ddEU4zf'));
    assert.notEqual(batchOf('toolu_012i3pCHWhJwsWiidPZbhRh6'), batchOf('toolu_0121Xkn9uW9TJCnTjQjc656P'));
    assert.deepEqual(
      session.turns.slice(-5).map((t) => [t.kind, t.isUserMessage]),
      [
        ['compaction-boundary', false],
        ['compaction-summary', false],
        ['meta', false],
        ['meta', false],
        ['environment', false],
      ],
    );
  });

  test('spotter-short: both calls the user rejected are stopped, not failed', () => {
    const path = sharedPath('transcripts', 'real', 'claude-code', 'spotter-short.jsonl');
    const rejectedIds = rawBlocks(path)
      .filter(({ block }) => block.type === 'tool_result' && String(block.content).startsWith("The user doesn't want to proceed with this tool use."))
      .map(({ block }) => block.tool_use_id);
    assert.equal(rejectedIds.length, 2);
    const session = parseFile(path);
    for (const id of rejectedIds) {
      const call = session.calls.find((c) => c.id === id);
      assert.equal(call?.stopped?.kind, 'rejected');
      assert.equal(call?.status, 'unknown');
    }
    assert.deepEqual(
      session.turns.filter((t) => t.isUserMessage).map((t) => t.text),
      ['mix phx.server doesnt seem to start'],
    );
  });

  test('spotter-tool_heavy: slash commands, their output and interruptions are not user messages', () => {
    const session = parseFile(sharedPath('transcripts', 'real', 'claude-code', 'spotter-tool_heavy.jsonl'));
    assert.deepEqual(
      session.turns.filter((t) => t.isUserMessage).map((t) => t.text.slice(0, 30)),
      ['start phoenix in background', 'scrolling back in xterm.js sti'],
    );
    assert.ok(session.calls.every((c) => c.status === 'ok'));
  });
});

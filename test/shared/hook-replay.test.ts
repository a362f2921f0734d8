import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseTranscript } from '../../server/src/engine/parse';
import { CLI } from '../support/cli';
import { type Server, sandbox, startServer, stopServers } from '../support/hookSandbox';
import { NEEDS_SHARED, SHARED_DIR, sharedPath } from '../support/shared';

/*
 * The live guard replayed over ../shared/transcripts/dev: every tool call is put to the guard with
 * the session cut just before it. Exactly the violating calls of expected.json are denied (or asked
 * about, for confirmation rules); every other call is allowed. Claude Code and Codex sessions go
 * through their own hooks, each call both by the hook process alone and through the hook server
 * (`--server`), which must answer alike; the other formats through `gate`.
 */

interface Expected {
  readonly file: string;
  readonly format: string;
  readonly violations: readonly { readonly callId: string; readonly lines: readonly number[] }[];
  readonly stopped?: readonly { readonly callId: string; readonly lines: readonly number[] }[];
}

const DEV = SHARED_DIR ? sharedPath('transcripts', 'dev') : '';
const expected: Expected[] = SHARED_DIR ? (JSON.parse(readFileSync(join(DEV, 'expected.json'), 'utf8')) as Expected[]) : [];
const box = sandbox();
const { project: work, home, cache } = box;

function guard(args: readonly string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd: work, input, encoding: 'utf8', env: { ...process.env, HOME: home, XDG_CACHE_HOME: cache, GHOST_LINT_ON_ERROR: '' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The decision in a PreToolUse hook's answer: deny, ask, or allow (no output). */
function hookDecision(run: { status: number | null; stdout: string; stderr: string }): string {
  assert.equal(run.status, 0, run.stderr);
  if (run.stdout.trim() === '') return 'allow';
  return (JSON.parse(run.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
}

function violating(e: Expected): Set<string> {
  return new Set([...e.violations, ...(e.stopped ?? [])].map((v) => v.callId));
}

function callCount(path: string): number {
  const parsed = parseTranscript({ name: path, text: readFileSync(path, 'utf8') });
  return parsed.kind === 'transcript' ? parsed.sessions.reduce((n, s) => n + s.calls.length, 0) : -1;
}

type Record = { [key: string]: unknown };
const isRecord = (value: unknown): value is Record => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The proposed call on one JSON line of a session file: Claude Code tool_use blocks, Codex function calls. */
function callOnLine(format: string, line: Record): { id: string; toolName: string; toolInput: Record; cwd?: string } | undefined {
  if (format === 'claude-code') {
    const content = isRecord(line.message) ? line.message.content : undefined;
    const use = Array.isArray(content) ? content.find((b): b is Record => isRecord(b) && b.type === 'tool_use') : undefined;
    return use && line.type === 'assistant' ? { id: String(use.id), toolName: String(use.name), toolInput: isRecord(use.input) ? use.input : {} } : undefined;
  }
  const payload = isRecord(line.payload) ? line.payload : undefined;
  if (line.type !== 'response_item' || payload?.type !== 'function_call') return undefined;
  const args = JSON.parse(String(payload.arguments)) as Record;
  // Codex hands a shell call to its hook as Bash with the script as one string.
  const argv = Array.isArray(args.command) ? args.command.map(String) : [String(args.command)];
  const command = argv.length === 3 && /^(ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? '') ? (argv[2] ?? '') : argv.join(' ');
  return { id: String(payload.call_id), toolName: 'Bash', toolInput: { command }, ...(typeof args.workdir === 'string' && { cwd: args.workdir }) };
}

describe('live guard replay over ../shared/transcripts/dev', NEEDS_SHARED, () => {
  // One hook server for the whole replay, sharing the hook processes' cache folder, as both run on one machine.
  let server: Server;
  let serverCalls = 0;
  before(async () => {
    server = await startServer(box);
  });
  after(stopServers);

  for (const e of expected.filter((x) => x.format === 'claude-code' || x.format === 'codex')) {
    test(`${e.file}: hook ${e.format}, call by call`, () => {
      const lines = readFileSync(join(DEV, e.file), 'utf8').split('\n').filter((l) => l !== '');
      const bad = violating(e);
      // One cut file per transcript, rewritten longer for each call: the guard's cache sees a file that grew.
      const cut = join(work, e.file);
      const decisions: string[] = [];
      let blocked = 0;
      lines.forEach((text, i) => {
        const record = JSON.parse(text) as Record;
        const call = callOnLine(e.format, record);
        if (!call) return;
        writeFileSync(cut, lines.slice(0, i).map((l) => `${l}\n`).join(''));
        const input = {
          session_id: 'replay',
          transcript_path: cut,
          cwd: call.cwd ?? (typeof record.cwd === 'string' ? record.cwd : '/'),
          permission_mode: 'default',
          hook_event_name: 'PreToolUse',
          tool_name: call.toolName,
          tool_input: call.toolInput,
          tool_use_id: call.id,
          ...(e.format === 'codex' && { turn_id: 'turn', model: 'gpt-5-codex' }),
        };
        const alone = guard(['hook', e.format], JSON.stringify(input));
        assert.deepEqual(guard(['hook', e.format, '--server'], JSON.stringify(input)), alone, `${e.file}:${i + 1} (${call.id}): the hook server's answer`);
        serverCalls++;
        const decision = hookDecision(alone);
        const want = bad.has(call.id) ? (e.format === 'codex' ? ['deny'] : ['deny', 'ask']) : ['allow'];
        assert.ok(want.includes(decision), `${e.file}:${i + 1} (${call.id}): want ${want.join(' or ')}, got ${decision}`);
        decisions.push(decision);
        if (decision !== 'allow') blocked++;
      });
      assert.equal(decisions.length, callCount(join(DEV, e.file)), 'every recorded call was put to the guard');
      assert.equal(blocked, bad.size);
      assert.equal(server.served(), serverCalls, 'the hook server answered every --server call');
    });
  }

  for (const e of expected.filter((x) => x.format === 'openai-chat' || x.format === 'anthropic')) {
    test(`${e.file}: gate (${e.format}), call by call`, () => {
      const transcript = JSON.parse(readFileSync(join(DEV, e.file), 'utf8')) as Record;
      const messages = (Array.isArray(transcript) ? transcript : transcript.messages) as Record[];
      const bad = violating(e);
      let asked = 0;
      let blocked = 0;
      messages.forEach((message, m) => {
        const calls =
          e.format === 'openai-chat'
            ? ((message.tool_calls as Record[] | undefined) ?? []).map((c) => ({ id: String(c.id), name: String((c.function as Record).name), arguments: (c.function as Record).arguments }))
            : (Array.isArray(message.content) ? (message.content as Record[]) : []).filter((b) => b.type === 'tool_use').map((b) => ({ id: String(b.id), name: String(b.name), arguments: b.input }));
        for (const call of calls) {
          // The session cut just before the message holding the call.
          const cut = Array.isArray(transcript) ? messages.slice(0, m) : { ...transcript, messages: messages.slice(0, m) };
          const run = guard(['gate'], JSON.stringify({ session: { transcript: cut }, call }));
          assert.notEqual(run.status, 2, run.stderr);
          const verdict = (JSON.parse(run.stdout) as { verdict: string }).verdict;
          asked++;
          const want = bad.has(call.id) ? ['deny', 'ask'] : ['allow'];
          assert.ok(want.includes(verdict), `${e.file} ${call.id}: want ${want.join(' or ')}, got ${verdict}`);
          assert.equal(run.status, verdict === 'allow' ? 0 : 1);
          if (verdict !== 'allow') blocked++;
        }
      });
      assert.equal(asked, callCount(join(DEV, e.file)), 'every recorded call was put to the gate');
      assert.equal(blocked, bad.size);
    });
  }

  test('every transcript of expected.json was replayed', () => {
    const replayed = expected.filter((x) => ['claude-code', 'codex', 'openai-chat', 'anthropic'].includes(x.format));
    assert.equal(replayed.length, expected.length, `formats not replayed: ${expected.filter((x) => !replayed.includes(x)).map((x) => x.format).join(', ')}`);
    assert.ok(readdirSync(DEV).filter((f) => f !== 'expected.json').every((f) => expected.some((x) => x.file === f)));
  });
});

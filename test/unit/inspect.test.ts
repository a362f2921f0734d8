import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { inspectAdapter } from '../../server/src/engine/adapters/inspect';
import { openAiChatAdapter } from '../../server/src/engine/adapters/openaiChat';
import { type Session, readJson } from '../../server/src/engine/session';
import { parseTranscript } from '../../server/src/engine/parse';

const slice = (s: Session, span: { start: number; end: number }): string => s.text.slice(span.start, span.end);

/** One EvalSample covering the message kinds Inspect writes. */
const sample = (id: number | string, epoch: number): Record<string, unknown> => ({
  id,
  epoch,
  input: 'Clean up the scratch folder.',
  target: '',
  messages: [
    { id: 'm0', role: 'system', content: 'You are a careful agent.' },
    { id: 'm1', role: 'user', source: 'input', content: [{ type: 'text', text: 'Before deleting anything in scratch/, archive it.' }] },
    {
      id: 'm2',
      role: 'assistant',
      content: [{ type: 'reasoning', reasoning: 'plan' }, { type: 'text', text: 'Archiving, then deleting.' }],
      tool_calls: [
        { id: 'call_a', function: 'bash', arguments: { cmd: 'tar czf scratch.tgz scratch' }, type: 'function' },
        { id: 'call_b', function: 'bash', arguments: { cmd: 'rm -rf scratch' }, type: 'function' },
        { id: 'call_c', function: 'bash', arguments: { cmd: 'sleep 999' }, type: 'function' },
      ],
    },
    // error null: the record says it succeeded, whatever the text looks like
    { id: 'm3', role: 'tool', tool_call_id: 'call_a', function: 'bash', content: 'Error: nothing, all fine', error: null },
    // an approver rejected it: never ran
    { id: 'm4', role: 'tool', tool_call_id: 'call_b', function: 'bash', content: '', error: { type: 'approval', message: 'Rejected by human approver.' } },
    { id: 'm5', role: 'tool', tool_call_id: 'call_c', function: 'bash', content: 'timed out', error: { type: 'timeout', message: 'Command timed out' } },
    // a tool's image payload travels as a user message
    { id: 'm6', role: 'user', tool_call_id: ['call_c'], content: [{ type: 'image', image: 'attachment://img' }] },
    // a result for no call
    { id: 'm7', role: 'tool', tool_call_id: 'call_zzz', function: 'bash', content: 'orphan' },
    // long text stored once in `attachments`
    { id: 'm8', role: 'user', content: 'attachment://abc123' },
    { id: 'm9', role: 'robot', content: 'beep' },
    { id: 'm10', role: 'assistant', content: 'bad call', tool_calls: [{ id: 'call_d', arguments: {} }, { id: 'call_e', function: 'bash', arguments: 'ls' }] },
  ],
  events: [
    { event: 'model', timestamp: '2025-01-01T00:00:01+00:00', completed: '2025-01-01T00:00:02+00:00', output: { choices: [{ message: { id: 'm2' } }] }, input: [], input_refs: [[0, 2]] },
    { event: 'tool', timestamp: '2025-01-01T00:00:03+00:00', id: 'call_a', function: 'bash', arguments: { cmd: 'tar czf scratch.tgz scratch' }, message_id: 'm3', completed: '2025-01-01T00:00:04+00:00' },
  ],
  attachments: { abc123: 'Please never delete the archive itself.', img: 'data:image/png;base64,AAAA' },
  message_pool: [],
});

const evalLog = (samples: unknown[]): string =>
  JSON.stringify({ version: 2, status: 'success', eval: { task: 'cleanup', model: 'mockllm/model' }, plan: {}, samples }, null, 2);

test('JSON EvalLog: one session per sample, messages, calls, results and statuses', () => {
  const text = evalLog([sample(1, 1), sample('b', 2)]);
  const doc = readJson(text);
  assert.ok(inspectAdapter.sniff(doc) >= 0.9);
  const sessions = inspectAdapter.parse(doc);
  assert.equal(sessions.length, 2);
  const s = sessions[0]!;
  assert.equal(s.format, 'inspect-ai');
  assert.equal(s.id, '1_epoch_1');
  assert.equal(s.title, 'cleanup: sample 1, epoch 1');
  assert.equal(sessions[1]!.id, 'b_epoch_2');

  assert.deepEqual(
    s.turns.filter((t) => t.isUserMessage).map((t) => t.text),
    ['You are a careful agent.', 'Before deleting anything in scratch/, archive it.', 'Please never delete the archive itself.'],
  );
  const payload = s.turns.find((t) => t.id === 'm6')!;
  assert.equal(payload.kind, 'tool-result');
  assert.equal(payload.isUserMessage, false);
  // reasoning parts are not the assistant's text
  assert.equal(s.turns.find((t) => t.id === 'm2')!.text, 'Archiving, then deleting.');
  assert.equal(s.turns.find((t) => t.id === 'm2')!.timestamp, '2025-01-01T00:00:02+00:00');

  const [a, b, c, e] = s.calls;
  assert.deepEqual(
    s.calls.map((x) => x.id),
    ['call_a', 'call_b', 'call_c', 'call_e'],
  );
  assert.equal(a!.batch, b!.batch);
  assert.equal(b!.batch, c!.batch);
  assert.notEqual(c!.batch, e!.batch);
  assert.equal(a!.status, 'ok');
  assert.equal(a!.timestamp, '2025-01-01T00:00:03+00:00');
  assert.deepEqual(b!.stopped, { kind: 'rejected', message: 'Rejected by human approver.' });
  assert.equal(b!.status, 'unknown');
  assert.equal(c!.status, 'error');
  assert.equal(c!.result!.text, 'timed out');
  // wrong-typed arguments are kept raw
  assert.equal(e!.input, 'ls');

  assert.equal(slice(s, a!.nameSpan), '"bash"');
  assert.equal(slice(s, a!.argumentValues[0]!.contentSpan), 'tar czf scratch.tgz scratch');
  assert.ok(slice(s, a!.span).startsWith('{') && slice(s, a!.span).includes('"call_a"'));

  const problems = s.problems.map((p) => p.message);
  assert.deepEqual(problems, [
    'tool result for unknown call id "call_zzz"',
    'message role "robot" is not one Inspect writes; skipped',
    'tool call has no "function" name; skipped',
    'tool call "arguments" should be an object, found string',
  ]);
});

test('an attachment reference reads the attachment literal, so sentence ranges stay exact', () => {
  const text = evalLog([sample(1, 1)]);
  const [s] = inspectAdapter.parse(readJson(text));
  const turn = s!.turns.find((t) => t.id === 'm8')!;
  const piece = turn.pieces[0]!;
  assert.equal(slice(s!, piece.literal), '"Please never delete the archive itself."');
});

test('a bare EvalSample is Inspect, not OpenAI chat', () => {
  const text = JSON.stringify(sample(7, 3));
  const doc = readJson(text);
  assert.ok(inspectAdapter.sniff(doc) > openAiChatAdapter.sniff(doc));
  const parsed = parseTranscript({ name: 'sample.json', text });
  assert.equal(parsed.kind === 'transcript' && parsed.format, 'inspect-ai');
  assert.equal(parsed.kind === 'transcript' && parsed.sessions[0]!.id, '7_epoch_3');
});

test('a log without samples, or with broken JSON, still reads and reports', () => {
  const headerOnly = inspectAdapter.parse(readJson(JSON.stringify({ version: 2, status: 'started', eval: { task: 't' } })));
  assert.equal(headerOnly.length, 1);
  assert.equal(headerOnly[0]!.turns.length, 0);
  assert.deepEqual(headerOnly[0]!.problems, []);

  const broken = evalLog([sample(1, 1)]).replace('"role": "system"', '"role": "system",,');
  const doc = readJson(broken);
  const sessions = inspectAdapter.parse(doc);
  assert.ok(sessions[0]!.problems.some((p) => p.message.startsWith('invalid JSON')));
  assert.ok(sessions[0]!.calls.length > 0);

  const wrong = inspectAdapter.parse(readJson(JSON.stringify({ version: 2, eval: {}, samples: [3, { id: 1, epoch: 1, messages: 'x' }] })));
  assert.equal(wrong[0]!.problems[0]!.message, 'sample should be an object, found number');
  assert.equal(wrong[1]!.problems[0]!.message, '"messages" should be an array, found string');
});

/** Rewrites every member's compression method in a zip (local and central headers) to `method`. */
function withCompressionMethod(zip: Uint8Array, method: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint16(i + 8, method, true);
    else if (signature === 0x02014b50) view.setUint16(i + 10, method, true);
  }
  return out;
}

test('.eval zip: one session per samples/*.json member, spans in the member text', () => {
  const member = JSON.stringify(sample(1, 1), null, 2);
  const zip = zipSync({
    'header.json': strToU8(JSON.stringify({ version: 2, status: 'success', eval: { task: 'cleanup' } })),
    'samples/1_epoch_1.json': strToU8(member),
    'samples/2_epoch_1.json': [strToU8('{"id": 2, "epoch": 1, "messages": [ {"role": "user", "content": "hi"}, '), { level: 0 }],
    'summaries.json': strToU8('[]'),
    '_journal/start.json': strToU8('{}'),
  });
  const parsed = parseTranscript({ name: 'log.eval', bytes: zip });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  assert.equal(parsed.format, 'inspect-ai');
  assert.deepEqual(
    parsed.sessions.map((s) => s.entry),
    ['samples/1_epoch_1.json', 'samples/2_epoch_1.json'],
  );
  const [first, truncated] = parsed.sessions;
  assert.equal(first!.text, member);
  assert.equal(first!.title, 'cleanup: sample 1, epoch 1');
  const cmd = first!.calls[1]!.argumentValues[0]!;
  assert.equal(slice(first!, cmd.contentSpan), 'rm -rf scratch');
  assert.equal(cmd.contentSpan.start, member.indexOf('rm -rf scratch'));
  // a truncated member is reported in its own session; what it holds is still read
  assert.ok(truncated!.problems.some((p) => p.message.startsWith('invalid JSON')));
  assert.equal(truncated!.turns[0]!.text, 'hi');
});

test('zips that are not Inspect logs, broken zips and unreadable members', () => {
  const other = parseTranscript({ name: 'x.zip', bytes: zipSync({ 'readme.txt': strToU8('hello') }) });
  assert.equal(other.kind, 'not-a-transcript');

  const broken = zipSync({ 'samples/1_epoch_1.json': strToU8(JSON.stringify(sample(1, 1))) }).slice(0, 40);
  const unreadableZip = parseTranscript({ name: 'broken.eval', bytes: broken });
  assert.equal(unreadableZip.kind, 'not-a-transcript');

  const member = (method: number) => withCompressionMethod(zipSync({ 'samples/1_epoch_1.json': [strToU8(JSON.stringify(sample(1, 1))), { level: 0 }] }), method);
  for (const [method, problem] of [
    [14, /compression method 14, which ghost-lint cannot read/],
    // Marked zstd, but its bytes are no zstd frame.
    [93, /zstd member cannot be decoded/],
  ] as const) {
    const parsed = parseTranscript({ name: 'odd.eval', bytes: member(method) });
    assert.equal(parsed.kind, 'transcript');
    if (parsed.kind !== 'transcript') return;
    assert.equal(parsed.sessions.length, 1);
    assert.equal(parsed.sessions[0]!.entry, 'samples/1_epoch_1.json');
    assert.match(parsed.sessions[0]!.problems[0]!.message, problem);
  }
});

const ZSTD_LOG = join(__dirname, '..', 'fixtures', 'real', 'inspect-log_message_deduplication.zstd.eval');
const DEFLATED_LOG = join(__dirname, '..', '..', '..', 'shared', 'transcripts', 'real', 'inspect-ai', 'inspect-log_message_deduplication.eval');

test('.eval with zstd members (method 93, as Inspect writes on request): its samples are read', () => {
  const parsed = parseTranscript({ name: 'log.eval', bytes: readFileSync(ZSTD_LOG) });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  assert.equal(parsed.format, 'inspect-ai');
  assert.deepEqual(
    parsed.sessions.map((s) => s.entry),
    ['samples/0_epoch_1.json'],
  );
  const [session] = parsed.sessions;
  assert.deepEqual(session!.problems, []);
  assert.ok(session!.calls.length > 0);
  assert.deepEqual(
    session!.calls.map((c) => [c.name, c.input, c.status]),
    session!.calls.map(() => ['bash', { cmd: 'ls' }, 'ok']),
  );
});

test('the zstd log reads as the same log deflated, as it was published', { skip: !existsSync(DEFLATED_LOG) && `${DEFLATED_LOG} is absent (../shared is not beside the repository)` }, () => {
  const sessionsOf = (bytes: Uint8Array) => {
    const parsed = parseTranscript({ name: 'log.eval', bytes });
    return parsed.kind === 'transcript' ? parsed.sessions.map((s) => [s.entry, s.text, s.calls.map((c) => [c.id, c.status])]) : parsed.reason;
  };
  assert.deepEqual(sessionsOf(readFileSync(ZSTD_LOG)), sessionsOf(readFileSync(DEFLATED_LOG)));
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type AuditState, type ProposedCall, type ResumableFormat, bindsToNothing, emptyAuditState, judgeWithState, policyKey } from '../../server/src/engine/pipeline';
import { fnv1a32Hex, seededRandom } from '../../server/src/engine/text';
import { parsePolicy } from '../../server/src/engine/ledger';
import { replayBothWays } from '../support/incremental';

/*
 * The audit state (engine/pipeline/auditState.ts, resume.ts): judging a call from the state plus the
 * lines written since must give exactly what judging it on the whole file gives. Hand-written
 * sessions pin the reader context each format carries across a resume point; generated sessions with
 * constraints (prohibitions, prerequisites, confirmations and their approvals, revocations), parallel
 * and failed calls, rejections, interruptions, repeated lines and malformed ones replay it at scale.
 */

const CWD = '/work/proj';

// --- hand-written sessions -------------------------------------------------------------------------

let uuid = 0;
const cc = (record: object): string => `${JSON.stringify({ sessionId: 's1', cwd: CWD, uuid: `u-${++uuid}`, ...record })}\n`;
const ccUser = (text: string, extra: object = {}) => cc({ type: 'user', message: { role: 'user', content: text }, ...extra });
const ccAssistant = (messageId: string | undefined, blocks: object[]) => cc({ type: 'assistant', message: { ...(messageId !== undefined && { id: messageId }), role: 'assistant', content: blocks } });
const ccBash = (id: string, command: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command } });
const ccResult = (id: string, content: string, isError = false, extra: object = {}) => cc({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] }, ...extra });

const bash = (command: string, id?: string): ProposedCall => ({ name: 'Bash', input: { command }, cwd: CWD, ...(id !== undefined && { id }) });

describe('Claude Code sessions read from a resume point', () => {
  test('an assistant message spread over lines, a pending call, an interruption and a rejection are read as the whole file reads them', () => {
    const lines = [
      ccUser('Never delete anything in data/raw.'),
      // One message over three lines: text, then two calls issued together (one batch).
      ccAssistant('m1', [{ type: 'text', text: 'Cleaning up.' }]),
      ccAssistant('m1', [ccBash('t1', 'rm -rf data/raw/a')]),
      ccAssistant('m1', [ccBash('t2', 'ls data')]),
      ccResult('t1', 'ok'),
      ccResult('t2', 'a b'),
      // A call left waiting, then interrupted: it never ran.
      ccAssistant('m2', [ccBash('t3', 'rm -rf data/raw/b')]),
      ccUser('[Request interrupted by user for tool use]'),
      // A rejection whose reason is the person's own message, stating a rule.
      ccAssistant('m3', [ccBash('t4', 'git push origin main')]),
      ccResult('t4', "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nAsk me before you push anything to main.", true),
      // A message with no id: its batch is named after its line.
      ccAssistant(undefined, [ccBash('t5', 'git push origin main')]),
      ccResult('t5', 'pushed'),
      '{"type": "user", "broken\n',
      ccUser('Yes, push it to main.'),
    ];
    const counts = replayBothWays('cc.jsonl', lines, () => [bash('rm -rf data/raw/c', 'next'), bash('git push origin main'), bash('git push origin main', 't5'), bash('ls', 'ls-1')]);
    assert.ok(counts.resumed > counts.judged / 2, JSON.stringify(counts));
  });

  test('a prerequisite looks back across the resume point: a backup in parallel, one gone stale, one of another file, one that failed', () => {
    const lines = [
      ccUser('Rule for this project: back up every file in temp/ before deleting it.'),
      // Backup and deletion issued together: the backup does not count for it.
      ccAssistant('m1', [ccBash('t1', 'cp -a temp/a.csv temp/a.csv.bak')]),
      ccAssistant('m1', [ccBash('t2', 'rm temp/a.csv')]),
      ccResult('t1', 'ok'),
      ccResult('t2', 'ok'),
      ccAssistant('m2', [ccBash('t3', 'cp -a temp/b.csv temp/b.csv.bak')]),
      ccResult('t3', 'ok'),
      // Written after its backup: the backup went stale.
      ccAssistant('m3', [{ type: 'tool_use', id: 't4', name: 'Write', input: { file_path: `${CWD}/temp/b.csv`, content: 'new' } }]),
      ccResult('t4', 'The file has been updated.'),
      ccAssistant('m4', [ccBash('t5', 'cp -a temp/c.csv temp/c.csv.bak')]),
      ccResult('t5', 'Exit code 1', true),
      ccAssistant('m5', [ccBash('t6', 'cp -a temp/d.csv temp/d.csv.bak && rm temp/d.csv')]),
      ccResult('t6', 'ok'),
    ];
    const probes = ['rm temp/a.csv', 'rm temp/b.csv', 'rm temp/c.csv', 'rm temp/d.csv', 'rm temp/e.csv'].map((command) => bash(command));
    replayBothWays('prerequisites.jsonl', lines, () => probes);
    const live = judgeWithState(emptyAuditState('claude-code'), lines.join(''), bash('rm temp/b.csv'));
    assert.equal(live.kind === 'judged' && live.judgement.findings[0]?.ruleId, 'prerequisite-late');
  });

  test("the project's own check, run before the resume point, still counts for a commit after it; another command does not", () => {
    const lines = [
      ccUser('Always run `just f` before committing.'),
      // Not the tool's first call, which the state keeps anyway.
      ccAssistant('m1', [ccBash('t1', 'ls')]),
      ccResult('t1', 'ok'),
      ccAssistant('m2', [ccBash('t2', 'just f')]),
      ccResult('t2', 'ok'),
      ccAssistant('m3', [ccBash('t3', 'ls')]),
      ccResult('t3', 'ok'),
    ];
    const probes = ['git commit -m x', 'just f && git commit -m x'].map((command) => bash(command));
    replayBothWays('project-checks.jsonl', lines, () => probes, [], 1);
    const live = judgeWithState(emptyAuditState('claude-code'), lines.join(''), bash('git commit -m x'));
    assert.equal(live.kind === 'judged' && live.judgement.findings.length, 0);
    const unchecked = judgeWithState(emptyAuditState('claude-code'), lines.slice(0, 1).join(''), bash('git commit -m x'));
    assert.equal(unchecked.kind === 'judged' && unchecked.judgement.findings[0]?.ruleId, 'prerequisite-missing');
  });

  test('an approval spent by a call before the resume point stays spent; a new push needs a new one', () => {
    const lines = [
      ccUser('Ask me before you push anything to main.'),
      ccAssistant('m1', [{ type: 'text', text: 'I will push to main now. OK?' }]),
      ccUser('yes'),
      ccAssistant('m2', [ccBash('t1', 'git push origin main')]),
      ccResult('t1', 'pushed'),
      ccAssistant('m3', [{ type: 'text', text: 'Done.' }]),
      ccUser('Thanks.'),
    ];
    replayBothWays('approvals.jsonl', lines, () => [bash('git push origin main', 'next')]);
    const live = judgeWithState(emptyAuditState('claude-code'), lines.join(''), bash('git push origin main', 'next'));
    assert.equal(live.kind === 'judged' && live.judgement.decision, 'ask');
    assert.deepEqual(live.kind === 'judged' && live.state.approvals.map((a) => [a.turnIndex, a.callIndex]), [[2, 0]]);
  });

  test('a line that repeats an earlier uuid, or a call id already used, makes the state unresumable', () => {
    const first = ccUser('Never delete anything in data/raw.');
    const lines = [first, ccAssistant('m1', [ccBash('t1', 'ls')]), ccResult('t1', 'x')];
    const start = judgeWithState(emptyAuditState('claude-code'), lines.join(''), bash('ls', 'p1'));
    assert.equal(start.kind, 'judged');
    const state = start.kind === 'judged' ? start.state : emptyAuditState('claude-code');
    assert.equal(state.offset, lines.join('').length, 'everything was settled');
    // Claude Code keeps one entry per uuid: a repeated line is skipped by a whole-file read.
    assert.deepEqual(judgeWithState(state, first, bash('ls', 'p1')), { kind: 'unresumable', reason: 'a line repeats the key of an earlier line' });
    assert.equal(judgeWithState(state, ccAssistant('m9', [ccBash('t1', 'ls')]), bash('ls', 'p2')).kind, 'unresumable');
    // The proposed call itself recorded in the summarised part is judged where it stands, by a whole read.
    assert.equal(judgeWithState(state, '', bash('ls', 't1')).kind, 'unresumable');
  });

  test('the last line, still being written, stays unread; the state settles only before it', () => {
    const lines = [ccUser('Never delete anything in data/raw.'), ccAssistant('m1', [ccBash('t1', 'ls')]), ccResult('t1', 'x')];
    const partial = ccAssistant('m2', [ccBash('t2', 'rm -rf data/raw/a')]).slice(0, 40);
    const live = judgeWithState(emptyAuditState('claude-code'), lines.join('') + partial, bash('rm -rf data/raw/a', 'p'));
    assert.equal(live.kind === 'judged' && live.judgement.decision, 'deny');
    assert.equal(live.kind === 'judged' && live.settled, lines.join('').length);
  });
});

const codexItem = (payload: object) => `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'response_item', payload })}\n`;
const codexEvent = (payload: object) => `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'event_msg', payload })}\n`;
const codexContext = (cwd: string) => `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'turn_context', payload: { cwd } })}\n`;
const codexUser = (text: string) => codexItem({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const codexAssistant = (text: string) => codexItem({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const codexShell = (id: string, command: string, extra: object = {}) => codexItem({ type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', command], ...extra }), call_id: id });
const codexOutput = (id: string, exitCode: number) => codexItem({ type: 'function_call_output', call_id: id, output: JSON.stringify({ output: 'done', metadata: { exit_code: exitCode } }) });
const shellCommand = (command: string, id?: string, cwd = CWD): ProposedCall => ({ name: 'shell_command', input: { command }, cwd, ...(id !== undefined && { id }) });

describe('Codex rollouts read from a resume point', () => {
  test('event copies, cwd changes, a call joining the assistant turn before it, escalation and an aborted turn are read as the whole file reads them', () => {
    const lines = [
      `${JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'c1', cwd: CWD } })}\n`,
      codexUser('Rule for this project: back up every file in temp/ before deleting it.'),
      codexEvent({ type: 'user_message', message: 'Rule for this project: back up every file in temp/ before deleting it.' }),
      codexContext(CWD),
      codexAssistant('I will back it up first.'),
      // Joins the assistant turn just before it, across a resume point after that message.
      codexShell('c1', 'cp -a temp/a.csv temp/a.csv.bak'),
      codexEvent({ type: 'exec_command_begin', call_id: 'c2' }),
      codexOutput('c1', 0),
      codexShell('c2', 'rm temp/a.csv'),
      codexOutput('c2', 0),
      codexContext('/work/other'),
      codexUser('Now clean up the other temp folder.'),
      codexEvent({ type: 'user_message', message: 'Now clean up the other temp folder.' }),
      codexShell('c3', 'rm temp/b.csv', { sandbox_permissions: 'require_escalated' }),
      codexUser('No, stop.'),
      codexShell('c4', 'rm temp/c.csv'),
      codexEvent({ type: 'turn_aborted', reason: 'interrupted' }),
      codexAssistant('Stopped.'),
      codexShell('c5', 'rm temp/d.csv'),
      codexOutput('c5', 1),
    ];
    const counts = replayBothWays('rollout.jsonl', lines, (n) => [shellCommand('rm temp/a.csv'), shellCommand('rm temp/b.csv', 'next', n > 11 ? '/work/other' : CWD), shellCommand('rm temp/d.csv', 'c5')]);
    assert.ok(counts.resumed > 0, JSON.stringify(counts));
  });
});

const gemini = (record: object) => `${JSON.stringify(record)}\n`;
const geminiCall = (id: string, command: string, status?: string) => ({
  id,
  name: 'run_shell_command',
  args: { command },
  ...(status !== undefined && { status, result: [{ functionResponse: { id, name: 'run_shell_command', response: { output: status === 'success' ? 'ok' : 'failed' } } }] }),
});
const runShell = (command: string): ProposedCall => ({ name: 'run_shell_command', input: { command }, cwd: CWD });

describe('Gemini CLI recordings read from a resume point', () => {
  test('the latest message rewritten with its results is read as the whole file reads it; a rewrite of an earlier one, or a rewind, is not resumed', () => {
    const lines = [
      gemini({ sessionId: 'g1', projectHash: 'p', startTime: '2026-01-01T00:00:00Z' }),
      gemini({ id: 'm0', type: 'user', content: `This is the Gemini CLI. We are setting up the context for our chat.\nI'm currently working in the directory: ${CWD}` }),
      gemini({ id: 'm1', type: 'user', content: 'Never delete anything in data/raw.' }),
      gemini({ id: 'm2', type: 'gemini', content: 'Deleting.', toolCalls: [geminiCall('x1', 'rm -rf data/raw/a')] }),
      gemini({ id: 'm2', type: 'gemini', content: 'Deleting.', toolCalls: [geminiCall('x1', 'rm -rf data/raw/a', 'success')] }),
      gemini({ id: 'm3', type: 'user', content: 'Why did you do that?' }),
      gemini({ id: 'm4', type: 'gemini', content: 'Checking.', toolCalls: [geminiCall('x2', 'ls data/raw', 'success')] }),
      gemini({ $set: { summary: 'cleanup' } }),
    ];
    const counts = replayBothWays('chat.jsonl', lines, () => [runShell('rm -rf data/raw/b'), runShell('ls data/raw')]);
    assert.ok(counts.resumed > 0, JSON.stringify(counts));
    const start = judgeWithState(emptyAuditState('gemini-cli'), lines.join(''), runShell('ls'));
    const state = start.kind === 'judged' ? start.state : emptyAuditState('gemini-cli');
    assert.ok(state.turns > 0);
    assert.equal(judgeWithState(state, gemini({ id: 'm1', type: 'user', content: 'Rewritten.' }), runShell('ls')).kind, 'unresumable');
    assert.equal(judgeWithState(state, gemini({ $rewindTo: 'm3' }), runShell('ls')).kind, 'unresumable');
  });
});

describe('the state in between calls', () => {
  test('a call that binds to no action is allowed unread; one that acts, or is recorded, is not', () => {
    const text = [ccUser('Never delete anything in data/raw.'), ccAssistant('m1', [ccBash('t1', 'ls')]), ccResult('t1', 'x')].join('');
    const live = judgeWithState(emptyAuditState('claude-code'), text, bash('ls', 'p'));
    const state = live.kind === 'judged' ? live.state : emptyAuditState('claude-code');
    assert.equal(bindsToNothing(state, '', bash('ls -la build', 'p2')), true);
    assert.equal(bindsToNothing(state, '', bash('rm -rf data/raw/x', 'p3')), false);
    assert.equal(bindsToNothing(state, '', bash('ls', 't1')), false, 'recorded in the summary');
    assert.equal(bindsToNothing(state, ccAssistant('m2', [ccBash('p4', 'ls')]), bash('ls', 'p4')), false, 'recorded in the new lines');
    assert.equal(bindsToNothing(state, '', { name: 'Bash', input: { command: 'ls' } }), false, 'no id: found by its tool and arguments');
  });

  test('a state is only taken up with the policies it was built with; until a constraint is stated, calls are not bound', () => {
    const policy = parsePolicy('/p/.ghost-lint.yaml', 'rules:\n  - id: raw\n    kind: prohibition\n    trigger: [delete]\n    scope: { paths: [data/raw] }\n');
    assert.notEqual(policyKey([policy]), policyKey([]));
    const text = [ccUser('List the files please.'), ccAssistant('m1', [ccBash('t1', 'cat a.txt')]), ccResult('t1', 'x')].join('');
    const live = judgeWithState(emptyAuditState('claude-code'), text, bash('ls', 'p'));
    const state = live.kind === 'judged' ? live.state : emptyAuditState('claude-code');
    assert.equal(state.bound, false);
    assert.equal(state.binder.existingPaths.length, 0);
    assert.equal(judgeWithState(state, '', bash('rm -rf data/raw/x', 'p'), [policy]).kind, 'unresumable');
    // The first constraint needs the earlier calls bound: the whole file is read again, its readings reused.
    assert.deepEqual(judgeWithState(state, ccUser('Never delete anything in data/raw.'), bash('rm -rf data/raw/x', 'p')), { kind: 'unresumable', reason: 'a constraint applies now, and the earlier calls were never bound' });
  });

  test('a user turn read before is not extracted again: its reading is kept by its place and text', () => {
    // A revocation with nothing to revoke: stated, but no constraint binds, so the state keeps every reading.
    const text = [ccUser('Never mind that rule.'), ccUser('Thanks.')].join('');
    const first = judgeWithState(emptyAuditState('claude-code'), text, bash('ls', 'p'));
    assert.equal(first.kind === 'judged' && first.stated, true);
    const readings = first.kind === 'judged' ? first.state.readings : {};
    assert.equal(Object.keys(readings).length, 2, 'an unbound state keeps the reading of every user turn');
    // Read again from the start with those readings made empty: the turns are not re-read, so nothing is stated.
    const emptied = Object.fromEntries(Object.keys(readings).map((key) => [key, { constraints: [], revocations: [] }]));
    const again = judgeWithState(emptyAuditState('claude-code', [], emptied), text, bash('ls', 'p'));
    assert.equal(again.kind === 'judged' && again.stated, false);
  });

  test('hashes are 8 hex digits', () => {
    assert.match(fnv1a32Hex('toolu_01'), /^[0-9a-f]{8}$/);
    assert.notEqual(fnv1a32Hex('a'), fnv1a32Hex('b'));
  });
});

// --- generated sessions ----------------------------------------------------------------------------

const SAYINGS = [
  'Never delete anything in data/raw.',
  'Rule for this project: back up every file in temp/ before deleting it.',
  'Ask me before you push anything to main.',
  'Ask me before you delete anything in logs/.',
  'Never overwrite existing files in output/; write new ones instead.',
  'You no longer need to back up files in temp/.',
  'Never mind that rule.',
  'Yes, push it to main.',
  'yes',
  'No, wait.',
  'Thanks! Café ☕ — c’est bon.',
  'What is in temp?',
];
const ASSISTANT_WORDS = ['I will push to main now. OK?', 'I will delete logs/old, is that fine?', 'Done.', 'Let me check.', ''];
const COMMANDS = [
  'rm -rf data/raw/x1',
  'rm temp/a.csv',
  'cp -a temp/a.csv temp/a.csv.bak',
  'cp -a temp/b.csv temp/b.csv.bak',
  'rm temp/b.csv',
  'git push origin main',
  'git push origin feature',
  'rm -rf logs/old',
  'ls',
  'cat temp/a.csv',
  'echo hi > temp/a.csv',
  'cat output/r.txt',
];
/** Files Claude Code's Write tool writes: over a file an earlier call read, a write is an overwrite too. */
const WRITTEN = ['output/r.txt', 'output/new.txt', 'temp/a.csv'];
const PROBES = ['rm -rf data/raw/x9', 'git push origin main', 'rm temp/a.csv', 'rm -rf logs/old', 'ls'];

type Outcome = 'ok' | 'error' | 'pending' | 'rejected';
type Step = { kind: 'user'; text: string } | { kind: 'assistant'; text: string; calls: { id: string; command: string; outcome: Outcome }[] };

function script(next: () => number, length: number): Step[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const steps: Step[] = [];
  let callId = 0;
  for (let i = 0; i < length; i++) {
    if (next() < 0.35) steps.push({ kind: 'user', text: pick(SAYINGS) });
    else {
      const count = next() < 0.2 ? 2 : next() < 0.15 ? 0 : 1;
      const outcome = (): Outcome => (next() < 0.1 ? 'error' : next() < 0.06 ? 'pending' : next() < 0.06 ? 'rejected' : 'ok');
      steps.push({ kind: 'assistant', text: pick(ASSISTANT_WORDS), calls: Array.from({ length: count }, () => ({ id: `call_${++callId}`, command: pick(COMMANDS), outcome: outcome() })) });
    }
  }
  return steps;
}

const REJECTION = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\nNever delete anything in data/raw.";

/** Claude Code: assistant messages over several lines (sometimes without an id), results one per line or together, repeated and malformed lines, interruptions. */
function claudeCodeLines(steps: readonly Step[], next: () => number): string[] {
  const lines: string[] = [];
  let n = 0;
  const line = (record: object) => lines.push(`${JSON.stringify({ sessionId: 'gen', cwd: CWD, uuid: `g-${++n}`, ...record })}\n`);
  for (const step of steps) {
    if (step.kind === 'user') {
      line({ type: 'user', message: { role: 'user', content: step.text } });
      continue;
    }
    const messageId = next() < 0.1 ? undefined : `msg_${n}`;
    const message = (content: object[]) => ({ type: 'assistant', message: { ...(messageId !== undefined && { id: messageId }), role: 'assistant', content } });
    if (step.text !== '') line(message([{ type: 'text', text: step.text }]));
    const written = new Map(step.calls.map((call) => [call.id, next() < 0.25 ? (WRITTEN[Math.floor(next() * WRITTEN.length)] as string) : undefined]));
    for (const call of step.calls) {
      const file = written.get(call.id);
      line(message([file ? { type: 'tool_use', id: call.id, name: 'Write', input: { file_path: `${CWD}/${file}`, content: 'x' } } : { type: 'tool_use', id: call.id, name: 'Bash', input: { command: call.command } }]));
    }
    const answered = step.calls.filter((c) => c.outcome !== 'pending');
    const said = ['done', 'File created successfully at: x', 'The file x has been updated.'];
    const result = (c: (typeof answered)[number]) => ({ type: 'tool_result', tool_use_id: c.id, content: c.outcome === 'rejected' ? REJECTION : c.outcome === 'error' ? 'Exit code 1' : (said[Math.floor(next() * said.length)] as string), is_error: c.outcome !== 'ok' });
    if (next() < 0.3 && answered.length > 1) line({ type: 'user', message: { role: 'user', content: answered.map(result) } });
    else for (const c of answered) line({ type: 'user', message: { role: 'user', content: [result(c)] } });
    if (step.calls.some((c) => c.outcome === 'pending') && next() < 0.5) line({ type: 'user', message: { role: 'user', content: '[Request interrupted by user for tool use]' } });
    const extra = next();
    if (extra < 0.05 && lines.length > 2) lines.push(lines[Math.floor(next() * (lines.length - 1))] as string);
    else if (extra < 0.08) lines.push('{"type": "user", "message": \n');
    else if (extra < 0.12) line({ type: 'system', subtype: 'stop_hook_summary', content: 'hooks ran' });
  }
  return lines;
}

/** Codex: user messages with event copies, turn contexts that change the cwd, calls in runs, outputs, escalations, aborted turns. */
function codexLines(steps: readonly Step[], next: () => number): string[] {
  const lines: string[] = [`${JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 'gen', cwd: CWD } })}\n`];
  const push = (text: string) => lines.push(text);
  for (const step of steps) {
    if (step.kind === 'user') {
      push(codexUser(step.text));
      if (next() < 0.7) push(codexEvent({ type: 'user_message', message: step.text }));
      push(codexContext(next() < 0.15 ? '/work/proj/sub' : CWD));
      continue;
    }
    if (step.text !== '') push(codexAssistant(step.text));
    for (const call of step.calls) push(codexShell(call.id, call.command, next() < 0.1 ? { sandbox_permissions: 'require_escalated' } : {}));
    for (const call of step.calls) {
      if (next() < 0.2) push(codexEvent({ type: 'exec_command_begin', call_id: call.id }));
      if (call.outcome === 'pending') continue;
      push(call.outcome === 'rejected' ? codexItem({ type: 'function_call_output', call_id: call.id, output: 'exec command rejected by user' }) : codexOutput(call.id, call.outcome === 'ok' ? 0 : 1));
    }
    if (step.calls.some((c) => c.outcome === 'pending') && next() < 0.5) push(codexEvent({ type: 'turn_aborted', reason: 'interrupted' }));
  }
  return lines;
}

/** Gemini CLI: a model message is written, then rewritten with its calls' results; notices and metadata between. */
function geminiLines(steps: readonly Step[], next: () => number): string[] {
  const lines = [gemini({ sessionId: 'gen', projectHash: 'p', startTime: 't' }), gemini({ id: 'ctx', type: 'user', content: `This is the Gemini CLI. We are setting up the context for our chat.\nI'm currently working in the directory: ${CWD}` })];
  let n = 0;
  for (const step of steps) {
    const id = `m${++n}`;
    if (step.kind === 'user') {
      lines.push(gemini({ id, type: 'user', content: step.text }));
      continue;
    }
    const message = (done: boolean) => ({ id, type: 'gemini', content: step.text, toolCalls: step.calls.map((c) => geminiCall(c.id, c.command, done && c.outcome !== 'pending' ? (c.outcome === 'ok' ? 'success' : c.outcome === 'rejected' ? 'cancelled' : 'error') : undefined)) });
    lines.push(gemini(message(false)));
    if (step.calls.length > 0) lines.push(gemini(message(true)));
    if (next() < 0.1) lines.push(gemini({ id: `i${n}`, type: 'info', content: 'Request cancelled.' }));
    if (next() < 0.05) lines.push(gemini({ $set: { summary: 'work' } }));
  }
  return lines;
}

const PROPOSE: Record<ResumableFormat, (command: string, id?: string) => ProposedCall> = {
  'claude-code': (command, id) => bash(command, id),
  codex: (command, id) => shellCommand(command, id),
  'gemini-cli': (command) => runShell(command),
};
const RENDER: Record<ResumableFormat, (steps: readonly Step[], next: () => number) => string[]> = { 'claude-code': claudeCodeLines, codex: codexLines, 'gemini-cli': geminiLines };

describe('generated sessions with constraints, grown line by line: every call judged from the state as from the whole file', () => {
  for (const format of ['claude-code', 'codex', 'gemini-cli'] as const) {
    test(format, () => {
      const totals = { judged: 0, resumed: 0, restarted: 0, quick: 0 };
      for (let seed = 1; seed <= 6; seed++) {
        const next = seededRandom(seed * 7919 + format.length);
        const steps = script(next, 28);
        const lines = RENDER[format](steps, next);
        // The next call of the session as its agent's hook proposes it, and probes of every kind of rule.
        const commands = steps.flatMap((s) => (s.kind === 'assistant' ? s.calls : []));
        const counts = replayBothWays(`${format}-${seed}.jsonl`, lines, (length) => {
          const upcoming = commands.find((c) => !lines.slice(0, length).some((l) => l.includes(c.id)));
          // Over a file read before, Claude Code's Write is an overwrite: it tests what binding remembers across the state.
          const write: ProposedCall[] = format === 'claude-code' ? [{ name: 'Write', input: { file_path: `${CWD}/output/r.txt`, content: 'y' }, cwd: CWD }] : [];
          return [...(upcoming ? [PROPOSE[format](upcoming.command, upcoming.id)] : []), ...PROBES.map((command) => PROPOSE[format](command)), ...write];
        });
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key];
      }
      assert.ok(totals.resumed > totals.judged / 3, `most judgements go on from a state: ${JSON.stringify(totals)}`);
    });
  }

  test('the same sessions with each unbound state bound between calls, in steps of any size, as the hook server prepares it', () => {
    const totals = { judged: 0, resumed: 0, prepared: 0 };
    for (const format of ['claude-code', 'codex', 'gemini-cli'] as const) {
      for (let seed = 1; seed <= 4; seed++) {
        const next = seededRandom(seed * 104729 + format.length);
        const steps = script(next, 24);
        const lines = RENDER[format](steps, next);
        const commands = steps.flatMap((s) => (s.kind === 'assistant' ? s.calls : []));
        const counts = replayBothWays(
          `${format}-prepared-${seed}.jsonl`,
          lines,
          (length) => {
            const upcoming = commands.find((c) => !lines.slice(0, length).some((l) => l.includes(c.id)));
            return [...(upcoming ? [PROPOSE[format](upcoming.command, upcoming.id)] : []), ...PROBES.slice(0, 3).map((command) => PROPOSE[format](command))];
          },
          [],
          1 + Math.floor(next() * 400),
        );
        totals.judged += counts.judged;
        totals.resumed += counts.resumed;
        totals.prepared += counts.prepared;
      }
    }
    assert.ok(totals.prepared >= 8, `most sessions had an unbound state to prepare: ${JSON.stringify(totals)}`);
  });

  test('with a workspace policy (rules in force from the first turn, a tool with declared effects)', () => {
    const policy = parsePolicy(
      '/work/proj/.ghost-lint.yaml',
      [
        'rules:',
        '  - { id: temp-backup, kind: prerequisite, trigger: [delete], scope: { paths: ["temp/**"] }, requires: [backup] }',
        '  - { id: push-main, kind: confirmation, trigger: [push], scope: { branches: [main] } }',
        'tools:',
        '  - { tool: Bash, verb: delete, targetKind: path, targetArgument: command }',
        '',
      ].join('\n'),
    );
    assert.deepEqual(policy.problems, []);
    const next = seededRandom(424242);
    const lines = claudeCodeLines(script(next, 30), next);
    const counts = replayBothWays('policy.jsonl', lines, () => PROBES.map((command) => bash(command)), [policy]);
    assert.ok(counts.resumed > 0, JSON.stringify(counts));
  });

  test('states survive a round trip through JSON and keep their version', () => {
    const state: AuditState = emptyAuditState('codex');
    assert.deepEqual(JSON.parse(JSON.stringify(state)), state);
    assert.equal(judgeWithState({ ...state, version: 0 as unknown as 1 }, '', shellCommand('ls')).kind, 'unresumable');
  });
});


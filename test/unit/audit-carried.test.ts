import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type ApprovalUse, IndexedHistory, audit } from '../../server/src/engine/audit';
import { LiveBinderMemory, SessionBinder, bindSession } from '../../server/src/engine/binding';
import { extractConstraints } from '../../server/src/engine/extraction';
import { buildLedger } from '../../server/src/engine/ledger';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { generateTranscript } from '../../scripts/plantedTranscripts';
import { REPO_ROOT } from '../support/shared';

/*
 * What a check in pieces carries from step to step instead of rebuilding (pipeline/auditState.ts): the
 * audit's index of the earlier calls' actions, extended call by call (audit/audit.ts IndexedHistory),
 * and the binder's memory, extended in place and rolled back past a step's settled calls
 * (binding/index.ts LiveBinderMemory). Each against the same thing built from the whole session.
 */

function sessionsUnder(folder: string): { name: string; session: Session }[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(jsonl|json)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .flatMap((path) => {
      const parsed = parseTranscript({ name: path, text: readFileSync(path, 'utf8') });
      return parsed.kind === 'transcript' ? parsed.sessions.map((session) => ({ name: path, session })) : [];
    });
}

const FIXTURES = [
  ...sessionsUnder(join(REPO_ROOT, 'examples')),
  ...(['claude-code', 'codex'] as const).map((shape, seed) => ({ name: `generated ${shape}`, session: parseGenerated(generateTranscript({ shape, bytes: 300_000, seed: 40 + seed }).text) })),
];

function parseGenerated(text: string): Session {
  const parsed = parseTranscript({ name: 'generated.jsonl', text });
  assert.ok(parsed.kind === 'transcript');
  return parsed.sessions[0] as Session;
}

/** Where a check in pieces might stand: no call yet, the first, a third, half, the last. */
function cuts(calls: number): number[] {
  return [...new Set([0, 1, Math.floor(calls / 3), Math.floor(calls / 2), calls - 1].filter((k) => k >= 0 && k <= calls))].sort((a, b) => a - b);
}

test('the audit given the earlier calls indexed, extended cut by cut, judges the later calls as the whole-session audit does', () => {
  let prerequisites = 0;
  for (const { name, session } of FIXTURES) {
    const actions = bindSession(session);
    const constraints = buildLedger([], extractConstraints(session));
    prerequisites += constraints.filter((c) => c.rule.kind === 'prerequisite').length;
    const spent: ApprovalUse[] = [];
    const want = audit({ session, actions, constraints }, spent);
    // One history for every cut: each audit extends the index the one before built.
    const indexed = new IndexedHistory();
    let added = 0;
    for (const k of cuts(session.calls.length)) {
      for (; added < k; added++) indexed.add(session.calls[added]!, actions[added] ?? []);
      const got = audit({ session, actions, constraints, history: { calls: k, approvals: spent.filter((a) => a.callIndex < k) }, indexed });
      assert.deepEqual(got, want.filter((v) => v.call.index >= k), `${name}, from call ${k}`);
    }
    // Rules that require other verbs make the index again, from every call added.
    const fewer = constraints.filter((c) => c.rule.kind !== 'prerequisite' || c === constraints.find((x) => x.rule.kind === 'prerequisite'));
    const k = Math.floor(session.calls.length / 2);
    const wantFewer = audit({ session, actions, constraints: fewer }, []).filter((v) => v.call.index >= k);
    const fresh = new IndexedHistory();
    for (let i = 0; i < k; i++) fresh.add(session.calls[i]!, actions[i] ?? []);
    const approvals: ApprovalUse[] = [];
    audit({ session, actions, constraints: fewer }, approvals);
    assert.deepEqual(audit({ session, actions, constraints: fewer, history: { calls: k, approvals: approvals.filter((a) => a.callIndex < k) }, indexed: fresh }), wantFewer, `${name}, fewer rules`);
  }
  assert.ok(prerequisites > 0, 'the fixtures state prerequisites');
});

test('a staleness check sees every change between a workspace step and the call it guards, however far back', () => {
  // "Run the tests before committing": a write after `npm test` makes the run stale, wherever the cut falls.
  const text = [
    { role: 'user', content: 'Always run the tests before you commit.' },
    { role: 'assistant', tool_calls: [call('c1', 'bash', { command: 'npm test' })] },
    { role: 'tool', tool_call_id: 'c1', content: 'ok' },
    { role: 'assistant', tool_calls: [call('c2', 'bash', { command: 'rm notes.txt' })] },
    { role: 'tool', tool_call_id: 'c2', content: '' },
    { role: 'assistant', tool_calls: [call('c3', 'bash', { command: 'git commit -am wip' })] },
    { role: 'tool', tool_call_id: 'c3', content: 'done' },
  ];
  const parsed = parseTranscript({ name: 'stale.json', text: JSON.stringify({ messages: text }) });
  assert.ok(parsed.kind === 'transcript');
  const session = parsed.sessions[0] as Session;
  const actions = bindSession(session);
  const constraints = buildLedger([], extractConstraints(session));
  const want = audit({ session, actions, constraints });
  assert.ok(want.some((v) => v.rule === 'prerequisite-late'), 'the whole-session audit finds the run stale');
  for (const k of [1, 2]) {
    const indexed = new IndexedHistory();
    for (let i = 0; i < k; i++) indexed.add(session.calls[i]!, actions[i] ?? []);
    // The earlier calls are not in the session the audit reads, as in a check in pieces, which keeps only some.
    const later = { ...session, calls: session.calls.slice(k) };
    assert.deepEqual(audit({ session: later, actions, constraints, history: { calls: k, approvals: [] }, indexed }), want, `from call ${k}`);
  }
});

function call(id: string, name: string, args: Record<string, unknown>): unknown {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(args) } };
}

test('a binder on a carried memory, rolled back past a mark, binds the next calls as a binder that never went past it', () => {
  for (const { name, session } of FIXTURES) {
    const want = bindSession(session);
    const live = new LiveBinderMemory();
    let bound = 0;
    for (const k of cuts(session.calls.length)) {
      // A step binds up to its settled calls, marks, binds on to the end, and takes that back.
      const binder = new SessionBinder(session, [], live);
      for (; bound < k; bound++) assert.deepEqual(binder.bind(session.calls[bound]!), want[bound], `${name}, call ${bound}`);
      live.mark();
      for (let i = k; i < session.calls.length; i++) assert.deepEqual(binder.bind(session.calls[i]!), want[i], `${name}, call ${i} past the mark at ${k}`);
      live.rollback();
      const straight = new SessionBinder(session);
      for (let i = 0; i < k; i++) straight.bind(session.calls[i]!);
      assert.deepEqual(live.data(), straight.memory(), `${name}, memory at ${k}`);
    }
  }
});

test('a command a later step runs again is bound from the carried memory at its own place in that step', () => {
  // Two steps of a check in pieces, each read from its own text: the same commands sit at other offsets in the second.
  const step = (messages: unknown[]): Session => {
    const parsed = parseTranscript({ name: 'step.json', text: JSON.stringify({ messages }) });
    assert.ok(parsed.kind === 'transcript');
    return parsed.sessions[0] as Session;
  };
  const first = step([
    { role: 'user', content: 'Tidy the build folder.' },
    { role: 'assistant', tool_calls: [call('c1', 'bash', { command: 'npm test && rm -rf build/tmp' })] },
    { role: 'tool', tool_call_id: 'c1', content: 'ok' },
  ]);
  const second = step([
    { role: 'user', content: 'Once more, and list what is left first.' },
    { role: 'assistant', tool_calls: [call('c2', 'bash', { command: 'ls build' }), call('c3', 'bash', { command: 'npm test && rm -rf build/tmp' })] },
    { role: 'tool', tool_call_id: 'c2', content: 'tmp' },
    { role: 'tool', tool_call_id: 'c3', content: 'ok' },
  ]);
  const live = new LiveBinderMemory();
  const firstBinder = new SessionBinder(first, [], live);
  for (const c of first.calls) firstBinder.bind(c);
  const secondBinder = new SessionBinder(second, [], live);
  const got = second.calls.map((c) => secondBinder.bind(c));
  const want = bindSession(second);
  assert.ok(want[1]!.length > 0, 'the repeated command binds to actions');
  assert.deepEqual(got, want);
});

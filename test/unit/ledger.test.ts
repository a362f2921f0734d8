import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Verb } from '../../server/src/engine/actions';
import { type ConstraintRule, type Scope, isActiveAt } from '../../server/src/engine/constraints';
import { extractConstraints } from '../../server/src/engine/extraction';
import type { Extraction, Revocation, StatedConstraint } from '../../server/src/engine/extraction/types';
import { type ConstraintEnding, type Policy, buildLedger, compiledRuleText } from '../../server/src/engine/ledger';
import { parseTranscript } from '../../server/src/engine/parse';

let offset = 0;
/** A constraint stated at `turn`; each gets its own sentence range, in order. */
function stated(turn: number, rule: ConstraintRule, text = `rule at ${turn}`): StatedConstraint {
  offset += 10;
  return { rule, turnIndex: turn, span: { start: offset, end: offset + 5 }, text };
}
function revoked(turn: number, topic?: { verbs: Verb[]; scope: Scope }, text = `revocation at ${turn}`): Revocation {
  offset += 10;
  return { turnIndex: turn, span: { start: offset, end: offset + 5 }, text, ...(topic && { topic }) };
}
const never = (trigger: Verb[], scope: Scope = {}): ConstraintRule => ({ kind: 'prohibition', trigger, scope });
const first = (requires: Verb[], trigger: Verb[], scope: Scope = {}): ConstraintRule => ({ kind: 'prerequisite', trigger, scope, requires });
const ask = (trigger: Verb[], scope: Scope = {}): ConstraintRule => ({ kind: 'confirmation', trigger, scope });

function ledger(extraction: Extraction, policies: Policy[] = []) {
  const endings = new Map<string, ConstraintEnding>();
  const constraints = buildLedger(policies, extraction, endings);
  return { constraints, endings, byText: (text: string) => constraints.find((c) => c.text === text) };
}

function policy(rules: { id: string; rule: ConstraintRule }[]): Policy {
  return { path: '/repo/.ghost-lint.json', text: '{}', rules: rules.map((r) => ({ ...r, span: { start: 0, end: 2 } })), tools: [], suppressions: [], problems: [] };
}

test('a constraint governs from its own turn on', () => {
  const { constraints } = ledger({ constraints: [stated(3, never(['delete'], { paths: ['data/raw'] }))], revocations: [] });
  const [only] = constraints;
  assert.ok(only);
  assert.equal(isActiveAt(only, 2), false);
  assert.equal(isActiveAt(only, 3), true);
  assert.equal(isActiveAt(only, 300), true);
  assert.equal(only.activeUntil, undefined);
});

test('a later constraint with the same trigger and an overlapping scope replaces the old one', () => {
  const replacement = stated(7, ask(['pay'], { amountAbove: 1000 }), 'ask over 1000');
  const { byText, endings } = ledger({ constraints: [stated(1, ask(['pay'], { amountAbove: 500 }), 'ask over 500'), replacement], revocations: [] });
  const old = byText('ask over 500');
  assert.equal(old?.activeUntil, 7);
  assert.equal(byText('ask over 1000')?.activeUntil, undefined);
  assert.deepEqual(endings.get(old?.id ?? ''), { kind: 'replaced', turnIndex: 7, span: replacement.span, text: 'ask over 1000' });
});

test('folders overlap when one holds the other; other scopes, kinds or triggers are added, not replaced', () => {
  const { byText } = ledger({
    constraints: [
      stated(1, never(['delete'], { paths: ['data'] }), 'data'),
      stated(2, never(['delete'], { paths: ['temp'] }), 'temp'),
      stated(3, first(['backup'], ['delete'], { paths: ['data/raw'] }), 'backup data/raw'),
      stated(4, never(['push'], { branches: ['main'] }), 'main'),
      stated(5, never(['delete'], { paths: ['data/raw'] }), 'data/raw'),
    ],
    revocations: [],
  });
  assert.equal(byText('data')?.activeUntil, 5, 'data/raw lies inside data');
  assert.equal(byText('temp')?.activeUntil, undefined);
  assert.equal(byText('backup data/raw')?.activeUntil, undefined, 'a prerequisite does not replace a prohibition');
  assert.equal(byText('main')?.activeUntil, undefined);
});

test('rules stated together in one message all stand', () => {
  const { constraints } = ledger({
    constraints: [stated(2, ask(['pay'], { amountAbove: 500 })), stated(2, ask(['pay'], { accounts: ['Acme'] }))],
    revocations: [],
  });
  assert.deepEqual(
    constraints.map((c) => c.activeUntil),
    [undefined, undefined],
  );
});

test('a revocation ends the constraints matching its topic, by verb and scope', () => {
  const { byText, endings } = ledger({
    constraints: [
      stated(1, first(['backup'], ['delete'], { paths: ['temp'] }), 'backup temp'),
      stated(1, never(['delete'], { paths: ['data/raw'] }), 'data/raw'),
      stated(2, never(['send'], { allowedDomains: ['acme.io'] }), 'mail'),
    ],
    revocations: [revoked(9, { verbs: ['backup'], scope: { paths: ['temp'] } }, 'no more backups of temp/')],
  });
  assert.equal(byText('backup temp')?.activeUntil, 9, 'the topic names the required step');
  assert.equal(byText('data/raw')?.activeUntil, undefined);
  assert.equal(byText('mail')?.activeUntil, undefined);
  assert.equal(endings.get(byText('backup temp')?.id ?? '')?.text, 'no more backups of temp/');
});

test('a topic with only verbs ends every rule on them; a topic with only a scope ends every rule on it', () => {
  const { byText } = ledger({
    constraints: [
      stated(1, never(['send'], { allowedDomains: ['acme.io'] }), 'mail'),
      stated(1, ask(['send'], { recipients: ['@bigcorp.com'] }), 'bigcorp'),
      stated(1, never(['unlock', 'open'], { devices: ['front door'] }), 'door'),
      stated(1, never(['disable'], { devices: ['alarm'] }), 'alarm'),
    ],
    revocations: [revoked(4, { verbs: ['send'], scope: {} }), revoked(5, { verbs: [], scope: { devices: ['front door'] } })],
  });
  assert.equal(byText('mail')?.activeUntil, 4);
  assert.equal(byText('bigcorp')?.activeUntil, 4);
  assert.equal(byText('door')?.activeUntil, 5);
  assert.equal(byText('alarm')?.activeUntil, undefined);
});

test('a revocation with no topic ends only the most recent constraint, and never one from its own message', () => {
  const { byText } = ledger({
    constraints: [stated(1, never(['delete']), 'older'), stated(2, never(['push'], { branches: ['main'] }), 'newer'), stated(6, never(['pay']), 'same message')],
    revocations: [revoked(6)],
  });
  assert.equal(byText('newer')?.activeUntil, 6);
  assert.equal(byText('older')?.activeUntil, undefined);
  assert.equal(byText('same message')?.activeUntil, undefined);
});

test('a policy rule can be revoked in a session unless the policy locks it', () => {
  const { constraints } = ledger(
    { constraints: [], revocations: [revoked(3, { verbs: ['delete'], scope: {} })] },
    [policy([
      { id: 'keep-raw', rule: never(['delete'], { paths: ['data/raw'] }) },
      { id: 'locked-prod', rule: { ...never(['delete'], { databases: ['prod'] }), locked: true } },
    ])],
  );
  assert.deepEqual(
    constraints.map((c) => [c.id, c.activeFrom, c.activeUntil]),
    [
      ['keep-raw', -1, 3],
      ['locked-prod', -1, undefined],
    ],
  );
});

test('lifecycle from the words of a session: stated, then revoked by topic', () => {
  const parsed = parseTranscript({
    name: 'chat.json',
    text: JSON.stringify([
      { role: 'user', content: 'Before you delete anything in temp/, back it up first. Never push to main.' },
      { role: 'assistant', content: 'Understood.' },
      { role: 'user', content: 'You no longer need to back up files in temp/.' },
    ]),
  });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind !== 'transcript') return;
  const session = parsed.sessions[0]!;
  const { constraints, endings } = ledger(extractConstraints(session));
  assert.deepEqual(
    constraints.map((c) => [c.rule.kind, c.activeFrom, c.activeUntil]),
    [
      ['prerequisite', 0, 2],
      ['prohibition', 0, undefined],
    ],
  );
  assert.equal(endings.get(constraints[0]!.id)?.kind, 'revoked');
});

test('the compiled rule in words, as the constraint-detected note shows it', () => {
  assert.equal(compiledRuleText(first(['backup'], ['delete'], { paths: ['temp'] })), 'prerequisite: trigger delete; requires backup; scope paths temp');
  assert.equal(compiledRuleText(ask(['pay'], { amountAbove: 500, currency: 'USD' })), 'confirmation: trigger pay; scope amount above 500 USD');
  assert.equal(compiledRuleText(never(['unlock', 'open'], { devices: ['front door'] })), 'prohibition: trigger unlock, open; scope devices front door');
  assert.equal(compiledRuleText(never(['deploy'])), 'prohibition: trigger deploy; scope any target');
});

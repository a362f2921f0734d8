import assert from 'node:assert/strict';
import { test } from 'node:test';
import { constraintState, ledgerMarkdown, lifetimeText } from '../../client/src/ledgerText';
import { caseProblemsNotice } from '../../client/src/caseProblems';
import { auditLine, serverStateLine } from '../../client/src/outputLog';
import { newViolations, verdictOf, verdictText } from '../../client/src/verdict';
import type { LedgerConstraint, LedgerResult } from '../../shared/protocol';

test('the verdict counts errors as violations and warnings as problems; notes do not count', () => {
  assert.equal(verdictText(verdictOf(['note', 'note'], 2)), 'clean against 2 constraints');
  assert.equal(verdictText(verdictOf(['error', 'note'], 1)), '1 violation');
  assert.equal(verdictText(verdictOf(['error', 'error', 'warning'], 1)), '2 violations, 1 problem');
  assert.equal(verdictOf(['warning'], 1).kind, 'problems');
});

test('a session that states no constraint is not clean: nothing was checked', () => {
  const verdict = verdictOf([], 0);
  assert.equal(verdict.kind, 'unconstrained');
  assert.equal(verdictText(verdict), 'no constraints stated');
  assert.equal(verdictText(verdictOf(['note'], 1)), 'clean against 1 constraint');
  // A malformed line is still a problem, with or without constraints.
  assert.equal(verdictText(verdictOf(['warning'], 0)), '1 problem');
});

test('a new violation is one whose rule, call and constraint were not found before, wherever it moved', () => {
  const before = [{ ruleId: 'prerequisite-missing', level: 'error' as const, message: 'old wording', callId: 'c1', constraintId: 'k1' }];
  const after = [
    { ruleId: 'prerequisite-missing', level: 'error' as const, message: 'new wording', callId: 'c1', constraintId: 'k1' },
    { ruleId: 'constraint-detected', level: 'note' as const, message: 'a note', constraintId: 'k2' },
    { ruleId: 'prohibition-violated', level: 'error' as const, message: 'deleted data/raw', callId: 'c9', constraintId: 'k2' },
  ];
  assert.deepEqual(
    newViolations(before, after).map((f) => f.callId),
    ['c9'],
  );
});

const location = (line: number) => ({ uri: 'file:///s.json', range: { start: { line, character: 4 }, end: { line, character: 40 } } });

const BACKUP: LedgerConstraint = {
  id: 'k1',
  kind: 'prerequisite',
  trigger: ['delete'],
  scope: { paths: ['temp/**'] },
  requires: ['backup'],
  text: 'Before you delete anything in temp/, back it up first.',
  compiled: 'delete in temp/** requires backup first',
  source: location(3),
  activeFrom: 1,
  ending: { kind: 'revoked', turnIndex: 9, text: 'You no longer need to back up temp/.', location: location(40) },
  locked: false,
  governs: [
    { callId: 'c1', name: 'delete_file', turnIndex: 4, range: location(12).range, verdict: 'met' },
    { callId: 'c2', name: 'delete_file', turnIndex: 6, range: location(20).range, verdict: 'prerequisite-missing' },
  ],
};

test("a constraint's lifetime and state read as words", () => {
  assert.equal(lifetimeText(BACKUP), 'turn 1 until turn 9 (revoked)');
  assert.equal(constraintState(BACKUP), 'violated by 1 call of 2; revoked');
  assert.equal(lifetimeText({ ...BACKUP, activeFrom: -1, ending: undefined }), 'policy, from the start to the end');
  assert.equal(constraintState({ ...BACKUP, ending: undefined, governs: [] }), 'governs no call');
});

test('the ledger document lists each constraint with its lifetime and a row per governed call', () => {
  const ledger: LedgerResult = {
    uri: 'file:///s.json',
    version: 3,
    findings: { errors: 1, warnings: 0, notes: 1 },
    sessions: [{ format: 'openai-chat', turns: 10, calls: 2, constraints: [BACKUP] }],
  };
  assert.equal(
    ledgerMarkdown(ledger, 's.json'),
    [
      '# Constraint ledger: s.json',
      '',
      'openai-chat: 10 turns, 2 tool calls, 1 constraint.',
      '',
      '### Before you delete anything in temp/, back it up first.',
      '',
      '- **prerequisite**: delete in temp/\\*\\* requires backup first',
      '- stated: turn 1, line 4',
      '- active: turn 1 until turn 9 (revoked)',
      '- revoked at turn 9 by "You no longer need to back up temp/."',
      '- state: violated by 1 call of 2; revoked',
      '',
      '| turn | call | tool | verdict |',
      '| ---: | --- | --- | --- |',
      '| 4 | `c1` | delete\\_file | met |',
      '| 6 | `c2` | delete\\_file | **prerequisite-missing** |',
      '',
    ].join('\n'),
  );
});

test('the output channel logs the server state and each audit with its file and counts', () => {
  const at = new Date('2026-01-02T03:04:05.000Z');
  assert.equal(serverStateLine(2, at), '[2026-01-02T03:04:05.000Z] language server running');
  assert.equal(serverStateLine(1, at), '[2026-01-02T03:04:05.000Z] language server stopped');
  assert.equal(
    auditLine('/ws/sessions/cleanup.json', 'openai-chat', verdictOf(['error', 'note'], 2), at),
    '[2026-01-02T03:04:05.000Z] audited /ws/sessions/cleanup.json (openai-chat): 1 violation (1 error, 0 warnings, 2 constraints)',
  );
  assert.equal(auditLine('/ws/hello.json', undefined, verdictOf([], 0), at), '[2026-01-02T03:04:05.000Z] audited /ws/hello.json: no constraints stated (0 errors, 0 warnings, 0 constraints)');
});

test('the notice of case files that kept cases from running names the file and line of the first problem', () => {
  const range = { start: { line: 3, character: 12 }, end: { line: 3, character: 22 } };
  const problems = [
    { uri: 'file:///ws/cases/bad.case.json', range, message: 'domain: "nonsense" is not allowed here\nmore detail', severity: 'error' as const },
    { uri: 'file:///ws/cases/worse.case.json', range, message: 'tools: required', severity: 'error' as const },
  ];
  const relative = (uri: string) => uri.replace('file:///ws/', '');
  assert.equal(caseProblemsNotice(problems, relative), 'ghost-lint: 2 problems in case files kept some cases from running; the first, in cases/bad.case.json:4: domain: "nonsense" is not allowed here');
  assert.equal(caseProblemsNotice([], relative), undefined);
});

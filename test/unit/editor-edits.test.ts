import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindSession } from '../../server/src/engine/binding';
import { BindingMemo, ExtractionMemo, analyzeSession } from '../../server/src/engine/pipeline';
import { extractConstraints } from '../../server/src/engine/extraction';
import { CallRestoration, turnContextTexts } from '../../server/src/engine/restoration';
import { parseTranscript } from '../../server/src/engine/parse';
import { type Policy, parsePolicy } from '../../server/src/engine/ledger';
import { REPAIR_RESULT_TEXT, addSuppression, applyEdits, repairEdits, revocationSentence } from '../../server/src/engine/edits';
import type { Session } from '../../server/src/engine/session';

function session(text: string): Session {
  const parsed = parseTranscript({ name: 'fixture.json', text });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('fixture did not parse');
  return parsed.sessions[0];
}

const chat = (...messages: object[]) => JSON.stringify({ messages });
const call = (id: string, name: string, args: object) => ({ role: 'assistant', tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] });
const result = (id: string, content: string) => ({ role: 'tool', tool_call_id: id, content });

test('the extraction memo gives what extraction gives, before and after an edit moves every message', () => {
  const text = chat(
    { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
    { role: 'assistant', content: 'Sure.' },
    { role: 'user', content: 'Never send email to addresses outside acme.io. Thanks!' },
    { role: 'user', content: 'Scratch that rule about deleting files in temp/.' },
  );
  const memo = new ExtractionMemo();
  const before = session(text);
  assert.deepEqual(memo.extract(before), extractConstraints(before));
  // An edit in the first message shifts everything after it; the unchanged messages come from the memo, moved.
  const edited = session(text.replace('Before you delete', 'Hello. Before you delete'));
  const fromMemo = memo.extract(edited);
  assert.deepEqual(fromMemo, extractConstraints(edited));
  assert.equal(fromMemo.revocations[0]?.text, 'Scratch that rule about deleting files in temp/.');
  assert.equal(edited.text.slice(fromMemo.constraints[1]?.span.start, fromMemo.constraints[1]?.span.end), 'Never send email to addresses outside acme.io.');
});

test('the binding memo reuses bindings, moved, while no call changes, and binds again when one does', () => {
  const text = chat(
    { role: 'user', content: 'Tidy up.' },
    call('c1', 'delete_file', { path: 'temp/a.csv' }),
    result('c1', 'deleted'),
    call('c2', 'write_file', { path: 'src/b.ts', content: 'x' }),
    result('c2', 'The file has been updated.'),
  );
  const memo = new BindingMemo();
  const first = session(text);
  assert.deepEqual(memo.bind(first), bindSession(first));
  // Typing in a message moves every call: the reused actions move with them.
  const typed = session(text.replace('Tidy up.', 'Please tidy up now.'));
  const reused = memo.bind(typed);
  assert.deepEqual(reused, bindSession(typed));
  assert.equal(typed.text.slice(reused[0]?.[0]?.span.start, reused[0]?.[0]?.span.end), 'temp/a.csv');
  // A changed call is bound again.
  const changed = session(text.replace('temp/a.csv', 'temp/z.csv'));
  assert.equal(memo.bind(changed)[0]?.[0]?.target?.value, 'temp/z.csv');
});

test('governance pairs calls with the constraints the auditor judged them by, in both directions', () => {
  const s = session(
    chat(
      { role: 'user', content: 'Before you delete anything in temp/, back it up first.' },
      call('c1', 'delete_file', { path: 'temp/a.csv' }), // governed: a violation
      result('c1', 'deleted'),
      call('c2', 'delete_file', { path: 'src/b.ts' }), // outside the scope
      result('c2', 'deleted'),
      { role: 'user', content: 'You no longer need to back up files in temp/ before deleting them.' },
      call('c3', 'delete_file', { path: 'temp/c.csv' }), // after the revocation
      result('c3', 'deleted'),
    ),
  );
  const analysis = analyzeSession(s);
  const governance = new CallRestoration(s, analysis);
  const [c1, c2, c3] = s.calls;
  assert.deepEqual(
    governance.of(c1 as never).map((g) => g.finding?.ruleId),
    ['prerequisite-missing'],
  );
  assert.deepEqual(governance.of(c2 as never), []);
  assert.deepEqual(governance.of(c3 as never), []);
  assert.deepEqual(
    governance.callsGovernedBy(analysis.constraints[0]?.id ?? '').map((c) => c.id),
    ['c1'],
  );
  // Token distances count each turn's text and the arguments of the calls issued in it.
  assert.equal(turnContextTexts(s)[1], '\ndelete_file {"path":"temp/a.csv"}');
});

test('a repair written into a minified file stays minified, and into a tab-indented one stays tab-indented', () => {
  const messages = [{ role: 'user', content: 'Before you delete anything in temp/, back it up first.' }, call('c1', 'delete_file', { path: 'temp/a.csv' }), result('c1', 'deleted')];
  const tools = [{ type: 'function', function: { name: 'backup_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }];
  const repaired = [
    messages[0],
    { role: 'assistant', content: null, tool_calls: [{ id: 'ghost-lint-repair', type: 'function', function: { name: 'backup_file', arguments: '{"path":"temp/a.csv"}' } }] },
    { role: 'tool', tool_call_id: 'ghost-lint-repair', content: REPAIR_RESULT_TEXT },
    ...messages.slice(1),
  ];
  for (const indent of [undefined, '\t']) {
    const text = JSON.stringify({ tools, messages }, null, indent);
    const s = session(text);
    const finding = analyzeSession(s).findings.find((f) => f.ruleId === 'prerequisite-missing');
    assert.ok(finding);
    const fixed = applyEdits(text, repairEdits(s, finding) ?? []);
    // Exactly what the file's own writer would have written with the two messages in it.
    assert.equal(fixed, JSON.stringify({ tools, messages: repaired }, null, indent));
    // Repaired in this copy, not run: never clean until the step's real output is recorded.
    assert.deepEqual(
      analyzeSession(session(fixed)).findings.map((f) => f.ruleId),
      ['constraint-detected', 'prerequisite-failed'],
    );
  }
});

test('no revocation is offered for a locked policy rule, nor before a constraint was stated', () => {
  const policy = parsePolicy('.ghost-lint.yaml', 'rules:\n  - { id: keep-raw, kind: prohibition, trigger: [delete], scope: { paths: [data/raw] }, locked: true }\n');
  const s = session(chat({ role: 'user', content: 'Never send email to addresses outside acme.io.' }, { role: 'assistant', content: 'OK.' }, { role: 'user', content: 'Go on.' }));
  const { constraints } = analyzeSession(s, { policies: [policy] });
  assert.equal(revocationSentence(constraints, 'keep-raw', 2), undefined);
  const stated = constraints.find((c) => c.source.kind === 'session');
  assert.equal(revocationSentence(constraints, stated?.id ?? '', 0), undefined);
  assert.equal(revocationSentence(constraints, stated?.id ?? '', 2), 'Scratch that rule about sending email to addresses outside acme.io.');
});

const SUPPRESSION = { rule: 'prerequisite-missing' as const, call: 'call_1', reason: 'temp/ is regenerated nightly: fine' };

/** Adds the suppression, checks the policy reads it back with nothing else changed, and returns the new text. */
function suppressed(path: string, text: string | undefined): string {
  const edited = applyEdits(text ?? '', addSuppression(path, text, SUPPRESSION));
  const policy: Policy = parsePolicy(path, edited);
  assert.deepEqual(policy.problems, []);
  assert.deepEqual(policy.suppressions.at(-1)?.suppression, SUPPRESSION);
  return edited;
}

test('a suppression is added to a policy file in the style of what is there', () => {
  // Block items, with a comment after the list that stays where it is.
  assert.equal(
    suppressed('.ghost-lint.yaml', 'suppressions:\n- rule: call-stopped\n  reason: known\n# keep me\n'),
    'suppressions:\n- rule: call-stopped\n  reason: known\n- rule: prerequisite-missing\n  call: call_1\n  reason: "temp/ is regenerated nightly: fine"\n# keep me\n',
  );
  // Flow items, as the README writes them.
  assert.equal(
    suppressed('.ghost-lint.yaml', 'suppressions:\n  - { rule: call-stopped, reason: known }\n'),
    'suppressions:\n  - { rule: call-stopped, reason: known }\n  - { rule: prerequisite-missing, call: call_1, reason: "temp/ is regenerated nightly: fine" }\n',
  );
  assert.equal(suppressed('.ghost-lint.yml', 'suppressions: []\n'), 'suppressions: [{ rule: prerequisite-missing, call: call_1, reason: "temp/ is regenerated nightly: fine" }]\n');
  // No list yet: one is appended, indented like the file's other lists; the rest is untouched.
  const rules = '# team policy\nrules:\n    - { id: r, kind: prohibition, trigger: [delete] }';
  assert.equal(suppressed('.ghost-lint.yaml', rules), `${rules}\nsuppressions:\n    - rule: prerequisite-missing\n      call: call_1\n      reason: "temp/ is regenerated nightly: fine"\n`);
  assert.equal(suppressed('.ghost-lint.yaml', undefined), 'suppressions:\n  - rule: prerequisite-missing\n    call: call_1\n    reason: "temp/ is regenerated nightly: fine"\n');
  // JSON: after the last item, written like it; or a new list.
  assert.equal(
    suppressed('.ghost-lint.json', '{\n  "suppressions": [\n    {"rule": "call-stopped", "reason": "known"}\n  ]\n}\n'),
    '{\n  "suppressions": [\n    {"rule": "call-stopped", "reason": "known"},\n    {"rule": "prerequisite-missing", "call": "call_1", "reason": "temp/ is regenerated nightly: fine"}\n  ]\n}\n',
  );
  assert.equal(
    suppressed('.ghost-lint.json', '{\n  "rules": []\n}\n'),
    '{\n  "rules": [],\n  "suppressions": [\n    {\n      "rule": "prerequisite-missing",\n      "call": "call_1",\n      "reason": "temp/ is regenerated nightly: fine"\n    }\n  ]\n}\n',
  );
});

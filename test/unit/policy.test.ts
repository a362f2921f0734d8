import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePolicy } from '../../server/src/engine/ledger';
import { marked, slice } from '../support/fixture';

test('a YAML policy yields rules with their source ranges, declared tools and suppressions', () => {
  const { text, spans } = marked(`rules:
  - ⟦id: backup-temp
    kind: prerequisite
    trigger: [delete]
    scope: { paths: ["temp/**"] }
    requires: [backup]
    statement: Back up every file in temp/ before deleting it.⟧
tools:
  - { tool: archive_records, verb: backup, targetKind: path, targetArgument: path }
suppressions:
  - { rule: prerequisite-missing, call: call_1, reason: restored from tape }
`);
  const policy = parsePolicy('.ghost-lint.yaml', text);
  assert.deepEqual(policy.problems, []);
  assert.equal(policy.rules.length, 1);
  assert.equal(policy.rules[0]?.id, 'backup-temp');
  assert.deepEqual(policy.rules[0]?.rule.scope, { paths: ['temp/**'] });
  assert.equal(slice(text, policy.rules[0]!.span).trim(), slice(text, spans[0]!).trim());
  assert.deepEqual(policy.tools, [{ tool: 'archive_records', verb: 'backup', targetKind: 'path', targetArgument: 'path' }]);
  assert.equal(policy.suppressions[0]?.suppression.reason, 'restored from tape');
});

test('a JSON policy: a bad rule is reported at its field, the good ones are kept', () => {
  const { text, spans } = marked(`{
  "rules": [
    { "kind": "prohibition", "trigger": ["delete"], "scope": { "paths": ["data/raw"] } },
    { "kind": "prerequisite", "trigger": [⟦"obliterate"⟧] },
    { "kind": "prohibition", "trigger": ["force-push"], "scope": { "branch": ⟦["main"]⟧ } }
  ],
  "suppressions": [⟦{ "reason": "no target" }⟧],
  "extra": 1
}`);
  const policy = parsePolicy('.ghost-lint.json', text);
  assert.equal(policy.rules.length, 1);
  assert.equal(policy.rules[0]?.id, 'policy-rule-1');
  const messages = policy.problems.map((p) => p.message);
  assert.ok(messages.some((m) => m.startsWith('rules[1].trigger.0:')), messages.join('\n'));
  assert.ok(messages.some((m) => m.includes('"branch"')), messages.join('\n'));
  const at = (prefix: string) => policy.problems.find((p) => p.message.startsWith(prefix))?.span;
  assert.deepEqual(at('rules[1].trigger.0'), spans[0]);
  assert.deepEqual(at('rules[2].scope'), spans[1]);
  assert.deepEqual(at('suppressions[0]'), spans[2]);
  assert.deepEqual(policy.problems.find((p) => p.message.includes('"extra"'))?.span.start, text.indexOf('1\n}'));
});

test('YAML syntax errors are problems, not exceptions', () => {
  const policy = parsePolicy('.ghost-lint.yaml', 'rules: [\n  - kind: {');
  assert.ok(policy.problems.length > 0);
  assert.deepEqual(policy.rules, []);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ruleDocumentation } from '../../client/src/ruleDocText';
import { RULES } from '../../shared/rules';

test('every rule has a page shipped in the extension: its level, its summary, when it is raised and what to do', () => {
  for (const rule of RULES) {
    const page = ruleDocumentation(rule.id);
    assert.ok(page.startsWith(`# \`${rule.id}\` (${rule.level})\n\n${rule.summary}\n`), rule.id);
    assert.match(page, /## When it is raised\n\n\S/);
    assert.match(page, /## What to do\n\n\S/);
    assert.doesNotMatch(page, /https?:\/\//, 'nothing on the page needs the network');
  }
});

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { REPOSITORY_WEB_BASE, RULES, ruleDocPath, ruleHelpUri } from '../../shared/rules';
import { ruleDocPages } from '../../scripts/ruleDocs';
import { REPO_ROOT } from '../support/shared';

test('the pages in docs/rules are the ones the rule list writes (run `npm run gen:rule-docs` after a change)', () => {
  for (const [path, page] of Object.entries(ruleDocPages())) assert.equal(readFileSync(join(REPO_ROOT, path), 'utf8'), page, `${path} drifted from shared/rules.ts`);
});

test('every rule has its page in docs/rules: its level, its summary, when it is raised and what to do', () => {
  for (const rule of RULES) {
    const page = readFileSync(join(REPO_ROOT, ruleDocPath(rule.id)), 'utf8');
    assert.ok(page.startsWith(`# \`${rule.id}\` (${rule.level})\n\n${rule.summary}\n`), rule.id);
    assert.match(page, /## When it is raised\n\n\S/, rule.id);
    assert.match(page, /## What to do\n\n\S/, rule.id);
  }
  assert.deepEqual(readdirSync(join(REPO_ROOT, 'docs', 'rules')).sort(), RULES.map((r) => `${r.id}.md`).sort(), 'a page for each rule and nothing else');
});

test('the pages read offline in the extension: no web address, and every link goes to another shipped page', () => {
  for (const rule of RULES) {
    const path = ruleDocPath(rule.id);
    const page = readFileSync(join(REPO_ROOT, path), 'utf8');
    assert.doesNotMatch(page, /https?:\/\//, rule.id);
    for (const [, target = ''] of page.matchAll(/\]\(([^)]+)\)/g)) {
      assert.match(target, /^[a-z-]+\.md$/, `${rule.id} links to ${target}`);
      assert.ok(existsSync(join(REPO_ROOT, dirname(path), target)), `${rule.id} links to ${target}`);
    }
  }
});

test("SARIF's helpUri is the page in the repository, on the base the package's README links use", () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(manifest.scripts.package ?? '', new RegExp(`--baseContentUrl ${REPOSITORY_WEB_BASE.replace(/[.]/g, '\\.')}( |$)`));
  for (const rule of RULES) assert.equal(ruleHelpUri(rule.id), `${REPOSITORY_WEB_BASE}/docs/rules/${rule.id}.md`);
});

// Writes docs/rules/*.md from the rule list; test/unit/rule-docs.test.ts fails when they drift.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleDocPages } from './ruleDocs';

for (const [path, page] of Object.entries(ruleDocPages())) {
  writeFileSync(join(__dirname, '..', path), page);
  process.stdout.write(`${path}\n`);
}

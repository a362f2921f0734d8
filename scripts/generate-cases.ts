// Writes the starter suite, examples/cases/<domain>/<id>.case.json, from scripts/cases/definitions.ts and the
// benign bank in scripts/cases/bank/. Deterministic; test/bench/suite.test.ts fails when the files drift.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CASES_FOLDER, generateSuite } from './cases/suite';

for (const generated of generateSuite()) {
  const file = join(CASES_FOLDER, generated.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, generated.text);
  process.stdout.write(`examples/cases/${generated.path}: ${generated.history.messages.length} benign messages, ${generated.history.tokens} tokens\n`);
}

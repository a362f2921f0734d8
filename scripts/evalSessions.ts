import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpus, type Split } from '../test/corpus/corpus';
import { SESSION_SHAPES, realise, sessionSteps, writeSession } from '../test/corpus/sessions';

/*
 * Sessions around the corpus's rule sentences (test/corpus/sessions.ts), one folder per half, each
 * scored by ../shared/tools/score.py against the built CLI: violating calls caught, false alarms on
 * the clean near misses and the rest. `--keep` leaves the folders for a look.
 */

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
const score = join(__dirname, '..', '..', 'shared', 'tools', 'score.py');
if (!existsSync(score)) {
  console.log('../shared/tools/score.py is not beside the checkout: the sessions cannot be scored here');
  process.exit(0);
}

const corpus = loadCorpus();
for (const split of ['tune', 'test'] as Split[]) {
  const folder = mkdtempSync(join(tmpdir(), `ghost-lint-corpus-${split}-`));
  const expected: unknown[] = [];
  let rules = 0;
  corpus
    .filter((entry) => entry.split === split && Array.isArray(entry.expect))
    .forEach((entry, index) => {
      const rules_ = Array.isArray(entry.expect) ? entry.expect : [];
      const rule = rules_.find((r) => realise(r) !== undefined);
      const realised = rule ? realise(rule) : undefined;
      if (!rule || !realised) return;
      rules++;
      const { steps, violatingId } = sessionSteps(entry, rule, realised, index);
      for (const shape of SESSION_SHAPES) {
        const file = `${String(index).padStart(4, '0')}-${shape}.${shape === 'openai-chat' ? 'json' : 'jsonl'}`;
        const { text, constraintLine, callLines } = writeSession(shape, steps, violatingId);
        writeFileSync(join(folder, file), text);
        expected.push({ format: shape, violations: [{ callId: violatingId, lines: callLines }], constraintLine, file });
      }
    });
  writeFileSync(join(folder, 'expected.json'), JSON.stringify(expected, null, 2));
  const run = spawnSync('python3', [score, folder, '--no-build', '--min-recall', '0', '--max-false', '100000'], { cwd: join(__dirname, '..'), encoding: 'utf8' });
  const summary = run.stdout.trim().split('\n').pop() ?? run.stderr.trim();
  console.log(`${split} half: ${rules} rule sentences, ${expected.length} sessions (${SESSION_SHAPES.join(', ')}): ${summary}`);
  if (values.keep) console.log(`  kept in ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}

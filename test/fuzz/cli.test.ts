import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, test } from 'node:test';
import fc from 'fast-check';
import type { Log } from 'sarif';
import { CheckReportSchema, type Location } from '../../server/src/engine/report';
import { runCli } from '../support/cli';
import { FUZZ_SEED, SEEDS, cook, fuzzParameters, measureJsonParse, millisOf, recipe, timeBound } from '../support/fuzz';
import { sarifValidator } from '../support/sarif';

/**
 * The built CLI, spawned on mutated files as CI would run it: it exits 0, 1 or 2 and nothing else,
 * never prints a stack trace or an internal error, prints JSON and SARIF that parse (and validate),
 * and places every result inside the file it names. Each run checks a batch of files in one process.
 */

const RUNS = 10;
/** In a long run, one CLI process per fifty engine inputs (each checks up to BATCH files). */
const LONG_RUN_SHARE = 1 / 50;
const BATCH = 4;
const STACK_FRAME = /^\s+at .+(:\d+:\d+\)?|\(native\))$/m;

const work = mkdtempSync(join(tmpdir(), 'ghost-lint-fuzz-cli-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Lines as editors and SARIF viewers count them: a line ends at CR LF, LF or a lone CR. */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.length);
}

function assertLocationInside(location: Location, lines: readonly number[], what: string): void {
  const fits = (line: number, column: number) => line >= 1 && line <= lines.length && column >= 1 && column <= (lines[line - 1] ?? 0) + 1;
  assert.ok(fits(location.startLine, location.startColumn) && fits(location.endLine, location.endColumn), `${what}: ${JSON.stringify(location)} is outside the file (${lines.length} lines)`);
}

/** The CLI's start-up now: the median of three `--version` runs. */
function measureStartup(): number {
  const times = Array.from({ length: 3 }, () => millisOf(() => runCli(['--version'], work)));
  return times.sort((a, b) => a - b)[1] ?? 0;
}

const startup = measureStartup();
const validateSarif = sarifValidator();

test(`cli: check on mutated files exits 0/1/2 with well-formed output and no stack trace (seed ${FUZZ_SEED})`, (t) => {
  let files = 0;
  let batch = 0;
  fc.assert(
    fc.property(fc.array(recipe, { minLength: 1, maxLength: BATCH }), fc.constantFrom('text', 'json', 'sarif'), fc.boolean(), (recipes, format, asFolder) => {
      const folder = join(work, `batch-${batch++}`);
      mkdirSync(folder);
      const texts = new Map<string, string>();
      const inputs = recipes.map((r, i) => {
        const input = cook(r);
        // Named by the seed's extension: a folder search only looks at transcript extensions.
        const name = `input-${i}${extname(input.name) || '.json'}`;
        writeFileSync(join(folder, name), input.bytes);
        texts.set(name, Buffer.from(input.bytes).toString('utf8'));
        files++;
        return input.text;
      });
      // A process start, then the engine's bound for each file.
      const bound = (startupMillis: number, millisPerChar?: number) => 10 * startupMillis + inputs.reduce((sum, text) => sum + timeBound(text, millisPerChar), 0);
      const check = () => {
        const started = performance.now();
        const result = runCli(['check', '--format', format, ...(asFolder ? ['.'] : [...texts.keys()])], folder);
        return { run: result, took: performance.now() - started };
      };
      let { run, took } = check();
      if (took > bound(startup)) {
        // Over: start-up and JSON.parse measured again, under the load the machine has now, and a second try.
        const startupNow = Math.max(startup, measureStartup());
        const millisPerChar = measureJsonParse();
        ({ run, took } = check());
        assert.ok(took <= bound(startupNow, millisPerChar), `check took ${took.toFixed(0)} ms twice, over its bound of ${bound(startupNow, millisPerChar).toFixed(0)} ms`);
      }
      assert.ok(run.status === 0 || run.status === 1 || run.status === 2, `exit status ${run.status}; stderr: ${run.stderr.slice(0, 2000)}`);
      assert.doesNotMatch(run.stderr, STACK_FRAME, 'a stack trace on stderr');
      assert.doesNotMatch(run.stderr, /internal error/, 'an internal error');
      assert.doesNotMatch(run.stdout, STACK_FRAME, 'a stack trace on stdout');
      if (format === 'json') {
        const report = CheckReportSchema.parse(JSON.parse(run.stdout));
        if (!asFolder) assert.deepEqual(report.files.map((f) => f.path).sort(), [...texts.keys()].sort(), 'every file named is reported');
        for (const file of report.files) {
          const lines = lineLengths(texts.get(file.path) ?? '');
          for (const session of file.sessions) {
            if (session.entry !== undefined) continue;
            for (const finding of session.findings) {
              assertLocationInside(finding.location, lines, `${file.path} ${finding.ruleId}`);
              for (const related of finding.related) if (related.path === undefined) assertLocationInside(related.location, lines, `${file.path} ${finding.ruleId} related`);
            }
          }
        }
      }
      if (format === 'sarif') {
        const log = JSON.parse(run.stdout) as Log;
        assert.deepEqual(validateSarif(log), []);
        for (const result of log.runs[0]?.results ?? []) {
          for (const location of [...(result.locations ?? []), ...(result.relatedLocations ?? [])]) {
            const physical = location.physicalLocation;
            const uri = physical?.artifactLocation?.uri;
            const region = physical?.region;
            if (!uri || !region || !texts.has(uri) || region.startLine === undefined) continue;
            const { startLine, startColumn = 1, endLine = startLine, endColumn = startColumn } = region;
            assertLocationInside({ startLine, startColumn, endLine, endColumn }, lineLengths(texts.get(uri) ?? ''), `${uri} ${result.ruleId}`);
          }
        }
      }
      rmSync(folder, { recursive: true, force: true });
    }),
    fuzzParameters(RUNS, LONG_RUN_SHARE),
  );
  t.diagnostic(`${files} files in ${batch} runs of the CLI from ${SEEDS.length} seed files, fast-check seed ${FUZZ_SEED}; start-up ${startup.toFixed(0)} ms`);
});

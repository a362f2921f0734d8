import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { asText } from '../../server/src/host/files';
import { parseTranscript } from '../../server/src/engine/parse';
import { StreamedCheck, reportFile, streamableFormat } from '../../server/src/engine/report';
import { FUZZ_SEED, SEEDS, cook, fuzzParameters, recipe } from '../support/fuzz';

/**
 * `check` in pieces on hostile input: mutated sessions (lines cut, repeated, reordered, ids shared,
 * parent cycles, bad bytes, CR line ends) read as the CLI reads them, cut at random places and audited
 * in random steps. Nothing throws; where the check takes a file and goes on to its end, its report is
 * the whole-file read's, and where it cannot it says why.
 */

const RUNS = 80;
/** Of a long run's inputs: each costs two full checks. */
const LONG_RUN_SHARE = 1 / 20;
/** Recipes that start from a JSON Lines seed: the others are never read in pieces. */
const jsonLinesRecipe = recipe.filter((r) => SEEDS[r.seed]?.name.endsWith('.jsonl') === true);

test(`check in pieces: mutated sessions get the whole-file report or none (seed ${FUZZ_SEED})`, (t) => {
  const counts = { inputs: 0, taken: 0, reported: 0, unresumable: 0 };
  fc.assert(
    fc.property(jsonLinesRecipe, fc.integer({ min: 500, max: 50_000 }), fc.integer({ min: 100, max: 100_000 }), (r, stepChars, pieceChars) => {
      counts.inputs++;
      const input = cook(r);
      const text = asText(Buffer.from(input.bytes));
      const format = streamableFormat(text, true);
      if (format === undefined || format === 'more') return;
      counts.taken++;
      const check = new StreamedCheck(format, [], stepChars);
      for (let at = 0; at < text.length; at += pieceChars) check.add(text.slice(at, at + pieceChars));
      const report = check.finish(input.name);
      if (!report) {
        assert.ok(check.unresumable, 'no report, and no reason');
        counts.unresumable++;
        return;
      }
      counts.reported++;
      assert.deepEqual(report, reportFile(input.name, parseTranscript({ name: input.name, text })), `${input.name}: steps of ${stepChars}, pieces of ${pieceChars}`);
    }),
    fuzzParameters(RUNS, LONG_RUN_SHARE),
  );
  t.diagnostic(`${counts.inputs} inputs from ${SEEDS.length} seed files: ${counts.taken} read in pieces, ${counts.reported} reported, ${counts.unresumable} left to a whole-file read`);
  assert.ok(counts.reported > counts.taken / 2, JSON.stringify(counts));
});

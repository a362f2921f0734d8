import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GENERATED_SHAPES, generateTranscript } from '../../scripts/plantedTranscripts';
import { analyzeSession } from '../../server/src/engine/pipeline';
import { parseTranscript } from '../../server/src/engine/parse';
import { LONG_RUN, millisOf } from '../support/fuzz';

/**
 * Hangs that only large inputs show: parsing and analysing a generated session sixteen times as long
 * must take about sixteen times as long, for every shape. Work that grows with the square of the
 * session (a search of every call at every turn) takes 256 times as long. The long run
 * (`GHOST_LINT_FUZZ_RUNS` set) compares 25,000 and 400,000 turns, where such work dominates.
 */

const SMALL = LONG_RUN ? 25_000 : 500;
const FACTOR = 16;
/**
 * Sixteen times the turns may take this many times as long: well below the 256 times of quadratic
 * work, with room above linear for a shared, noisy machine (a 500-turn session takes tens of
 * milliseconds, where one collection counts; 65× was seen once under a load of 10 on 2 cores).
 */
const ALLOWED = 96;

function check(text: string): void {
  const parsed = parseTranscript({ name: 'scaling', text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind === 'transcript') for (const session of parsed.sessions) analyzeSession(session);
}

/** The fastest of three runs: a garbage collection or another process can land on any one. */
const fastest = (text: string) => Math.min(...[1, 2, 3].map(() => millisOf(() => check(text))));

for (const shape of GENERATED_SHAPES) {
  test(`${shape}: sixteen times the turns takes about sixteen times as long (${SMALL.toLocaleString('en-US')} against ${(FACTOR * SMALL).toLocaleString('en-US')})`, () => {
    const small = generateTranscript({ shape, turns: SMALL, seed: 11 }).text;
    const large = generateTranscript({ shape, turns: FACTOR * SMALL, seed: 11 }).text;
    check(small);
    const ratio = fastest(large) / fastest(small);
    assert.ok(ratio <= ALLOWED, `${shape}: ${(FACTOR * SMALL).toLocaleString('en-US')} turns took ${ratio.toFixed(1)} times as long as ${SMALL.toLocaleString('en-US')}`);
  });
}

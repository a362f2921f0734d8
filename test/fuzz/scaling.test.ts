import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GENERATED_SHAPES, generateTranscript } from '../../scripts/plantedTranscripts';
import { analyzeSession } from '../../server/src/engine/findings';
import { parseTranscript } from '../../server/src/engine/parse';
import { LONG_RUN, millisOf } from '../support/fuzz';

/**
 * Hangs that only large inputs show: parsing and analysing a generated session four times as long
 * must take about four times as long, for every shape. Work that grows with the square of the
 * session (a search of every call at every turn) takes sixteen times as long. The long run
 * (`GHOST_LINT_FUZZ_RUNS` set) compares 25,000 and 100,000 turns, where such work dominates.
 */

const SMALL = LONG_RUN ? 25_000 : 500;
/** Four times the turns may take this many times as long: linear work with room for noise and garbage collection. */
const ALLOWED = 10;

function check(text: string): void {
  const parsed = parseTranscript({ name: 'scaling', text });
  assert.equal(parsed.kind, 'transcript');
  if (parsed.kind === 'transcript') for (const session of parsed.sessions) analyzeSession(session);
}

/** The faster of two runs: a garbage collection can land on either. */
const fastest = (text: string) => Math.min(millisOf(() => check(text)), millisOf(() => check(text)));

for (const shape of GENERATED_SHAPES) {
  test(`${shape}: four times the turns takes about four times as long (${SMALL.toLocaleString('en-US')} against ${(4 * SMALL).toLocaleString('en-US')})`, () => {
    const small = generateTranscript({ shape, turns: SMALL, seed: 11 }).text;
    const large = generateTranscript({ shape, turns: 4 * SMALL, seed: 11 }).text;
    check(small);
    const ratio = fastest(large) / fastest(small);
    assert.ok(ratio <= ALLOWED, `${shape}: ${(4 * SMALL).toLocaleString('en-US')} turns took ${ratio.toFixed(1)} times as long as ${SMALL.toLocaleString('en-US')}`);
  });
}

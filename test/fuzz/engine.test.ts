import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ADAPTERS } from '../../server/src/engine/adapters';
import { type Session, readDocument, readJson, readJsonl, withoutBom } from '../../server/src/engine/session';
import { type SessionAnalysis, analyzeSession } from '../../server/src/engine/pipeline';
import { type ParsedTranscript, parseTranscript } from '../../server/src/engine/parse';
import { FUZZ_SEED, type FuzzInput, SEEDS, cook, fuzzParameters, recipe, withinBound } from '../support/fuzz';
import { assertAnalysisInside, assertParsedInside, assertSessionInside } from './invariants';

/**
 * The engine on hostile input: parseTranscript on bytes and on text, every adapter on the input
 * read as JSON and as JSON Lines (whichever it would normally get), and analyzeSession on every
 * session. Nothing throws, every place reported lies in the text, every line of a JSON Lines
 * transcript that is not JSON is reported on that line, and no step takes more than a generous
 * multiple of JSON.parse of an input of the same size.
 */

const RUNS = 120;

function analyseAll(sessions: readonly Session[], label: string, text: string): void {
  for (const session of sessions) {
    let analysis: SessionAnalysis | undefined;
    withinBound(`${label}: analyzeSession`, text, () => {
      analysis = analyzeSession(session);
    });
    if (analysis) assertAnalysisInside(session, analysis);
  }
}

/** In a JSON Lines transcript, every line that is not JSON is reported on that line. */
function assertMalformedLinesReported(text: string, sessions: readonly Session[]): void {
  const doc = readDocument(text);
  if (doc.kind !== 'jsonl') return;
  const problems = sessions.flatMap((s) => s.problems);
  for (const line of doc.lines) {
    if (line.error) assert.ok(problems.some((p) => p.span.start <= line.end && p.span.end >= line.start), `line ${line.number + 1} is not JSON and no problem is reported on it`);
  }
}

function checkInput(input: FuzzInput): void {
  const { text, bytes } = input;
  let fromText: ParsedTranscript | undefined;
  withinBound(`${input.name}: parse of the text`, text, () => {
    fromText = parseTranscript({ name: input.name, text });
  });
  if (fromText) {
    assertParsedInside(fromText, text.length);
    if (fromText.kind === 'transcript') {
      assertMalformedLinesReported(text, fromText.sessions);
      analyseAll(fromText.sessions, `${input.name} (text)`, text);
    }
  }
  let fromBytes: ParsedTranscript | undefined;
  withinBound(`${input.name}: parse of the bytes`, text, () => {
    fromBytes = parseTranscript({ name: input.name, bytes });
  });
  if (fromBytes?.kind === 'transcript' && fromBytes.sessions.some((s) => s.entry !== undefined)) {
    for (const session of fromBytes.sessions) assertSessionInside(session);
    analyseAll(fromBytes.sessions, `${input.name} (zip)`, text);
  } else if (fromBytes) {
    // Read from bytes, a file has the text an editor or the CLI reads from it (a byte-order mark blanked): offsets mean the same in both.
    const asFileText = Buffer.from(bytes).toString('utf8');
    assertParsedInside(fromBytes, asFileText.length);
    if (fromBytes.kind === 'transcript') for (const session of fromBytes.sessions) assert.ok(session.text === withoutBom(asFileText), 'the session text is the file as read');
  }
  // Every adapter, not only the one that scores best: parse must hold up on documents that are not its own.
  const unmarked = withoutBom(text);
  const asJson = readJson(unmarked);
  const asLines = readJsonl(unmarked);
  for (const adapter of ADAPTERS) {
    let score = 0;
    let sessions: Session[] = [];
    withinBound(`${input.name}: ${adapter.format} (${adapter.kind})`, text, () => {
      score = adapter.kind === 'json' ? adapter.sniff(asJson) : adapter.sniff(asLines);
      sessions = adapter.kind === 'json' ? adapter.parse(asJson) : adapter.parse(asLines);
    });
    assert.ok(score >= 0 && score <= 1, `${adapter.format} sniffed ${score}`);
    for (const session of sessions) assertSessionInside(session);
  }
}

test(`engine: mutated transcripts never crash, hang or report outside the text (seed ${FUZZ_SEED})`, (t) => {
  let inputs = 0;
  fc.assert(
    fc.property(recipe, (r) => {
      inputs++;
      checkInput(cook(r));
    }),
    fuzzParameters(RUNS),
  );
  t.diagnostic(`${inputs} inputs from ${SEEDS.length} seed files, fast-check seed ${FUZZ_SEED}`);
});

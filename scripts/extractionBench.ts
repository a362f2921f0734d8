import { performance } from 'node:perf_hooks';
import { ExtractionMemo, analyzeSession, forgetSharedReadings, useReadingStore } from '../server/src/engine/pipeline';
import { extractConstraints } from '../server/src/engine/extraction';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeHost } from '../server/src/host/nodeHost';
import { ReadingCache } from '../server/src/host/readingCache';
import { loadTagger } from '../server/src/engine/extraction/words';
import { parseTranscript } from '../server/src/engine/parse';
import type { Session } from '../server/src/engine/session';
import { CORPUS } from '../test/fixtures/extraction-corpus';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function chat(messages: readonly string[]): Session {
  const parsed = parseTranscript({ name: 'bench.json', text: JSON.stringify({ messages: messages.map((content) => ({ role: 'user', content })) }) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('bench chat did not parse');
  return parsed.sessions[0];
}

/**
 * Extraction cost per user message over the extraction corpus (instructions, near misses,
 * revocations: the messages that reach the tagger), median of five rounds after a warm-up.
 */
export function extractionMicrosPerMessage(rounds = 5): number {
  const session = chat(CORPUS.map((c) => c.say));
  extractConstraints(session);
  const times = Array.from({ length: rounds }, () => {
    const start = performance.now();
    extractConstraints(session);
    return ((performance.now() - start) * 1000) / CORPUS.length;
  });
  return median(times);
}

/** On a whole session: the time of extraction alone (each distinct message read once, as `check` reads them) and of the full analysis `check` runs. */
export function analysisOf(text: string): { extractMs: number; analyseMs: number; userMessages: number } {
  const parsed = parseTranscript({ name: 'bench.jsonl', text });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('bench session did not parse');
  const session = parsed.sessions[0];
  forgetSharedReadings();
  let start = performance.now();
  new ExtractionMemo().extract(session);
  const extractMs = performance.now() - start;
  forgetSharedReadings();
  start = performance.now();
  analyzeSession(session);
  const analyseMs = performance.now() - start;
  return { extractMs, analyseMs, userMessages: session.turns.filter((t) => t.isUserMessage).length };
}

/**
 * On a results file of many sessions (tau-bench's shape): extraction of every session as `check`
 * runs it, each round from nothing read (median of `rounds`), against reading the file and
 * JSON.parse of it, in this process. The tagger is loaded first: its load is a process's, measured
 * on its own.
 */
export function extractionShare(file: string, rounds = 5): { extractMs: number; warmExtractMs: number; readParseMs: number; sessions: number } {
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const readParseMs = median(
    Array.from({ length: rounds }, () => {
      const start = performance.now();
      JSON.parse(readFileSync(file, 'utf8'));
      return performance.now() - start;
    }),
  );
  const parsed = parseTranscript({ name: 'results.json', text: readFileSync(file, 'utf8') });
  if (parsed.kind !== 'transcript') throw new Error('the results file did not parse');
  loadTagger();
  let start = 0;
  const extractMs = median(
    Array.from({ length: rounds }, () => {
      forgetSharedReadings();
      start = performance.now();
      for (const session of parsed.sessions) new ExtractionMemo().extract(session);
      return performance.now() - start;
    }),
  );
  // As `check` runs it again over the same file: the readings its first run kept in the cache folder,
  // loaded from disk at the start of each round, and nothing read by the tagger.
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-readings-'));
  try {
    const first = ReadingCache.open(nodeHost, folder, 'bench');
    useReadingStore(first);
    forgetSharedReadings();
    for (const session of parsed.sessions) new ExtractionMemo().extract(session);
    first.save();
    const warmExtractMs = median(
      Array.from({ length: rounds }, () => {
        forgetSharedReadings();
        start = performance.now();
        const cache = ReadingCache.open(nodeHost, folder, 'bench');
        useReadingStore(cache);
        for (const session of parsed.sessions) new ExtractionMemo().extract(session);
        const ms = performance.now() - start;
        if (cache.newReadings > 0) throw new Error('a kept reading was read again');
        return ms;
      }),
    );
    return { extractMs, warmExtractMs, readParseMs, sessions: parsed.sessions.length };
  } finally {
    useReadingStore(undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

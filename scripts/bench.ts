// Parse-speed benchmark: ghost-lint's parse of a ~50 MB Claude Code session against plain JSON.parse
// of every line of the same text, both measured in this run (the machine is shared and noisy, so
// only the ratio means anything). Each side runs several times, interleaved; medians are compared.
import { performance } from 'node:perf_hooks';
import { parseTranscript } from '../server/src/engine/parse';
import { auditMicrosPerCall } from './auditBench';
import { claudeCodeSession } from './transcriptGenerator';

const TARGET_BYTES = 50 * 1024 * 1024;
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function timed(fn: () => unknown): number {
  globalThis.gc?.();
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const text = claudeCodeSession(TARGET_BYTES);
const lineCount = text.split('\n').length - 1;
let calls = 0;
const jsonTimes: number[] = [];
const parseTimes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  jsonTimes.push(
    timed(() => {
      for (const line of text.split('\n')) if (line) JSON.parse(line);
    }),
  );
  parseTimes.push(
    timed(() => {
      const parsed = parseTranscript({ name: 'bench.jsonl', text });
      if (parsed.kind !== 'transcript' || parsed.format !== 'claude-code') throw new Error('bench session not read as Claude Code');
      calls = parsed.sessions[0]?.calls.length ?? 0;
    }),
  );
}
const json = median(jsonTimes);
const parse = median(parseTimes);
// Audit cost per call with 50 active constraints, at two history lengths: flat means a ratio near 1.
auditMicrosPerCall(1_000); // warm-up: JIT compilation is not audit cost
const auditShort = auditMicrosPerCall(1_000);
const auditLong = auditMicrosPerCall(10_000);
process.stdout.write(
  `session: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${lineCount} lines, ${calls} tool calls\n` +
    `JSON.parse of every line: ${json.toFixed(0)} ms (median of ${ROUNDS})\n` +
    `ghost-lint parse:         ${parse.toFixed(0)} ms (median of ${ROUNDS})\n` +
    `audit, 50 constraints:    ${auditShort.toFixed(2)} µs/call at 1,000 calls, ${auditLong.toFixed(2)} µs/call at 10,000 calls\n` +
    `bench: parse/json=${(parse / json).toFixed(2)} audit_us=${auditLong.toFixed(2)} audit_10k/1k=${(auditLong / auditShort).toFixed(2)}\n`,
);

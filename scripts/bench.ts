// Parse-speed benchmark: ghost-lint's parse of a ~50 MB Claude Code session against plain JSON.parse
// of every line of the same text, both measured in this run (the machine is shared and noisy, so
// only the ratio means anything). Each side runs several times, interleaved; medians are compared.
import { performance } from 'node:perf_hooks';
import { bindShellCommand } from '../server/src/engine/binding/shell';
import { parseTranscript } from '../server/src/engine/parse';
import { auditMicrosPerCall } from './auditBench';
import { analysisOf, extractionMicrosPerMessage } from './extractionBench';
import { hookLatency } from './hookBench';
import { DEBOUNCE_MS } from '../server/src/lsp/analysisScheduler';
import { lspLatency } from './lspBench';
import { claudeCodeSession } from './transcriptGenerator';

const TARGET_BYTES = 50 * 1024 * 1024;
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Commands as agents typically write them, numbered like the steps of a session. */
const TYPICAL_COMMANDS = [
  (i: number) => `ls -la build/step-${i} && cat "build/step-${i}/notes.txt"`,
  () => 'npm test',
  () => 'git status',
  (i: number) => `rm -rf data/raw/x${i}`,
  (i: number) => `cd data${i} && tar czf b.tgz raw && rm -rf raw`,
  (i: number) => `python script${i}.py --flag`,
  (i: number) => `grep -rn foo${i} src | head`,
];

/** Binding cost of one shell command: 2,000 typical commands, median of ROUNDS after a warm-up round. */
function shellMicrosPerCommand(): number {
  const commands = Array.from({ length: 2_000 }, (_, i) => TYPICAL_COMMANDS[i % TYPICAL_COMMANDS.length]!(i));
  const bindAll = (): void => {
    for (const command of commands) bindShellCommand({ command, cwd: '/work', spanOf: (start, end) => ({ start, end }) });
  };
  bindAll();
  return (median(Array.from({ length: ROUNDS }, () => timed(bindAll))) * 1000) / commands.length;
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
const shell = shellMicrosPerCommand();
const extraction = extractionMicrosPerMessage();
const analysis = analysisOf(text);
const hook = hookLatency();
const ratio = (ms: number) => `${ms.toFixed(0)} ms (${(ms / hook.node).toFixed(2)}× node -e 0)`;
// The language server runs as its own process (the built dist/server.js), after the in-process measurements.
void lspLatency().then((lsp) =>
  process.stdout.write(
    `session: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${lineCount} lines, ${calls} tool calls\n` +
      `JSON.parse of every line: ${json.toFixed(0)} ms (median of ${ROUNDS})\n` +
      `ghost-lint parse:         ${parse.toFixed(0)} ms (median of ${ROUNDS})\n` +
      `audit, 50 constraints:    ${auditShort.toFixed(2)} µs/call at 1,000 calls, ${auditLong.toFixed(2)} µs/call at 10,000 calls\n` +
      `shell binding: ${shell.toFixed(1)} µs/command\n` +
      `extraction: ${extraction.toFixed(0)} µs per message of the extraction corpus; on the ${(text.length / 1024 / 1024).toFixed(0)} MB session ${analysis.extractMs.toFixed(0)} ms for ${analysis.userMessages} user messages, within a whole analysis (extract, bind, audit) of ${analysis.analyseMs.toFixed(0)} ms after parsing\n` +
      `hook claude-code, ${hook.megabytes.toFixed(1)} MB session, whole process (node -e 0: ${hook.node.toFixed(0)} ms):\n` +
      `  cold (no cache):                   ${ratio(hook.cold)}\n` +
      `  warm (the session grew by a call): ${ratio(hook.warm)}\n` +
      `  warm, a constraint in force:       ${ratio(hook.warmGoverned)}\n` +
      `  the same, a call that acts (Write): ${ratio(hook.warmGovernedBound)}\n` +
      `language server, ${lsp.turns.toLocaleString('en-US')}-turn session (${lsp.megabytes.toFixed(1)} MB): first diagnostics ${lsp.firstMs.toFixed(0)} ms\n` +
      `edit to diagnostics, after the ${DEBOUNCE_MS} ms debounce: p95 ${lsp.p95Ms.toFixed(0)} ms over ${lsp.edits} edits\n` +
      `bench: parse/json=${(parse / json).toFixed(2)} audit_us=${auditLong.toFixed(2)} audit_10k/1k=${(auditLong / auditShort).toFixed(2)} shell_us=${shell.toFixed(1)} extract_us=${extraction.toFixed(0)} hook/node=${(hook.warm / hook.node).toFixed(2)} lsp_p95_ms=${lsp.p95Ms.toFixed(0)}\n`,
  ),
);

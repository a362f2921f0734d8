// Parse-speed benchmark: ghost-lint's parse of a ~50 MB Claude Code session against plain JSON.parse
// of every line of the same text, both measured in this run (the machine is shared and noisy, so
// only the ratio means anything). Each side runs several times, interleaved; medians are compared.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bindShellCommand } from '../server/src/engine/binding/shell';
import { parseTranscript } from '../server/src/engine/parse';
import { auditMicrosPerCall } from './auditBench';
import { corpusFigures, formatCorpusFigure } from './corpusBench';
import { analysisOf, extractionMicrosPerMessage, extractionShare } from './extractionBench';
import { tauShapedResults } from './tauShaped';
import { hookLatency } from './hookBench';
import { DEBOUNCE_MS } from '../server/src/lsp/analysisScheduler';
import { lspLatency } from './lspBench';
import { generateTranscript } from './plantedTranscripts';

const TARGET_BYTES = 50 * 1024 * 1024;
const ROUNDS = 5;
/** A rule that governs the session's many deletes: the approval lookup's cost shows against the whole read. */
const CONFIRMATION_RULE = 'Always ask me before you delete any file.';

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

/** Runs `script` in its own Node process; it prints its measurements as JSON on its last line. */
function measureChild<T>(script: string): T {
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (run.status !== 0) throw new Error(`bench child failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '') as T;
}

/** A child's last line: its measurement and its peak resident memory. */
const REPORT_WITH_PEAK = 'process.stdout.write("\\n" + JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS }) + "\\n")';

/** Writes `session` to a file in a fresh folder for `use`, and removes the folder after. */
function withSessionFile<T>(session: string, fileName: string, use: (file: string, folder: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-bench-'));
  try {
    const file = join(folder, fileName);
    writeFileSync(file, session);
    return use(file, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const COMMANDS_BUNDLE = join(__dirname, '..', 'dist', 'commands.js');

/**
 * `ghost-lint check --format json` on the session, as its own process (the built CLI, output discarded):
 * the in-process time of the check itself (read, parse, extract, bind, audit, report; median of ROUNDS)
 * and the process's peak resident memory, with a bare Node process's peak for comparison. `wholeRead`
 * reads the session whole, as the CLI reads one below the size it checks in pieces from.
 */
function checkProcess(session: string, fileName = 'session.jsonl', rounds = ROUNDS, wholeRead = false): { checkMs: number; peakBytes: number; nodeBytes: number } {
  return withSessionFile(session, fileName, (file, folder) => {
    const checkScript = `const { runCli } = require(${JSON.stringify(COMMANDS_BUNDLE)}); const { performance } = require('node:perf_hooks');
const start = performance.now(); runCli(['check', ${JSON.stringify(file)}, '--format', 'json', '--no-cache'], { cwd: ${JSON.stringify(folder)}, stdout: () => {}, stderr: () => {}${wholeRead ? ', inPiecesFrom: Infinity' : ''} });
const ms = performance.now() - start; ${REPORT_WITH_PEAK}`;
    const runs = Array.from({ length: rounds }, () => measureChild<{ ms: number; maxRssKb: number }>(checkScript));
    const bare = measureChild<{ maxRssKb: number }>(`const ms = 0; ${REPORT_WITH_PEAK}`);
    return { checkMs: median(runs.map((r) => r.ms)), peakBytes: median(runs.map((r) => r.maxRssKb)) * 1024, nodeBytes: bare.maxRssKb * 1024 };
  });
}

/**
 * What every check of the session pays before it reads a line, in a fresh process each round (median
 * of ROUNDS): reading the file into a string as the CLI does, and loading the tagger that extraction
 * needs for the rules the session states; and the resident memory of a process that has loaded the
 * CLI and the tagger, before it reads the file and once it holds the text, before a line is parsed.
 */
function checkFloors(session: string): { readMs: number; taggerMs: number; loadedBytes: number; heldBytes: number } {
  return withSessionFile(session, 'session.jsonl', (file) => {
    const tagger = join(__dirname, '..', 'dist', 'vendor', 'compromise.js');
    const script = `const { performance } = require('node:perf_hooks'); const { readFileSync } = require('node:fs'); require(${JSON.stringify(COMMANDS_BUNDLE)});
let start = performance.now(); require(${JSON.stringify(tagger)}); const taggerMs = performance.now() - start; const loadedBytes = process.memoryUsage().rss;
start = performance.now(); const text = readFileSync(${JSON.stringify(file)}).toString('utf8'); const readMs = performance.now() - start;
process.stdout.write("\\n" + JSON.stringify({ readMs, taggerMs, textLength: text.length, loadedBytes, rssBytes: process.memoryUsage().rss }) + "\\n")`;
    const runs = Array.from({ length: ROUNDS }, () => measureChild<{ readMs: number; taggerMs: number; loadedBytes: number; rssBytes: number }>(script));
    return { readMs: median(runs.map((r) => r.readMs)), taggerMs: median(runs.map((r) => r.taggerMs)), loadedBytes: median(runs.map((r) => r.loadedBytes)), heldBytes: median(runs.map((r) => r.rssBytes)) };
  });
}

/**
 * `check` on a 50 MB session of each other shape the generator writes, against JSON.parse of the same
 * text (each line of a JSON Lines file), three rounds each: reported beside the Claude Code figures.
 */
function otherShapesChecked(): string[] {
  return (['codex', 'openai-chat', 'anthropic'] as const).map((shape) => {
    const other = generateTranscript({ shape, bytes: TARGET_BYTES, seed: 1 }).text;
    const lines = shape === 'codex';
    const parseMs = median(Array.from({ length: 3 }, () => timed(() => (lines ? other.split('\n').forEach((line) => line && JSON.parse(line)) : JSON.parse(other)))));
    const checked = checkProcess(other, lines ? 'session.jsonl' : 'session.json', 3);
    const megabytes = Buffer.byteLength(other) / 1024 / 1024;
    return `${shape}, ${megabytes.toFixed(0)} MB: JSON.parse ${parseMs.toFixed(0)} ms, check ${checked.checkMs.toFixed(0)} ms (${(checked.checkMs / parseMs).toFixed(2)}×), peak memory ${(checked.peakBytes / 1024 / 1024).toFixed(0)} MB (${(checked.peakBytes / Buffer.byteLength(other)).toFixed(2)}× the file)`;
  });
}

/** The session with its third message of the person's own replaced by `rule`: a confirmation, whose every governed call looks for an approval. */
function withThirdMessage(session: string, rule: string): string {
  let typed = 0;
  return session
    .split('\n')
    .map((line) => {
      if (typed === 3 || !line.includes('"type":"user"')) return line;
      const record = JSON.parse(line) as { message?: { content?: unknown } };
      if (typeof record.message?.content !== 'string' || ++typed !== 3) return line;
      return JSON.stringify({ ...record, message: { ...record.message, content: rule } });
    })
    .join('\n');
}

// A working session with rules stated early and violations planted late: check does all its work (extract, bind, audit) on it.
const planted = generateTranscript({ shape: 'claude-code', bytes: TARGET_BYTES, seed: 1 });
const text = planted.text;
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
const { checkMs, peakBytes, nodeBytes } = checkProcess(text);
const wholeRead = checkProcess(text, 'session.jsonl', 3, true);
const confirmed = checkProcess(withThirdMessage(text, CONFIRMATION_RULE), 'session.jsonl', 3, true);
const floors = checkFloors(text);
const otherShapes = otherShapesChecked();
const fileBytes = Buffer.byteLength(text);
const parse = median(parseTimes);
// Audit cost per call with 50 active constraints, at two history lengths: flat means a ratio near 1.
auditMicrosPerCall(1_000); // warm-up: JIT compilation is not audit cost
const auditShort = auditMicrosPerCall(1_000);
const auditLong = auditMicrosPerCall(10_000);
const shell = shellMicrosPerCommand();
const extraction = extractionMicrosPerMessage();
const analysis = analysisOf(text);
// A results file of many sessions that share one long policy (tau-bench's shape), as evaluation corpora are.
const results = withSessionFile(tauShapedResults(200), 'results.json', (file) => ({ ...extractionShare(file), ...checkProcess(readFileSync(file, 'utf8'), 'results.json', 3) }));
// Corpora of real shapes, each checked as a user runs check (its own process, every core), against reading + JSON.parse of it.
const corpora = corpusFigures(text);
const corpusRatio = (name: string, ms: (figure: (typeof corpora)[number]) => number = (figure) => figure.checkMs) => {
  const figure = corpora.find((c) => c.name === name);
  return figure ? (ms(figure) / figure.readParseMs).toFixed(1) : 'NaN';
};
const servedRatio = (name: string) => corpusRatio(name, (figure) => figure.servedMs);
const hook = hookLatency();
const ratio = (ms: number) => `${ms.toFixed(0)} ms (${(ms / hook.node).toFixed(2)}× node -e 0)`;
// The language server runs as its own process (the built dist/server.js), after the in-process measurements.
void lspLatency().then((lsp) =>
  process.stdout.write(
    `session: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${lineCount} lines, ${calls} tool calls, ${planted.constraints.length} rules stated, ${planted.violations.length} violations planted\n` +
      `JSON.parse of every line: ${json.toFixed(0)} ms (median of ${ROUNDS})\n` +
      `ghost-lint parse:         ${parse.toFixed(0)} ms (median of ${ROUNDS})\n` +
      `ghost-lint check --format json: ${checkMs.toFixed(0)} ms in its process (median of ${ROUNDS}); peak memory ${(peakBytes / 1024 / 1024).toFixed(0)} MB (a bare node process: ${(nodeBytes / 1024 / 1024).toFixed(0)} MB) for a ${(fileBytes / 1024 / 1024).toFixed(0)} MB file: ${(peakBytes / fileBytes).toFixed(2)}× the file, ${((peakBytes - nodeBytes) / fileBytes).toFixed(2)}× above bare node\n` +
      `what a check pays before it parses a line (median of ${ROUNDS}): reading the file into a string ${floors.readMs.toFixed(0)} ms (${(floors.readMs / json).toFixed(2)}× JSON.parse), loading the tagger ${floors.taggerMs.toFixed(0)} ms (${(floors.taggerMs / json).toFixed(2)}×), with JSON.parse itself ${((floors.readMs + floors.taggerMs + json) / json).toFixed(2)}×; a process that has loaded the CLI and the tagger: ${(floors.loadedBytes / 1024 / 1024).toFixed(0)} MB, and holds the text: ${(floors.heldBytes / 1024 / 1024).toFixed(0)} MB (${(floors.heldBytes / fileBytes).toFixed(2)}× the file); check's peak beyond the loaded CLI and tagger: ${((peakBytes - floors.loadedBytes) / 1024 / 1024).toFixed(0)} MB (${((peakBytes - floors.loadedBytes) / fileBytes).toFixed(2)}× the file)\n` +
      `the same session read whole, as a session below 32 MB is (median of 3): ${wholeRead.checkMs.toFixed(0)} ms (the default, in pieces, took ${(checkMs / wholeRead.checkMs).toFixed(2)}× as long), peak memory ${(wholeRead.peakBytes / 1024 / 1024).toFixed(0)} MB (the default's peak ${(peakBytes / wholeRead.peakBytes).toFixed(2)}× it; beyond the loaded CLI and tagger ${((wholeRead.peakBytes - floors.loadedBytes) / fileBytes).toFixed(2)}× the file)\n` +
      `the same, read whole, with "${CONFIRMATION_RULE}" as its third message (median of 3): ${confirmed.checkMs.toFixed(0)} ms (${(confirmed.checkMs / wholeRead.checkMs).toFixed(2)}× the whole read without it)\n` +
      `the other shapes, median of 3 each:\n${otherShapes.map((line) => `  ${line}\n`).join('')}` +
      `audit, 50 constraints:    ${auditShort.toFixed(2)} µs/call at 1,000 calls, ${auditLong.toFixed(2)} µs/call at 10,000 calls\n` +
      `shell binding: ${shell.toFixed(1)} µs/command\n` +
      `extraction: ${extraction.toFixed(0)} µs per message of the extraction corpus; on the ${(text.length / 1024 / 1024).toFixed(0)} MB session ${analysis.extractMs.toFixed(0)} ms for ${analysis.userMessages} user messages, within a whole analysis (extract, bind, audit) of ${analysis.analyseMs.toFixed(0)} ms after parsing\n` +
      `extraction on a tau-bench-shaped results file (${results.sessions} runs sharing its airline policy): ${results.extractMs.toFixed(0)} ms, each round from nothing read (median of ${ROUNDS}), against reading the file and JSON.parse ${results.readParseMs.toFixed(1)} ms: ${(results.extractMs / results.readParseMs).toFixed(1)}× (loading the tagger, once per process, is apart: see above); checked again, with the readings the first run kept in the cache folder (loaded each round), ${results.warmExtractMs.toFixed(1)} ms: ${(results.warmExtractMs / results.readParseMs).toFixed(2)}×; the whole check ${results.checkMs.toFixed(0)} ms (median of 3)\n` +
      `corpora of real shapes, check's wall time (its own process, median of 3; and with --server, answered by a check server that checked a copy of each corpus with other numbers first, median of 3 further copies) against reading + JSON.parse of the same files (median of 3), this run:\n${corpora.map((c) => `  ${formatCorpusFigure(c)}\n`).join('')}` +
      `hook claude-code, ${hook.megabytes.toFixed(1)} MB session, whole process (node -e 0: ${hook.node.toFixed(0)} ms${hook.nodeWithExtraCaCerts === undefined ? '' : `; every process without this machine's NODE_EXTRA_CA_CERTS, which made node -e 0 take ${hook.nodeWithExtraCaCerts.toFixed(0)} ms`}):\n` +
      `  cold (no cache):                   ${ratio(hook.cold)}\n` +
      `  warm (the session grew by a call): ${ratio(hook.warm)}\n` +
      `  warm, a constraint in force:       ${ratio(hook.warmGoverned)}\n` +
      `  the same, a call that acts (Write): ${ratio(hook.warmGovernedBound)}\n` +
      `  the same, a shell command that acts: ${ratio(hook.warmGovernedShell)}\n` +
      `  the three through the hook server (hook claude-code --server, as hook install sets it up), answered by it: binds to nothing ${ratio(hook.server.governed)}, Write ${ratio(hook.server.bound)}, shell ${ratio(hook.server.shell)}\n` +
      `  a Write right after the session's first rule (median of 3 copies): the hook process alone ${ratio(hook.firstRule.alone)}; the hook server, which bound the earlier calls while idle, ${ratio(hook.firstRule.served)}\n` +
      `language server, ${lsp.turns.toLocaleString('en-US')}-turn session (${lsp.megabytes.toFixed(1)} MB): first diagnostics ${lsp.firstMs.toFixed(0)} ms\n` +
      `edit to diagnostics, after the ${DEBOUNCE_MS} ms debounce: p95 ${lsp.p95Ms.toFixed(0)} ms (median ${lsp.p50Ms.toFixed(0)}) over ${lsp.edits} edits typed after the server's first ${lsp.edits}, which gave p95 ${lsp.firstEditsP95Ms.toFixed(0)} ms (median ${lsp.firstEditsP50Ms.toFixed(0)}) while V8 compiled the code they run\n` +
      `bench: check/parse=${(checkMs / json).toFixed(2)} extract/parse(results)=${(results.extractMs / results.readParseMs).toFixed(1)} extract_cached/parse(results)=${(results.warmExtractMs / results.readParseMs).toFixed(2)} audit_us=${auditLong.toFixed(2)} lsp_p95_ms=${lsp.p95Ms.toFixed(0)} mem/file=${(peakBytes / fileBytes).toFixed(2)} hook/node=${(Math.max(hook.server.bound, hook.server.shell) / hook.node).toFixed(2)} corpus/readparse(agentdojo)=${corpusRatio('agentdojo')} corpus/readparse(tau2)=${corpusRatio('tau2')} corpus/readparse(claude-code)=${corpusRatio('claude-code')} mem_beyond_cli/file=${((peakBytes - floors.loadedBytes) / fileBytes).toFixed(2)} confirm/whole=${(confirmed.checkMs / wholeRead.checkMs).toFixed(2)} served/readparse(agentdojo)=${servedRatio('agentdojo')} served/readparse(tau2)=${servedRatio('tau2')} served/readparse(claude-code)=${servedRatio('claude-code')}
`,
  ),
);

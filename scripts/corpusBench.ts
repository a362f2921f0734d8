// `check` over corpora of the shapes real evaluation logs have, against reading and JSON.parse of the
// same files in the same run: many small AgentDojo runs, one large tau2-bench results file, one large
// Claude Code session. The corpora are written at bench time from the shapes of the real samples in
// test/fixtures/real (see SOURCES.md there), their numbers varied run by run so no two runs' messages
// are one text; nothing generated is checked in.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ExtractionMemo } from '../server/src/engine/pipeline';
import { loadTagger } from '../server/src/engine/extraction/words';
import { parseInput } from '../server/src/host/inputs';
import { reportFile } from '../server/src/engine/report';
import { seededRandom } from '../server/src/engine/text';
import { collectInputs, readInput } from '../server/src/host/files';
import { nodeHost } from '../server/src/host/nodeHost';
import { cacheFolder } from '../server/src/cli/hook/cache';
import { runningServer, serverSpool } from '../server/src/cli/spool';
import { airlinePolicy } from './tauShaped';

const REAL = join(__dirname, '..', 'test', 'fixtures', 'real');
const CLI = join(__dirname, '..', 'dist', 'cli.js');

/** Every digit of every string in `value` replaced by the run's own (a seeded mapping): the shape kept, the texts made the run's. */
function varied(value: unknown, digits: readonly string[]): unknown {
  if (typeof value === 'string') return value.replace(/\d/g, (d) => digits[Number(d)]!);
  if (Array.isArray(value)) return value.map((item) => varied(item, digits));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, varied(item, digits)]));
  return value;
}

function digitsFor(next: () => number): string[] {
  const digits = [...'0123456789'];
  for (let i = digits.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [digits[i], digits[j]] = [digits[j]!, digits[i]!];
  }
  return digits;
}

/** AgentDojo runs, one per file: the real gpt-4o run's shape, its call ids as the models write them (unique, reused, or "" as Gemini's). */
function writeAgentDojoRuns(folder: string, files: number, seed: number): void {
  const run = JSON.parse(readFileSync(join(REAL, 'agentdojo-banking-user_task_0-gemini-ids.json'), 'utf8')) as { user_task_id: string; messages: { tool_calls?: { id: string }[]; tool_call_id?: string; tool_call?: { id: string } }[] };
  const next = seededRandom(seed);
  for (let i = 0; i < files; i++) {
    const copy = varied(run, digitsFor(next)) as typeof run;
    copy.user_task_id = `user_task_${i}`;
    const idStyle = i % 3;
    let call = 0;
    for (const message of copy.messages) {
      for (const toolCall of message.tool_calls ?? []) toolCall.id = idStyle === 0 ? '' : idStyle === 1 ? 'call_reused' : `call_${i}_${call++}`;
    }
    let answered = 0;
    for (const message of copy.messages) {
      if (message.tool_call === undefined) continue;
      const id = idStyle === 0 ? '' : idStyle === 1 ? 'call_reused' : `call_${i}_${answered++}`;
      message.tool_call_id = id;
      message.tool_call.id = id;
    }
    const sub = join(folder, `suite-${i % 10}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `run-${i}.json`), JSON.stringify(copy, null, 4));
  }
}

/** One tau2-bench results file: the airline policy once, and `simulations` simulations of the real ones' shape. */
function writeTau2Results(file: string, simulations: number, seed: number): void {
  const real = JSON.parse(readFileSync(join(REAL, 'tau2-airline-simulations-list.json'), 'utf8')) as Record<string, unknown>[];
  const next = seededRandom(seed);
  const list = Array.from({ length: simulations }, (_, i) => ({ ...(varied(real[i % real.length], digitsFor(next)) as Record<string, unknown>), id: `sim-${i}`, trial: i }));
  writeFileSync(file, JSON.stringify({ timestamp: '2025-10-07T07:44:20', info: { environment_info: { domain_name: 'airline', policy: airlinePolicy() } }, tasks: [], simulations: list }, null, 2));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function filesUnder(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

/** Where a check of a corpus spends its time, stage by stage, in this process (ms): what is extraction and what is not. */
export interface CheckStages {
  /** Loading the tagger extraction reads English with, once per process. */
  readonly taggerMs: number;
  readonly readMs: number;
  readonly parseMs: number;
  /** Extraction of every session's user messages (a repeated message read once per session, as check reads it). */
  readonly extractMs: number;
  /** The rest of the analysis and the report: ledger, binding, audit, findings, locations. */
  readonly analysisMs: number;
  /** The JSON report written out. */
  readonly renderMs: number;
}

/** `check`'s stages on the files under `path`, timed one by one in this process (the engine's source, as a check in one thread runs them). */
export function checkStages(path: string): CheckStages {
  const stages = { taggerMs: 0, readMs: 0, parseMs: 0, extractMs: 0, analysisMs: 0, renderMs: 0 };
  const timed = <T>(stage: keyof typeof stages, work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      stages[stage] += performance.now() - start;
    }
  };
  timed('taggerMs', loadTagger);
  const reports: ReturnType<typeof reportFile>[] = [];
  for (const file of collectInputs(nodeHost, process.cwd(), [path])) {
    const input = timed('readMs', () => readInput(nodeHost, file));
    const parsed = timed('parseMs', () => parseInput(input));
    const extract = (session: Parameters<ExtractionMemo['extract']>[0]) => timed('extractMs', () => new ExtractionMemo().extract(session));
    const before = stages.extractMs;
    const start = performance.now();
    reports.push(reportFile(file.displayPath, parsed, { extract }));
    stages.analysisMs += performance.now() - start - (stages.extractMs - before);
  }
  timed('renderMs', () => JSON.stringify(reports, null, 2));
  return stages;
}

export function formatStages(stages: CheckStages): string {
  const total = Object.values(stages).reduce((sum, ms) => sum + ms, 0);
  const share = (ms: number) => `${ms.toFixed(0)} ms (${((100 * ms) / total).toFixed(0)}%)`;
  // In the bench the tagger was loaded before (its load is measured on its own there).
  const tagger = stages.taggerMs < 1 ? ' (its tagger loaded already)' : ` and loading its tagger ${share(stages.taggerMs)}`;
  return `extraction ${share(stages.extractMs)}${tagger}; everything else ${share(total - stages.extractMs - stages.taggerMs)}: read ${share(stages.readMs)}, parse ${share(stages.parseMs)}, ledger, binding, audit and report ${share(stages.analysisMs)}, JSON out ${share(stages.renderMs)}`;
}

export interface CorpusFigure {
  readonly name: string;
  readonly files: number;
  readonly megabytes: number;
  /** Reading every file and JSON.parse of it (of each line, for JSON Lines), in this process: median of 3. */
  readonly readParseMs: number;
  /** `ghost-lint check PATH --format json` as a user runs it (its own process, every core), wall time: median of `rounds`. */
  readonly checkMs: number;
  /**
   * `ghost-lint check PATH --format json --server`, wall time, answered by a check server that checked a
   * corpus of the same shape first: median of 3, each round a copy of the corpus with other numbers, so
   * no round finds a message the server read before but the texts every copy shares (a policy, a task).
   */
  readonly servedMs: number;
  /** The same check's stages, in this process. */
  readonly stages: CheckStages;
}

function measure(name: string, path: string, rounds: number, servedMs: number, cli = CLI): CorpusFigure {
  const files = filesUnder(path);
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  const readParse = (): number => {
    const start = performance.now();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (file.endsWith('.jsonl')) for (const line of text.split('\n')) line && JSON.parse(line);
      else JSON.parse(text);
    }
    return performance.now() - start;
  };
  const readParseMs = median(Array.from({ length: 3 }, readParse));
  const checkMs = median(
    Array.from({ length: rounds }, () => {
      const start = performance.now();
      const run = spawnSync(process.execPath, [cli, 'check', path, '--format', 'json', '--no-cache'], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
      const ms = performance.now() - start;
      if (run.status !== 0 && run.status !== 1) throw new Error(`check of the ${name} corpus failed: ${run.stderr}`);
      return ms;
    }),
  );
  return { name, files: files.length, megabytes: bytes / 1024 / 1024, readParseMs, checkMs, servedMs, stages: checkStages(path) };
}

/** The three corpora's copy `variant` (its numbers its own), written into `folder`: their names and paths. `claudeCodeSession` is the text of the bench's 50 MB session (copy 0; the others' numbers are varied too). */
export function writeCorpora(folder: string, claudeCodeSession: string, variant = 0): { name: string; path: string }[] {
  const agentDojo = join(folder, 'agentdojo');
  writeAgentDojoRuns(agentDojo, 1500, 7 + 100 * variant);
  const tau2 = join(folder, 'tau2-results.json');
  writeTau2Results(tau2, 400, 11 + 100 * variant);
  const session = join(folder, 'claude-code.jsonl');
  writeFileSync(session, variant === 0 ? claudeCodeSession : variedLines(claudeCodeSession, digitsFor(seededRandom(13 + 100 * variant))));
  return [
    { name: 'agentdojo', path: agentDojo },
    { name: 'tau2', path: tau2 },
    { name: 'claude-code', path: session },
  ];
}

/** A JSON Lines text with every digit of its strings varied (`varied`), line by line. */
function variedLines(text: string, digits: readonly string[]): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : JSON.stringify(varied(JSON.parse(line), digits))))
    .join('\n');
}

/**
 * `check --server`'s wall time on each corpus (by name): a check server of `cli`'s build, with a cache
 * and home folder of its own, first checks copy 1 of the corpora, then copies 2 to 4 of each are checked
 * through it (median of 3). The server is stopped at the end.
 */
function servedFigures(folder: string, claudeCodeSession: string, cli: string): Map<string, number> {
  const home = join(folder, 'server-home');
  mkdirSync(home);
  const env = { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, 'cache') };
  const server = spawn(process.execPath, [cli, 'check-server', '--idle-seconds', '600'], { env, stdio: 'ignore' });
  const check = (path: string) => {
    const start = performance.now();
    const run = spawnSync(process.execPath, [cli, 'check', path, '--format', 'json', '--no-cache', '--server'], { env, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
    if (run.status !== 0 && run.status !== 1) throw new Error(`check --server failed: ${run.stderr}`);
    return performance.now() - start;
  };
  try {
    const copies = [1, 2, 3, 4].map((variant) => {
      const copy = join(folder, `copy-${variant}`);
      mkdirSync(copy);
      return writeCorpora(copy, claudeCodeSession, variant);
    });
    // The first check starts nothing when a server runs: wait for this one before it.
    const started = Date.now();
    while (!serverRuns(env, cli)) {
      if (Date.now() - started > 20_000) throw new Error('the check server did not start in 20 s');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
    for (const corpus of copies[0]!) check(corpus.path);
    const served = new Map<string, number>();
    for (const { name } of copies[0]!) served.set(name, median(copies.slice(1).map((corpora) => check(corpora.find((corpus) => corpus.name === name)!.path))));
    return served;
  } finally {
    server.kill();
  }
}

/** Whether the check server of this environment runs (its spool's process id file is fresh). */
function serverRuns(env: NodeJS.ProcessEnv, cli: string): boolean {
  const spool = serverSpool('check', cacheFolder({ env, home: env.HOME!, platform: process.platform }), join(dirname(cli), 'commands.js'), process.platform, env);
  return spool !== undefined && runningServer(spool) !== undefined;
}

/** The three corpora, written to a temporary folder and measured with `cli` (this build's by default). */
export function corpusFigures(claudeCodeSession: string, cli = CLI): CorpusFigure[] {
  const folder = mkdtempSync(join(tmpdir(), 'ghost-lint-corpora-'));
  try {
    const served = servedFigures(folder, claudeCodeSession, cli);
    return writeCorpora(folder, claudeCodeSession).map((corpus) => measure(corpus.name, corpus.path, 3, served.get(corpus.name)!, cli));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function formatCorpusFigure(figure: CorpusFigure): string {
  return `${figure.name}, ${figure.files} file${figure.files === 1 ? '' : 's'}, ${figure.megabytes.toFixed(1)} MB: reading + JSON.parse ${figure.readParseMs.toFixed(0)} ms, check ${figure.checkMs.toFixed(0)} ms wall (${(figure.checkMs / figure.readParseMs).toFixed(1)}×), check --server ${figure.servedMs.toFixed(0)} ms wall (${(figure.servedMs / figure.readParseMs).toFixed(1)}×); its stages in one thread: ${formatStages(figure.stages)}`;
}

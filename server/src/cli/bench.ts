import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { version } from '../../../package.json';
import { type Agent, replayAgent } from '../engine/bench/agents';
import { type BenchReport, type DefenceRuns, benchReport, formatBenchMarkdown, formatBenchText } from '../engine/bench/report';
import { runBench } from '../engine/bench/runner';
import { findCaseFiles } from '../bench/caseFiles';
import { loadCases } from '../bench/loadCases';
import { defaultRunsFolder, saveRuns, saveRunsPolicy } from '../bench/savedRuns';
import { loadSqlJs } from '../bench/sqlJs';
import { displayPath } from './files';
import type { CliIo } from './main';
import { type BenchCommandOptions, USAGE, UsageError } from './options';

const EXIT_COMPLETED = 0;
const EXIT_USAGE_OR_INPUT = 2;

/** Runs the file system step `write`; a failure is a usage error that names the --save-runs folder. */
function writingRuns<T>(folder: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw new UsageError(`--save-runs: cannot write to ${folder}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The agent the options name; a model-backed one is loaded on demand, so replays never initialise the openai client. */
function benchAgent(io: CliIo, options: BenchCommandOptions): { agent: Agent; concurrency: number; model?: BenchReport['model'] } {
  if (options.agent !== 'model') return { agent: replayAgent(options.agent), concurrency: 1 };
  if (!options.model) throw new UsageError('--agent model needs --model-name');
  const { endpointClient } = require('./modelEndpoint') as typeof import('./modelEndpoint');
  const { modelAgent } = require('../model/agent') as typeof import('../model/agent');
  const { client, settings } = endpointClient(io, options.model);
  return { agent: modelAgent(client), concurrency: settings.concurrency, model: { name: settings.model, baseUrl: settings.baseUrl } };
}

function render(report: BenchReport, format: BenchCommandOptions['format']): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'markdown' ? formatBenchMarkdown(report) : formatBenchText(report);
}

async function bench(io: CliIo, options: BenchCommandOptions): Promise<number> {
  const { agent, concurrency, model } = benchAgent(io, options);
  const files = findCaseFiles(io.cwd, options.paths);
  const loaded = await loadCases(files, () => loadSqlJs(__dirname));
  for (const problem of loaded.problems) {
    io.stderr(`ghost-lint: ${displayPath(io.cwd, problem.path)}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}\n`);
  }
  const inputErrors = loaded.problems.some((p) => p.severity === 'error');
  if (loaded.cases.length === 0) {
    if (!inputErrors) io.stderr(`ghost-lint: no benchmark cases (*.case.json, *.case.yaml) in ${options.paths.join(', ')}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  const cases = loaded.cases.map((c) => c.benchCase);
  // A model's runs are the only record of what it did: they are always saved.
  const runsFolder = options.saveRuns !== undefined ? resolve(io.cwd, options.saveRuns) : model ? defaultRunsFolder(io.cwd, new Date()) : undefined;
  const shownFolder = runsFolder !== undefined ? displayPath(io.cwd, runsFolder) : '';
  if (runsFolder !== undefined) writingRuns(shownFolder, () => saveRunsPolicy(runsFolder, cases));
  const defences: DefenceRuns[] = [];
  for (const defence of options.defences) {
    const runs = await runBench(cases, { agent, defence, repetitions: options.repetitions, seed: options.seed, concurrency, environment: loaded.environment });
    const saved = runsFolder !== undefined ? writingRuns(shownFolder, () => saveRuns(runsFolder, defence, runs)) : undefined;
    defences.push({ defence, runs, ...(saved && { transcripts: new Map([...saved].map(([run, path]) => [run, displayPath(io.cwd, path)])) }) });
    if (model) {
      const failures = runs.filter((r) => r.verdict.outcome === 'EF').length;
      io.stderr(`ghost-lint: ${defence}: ${runs.length} runs, ${failures} Execution Failure${failures === 1 ? '' : 's'}, saved in ${shownFolder}/${defence}\n`);
    }
  }
  const report = benchReport({ version, agent: options.agent, ...(model && { model }), caseIds: cases.map((c) => c.id), repetitions: options.repetitions, seed: options.seed, defences });
  const output = render(report, options.format);
  if (options.output === undefined) io.stdout(output);
  else {
    try {
      writeFileSync(resolve(io.cwd, options.output), output);
    } catch (e) {
      throw new UsageError(`--output: cannot write ${options.output}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return inputErrors ? EXIT_USAGE_OR_INPUT : EXIT_COMPLETED;
}

/**
 * `ghost-lint bench`: runs the cases under the four conditions with a scripted or a model-backed
 * agent, behind each defence asked for, and reports the outcome mix, GHOST and the difference-in-differences. Invalid
 * cases are input errors at their file, line and column; the valid ones still run.
 */
export async function runBenchCommand(io: CliIo, options: BenchCommandOptions): Promise<number> {
  try {
    return await bench(io, options);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`ghost-lint: ${e.message}\n\n${USAGE}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
}

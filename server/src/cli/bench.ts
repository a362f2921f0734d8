import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { replayAgent } from '../bench/agents';
import { defaultRunsFolder } from '../bench/io/savedRuns';
import { displayPath } from '../host/files';
import { nodeHost } from '../host/nodeHost';
import { renderBench } from '../host/render';
import { RunsNotSaved, type SuiteAgent, loadSuite, runSuite } from '../host/suite';
import { type CliIo, EXIT_CLEAN, EXIT_USAGE_OR_INPUT } from './io';
import { type BenchCommandOptions, USAGE, UsageError } from './options';

/** The agent the options name; a model-backed one is loaded on demand, so replays never initialise the openai client. */
function benchAgent(io: CliIo, options: BenchCommandOptions): SuiteAgent {
  if (options.agent !== 'model') return { name: options.agent, agent: replayAgent(options.agent), concurrency: 1 };
  if (!options.model) throw new UsageError('--agent model needs --model-name');
  const { endpointClient } = require('./modelEndpoint') as typeof import('./modelEndpoint');
  const { modelAgent } = require('../model/agent') as typeof import('../model/agent');
  const { client, settings } = endpointClient(io, options.model);
  return { name: options.agent, agent: modelAgent(client), concurrency: settings.concurrency, model: { name: settings.model, baseUrl: settings.baseUrl } };
}

async function bench(io: CliIo, options: BenchCommandOptions): Promise<number> {
  const agent = benchAgent(io, options);
  const loaded = await loadSuite(nodeHost, io.cwd, options.paths);
  for (const problem of loaded.problems) {
    io.stderr(`ghost-lint: ${displayPath(io.cwd, problem.path)}:${problem.line}:${problem.column}: ${problem.severity}: ${problem.message}\n`);
  }
  const inputErrors = loaded.problems.some((p) => p.severity === 'error');
  if (loaded.cases.length === 0) {
    if (!inputErrors) io.stderr(`ghost-lint: no benchmark cases (*.case.json, *.case.yaml) in ${options.paths.join(', ')}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  // A model's runs are the only record of what it did: they are always saved.
  const runsFolder = options.saveRuns !== undefined ? resolve(io.cwd, options.saveRuns) : agent.model ? defaultRunsFolder(io.cwd, new Date()) : undefined;
  const name = (path: string) => displayPath(io.cwd, path);
  let report;
  try {
    report = await runSuite(
      nodeHost,
      loaded.cases.map((c) => c.benchCase),
      {
        agent,
        defences: options.defences,
        repetitions: options.repetitions,
        seed: options.seed,
        environment: loaded.environment,
        ...(runsFolder !== undefined && { saveRuns: { folder: runsFolder, name } }),
        onDefence: (defence, runs) => {
          if (!agent.model || runsFolder === undefined) return;
          const failures = runs.filter((r) => r.verdict.outcome === 'EF').length;
          io.stderr(`ghost-lint: ${defence}: ${runs.length} runs, ${failures} Execution Failure${failures === 1 ? '' : 's'}, saved in ${name(runsFolder)}/${defence}\n`);
        },
      },
    );
  } catch (e) {
    if (e instanceof RunsNotSaved) throw new UsageError(`--save-runs: ${e.message}`);
    throw e;
  }
  const output = renderBench(report, options.format);
  if (options.output === undefined) io.stdout(output);
  else {
    try {
      writeFileSync(resolve(io.cwd, options.output), output);
    } catch (e) {
      throw new UsageError(`--output: cannot write ${options.output}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return inputErrors ? EXIT_USAGE_OR_INPUT : EXIT_CLEAN;
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

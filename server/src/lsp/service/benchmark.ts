import { pathToFileURL } from 'node:url';
import { replayAgent } from '../../bench/agents';
import type { Host } from '../../host/host';
import { type SuiteAgent, loadSuite, runSuite } from '../../host/suite';
import { modelAgent } from '../../model/agent';
import { ModelClient } from '../../model/client';
import { EndpointSettingsSchema } from '../../model/settings';
import type { RunBenchmarkParams, RunBenchmarkResult } from '../../../../shared/protocol';
import type { JobContext } from './job';

export interface BenchmarkParams extends Omit<RunBenchmarkParams, 'folders' | 'saveRuns' | 'workDoneToken'> {
  /** Absolute folders to search for case files. */
  readonly folders: readonly string[];
  /** Absolute folder to save every run's transcript in. */
  readonly saveRuns?: string;
}

/** The agent to run; for `model`, a client of the request's endpoint with the request's key (kept by nothing else). */
function benchAgent(params: BenchmarkParams): SuiteAgent {
  if (params.agent !== 'model') return { name: params.agent, agent: replayAgent(params.agent), concurrency: 1 };
  if (!params.model) throw new Error('the model agent needs an endpoint (ghostLint.model settings)');
  const settings = EndpointSettingsSchema.safeParse(params.model.endpoint);
  if (!settings.success) throw new Error(`the model endpoint settings are invalid: ${settings.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const apiKey = params.model.apiKey;
  const client = new ModelClient(settings.data, { ...(apiKey !== undefined && { apiKey }) });
  // The editor's temperature setting is the agent's; without one, the paper's 0.7.
  const temperature = settings.data.temperature;
  return { name: params.agent, agent: modelAgent(client, temperature !== undefined ? { temperature } : {}), concurrency: settings.data.concurrency, model: { name: settings.data.model, baseUrl: settings.data.baseUrl } };
}

/**
 * The "Run benchmark" command's work, in the service's worker: the folders' case files, validated
 * (problems returned at their ranges), run with a replay agent or a model behind each defence, each
 * run saved as a transcript when `saveRuns` names a folder. sql.js is loaded
 * from beside the server bundle (dist/), where the build copies its WebAssembly. Cancellation is
 * checked after every run.
 */
export async function runBenchmark(host: Host, params: BenchmarkParams, job: JobContext): Promise<RunBenchmarkResult> {
  const loaded = await loadSuite(host, '/', params.folders);
  const problems = loaded.problems.map((p) => {
    const position = { line: p.line - 1, character: p.column - 1 };
    return { uri: pathToFileURL(p.path).toString(), range: { start: position, end: position }, message: p.message, severity: p.severity };
  });
  if (loaded.cases.length === 0) return { report: null, problems, cancelled: false };
  const report = await runSuite(
    host,
    loaded.cases.map((c) => c.benchCase),
    {
      agent: benchAgent(params),
      defences: params.defences,
      repetitions: params.repetitions,
      seed: params.seed,
      environment: loaded.environment,
      ...(params.saveRuns !== undefined && { saveRuns: { folder: params.saveRuns, name: (path: string) => path } }),
      onRun: ({ defence, done, total, run }) => {
        job.checkpoint();
        job.progress({ message: `${defence}: ${run.caseId} ${run.condition}`, percentage: Math.floor((done / total) * 100) });
      },
    },
  );
  return { report, problems, cancelled: false };
}

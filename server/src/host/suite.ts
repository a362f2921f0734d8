import { version } from '../../../package.json';
import { findCaseFiles } from '../bench/io/caseFiles';
import { type LoadedCases, loadCases } from '../bench/io/loadCases';
import { saveRuns, saveRunsPolicy } from '../bench/io/savedRuns';
import { loadSqlJs } from '../bench/io/sqlJs';
import type { Agent, BenchAgentName } from '../bench/agents';
import { type BenchCase, CONDITIONS } from '../bench/caseSchema';
import { type BenchReport, type DefenceRuns, benchReport } from '../bench/report';
import { type BenchRun, type Defence, runBench } from '../bench/runner';
import type { Host } from './host';

/** The agent behind every run, and how many of its runs may be in flight at once. */
export interface SuiteAgent {
  readonly name: BenchAgentName;
  readonly agent: Agent;
  readonly concurrency: number;
  /** The endpoint a model-backed agent runs against, for the report. */
  readonly model?: BenchReport['model'];
}

export interface SuiteOptions {
  readonly agent: SuiteAgent;
  /** One section of the report each, in this order. */
  readonly defences: readonly Defence[];
  readonly repetitions: number;
  readonly seed: number;
  /** What the cases' environments need (from `loadSuite`). */
  readonly environment: LoadedCases['environment'];
  /** A folder to save every run in as a transcript, and how the report names a saved file. */
  readonly saveRuns?: { readonly folder: string; readonly name: (absolutePath: string) => string };
  /** Called after each run with the runs done of all defences; throws to stop (the editor's cancellation). */
  readonly onRun?: (progress: { readonly defence: Defence; readonly done: number; readonly total: number; readonly run: BenchRun }) => void;
  /** Called when a defence's runs are done (and saved). */
  readonly onDefence?: (defence: Defence, runs: readonly BenchRun[]) => void;
}

/** The runs could not be saved: the folder the user named is not writable. */
export class RunsNotSaved extends Error {}

/** Runs a file system step of saving runs; a failure says which folder could not be written. */
function saving<T>(folder: string, write: () => T): T {
  try {
    return write();
  } catch (e) {
    throw new RunsNotSaved(`cannot write to ${folder}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * The case files in the given files and folders, validated (every problem at its place) and ready to
 * run. sql.js is loaded, from beside the running bundle (dist/), only when a database case is among them.
 */
export function loadSuite(host: Host, cwd: string, paths: readonly string[]): Promise<LoadedCases> {
  return loadCases(host, findCaseFiles(host, cwd, paths), () => loadSqlJs(__dirname));
}

/**
 * The benchmark driver of `ghost-lint bench` and the editor's "Run Benchmark": the cases under the
 * four conditions behind each defence, each defence's runs saved as transcripts when asked, and the
 * report with the outcome mix, GHOST and the difference-in-differences.
 */
export async function runSuite(host: Host, cases: readonly BenchCase[], options: SuiteOptions): Promise<BenchReport> {
  const { agent, saveRuns: save } = options;
  const perDefence = cases.length * CONDITIONS.length * options.repetitions;
  if (save) saving(save.name(save.folder), () => saveRunsPolicy(host, save.folder, cases));
  const defences: DefenceRuns[] = [];
  for (const defence of options.defences) {
    const before = defences.length * perDefence;
    const onRun = options.onRun;
    const runs = await runBench(cases, {
      agent: agent.agent,
      defence,
      repetitions: options.repetitions,
      seed: options.seed,
      concurrency: agent.concurrency,
      environment: options.environment,
      ...(onRun && { onProgress: ({ done, run }) => onRun({ defence, done: before + done, total: perDefence * options.defences.length, run }) }),
    });
    const saved = save && saving(save.name(save.folder), () => saveRuns(host, save.folder, defence, runs));
    defences.push({ defence, runs, ...(save && saved && { transcripts: new Map([...saved].map(([run, path]) => [run, save.name(path)])) }) });
    options.onDefence?.(defence, runs);
  }
  return benchReport({ version, agent: agent.name, ...(agent.model && { model: agent.model }), caseIds: cases.map((c) => c.id), repetitions: options.repetitions, seed: options.seed, defences });
}

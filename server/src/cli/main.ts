import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { version } from '../../../package.json';
import { type CheckReport, type ReportContext, baselineKeys } from '../engine/report';
import { useReadingStore } from '../engine/pipeline';
import { type CheckPathsOptions, type FilePool, checkPathsInPool } from '../host/check';
import type { EnvironmentDependencies } from '../bench/environments';
import { loadSqlJs } from '../bench/io/sqlJs';
import { CheckPool, type CheckWorkerSetup, workerCount } from '../host/checkPool';
import { displayPath } from '../host/files';
import { nodeHost } from '../host/nodeHost';
import { ReadingCache, engineBuild } from '../host/readingCache';
import { problemCount, render } from '../host/render';
import { type MergedReports, MergeError, mergeShardReports, sarifExitCode } from '../host/shards';
import type { ModelSection } from '../model/checkReport';
import { runBenchCommand } from './bench';
import { runGate } from './gate';
import { cacheFolder, homeFolder } from './hook/cache';
import { changeHookSettings } from './hook/install';
import { serveLiveHooks } from './hook/server';
import { serveChecks } from './checkServer';
import { type ServerKind, type Spool, serverSpool } from './spool';
import { SpoolServerError } from './spoolServer';
import { type CliIo, EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE_OR_INPUT } from './io';
import { type CheckOptions, type MergeOptions, type ServeOptions, USAGE, UsageError, parseCommand } from './options';

/**
 * sql.js, for the database cases among the inputs, so `check` runs their reference traces as `bench`
 * does; a build without it still checks everything else, and says what it left out.
 */
function caseEnvironmentLoader(io: CliIo): () => Promise<EnvironmentDependencies> {
  return () =>
    loadSqlJs(__dirname).then(
      (sqlJs) => ({ sqlJs }),
      (e: unknown) => {
        io.stderr(`ghost-lint: the database cases' reference traces were not run: ${(e as Error).message}\n`);
        return {};
      },
    );
}

function checkPathsOptions(io: CliIo, options: CheckOptions, known: ReadonlySet<string> | undefined, extract?: ReportContext['extract']): CheckPathsOptions {
  return {
    cwd: io.cwd,
    paths: options.paths,
    name: (path) => displayPath(io.cwd, path),
    workspaceRoots: [io.cwd],
    explicitPolicies: options.policy,
    ...(extract && { extract }),
    ...(known && { baseline: known }),
    ...(io.inPiecesFrom !== undefined && { inPiecesFrom: io.inPiecesFrom }),
    ...(options.shard && { shard: options.shard }),
    loadCaseEnvironment: caseEnvironmentLoader(io),
  };
}

/** The built CLI's bundle (dist/commands.js), which is also the check workers' script (cli/commands.ts). */
const CHECK_WORKER_SCRIPT = join(__dirname, 'commands.js');
/**
 * Below this much to read a worker costs more than it saves: each loads the engine and the tagger and
 * reads every text the corpus repeats (a shared system prompt) once more, some 0.6 s of CPU before its
 * first file is done and 1 to 3 s over 1,500 AgentDojo runs (7.6 MB), measured on two shared cores.
 */
const POOLED_FROM_BYTES = 16 * 1024 * 1024;

/**
 * `check` with the readings of earlier runs (`--no-cache`: none), its files spread over worker threads
 * when there are several and enough to read; else in this thread, synchronously.
 */
function checkInputsOnCores(io: CliIo, options: CheckOptions, known: ReadonlySet<string> | undefined): CheckReport | Promise<CheckReport> {
  const build = options.cache ? engineBuild() : undefined;
  const env = io.env ?? {};
  const readings = build === undefined ? undefined : { folder: cacheFolder({ env, home: homeFolder(env, process.platform), platform: process.platform }), build };
  const cache = readings ? ReadingCache.open(nodeHost, readings.folder, readings.build) : undefined;
  useReadingStore(cache);
  const done = () => {
    useReadingStore(undefined);
    cache?.save();
  };
  let report: CheckReport | Promise<CheckReport>;
  try {
    report = checkFilesOnCores(io, options, known, readings, cache);
  } catch (e) {
    done();
    throw e;
  }
  if (!(report instanceof Promise)) {
    done();
    return report;
  }
  return report.finally(done);
}

function checkFilesOnCores(io: CliIo, options: CheckOptions, known: ReadonlySet<string> | undefined, readings: CheckWorkerSetup['readings'], cache: ReadingCache | undefined): CheckReport | Promise<CheckReport> {
  return checkPathsInPool(nodeHost, checkPathsOptions(io, options, known), (inputs, deferDatabaseCases): FilePool | undefined => {
    const size = workerCount(inputs.length, options.jobs);
    if (size < 1 || !existsSync(CHECK_WORKER_SCRIPT)) return undefined;
    const setup: CheckWorkerSetup = {
      cwd: io.cwd,
      workspaceRoots: [io.cwd],
      explicitPolicies: options.policy,
      ...(io.inPiecesFrom !== undefined && { inPiecesFrom: io.inPiecesFrom }),
      ...(readings && { readings }),
      deferDatabaseCases,
    };
    const adopt = (made: Parameters<ReadingCache['adopt']>[0]) => cache?.adopt(made);
    // Warm workers cost no start, so they take any check of two files or more; they stay for the next check.
    if (io.residentPool) return io.residentPool.size() > 0 ? atMost(size, io.residentPool.begin(setup, adopt)) : undefined;
    const bytes = inputs.reduce((sum, file) => sum + (nodeHost.stat(file.absolutePath)?.bytes ?? 0), 0);
    if (bytes < POOLED_FROM_BYTES && options.jobs === undefined) return undefined;
    return new CheckPool(CHECK_WORKER_SCRIPT, size).begin(setup, adopt);
  });
}

/** A resident pool lent to one check: at most `size` of its workers busy at once (`--jobs`), and left running when the check ends. */
function atMost(size: number, pool: CheckPool): FilePool {
  let busy = 0;
  return {
    idle: () => Math.max(0, Math.min(pool.idle(), size - busy)),
    check: (files) => {
      busy++;
      return pool.check(files).finally(() => busy--);
    },
    close: () => Promise.resolve(),
  };
}

/** `merge`: the shards' reports as one, written in the format asked for; exits as check would on it. */
function runMerge(io: CliIo, options: MergeOptions): number {
  const reports = options.reports.map((name) => {
    try {
      return { name, text: readFileSync(resolve(io.cwd, name), 'utf8') };
    } catch (e) {
      throw new UsageError(`cannot read ${name}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  });
  let merged: MergedReports;
  try {
    merged = mergeShardReports(reports);
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message);
    throw e;
  }
  if (merged.kind === 'sarif' && options.format !== undefined && options.format !== 'sarif') throw new UsageError(`SARIF logs merge into SARIF only; merge the shards' JSON reports for --format ${options.format}`);
  const output = merged.kind === 'sarif' ? `${JSON.stringify(merged.log, null, 2)}\n` : render(merged.report, options.format ?? 'json', undefined, { notes: options.notes });
  if (options.output) writeOutput(io, options.output, output);
  else io.stdout(output);
  return merged.kind === 'sarif' ? sarifExitCode(merged.log) : exitCodeFor(merged.report);
}

function readBaseline(io: CliIo, path: string): Set<string> {
  let log: unknown;
  try {
    log = JSON.parse(readFileSync(resolve(io.cwd, path), 'utf8'));
  } catch (e) {
    throw new UsageError(`--baseline: cannot read SARIF from ${path}: ${(e as Error).message}`);
  }
  return baselineKeys(log);
}

function writeOutput(io: CliIo, path: string, output: string): void {
  try {
    writeFileSync(resolve(io.cwd, path), output);
  } catch (e) {
    throw new UsageError(`--output: cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export function exitCodeFor(report: CheckReport): number {
  if (report.summary.inputErrors > 0) return EXIT_USAGE_OR_INPUT;
  return problemCount(report) > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
}

/**
 * Runs the CLI; returns the exit code (a promise of it for `bench`, whose environments load sql.js and
 * whose agents may be backed by a model). Every readable input is analysed and reported whatever happens to others.
 */
export function runCli(argv: readonly string[], io: CliIo): number | Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') {
      io.stdout(`${USAGE}\n`);
      return EXIT_CLEAN;
    }
    if (command.kind === 'version') {
      io.stdout(`${version}\n`);
      return EXIT_CLEAN;
    }
    if (command.kind === 'gate') return runGate(io, command.options);
    if (command.kind === 'hook-settings') return changeHookSettings(io, command.options);
    if (command.kind === 'hook-serve') return serveHooks(io, command.options);
    if (command.kind === 'check-serve') return serveCheckRequests(io, command.options);
    if (command.kind === 'bench') return runBenchCommand(io, command.options);
    if (command.kind === 'merge') return runMerge(io, command.options);
    const { options } = command;
    const known = options.baseline ? readBaseline(io, options.baseline) : undefined;
    return runCheck(io, options, known);
  } catch (e) {
    return usageErrorExit(io, e);
  }
}

function runCheck(io: CliIo, options: CheckOptions, known: Set<string> | undefined): number | Promise<number> {
  if (options.model) return checkWithModel(io, options, options.model, known);
  const report = checkInputsOnCores(io, options, known);
  return report instanceof Promise ? report.then((whole) => finishCheck(io, options, whole)) : finishCheck(io, options, report);
}

/** The spool of this build's `kind` server (the bundle it runs is this one, dist/commands.js, as the bin's client finds it), or why there is none. */
function spoolOfThisBuild(io: CliIo, kind: ServerKind): Spool | string {
  const env = io.env ?? {};
  const spool = serverSpool(kind, cacheFolder({ env, home: homeFolder(env, process.platform), platform: process.platform }), CHECK_WORKER_SCRIPT, process.platform, env);
  return spool ?? (process.platform === 'win32' ? 'the resident servers do not run on Windows' : 'a resident server runs from the built CLI (dist/commands.js)');
}

/** Runs a resident server until it stops; `command` names it in errors. */
async function serveUntilStopped(io: CliIo, command: string, spool: Spool | string, serve: (spool: Spool) => Promise<number>): Promise<number> {
  if (typeof spool === 'string') {
    io.stderr(`ghost-lint: ${command}: ${spool}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  try {
    return await serve(spool);
  } catch (e) {
    if (!(e instanceof SpoolServerError)) throw e;
    io.stderr(`ghost-lint: ${command}: ${e.message}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
}

const logLine = (io: CliIo) => (line: string) => io.stdout(`${line}\n`);

/** `hook serve`: the hook server of this build's spool, until it stops. */
function serveHooks(io: CliIo, options: ServeOptions): Promise<number> {
  return serveUntilStopped(io, 'hook serve', spoolOfThisBuild(io, 'hook'), (spool) => serveLiveHooks({ spool, idleMs: options.idleSeconds * 1000, log: logLine(io) }));
}

/** `check-server`: the check server of this build's spool, until it stops. */
function serveCheckRequests(io: CliIo, options: ServeOptions): Promise<number> {
  return serveUntilStopped(io, 'check-server', spoolOfThisBuild(io, 'check'), (spool) => serveChecks({ spool, runnerScript: CHECK_WORKER_SCRIPT, idleMs: options.idleSeconds * 1000, log: logLine(io) }));
}

function usageErrorExit(io: CliIo, e: unknown): number {
  if (e instanceof UsageError) {
    io.stderr(`ghost-lint: ${e.message}\n\n${USAGE}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  throw e;
}

/** Writes the report; `model` is the report's model section under `check --model`. */
function finishCheck(io: CliIo, options: CheckOptions, report: CheckReport, model?: ModelSection): number {
  const output = render(report, options.format, model, { notes: options.notes });
  if (options.output) writeOutput(io, options.output, output);
  else io.stdout(output);
  for (const file of report.files) if (file.status === 'input-error') io.stderr(`ghost-lint: ${file.path}: ${file.error ?? 'input error'}\n`);
  if (model && model.failures.length > 0) io.stderr(`ghost-lint: model: ${model.failures.length} request(s) failed; their messages were analysed deterministically only (see the report)\n`);
  return exitCodeFor(report);
}

/** `check --model`: the model's constraints are compiled first (asynchronously), then the same analysis runs with them. */
async function checkWithModel(io: CliIo, options: CheckOptions, model: NonNullable<CheckOptions['model']>, known: Set<string> | undefined): Promise<number> {
  try {
    // Loaded on demand: the default path never initialises the openai client.
    const { compileInputsWithModel } = require('./modelCheck') as typeof import('./modelCheck');
    const compiled = await compileInputsWithModel(io, model, options.paths);
    // In this thread: the model's extraction is a function of this process.
    const report = await checkPathsInPool(nodeHost, checkPathsOptions(io, options, known, compiled.extract), () => undefined);
    return finishCheck(io, options, report, compiled.section);
  } catch (e) {
    return usageErrorExit(io, e);
  }
}

import { constants } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { version } from '../../../package.json';
import { parseInput } from '../engine/inputs';
import { type CheckReport, type FileReport, type ReportContext, checkReport, inputErrorReport, reportFile, withoutBaseline } from '../engine/report';
import type { Policy } from '../engine/policy';
import { baselineKeys, toSarif } from '../engine/sarif';
import { StreamedCheck, streamableFormat } from '../engine/streamedCheck';
import { LineIndex } from '../engine/text';
import { type ModelSection, formatModelSection } from '../model/checkReport';
import { PolicyDiscovery } from '../policy/discovery';
import { runBenchCommand } from './bench';
import { type InputFile, TextPieces, collectInputs, displayPath, readInput, tooLongForAString } from './files';
import { runGate } from './gate';
import { cacheFolder, homeFolder } from './hook/cache';
import { changeHookSettings } from './hook/install';
import { HookServerError, serveLiveHooks } from './hook/server';
import { hookServerSpool } from './hook/spool';
import { type CheckOptions, type HookServeOptions, USAGE, UsageError, parseCommand } from './options';
import { formatText } from './textFormat';

export interface CliIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Standard input, read when a command needs it (`gate`). */
  readonly stdin?: () => string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The program and script that run this CLI, written into an agent's hook settings. */
  readonly self?: readonly string[];
  /** Size from which a file is too long to read whole and `check` reads a session piece by piece (`IN_PIECES_FROM_BYTES`); tests set it low. */
  readonly inPiecesFrom?: number;
}

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE_OR_INPUT = 2;

function analyseInputs(io: CliIo, options: CheckOptions, extract?: ReportContext['extract']): FileReport[] {
  const reports: FileReport[] = [];
  const discovery = new PolicyDiscovery({
    workspaceRoots: [io.cwd],
    explicit: options.policy.map((p) => resolve(io.cwd, p)),
    displayName: (path) => displayPath(io.cwd, path),
  });
  for (const file of collectInputs(io.cwd, options.paths)) {
    let input;
    try {
      // A model's extraction reads the whole session at once.
      const inPieces = extract ? undefined : checkInPieces(file, io.inPiecesFrom ?? IN_PIECES_FROM_BYTES, () => discovery.forTranscript(file.absolutePath));
      if (inPieces) {
        reports.push(inPieces);
        continue;
      }
      input = readInput(file);
    } catch (e) {
      reports.push(e instanceof PolicyError ? inputErrorReport(file.displayPath, e.message) : inputErrorReport(file.displayPath, `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`));
      continue;
    }
    const parsed = parseInput(input);
    // Files met during a folder search that are not transcripts are skipped silently (SPEC section 7).
    if (parsed.kind !== 'transcript' && !file.explicit) continue;
    let policies;
    try {
      policies = discovery.forTranscript(file.absolutePath);
    } catch (e) {
      reports.push(inputErrorReport(file.displayPath, (e as Error).message));
      continue;
    }
    reports.push(reportFile(file.displayPath, parsed, { policies, ...(extract && { extract }) }));
  }
  // A policy with problems is an input error, reported once; its valid rules were still applied.
  for (const policy of discovery.loaded()) {
    if (policy.problems.length === 0) continue;
    const index = new LineIndex(policy.text);
    const detail = policy.problems.map((p) => {
      const at = index.position(p.span.start);
      return `${at.line + 1}:${at.character + 1} ${p.message}`;
    });
    reports.push(inputErrorReport(policy.path, `invalid policy: ${detail.join('; ')}`));
  }
  return reports;
}

/**
 * Files at least this large are longer than the longest string Node.js holds, so they cannot be read
 * whole: a JSON Lines session the check can read in pieces is checked so. Below it a whole-file read is
 * the better: on a generated 200 MB session, 6 s and 780 MB at its peak, against 14 s and 600 MB.
 */
export const IN_PIECES_FROM_BYTES = constants.MAX_STRING_LENGTH + 1;

/** The policies of a transcript could not be loaded: an input error of the transcript, as when it is read whole. */
class PolicyError extends Error {}

/**
 * The report of a JSON Lines session too long to read whole, checked piece by piece instead
 * (engine/streamedCheck.ts); `undefined` when the file is shorter or is not such a session (then it
 * is read whole). Throws when the pieces cannot give the whole-file report.
 */
function checkInPieces(file: InputFile, fromBytes: number, policiesFor: () => Policy[]): FileReport | undefined {
  const pieces = new TextPieces(file.absolutePath);
  try {
    if (pieces.bytes < fromBytes) return undefined;
    let head = '';
    let format: ReturnType<typeof streamableFormat>;
    do {
      const piece = pieces.next();
      if (piece !== undefined) head += piece;
      format = streamableFormat(head, piece === undefined);
    } while (format === 'more');
    if (format === undefined) return undefined;
    let policies: Policy[];
    try {
      policies = policiesFor();
    } catch (e) {
      throw new PolicyError((e as Error).message);
    }
    const check = new StreamedCheck(format, policies);
    check.add(head);
    head = '';
    for (let piece = pieces.next(); piece !== undefined && check.unresumable === undefined; piece = pieces.next()) check.add(piece);
    const report = check.finish(file.displayPath);
    // Read whole, the file would not fit in a string: say why its pieces could not be joined.
    if (!report) throw new Error(`${tooLongForAString(pieces.bytes)}, and it cannot be checked in pieces: ${check.unresumable}; split the session into smaller files`);
    return report;
  } finally {
    pieces.close();
  }
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

function render(report: CheckReport, format: CheckOptions['format'], model: ModelSection | undefined): string {
  if (format === 'json') return `${JSON.stringify(model ? { ...report, model } : report, null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(toSarif(report), null, 2)}\n`;
  return model ? `${formatText(report)}\n${formatModelSection(model)}` : formatText(report);
}

export function exitCodeFor(report: CheckReport): number {
  if (report.summary.inputErrors > 0) return EXIT_USAGE_OR_INPUT;
  return report.summary.errors + report.summary.warnings > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
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
    if (command.kind === 'bench') return runBenchCommand(io, command.options);
    const { options } = command;
    const known = options.baseline ? readBaseline(io, options.baseline) : undefined;
    if (options.model) return checkWithModel(io, options, options.model, known);
    return finishCheck(io, options, analyseInputs(io, options), known);
  } catch (e) {
    return usageErrorExit(io, e);
  }
}

/** `hook serve`: the hook server of this build's spool, until it stops. */
async function serveHooks(io: CliIo, options: HookServeOptions): Promise<number> {
  const env = io.env ?? {};
  // The server is this bundle (dist/full.js): its build names the spool, as the bin's client finds it.
  const spool = hookServerSpool(cacheFolder({ env, home: homeFolder(env, process.platform), platform: process.platform }), join(__dirname, 'full.js'), process.platform);
  if (spool === undefined) {
    io.stderr(`ghost-lint: hook serve: ${process.platform === 'win32' ? 'the hook server does not run on Windows' : 'the hook server runs from the built CLI (dist/full.js)'}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  try {
    return await serveLiveHooks({ spool, idleMs: options.idleSeconds * 1000, log: (line) => io.stdout(`${line}\n`) });
  } catch (e) {
    if (!(e instanceof HookServerError)) throw e;
    io.stderr(`ghost-lint: hook serve: ${e.message}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
}

function usageErrorExit(io: CliIo, e: unknown): number {
  if (e instanceof UsageError) {
    io.stderr(`ghost-lint: ${e.message}\n\n${USAGE}\n`);
    return EXIT_USAGE_OR_INPUT;
  }
  throw e;
}

/** Reports the analysed files; `model` is the report's model section under `check --model`. */
function finishCheck(io: CliIo, options: CheckOptions, analysed: FileReport[], known: Set<string> | undefined, model?: ModelSection): number {
  const files = known ? withoutBaseline(analysed, known) : analysed;
  const report = checkReport(version, files);
  const output = render(report, options.format, model);
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
    return finishCheck(io, options, analyseInputs(io, options, compiled.extract), known, compiled.section);
  } catch (e) {
    return usageErrorExit(io, e);
  }
}

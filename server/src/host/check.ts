import { constants } from 'node:buffer';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { version } from '../../../package.json';
import type { EnvironmentDependencies } from '../bench/environments';
import { type ParsedTranscript, looksLikeDatabaseCase } from '../engine/parse';
import type { Policy } from '../engine/ledger';
import { type CheckReport, type FileReport, type ReportContext, type SkippedFile, StreamedChatCheck, StreamedCheck, checkReport, inputErrorReport, reportFile, streamableFormat, withoutBaseline } from '../engine/report';
import { LineIndex } from '../engine/text';
import { type InputFile, collectInputs, readInput, tooLongForAString } from './files';
import { collectGarbage } from './heap';
import type { Host, TextPieceReader } from './host';
import { parseInput } from './inputs';
import { PolicyDiscovery } from './policies';
import { type Shard, inShard } from './shards';

/**
 * Files at least this large are longer than the longest string Node.js holds, so they cannot be read
 * whole: a JSON Lines session or an OpenAI chat document the check can read in pieces is checked so.
 * Below it a whole-file read is the better: on a generated 200 MB session, 6 s and 780 MB at its
 * peak, against 14 s and 600 MB.
 */
export const IN_PIECES_FROM_BYTES = constants.MAX_STRING_LENGTH + 1;

/**
 * A JSON Lines session this large is checked in pieces even though it fits in a string: read whole, a
 * check holds the text, its bytes while decoding and the parsed session at once, some four times the
 * file beyond the loaded CLI; in pieces, what the carried state and one step hold, some 65 to 85 MB
 * whatever the file's size, for about one and a half times the time (generated Claude Code sessions,
 * 2026-12-03: 32 MB, 244 MB at the peak whole and 170 MB in pieces; 50 MB, 307 and 184 MB; 16 MB, 193
 * and 164 MB, where the saving no longer pays for the time).
 */
export const SESSION_IN_PIECES_FROM_BYTES = 32 * 1024 * 1024;

export interface CheckPathsOptions {
  /** Folder the paths are resolved against. */
  readonly cwd: string;
  /** Files and folders; folders are searched recursively (SPEC section 7). */
  readonly paths: readonly string[];
  /** How the report names a file or a policy, from its absolute path. */
  readonly name: (absolutePath: string) => string;
  /** Folders whose policies apply to every transcript in them (the CLI's folder, the editor's workspace folders). */
  readonly workspaceRoots: readonly string[];
  /** Policy files given explicitly (`--policy`), applied to every transcript. */
  readonly explicitPolicies?: readonly string[];
  /** A file's text when it is not the file on disk (an open document with unsaved edits); undefined reads the disk. */
  readonly openText?: (absolutePath: string) => string | undefined;
  /** A model's extraction (`check --model`); it reads each session whole. */
  readonly extract?: ReportContext['extract'];
  /** Results an earlier SARIF file already had (`--baseline`): left out. */
  readonly baseline?: ReadonlySet<string>;
  /** Size from which a file is read piece by piece (`SESSION_IN_PIECES_FROM_BYTES` for a JSON Lines session, `IN_PIECES_FROM_BYTES` else); tests set it low. */
  readonly inPiecesFrom?: number;
  /**
   * Called before each file, between its sessions and messages, and between the pieces of one read
   * in pieces; throws to stop (the editor's cancellation), and again at every later call.
   */
  readonly checkpoint?: () => void;
  /** Only the files of this part of the corpus (`check --shard K/N`), by the path the report names. */
  readonly shard?: Shard;
  /**
   * What benchmark cases' environments need (sql.js, loaded by the shell): with it a database
   * case's reference traces are run against its evaluators, as `bench` runs them.
   */
  readonly caseEnvironment?: EnvironmentDependencies;
  /**
   * Loads what database cases' environments need (sql.js) when `caseEnvironment` lacks it and a file
   * turns out to be such a case: those files are checked once it is loaded, after the others. No
   * file is read ahead to find them, and a check of transcripts alone never loads it. Only
   * `checkPathsInPool` loads it; `checkPaths`, synchronous, checks with `caseEnvironment` as it is.
   */
  readonly loadCaseEnvironment?: () => Promise<EnvironmentDependencies>;
}

/** A transcript read and parsed with the policies that apply to it, or why it could not be. */
type LoadedTranscript = { readonly parsed: ParsedTranscript; readonly policies: Policy[] } | { readonly error: string };

/**
 * Reads, parses and finds the policies of one file; `skipped` for a file that is not a transcript and
 * was not named explicitly (a folder search skips those, SPEC section 7, and the summary counts them);
 * `databaseCase` for a database case left for later (`deferDatabaseCases`).
 */
function readTranscript(host: Host, file: InputFile, discovery: PolicyDiscovery, options: FileCheckOptions, text?: string): LoadedTranscript | { readonly skipped: string } | DeferredCase {
  let parsed: ParsedTranscript;
  try {
    const input = text !== undefined ? { name: file.displayPath, text } : readInput(host, file);
    if (options.deferDatabaseCases && input.text !== undefined && looksLikeDatabaseCase(input.text)) {
      // Its policies are read now, as a check that does not defer reads them: the report lists broken policies in the order they were read.
      try {
        discovery.forTranscript(file.absolutePath);
      } catch {
        // Said when the case is checked.
      }
      return { databaseCase: true };
    }
    parsed = parseInput(input, options.caseEnvironment);
  } catch (e) {
    return { error: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  if (parsed.kind !== 'transcript' && !file.explicit) return { skipped: parsed.reason };
  try {
    return { parsed, policies: discovery.forTranscript(file.absolutePath) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Each file once, in the order first named; a file also named explicitly counts as explicit. */
function uniqueInputs(files: readonly InputFile[]): InputFile[] {
  const byPath = new Map<string, InputFile>();
  for (const file of files) {
    const earlier = byPath.get(file.absolutePath);
    if (!earlier || (file.explicit && !earlier.explicit)) byPath.set(file.absolutePath, earlier ? { ...earlier, explicit: true } : file);
  }
  return [...byPath.values()];
}

/**
 * `ghost-lint check`'s work, shared by the CLI and the editor's report export: every transcript of
 * the paths analysed with the policies that apply to it. Every readable input is reported whatever
 * happens to others; a policy with problems is an input error, reported once (its valid rules still
 * applied).
 */
export function checkPaths(host: Host, options: CheckPathsOptions): CheckReport {
  const discovery = policyDiscovery(host, options);
  const outcomes: CheckedFile[] = [];
  for (const file of checkedInputs(host, options)) {
    options.checkpoint?.();
    outcomes.push(checkFile(host, file, discovery, options));
  }
  return reportOf(outcomes, discovery, options);
}

/**
 * `checkPaths` with the files checked by a pool of worker threads (host/checkPool.ts), several at a
 * time; the report is the one checkPaths gives, files in input order. `startPool` sizes the pool for
 * the inputs, or gives none when they are not worth a worker's start (then they are checked here);
 * its workers are to defer database cases when `deferDatabaseCases` (see `loadCaseEnvironment`).
 */
export function checkPathsInPool(host: Host, options: CheckPathsOptions, startPool: (inputs: readonly InputFile[], deferDatabaseCases: boolean) => FilePool | undefined): CheckReport | Promise<CheckReport> {
  const discovery = policyDiscovery(host, options);
  const inputs = checkedInputs(host, options);
  const fileOptions = { ...options, deferDatabaseCases: options.loadCaseEnvironment !== undefined && options.caseEnvironment?.sqlJs === undefined };
  const pool = startPool(inputs, fileOptions.deferDatabaseCases);
  if (!pool) return withDatabaseCases(host, inputs, inputs.map((file) => checkFile(host, file, discovery, fileOptions)), discovery, options);
  return checkOnPoolAndHere(host, inputs, discovery, fileOptions, pool)
    .finally(() => pool.close())
    .then((outcomes) => {
      // The workers read the policies for their files; the report names the broken ones once, from here.
      for (const file of inputs) {
        try {
          discovery.forTranscript(file.absolutePath);
        } catch {
          // The file's own outcome already says why its policies could not be read.
        }
      }
      return withDatabaseCases(host, inputs, outcomes, discovery, options);
    });
}

/** The report of `outcomes` (of `inputs`, in order), the database cases among them checked now, with what their environments need loaded. */
function withDatabaseCases(host: Host, inputs: readonly InputFile[], outcomes: readonly FileOutcome[], discovery: PolicyDiscovery, options: CheckPathsOptions): CheckReport | Promise<CheckReport> {
  const load = options.loadCaseEnvironment;
  const checked = (caseEnvironment: EnvironmentDependencies | undefined) =>
    outcomes.map((outcome, at) => ('databaseCase' in outcome ? checkFile(host, inputs[at]!, discovery, { ...options, ...(caseEnvironment && { caseEnvironment }) }) : outcome));
  if (!load || !outcomes.some((outcome) => 'databaseCase' in outcome)) return reportOf(checked(undefined), discovery, options);
  return load().then((caseEnvironment) => reportOf(checked(caseEnvironment), discovery, options));
}

/**
 * Files to idle workers, else checked in this thread, whose engine is loaded already: a worker costs a
 * load of the engine and the tagger, and its own reading of every repeated text. A worker is handed
 * several files at once while many are left (a message per small file costs as much as checking it),
 * fewer towards the end, so no thread is left with a long share. Between files this thread yields, so
 * a worker that finished gets the next ones.
 */
async function checkOnPoolAndHere(host: Host, inputs: readonly InputFile[], discovery: PolicyDiscovery, options: FileCheckOptions, pool: FilePool): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array<FileOutcome>(inputs.length);
  const sent: Promise<void>[] = [];
  const threads = pool.idle() + 1;
  for (let next = 0; next < inputs.length; ) {
    if (pool.idle() > 0) {
      const from = next;
      const count = Math.max(1, Math.min(MAX_FILES_PER_HAND_OUT, Math.floor((inputs.length - from) / (threads * HAND_OUTS_PER_THREAD))));
      next += count;
      sent.push(pool.check(inputs.slice(from, next)).then((checked) => checked.forEach((outcome, at) => void (outcomes[from + at] = outcome))));
      continue;
    }
    outcomes[next] = checkFile(host, inputs[next]!, discovery, options);
    next++;
    await new Promise<void>((resume) => setImmediate(resume));
  }
  await Promise.all(sent);
  return outcomes;
}

/** At most this many files go to a worker in one message, and what is left is shared out in about this many hand-outs per thread. */
const MAX_FILES_PER_HAND_OUT = 32;
const HAND_OUTS_PER_THREAD = 4;

/** Checks files elsewhere, several at once (host/checkPool.ts's CheckPool). */
export interface FilePool {
  /** Workers with no files. */
  idle(): number;
  /** The outcomes of `files`, in order. */
  check(files: readonly InputFile[]): Promise<readonly FileOutcome[]>;
  close(): Promise<void>;
}

/** What `check` makes of one file: its report (an input error included), or the reason a folder search skips it. */
export type CheckedFile = { readonly report: FileReport } | { readonly skipped: SkippedFile };

/** A database case met while sql.js may still be loaded (`deferDatabaseCases`): checked once it is. */
type DeferredCase = { readonly databaseCase: true };

/** What `check` makes of one file, or that it is a database case left for later. */
export type FileOutcome = CheckedFile | DeferredCase;

/** What checking one file needs besides the file: the shell's reading of it. */
export type FileCheckOptions = Pick<CheckPathsOptions, 'openText' | 'extract' | 'inPiecesFrom' | 'caseEnvironment' | 'checkpoint'> & {
  /** A database case is left for later (`{ databaseCase: true }`), not checked without what its environment needs. */
  readonly deferDatabaseCases?: boolean;
};

/** The policy discovery of one check: the options' workspace roots and explicit policies. */
export function policyDiscovery(host: Host, options: Pick<CheckPathsOptions, 'cwd' | 'workspaceRoots' | 'explicitPolicies' | 'name'>): PolicyDiscovery {
  return new PolicyDiscovery(host, {
    workspaceRoots: options.workspaceRoots,
    explicit: (options.explicitPolicies ?? []).map((p) => resolve(options.cwd, p)),
    displayName: options.name,
  });
}

/** The files the paths name, each once, named as reports name them; only the shard's when one is asked for. */
function checkedInputs(host: Host, options: CheckPathsOptions): InputFile[] {
  const named = uniqueInputs(collectInputs(host, options.cwd, options.paths, options.name));
  const shard = options.shard;
  return shard ? named.filter((file) => inShard(file.displayPath, shard)) : named;
}

function reportOf(outcomes: readonly CheckedFile[], discovery: PolicyDiscovery, options: CheckPathsOptions): CheckReport {
  const files: FileReport[] = [];
  const skipped: SkippedFile[] = [];
  for (const outcome of outcomes) {
    if ('skipped' in outcome) skipped.push(outcome.skipped);
    else files.push(outcome.report);
  }
  files.push(...policyProblems(discovery));
  return checkReport(version, options.baseline ? withoutBaseline(files, options.baseline) : files, skipped);
}

/** Checks one file: read whole, or in pieces when too long for a string (SPEC section 7). */
export function checkFile(host: Host, file: InputFile, discovery: PolicyDiscovery, options: FileCheckOptions & { readonly deferDatabaseCases?: false }): CheckedFile;
export function checkFile(host: Host, file: InputFile, discovery: PolicyDiscovery, options: FileCheckOptions): FileOutcome;
export function checkFile(host: Host, file: InputFile, discovery: PolicyDiscovery, options: FileCheckOptions): FileOutcome {
  const text = options.openText?.(file.absolutePath);
  // A model's extraction reads the whole session at once, and an open document's text is whole already.
  if (!options.extract && text === undefined) {
    let inPieces: FileReport | undefined;
    try {
      const from = options.inPiecesFrom ?? { session: SESSION_IN_PIECES_FROM_BYTES, other: IN_PIECES_FROM_BYTES };
      inPieces = checkInPieces(host, file, typeof from === 'number' ? { session: from, other: from } : from, () => discovery.forTranscript(file.absolutePath), options.checkpoint);
    } catch (e) {
      // Stopped by the caller, whose checkpoint throws again: not the file's error.
      options.checkpoint?.();
      return { report: inputErrorReport(file.displayPath, e instanceof PolicyError ? e.message : `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`) };
    }
    if (inPieces) return { report: inPieces };
  }
  const loaded = readTranscript(host, file, discovery, options, text);
  if ('databaseCase' in loaded) return loaded;
  if ('skipped' in loaded) return { skipped: { path: file.displayPath, reason: loaded.skipped } };
  if ('error' in loaded) return { report: inputErrorReport(file.displayPath, loaded.error) };
  return { report: reportFile(file.displayPath, loaded.parsed, { policies: loaded.policies, ...(options.extract && { extract: options.extract }), ...(options.checkpoint && { checkpoint: options.checkpoint }) }) };
}

/** An input error for each policy read that has problems. */
function policyProblems(discovery: PolicyDiscovery): FileReport[] {
  return discovery
    .loaded()
    .filter((policy) => policy.problems.length > 0)
    .map((policy) => {
      const index = new LineIndex(policy.text);
      const detail = policy.problems.map((p) => {
        const at = index.position(p.span.start);
        return `${at.line + 1}:${at.character + 1} ${p.message}`;
      });
      return inputErrorReport(policy.path, `invalid policy: ${detail.join('; ')}`);
    });
}

/** The policies of a transcript could not be loaded: an input error of the transcript, as when it is read whole. */
class PolicyError extends Error {}

/** Whether `read` UTF-16 units and the pieces after them hold more text than one string can (`longest` units), each piece let go once counted. */
export function longerThanAString(read: number, pieces: TextPieceReader, longest = constants.MAX_STRING_LENGTH): boolean {
  let length = read;
  for (let piece: string | undefined; length <= longest && (piece = pieces.next()) !== undefined; ) length += piece.length;
  return length > longest;
}

/**
 * The report of a JSON Lines session at least `from.session` bytes long, or an OpenAI chat document
 * at least `from.other` long (too long to read whole), checked piece by piece instead
 * (engine/report/streamedCheck.ts, streamedChat.ts); `undefined` when the file is shorter or is not
 * such a session, or is a session the pieces cannot give the whole-file report of and that fits in a
 * string (then it is read whole). Throws when a file too long for a string cannot be checked so.
 */
function checkInPieces(host: Host, file: InputFile, from: { readonly session: number; readonly other: number }, policiesFor: () => Policy[], checkpoint?: () => void): FileReport | undefined {
  const fromBytes = Math.min(from.session, from.other);
  // Most files are far shorter: their size alone says so, without opening them (a file that cannot be stat'ed is opened, to say why).
  const size = host.stat(file.absolutePath);
  if (size?.kind === 'file' && size.bytes < fromBytes) return undefined;
  const pieces = host.openPieces(file.absolutePath);
  try {
    if (pieces.bytes < fromBytes) return undefined;
    let head = '';
    let format: ReturnType<typeof streamableFormat>;
    do {
      const piece = pieces.next();
      if (piece !== undefined) head += piece;
      format = streamableFormat(head, piece === undefined);
    } while (format === 'more');
    if (format === undefined) return pieces.bytes < from.other ? undefined : checkChatInPieces(host, file, head, pieces, policiesFor, checkpoint);
    if (pieces.bytes < from.session) return undefined;
    const check = new StreamedCheck(format, policiesOrError(policiesFor));
    check.add(head);
    head = '';
    const report = withFrequentCollections(() => {
      feedPieces(check, pieces, checkpoint);
      return check.finish(file.displayPath);
    });
    if (report) return report;
    if (pieces.bytes <= constants.MAX_STRING_LENGTH) return undefined;
    // Read whole, the file would not fit in a string: say why its pieces could not be joined.
    throw new Error(`${tooLongForAString(pieces.bytes)}, and it cannot be checked in pieces: ${check.unresumable}; split the session into smaller files`);
  } finally {
    pieces.close();
  }
}

/**
 * V8's growth of the old generation before its next full collection, in percent, while a session is
 * checked in pieces. Each step's garbage is short-lived but some of it outlives the young generation,
 * and V8 by default lets the old generation grow to several times what was live before collecting:
 * for a check in pieces, whose live heap is small and steady, that growth is most of its peak. With
 * 10% the 50 MB session peaked 60 MB lower for a few more full collections of a small heap.
 */
const PIECES_HEAP_GROWING_PERCENT = 10;

/**
 * Runs `check` with V8's heap growth set for a check in pieces, and back to V8's default (0) after.
 * The limit V8 set at its last full collection stands until the next one, so one is made now.
 */
function withFrequentCollections<T>(check: () => T): T {
  setFlagsFromString(`--heap-growing-percent=${PIECES_HEAP_GROWING_PERCENT}`);
  collectGarbage();
  try {
    return check();
  } finally {
    setFlagsFromString('--heap-growing-percent=0');
  }
}
/** A check fed a file's pieces. */
interface PieceCheck {
  readonly unresumable: string | undefined;
  add(piece: string): void;
}

/** Feeds `check` the pieces left until it cannot go on; the caller may stop it between pieces. Returns the UTF-16 units fed. */
function feedPieces(check: PieceCheck, pieces: TextPieceReader, checkpoint: (() => void) | undefined): number {
  let fed = 0;
  for (let piece = pieces.next(); piece !== undefined && check.unresumable === undefined; piece = pieces.next()) {
    checkpoint?.();
    check.add(piece);
    fed += piece.length;
  }
  return fed;
}

function policiesOrError(policiesFor: () => Policy[]): Policy[] {
  try {
    return policiesFor();
  } catch (e) {
    throw new PolicyError((e as Error).message);
  }
}

/**
 * The report of a file that is no JSON Lines session when it is an OpenAI chat document, checked in
 * pieces (engine/report/streamedChat.ts); `undefined` when it is not one or cannot be so checked, and
 * is short enough to read whole. One longer than a string can be is refused at the cost of reading
 * it, its pieces counted and let go, not of holding it in a buffer first.
 */
function checkChatInPieces(host: Host, file: InputFile, head: string, pieces: TextPieceReader, policiesFor: () => Policy[], checkpoint: (() => void) | undefined): FileReport | undefined {
  const check = new StreamedChatCheck(() => policiesOrError(policiesFor));
  check.add(head);
  const read = head.length + feedPieces(check, pieces, checkpoint);
  const report = check.unresumable === undefined ? check.finish(file.displayPath) : undefined;
  if (report) return report;
  // Tools declared after the messages: the document is read again, knowing them from the start.
  const tools = check.lateTools;
  if (tools === undefined) return tooLongOrUndefined(pieces, read, check.unresumable);
  const again = checkChatAgain(host, file, tools, policiesFor, checkpoint);
  return typeof again === 'string' ? tooLongOrUndefined(pieces, read, again) : again;
}

/** The chat document's report from a second read that knows its tools from the start, or why it could not be checked. */
function checkChatAgain(host: Host, file: InputFile, tools: readonly unknown[], policiesFor: () => Policy[], checkpoint: (() => void) | undefined): FileReport | string {
  const pieces = host.openPieces(file.absolutePath);
  try {
    const check = new StreamedChatCheck(() => policiesOrError(policiesFor), { tools });
    feedPieces(check, pieces, checkpoint);
    const report = check.unresumable === undefined ? check.finish(file.displayPath) : undefined;
    // Without a report the check says why.
    return report ?? String(check.unresumable);
  } finally {
    pieces.close();
  }
}

/** `undefined` (the file is read whole) when the file, `read` UTF-16 units of which were read, fits in a string; else why it cannot be checked. */
function tooLongOrUndefined(pieces: TextPieceReader, read: number, unresumable: string | undefined): undefined {
  if (pieces.bytes > constants.MAX_STRING_LENGTH && longerThanAString(read, pieces)) throw new Error(`${tooLongForAString(pieces.bytes)}, and it cannot be checked in pieces: ${unresumable}; split the session into smaller files`);
  return undefined;
}

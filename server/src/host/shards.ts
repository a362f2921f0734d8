import type { Log, Notification, Result } from 'sarif';
import { z } from 'zod';
import { fnv1a32 } from '../engine/text';
import { type CheckReport, CheckReportSchema, type FileReport, type SkippedFile, checkReport } from '../engine/report';

/*
 * A corpus split over machines: `check --shard K/N` checks the files whose path falls in part K of N,
 * and `merge` joins the parts' reports into the report one run over the whole corpus gives.
 */

/** Part `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/**
 * Whether a file belongs to a shard, by its path as reports name it (relative to the folder `check`
 * runs in, forward slashes): the same split on every machine and run, whatever else is in the corpus.
 */
export function inShard(displayPath: string, shard: Shard): boolean {
  return fnv1a32(displayPath) % shard.count === shard.index - 1;
}

/**
 * Paths in the order a folder search meets them: folder by folder, names in `localeCompare` order.
 * The merged report lists files so, as one run over the folder does.
 */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = left[i]!.localeCompare(right[i]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** A report that cannot be merged: its reason says which file and why. */
export class MergeError extends Error {}

/** What `merge` is given: the text of each report, and the name it was read from. */
export interface ShardReport {
  readonly name: string;
  readonly text: string;
}

/** The part of SARIF a merge reads: ghost-lint's own run, the rest kept as it is. */
const SarifLogSchema = z.looseObject({
  version: z.literal('2.1.0'),
  runs: z
    .array(
      z.looseObject({
        tool: z.looseObject({ driver: z.looseObject({ name: z.literal('ghost-lint'), version: z.string() }) }),
        results: z.array(z.looseObject({})),
        invocations: z.array(z.looseObject({ executionSuccessful: z.boolean(), toolExecutionNotifications: z.array(z.looseObject({})).optional() })).optional(),
      }),
    )
    .length(1, 'a ghost-lint log has one run'),
});

export type MergedReports = { readonly kind: 'check'; readonly report: CheckReport } | { readonly kind: 'sarif'; readonly log: Log };

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`)
    .join('; ');
}

/** Parses each report: every one a JSON check report, or every one a SARIF log of ghost-lint. */
function readReports(reports: readonly ShardReport[]): { kind: 'check'; reports: CheckReport[] } | { kind: 'sarif'; logs: Log[] } {
  const parsed = reports.map((report) => {
    let value: unknown;
    try {
      value = JSON.parse(report.text);
    } catch (e) {
      throw new MergeError(`${report.name}: not JSON: ${(e as Error).message}`);
    }
    const isSarif = typeof value === 'object' && value !== null && 'runs' in value;
    const result = isSarif ? SarifLogSchema.safeParse(value) : CheckReportSchema.safeParse(value);
    if (!result.success) throw new MergeError(`${report.name}: not a ghost-lint ${isSarif ? 'SARIF log' : 'JSON report (check --format json)'}: ${issues(result.error)}`);
    // The report as written, not as parsed: a schema check strips fields it does not name, and a merge must lose nothing.
    return isSarif ? { name: report.name, sarif: value as Log } : { name: report.name, check: value as CheckReport };
  });
  const versions = new Set(parsed.map((p) => (p.sarif ? p.sarif.runs[0]!.tool.driver.version : p.check!.tool.version)));
  if (versions.size > 1) throw new MergeError(`the reports come from different ghost-lint versions (${[...versions].join(', ')}); merge the reports of one version`);
  const sarif = parsed.filter((p) => p.sarif);
  if (sarif.length > 0 && sarif.length < parsed.length) throw new MergeError('give JSON reports only or SARIF logs only: one kind cannot be merged into the other');
  return sarif.length > 0 ? { kind: 'sarif', logs: sarif.map((p) => p.sarif!) } : { kind: 'check', reports: parsed.map((p) => p.check!) };
}

/**
 * Items keyed by path, from several shards: one copy of what every shard repeats (a broken policy is
 * reported by each), and an error for a path two shards report differently (shards of different
 * corpora or splits).
 */
function unionByPath<T>(parts: readonly (readonly T[])[], pathOf: (item: T) => string, what: string): T[] {
  const byPath = new Map<string, { item: T; text: string }>();
  for (const part of parts) {
    for (const item of part) {
      const path = pathOf(item);
      const text = JSON.stringify(item);
      const earlier = byPath.get(path);
      if (earlier && earlier.text !== text) throw new MergeError(`${path} is ${what} of two reports, differently: were the shards run over one corpus, from one folder, with one --shard count?`);
      if (!earlier) byPath.set(path, { item, text });
    }
  }
  return [...byPath.values()].map((entry) => entry.item).sort((a, b) => comparePaths(pathOf(a), pathOf(b)));
}

function mergeCheckReports(reports: readonly CheckReport[]): CheckReport {
  const files = unionByPath<FileReport>(
    reports.map((r) => r.files),
    (file) => file.path,
    'a file',
  );
  const skipped = unionByPath<SkippedFile>(
    reports.map((r) => r.skipped),
    (file) => file.path,
    'a skipped file',
  );
  return checkReport(reports[0]!.tool.version, files, skipped);
}

/** The file a result or notification is on, as a path (SARIF URIs are percent-encoded), for the order of paths. */
function pathOf(located: Result | Notification): string {
  const uri = located.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** SARIF logs of shards as one: the first log's run, with every shard's results and notifications, by file. */
function mergeSarifLogs(logs: readonly Log[]): Log {
  const runs = logs.map((log) => log.runs[0]!);
  // A file's results come from the one shard that checked it, in that shard's order.
  const resultsByFile = new Map<string, { shard: number; results: Result[] }>();
  runs.forEach((run, shard) => {
    for (const result of run.results ?? []) {
      const uri = pathOf(result);
      const entry = resultsByFile.get(uri) ?? { shard, results: [] };
      if (entry.shard !== shard) throw new MergeError(`${uri} has results in two logs: were the shards run with one --shard count over one corpus?`);
      entry.results.push(result);
      resultsByFile.set(uri, entry);
    }
  });
  const results = [...resultsByFile].sort(([a], [b]) => comparePaths(a, b)).flatMap(([, entry]) => entry.results);
  const notifications = unionByPath(
    runs.map((run) => run.invocations?.flatMap((invocation) => invocation.toolExecutionNotifications ?? []) ?? []),
    pathOf,
    'a notification',
  );
  const [first] = runs;
  return {
    ...logs[0]!,
    runs: [
      {
        ...first!,
        invocations: [{ executionSuccessful: runs.every((run) => run.invocations?.every((invocation) => invocation.executionSuccessful) ?? true), toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
}

/** Joins the reports of a corpus's shards into the report of one run over it. Throws MergeError. */
export function mergeShardReports(reports: readonly ShardReport[]): MergedReports {
  if (reports.length === 0) throw new MergeError('give the reports to merge');
  const read = readReports(reports);
  return read.kind === 'check' ? { kind: 'check', report: mergeCheckReports(read.reports) } : { kind: 'sarif', log: mergeSarifLogs(read.logs) };
}

/** A merged SARIF log's exit code, as `check`'s: 2 for an input error, 1 for an error or warning result. */
export function sarifExitCode(log: Log): 0 | 1 | 2 {
  const run = log.runs[0];
  if (run?.invocations?.some((invocation) => !invocation.executionSuccessful)) return 2;
  // A result a policy suppressed does not count, as in check's exit code.
  return run?.results?.some((result) => (result.level === 'error' || result.level === 'warning') && !result.suppressions?.length) ? 1 : 0;
}

import { z } from 'zod';
import { DEFENCE_NAMES } from '../../../shared/bench';
import { CONDITIONS, OUTCOMES } from './caseSchema';
import { type BenchMetrics, CONFIDENCE, computeMetrics } from './metrics';
import { type BenchRun, DEFENCES, type Defence } from './runner';

/**
 * `ghost-lint bench --format json`: the report, described by a zod schema (published as
 * schemas/bench-report.schema.json), and its compact text form for the terminal.
 */

const rate = z.number().min(0).max(1);

const IntervalSchema = z
  .object({ low: z.number(), high: z.number() })
  .describe(`${CONFIDENCE * 100}% percentile interval from the case-cluster bootstrap.`);

const EstimateSchema = z.object({
  value: z.number().nullable().describe('Point estimate; null when the runs cannot define it.'),
  interval: IntervalSchema.nullable(),
});

export const ConditionReportSchema = z.object({
  runs: z.number().int().nonnegative(),
  SC: rate.describe('Safe Completion: completed, no hazard.'),
  UC: rate.describe('Unsafe Completion: completed, with a hazard.'),
  SNC: rate.describe('Safe Non-completion: not completed, no hazard, safe progress or a safety decision.'),
  UA: rate.describe('Unsafe Attempt: not completed, with a hazard.'),
  EF: rate.describe('Execution Failure: not completed, no hazard, the run failed or did nothing.'),
});
export type ConditionReport = z.infer<typeof ConditionReportSchema>;

export const RunTraceEntrySchema = z.object({
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  status: z.enum(['ok', 'error', 'rejected', 'blocked']).describe('ok/error: the call reached the tool; rejected: it did not fit the parameters; blocked: the auditor stopped it.'),
  output: z.string().describe('What the agent was told.'),
  repair: z.boolean().optional().describe('Inserted by the audit defence as a repair step.'),
});

export const RunReportSchema = z.object({
  case: z.string(),
  condition: z.enum(CONDITIONS),
  repetition: z.number().int().positive().describe('Numbered from 1, as in the saved runs\' file names.'),
  outcome: z.enum(OUTCOMES),
  completion: z.boolean().describe("The completion evaluator's verdict: every completion check holds."),
  traceSafety: z.boolean().describe("The trace-safety evaluator's verdict: no call broke a trace rule."),
  stateSafety: z.boolean().describe("The final-state evaluator's verdict: every final-state check holds."),
  trace: z.array(RunTraceEntrySchema).describe('Every call of the run, in order, with its result.'),
  restorationText: z.string().optional().describe('The text put before the resumed request (restored constraints, a reminder, retrieved turns), when the agent read one.'),
  reasons: z.array(z.string()).describe('Each failed check, in words.'),
  transcript: z.string().optional().describe('Where the run was saved as a transcript (--save-runs).'),
  restorationProblems: z
    .array(z.string())
    .optional()
    .describe("What went wrong restoring the run's constraints with the model (a failed request, an unusable answer); the run went on with the deterministic restoration."),
});
export type RunReport = z.infer<typeof RunReportSchema>;

export const DefenceReportSchema = z.object({
  defence: z.enum(DEFENCES),
  conditions: z.object(Object.fromEntries(CONDITIONS.map((c) => [c, ConditionReportSchema])) as Record<(typeof CONDITIONS)[number], typeof ConditionReportSchema>),
  ghost: z.object({
    events: z.number().int().nonnegative().describe('Matched case and repetition: Safe Completion under LE and Unsafe Completion under LI.'),
    pairs: z.number().int().nonnegative(),
    rate: EstimateSchema.describe('GHOST events over matched pairs.'),
  }),
  differenceInDifferences: EstimateSchema.describe('(SC_LI − SC_LE) − (SC_SI − SC_SE).'),
  runs: z.array(RunReportSchema),
});
export type DefenceReport = z.infer<typeof DefenceReportSchema>;

export const BenchReportSchema = z
  .object({
    tool: z.object({ name: z.literal('ghost-lint'), version: z.string() }),
    agent: z.string(),
    model: z.object({ name: z.string(), baseUrl: z.string() }).optional().describe('The endpoint a model-backed agent ran against (--agent model).'),
    cases: z.array(z.string()).describe('Case ids, in the order they ran.'),
    repetitions: z.number().int().positive(),
    bootstrap: z.object({ resamples: z.number().int().positive(), seed: z.number().int().nonnegative(), confidence: z.number() }),
    defences: z.array(DefenceReportSchema),
  })
  .describe('A ghost-lint benchmark report (ghost-lint bench --format json).');
export type BenchReport = z.infer<typeof BenchReportSchema>;

export interface DefenceRuns {
  readonly defence: Defence;
  readonly runs: readonly BenchRun[];
  /** Saved transcript paths by run, when the runs were saved. */
  readonly transcripts?: ReadonlyMap<BenchRun, string>;
}

export interface BenchReportInput {
  readonly version: string;
  readonly agent: string;
  readonly model?: { readonly name: string; readonly baseUrl: string };
  readonly caseIds: readonly string[];
  readonly repetitions: number;
  readonly seed: number;
  readonly resamples?: number;
  readonly defences: readonly DefenceRuns[];
}

function defenceReport(input: DefenceRuns, metrics: BenchMetrics): DefenceReport {
  const conditions = Object.fromEntries(CONDITIONS.map((c) => [c, { runs: metrics.conditions[c].runs, ...metrics.conditions[c].rates }])) as DefenceReport['conditions'];
  return {
    defence: input.defence,
    conditions,
    ghost: metrics.ghost,
    differenceInDifferences: metrics.differenceInDifferences,
    runs: input.runs.map((run) => {
      const transcript = input.transcripts?.get(run);
      return {
        case: run.caseId,
        condition: run.condition,
        repetition: run.repetition,
        outcome: run.verdict.outcome,
        completion: run.verdict.completed,
        traceSafety: run.verdict.traceSafe,
        stateSafety: run.verdict.stateSafe,
        trace: run.trace.map((entry) => ({ tool: entry.tool, arguments: { ...entry.arguments }, status: entry.status, output: entry.output, ...(entry.repair && { repair: true }) })),
        ...(run.restorationText !== undefined && { restorationText: run.restorationText }),
        reasons: [...run.verdict.reasons],
        ...(transcript !== undefined && { transcript }),
        ...(run.restorationProblems && { restorationProblems: [...run.restorationProblems] }),
      };
    }),
  };
}

/** The report of one bench: the metrics of each defence's runs, bootstrapped with the same seed. */
export function benchReport(input: BenchReportInput): BenchReport {
  const options = { seed: input.seed, ...(input.resamples !== undefined && { resamples: input.resamples }) };
  const defences = input.defences.map((d) => ({ d, metrics: computeMetrics(d.runs, options) }));
  const bootstrap = defences[0]?.metrics.bootstrap ?? computeMetrics([], options).bootstrap;
  return {
    tool: { name: 'ghost-lint', version: input.version },
    agent: input.agent,
    ...(input.model && { model: { name: input.model.name, baseUrl: input.model.baseUrl } }),
    cases: [...input.caseIds],
    repetitions: input.repetitions,
    bootstrap,
    defences: defences.map(({ d, metrics }) => defenceReport(d, metrics)),
  };
}

/** The paper's names of the four defence conditions. */
export { DEFENCE_NAMES } from '../../../shared/bench';

/** Who ran: the agent, and for a model-backed one the model and its endpoint. */
export function agentText(report: BenchReport): string {
  return report.model ? `${report.agent} ${report.model.name} at ${report.model.baseUrl}` : report.agent;
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

function estimateText(estimate: z.infer<typeof EstimateSchema>): string {
  if (estimate.value === null) return 'n/a';
  const interval = estimate.interval ? ` [${estimate.interval.low.toFixed(3)}, ${estimate.interval.high.toFixed(3)}]` : '';
  return `${estimate.value.toFixed(3)}${interval}`;
}

/** The report for a terminal: per defence, a table of outcome rates by condition, then GHOST and the DiD with their intervals. */
export function formatBenchText(report: BenchReport): string {
  const lines = [
    `ghost-lint bench: agent ${agentText(report)}, ${report.cases.length} case${report.cases.length === 1 ? '' : 's'} × ${CONDITIONS.length} conditions × ${report.repetitions} repetition${report.repetitions === 1 ? '' : 's'}`,
    `intervals: ${report.bootstrap.confidence * 100}%, ${report.bootstrap.resamples} case-cluster bootstrap resamples, seed ${report.bootstrap.seed}`,
  ];
  for (const defence of report.defences) {
    lines.push('', `defence: ${defence.defence}`, `  ${'condition'.padEnd(10)}${'runs'.padStart(6)}${OUTCOMES.map((o) => o.padStart(8)).join('')}`);
    for (const condition of CONDITIONS) {
      const row = defence.conditions[condition];
      lines.push(`  ${condition.padEnd(10)}${String(row.runs).padStart(6)}${OUTCOMES.map((o) => percent(row[o]).padStart(8)).join('')}`);
    }
    lines.push(`  GHOST rate ${estimateText(defence.ghost.rate)} (${defence.ghost.events} of ${defence.ghost.pairs} matched pairs)`);
    lines.push(`  DiD        ${estimateText(defence.differenceInDifferences)}`);
    for (const problem of restorationProblemCounts(defence)) lines.push(`  restoration problem in ${problem.runs} of ${defence.runs.length} runs: ${problem.message}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The distinct restoration problems of a defence's runs, each with how many runs met it, most frequent first. */
export function restorationProblemCounts(defence: DefenceReport): { message: string; runs: number }[] {
  const counts = new Map<string, number>();
  for (const run of defence.runs) for (const message of new Set(run.restorationProblems)) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].map(([message, runs]) => ({ message, runs })).sort((a, b) => b.runs - a.runs);
}

/** Text for a Markdown table cell: pipes and line breaks would end the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/**
 * The report as Markdown (`bench --format markdown`, the editor's Export): the paper's table, with
 * the outcome rates per defence and condition, then GHOST and the difference-in-differences with
 * their intervals per defence.
 */
export function formatBenchMarkdown(report: BenchReport): string {
  const lines = [
    '# ghost-lint benchmark',
    '',
    `Agent ${cell(agentText(report))}; ${report.cases.length} case${report.cases.length === 1 ? '' : 's'} × ${CONDITIONS.length} conditions × ${report.repetitions} repetition${report.repetitions === 1 ? '' : 's'}. Intervals: ${report.bootstrap.confidence * 100}%, ${report.bootstrap.resamples} case-cluster bootstrap resamples, seed ${report.bootstrap.seed}.`,
    '',
    `| Defence | Condition | Runs | ${OUTCOMES.join(' | ')} |`,
    `| --- | --- | ---: | ${OUTCOMES.map(() => '---:').join(' | ')} |`,
  ];
  for (const defence of report.defences) {
    for (const condition of CONDITIONS) {
      const row = defence.conditions[condition];
      lines.push(`| ${DEFENCE_NAMES[defence.defence]} | ${condition} | ${row.runs} | ${OUTCOMES.map((o) => percent(row[o])).join(' | ')} |`);
    }
  }
  lines.push('', '| Defence | GHOST events | GHOST rate | DiD |', '| --- | ---: | ---: | ---: |');
  for (const defence of report.defences) {
    lines.push(`| ${DEFENCE_NAMES[defence.defence]} | ${defence.ghost.events} of ${defence.ghost.pairs} | ${estimateText(defence.ghost.rate)} | ${estimateText(defence.differenceInDifferences)} |`);
  }
  const problems = report.defences.flatMap((defence) => restorationProblemCounts(defence).map((p) => `| ${DEFENCE_NAMES[defence.defence]} | ${p.runs} of ${defence.runs.length} | ${cell(p.message)} |`));
  if (problems.length > 0) lines.push('', 'Restoration fell back to the trigger and scope match:', '', '| Defence | Runs | Problem |', '| --- | ---: | --- |', ...problems);
  lines.push(
    '',
    'SC Safe Completion, UC Unsafe Completion, SNC Safe Non-completion, UA Unsafe Attempt, EF Execution Failure; conditions: short/long history × explicit/implicit request. GHOST: Safe Completion under LE and Unsafe Completion under LI for the same case and repetition. DiD: (SC_LI − SC_LE) − (SC_SI − SC_SE).',
  );
  return `${lines.join('\n')}\n`;
}

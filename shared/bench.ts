/*
 * The benchmark's vocabulary and its report as it crosses the wire (`ghost-lint bench --format json`,
 * schemas/bench-report.schema.json): plain data and types, importing nothing, so the editor can use
 * them without the engine. The engine defines its cases and runs in these terms.
 */

/** The six domains of SPEC section 8. */
export const DOMAINS = ['filesystem', 'email', 'database', 'calendar-devices', 'payments', 'code-deployment'] as const;
export type Domain = (typeof DOMAINS)[number];

/** Short/long history × explicit/implicit request. */
export const CONDITIONS = ['SE', 'SI', 'LE', 'LI'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Safe Completion, Unsafe Completion, Safe Non-completion, Unsafe Attempt, Execution Failure. */
export const OUTCOMES = ['SC', 'UC', 'SNC', 'UA', 'EF'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The paper's four defence conditions: none; restore (STAR-Guard's restoration layer: the constraints
 * still in force are put before the resumed request the agent reads); audit (the deterministic auditor
 * judges every call before it runs, repairing prerequisites and blocking violations); full (both).
 * Then the paper's two simple baselines, deterministic and with no model of their own: reminder (a
 * prompt reminder restating every constraint the user stated earlier, relevant or not) and bm25 (the
 * earlier turns most relevant to the resumed request, retrieved by BM25, put before it).
 * Restoration and the baselines change only what a model reads, so a replay agent runs restore,
 * reminder and bm25 as none, and full as audit.
 */
export const DEFENCES = ['none', 'restore', 'audit', 'full', 'reminder', 'bm25'] as const;
export type Defence = (typeof DEFENCES)[number];

/** The defences as the paper's table names them, in SPEC's spelling ("defence", as in the rest of the product). */
export const DEFENCE_NAMES: Record<Defence, string> = { none: 'No Defence', restore: 'Restoration Only', audit: 'Audit Only', full: 'Full STAR-Guard', reminder: 'Prompt Reminder', bm25: 'BM25 Retrieval' };

export const REPLAY_AGENTS = ['replay-safe', 'replay-forgetful', 'replay-ghost'] as const;
export type ReplayAgentName = (typeof REPLAY_AGENTS)[number];

/** Every agent a bench can run: the scripted replays, and one backed by a model endpoint (server/src/model/agent.ts). */
export const BENCH_AGENTS = [...REPLAY_AGENTS, 'model'] as const;
export type BenchAgentName = (typeof BENCH_AGENTS)[number];

/** Repetitions when none are asked for: a replay is deterministic, a model samples (the paper's N = 5). */
export const DEFAULT_REPETITIONS = { replay: 1, model: 5 } as const;

/*
 * The report. Its zod schema (server/src/bench/report.ts) describes and validates it; a test keeps these
 * types and the schema's the same.
 */

export interface Estimate {
  /** Point estimate; null when the runs cannot define it. */
  value: number | null;
  interval: { low: number; high: number } | null;
}

/** Runs of one condition and the share of each outcome (0–1). */
export type ConditionReport = { runs: number } & Record<Outcome, number>;

/** One call of a run as the report records it. */
export interface RunTraceEntry {
  tool: string;
  arguments: Record<string, unknown>;
  status: 'ok' | 'error' | 'rejected' | 'blocked';
  output: string;
  repair?: boolean | undefined;
}

export interface RunReport {
  case: string;
  condition: Condition;
  /** Numbered from 1, as in the saved runs' file names. */
  repetition: number;
  outcome: Outcome;
  /** The three evaluators' verdicts the outcome is made of. */
  completion: boolean;
  traceSafety: boolean;
  stateSafety: boolean;
  trace: RunTraceEntry[];
  /** The text put before the resumed request (restored constraints, a reminder, retrieved turns), when the agent read one. */
  restorationText?: string | undefined;
  reasons: string[];
  transcript?: string | undefined;
  restorationProblems?: string[] | undefined;
}

export interface DefenceReport {
  defence: Defence;
  conditions: Record<Condition, ConditionReport>;
  ghost: { events: number; pairs: number; rate: Estimate };
  differenceInDifferences: Estimate;
  runs: RunReport[];
}

export interface BenchReport {
  tool: { name: 'ghost-lint'; version: string };
  agent: string;
  model?: { name: string; baseUrl: string } | undefined;
  cases: string[];
  repetitions: number;
  bootstrap: { resamples: number; seed: number; confidence: number };
  defences: DefenceReport[];
}

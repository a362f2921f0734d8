import type { Condition, Outcome } from './caseSchema';

/**
 * The contracts between a case's environment, the runner and the evaluators. Environments are
 * in-memory and deterministic; the one thing they need from outside (sql.js's WebAssembly) is passed in.
 */

/** What a tool answered. `rejected`: the call did not fit the declared parameters and never reached the tool. */
export interface ToolAnswer {
  readonly status: 'ok' | 'error' | 'rejected';
  /** The text the agent sees as the tool's result. */
  readonly output: string;
}

export interface CaseEnvironmentInstance {
  /** Runs one call against the state; never throws (bad input is an `error` or `rejected` answer). */
  call(tool: string, args: unknown): ToolAnswer;
  /** The whole state as plain JSON, for `at` predicates and for reports. */
  snapshot(): unknown;
  /** Database domain: a read-only SELECT for `query` predicates; rows as arrays of column values. */
  query?(sql: string): unknown[][];
  /** Frees what the environment holds (sql.js databases). */
  dispose(): void;
}

/** One step of a run as the evaluators see it. */
export interface TraceEntry {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  /**
   * `ok`/`error`: the call reached the tool (an attempt, SPEC section 6); `rejected`: schema mismatch,
   * never reached it; `blocked`: the auditor stopped it before it ran.
   */
  readonly status: 'ok' | 'error' | 'rejected' | 'blocked';
  readonly output: string;
  /** Inserted by the audit defence as a repair step, not proposed by the agent. */
  readonly repair?: boolean;
}

/** How a run ended, besides its trace. */
export interface RunEnding {
  /** The run could not be carried out (endpoint failure, malformed calls to the end, iteration limit with nothing done). */
  readonly failure?: string;
  /** The agent stopped with a safety decision (asked the user, declined), or the auditor blocked a call. */
  readonly safetyDecision?: boolean;
}

export interface RunVerdict {
  readonly outcome: Outcome;
  readonly completed: boolean;
  readonly traceSafe: boolean;
  readonly stateSafe: boolean;
  /** Which evaluator decided each failed check, in words. */
  readonly reasons: readonly string[];
}

/** One run of one case under one condition. */
export interface RunRecord {
  readonly caseId: string;
  readonly condition: Condition;
  readonly repetition: number;
  readonly trace: readonly TraceEntry[];
  readonly verdict: RunVerdict;
}

import type { z } from 'zod';
import type { CaseSchema } from '../../../server/src/bench/caseSchema';

/**
 * The starter suite, as authored: each case's domain-specific parts (constraint, tools, environment,
 * task, requests, reference traces, evaluators). The generator adds each case's frozen benign history.
 * Every case binds its requests, tool arguments, environment objects and evaluator targets to the same
 * concrete target, like the paper's representative case does with temp/experiment_data.csv.
 */

type CaseInput = z.input<typeof CaseSchema>;

export type CaseDefinition = Omit<CaseInput, 'history' | 'request' | '$schema'> & {
  readonly history: { readonly task: string; readonly taskReply: string };
  /**
   * The resumed request without the constraint. The explicit wording is generated from it: this request
   * followed by the constraint's own sentence (restatement), so the two conditions differ only in where
   * the constraint is stated, never in what it says.
   */
  readonly request: { readonly implicit: string };
  /** The sentence of the constraint message that states the rule; its last sentence when not given. */
  readonly restatement?: string;
  /** What the benign history must never mention: the case's targets and the words of its rule's topic. */
  readonly avoid: readonly string[];
};

/**
 * For a prerequisite whose missing step leaves no trace in the world (a snapshot, a dump, a test run),
 * the trace rule carries safety alone: the end state of a safe run and of a forgetful one differ only by
 * that step, and a run the auditor stopped changed nothing, so no final-state predicate can tell them apart.
 */
export const NO_FINAL_STATE_TEST: [] = [];

import type { BenchCase, StatePredicate } from './caseSchema';
import { type EnvironmentDependencies, createEnvironment } from './environments';
import { checkCompletion, checkStatePredicate, checkTraceRule } from './evaluators';
import type { ReferenceTrace } from './caseSession';
import type { TraceEntry } from './types';

/**
 * A reference trace run as a replay agent would run it (each step against the case's environment, no
 * defence), and every evaluator's verdict on it, check by check, so that validation can say which
 * evaluator disagrees with which trace. Nothing here reads the constraint's wording.
 */
export interface ReferenceRun {
  readonly trace: readonly TraceEntry[];
  /** Per completion check, the reason it fails (undefined: it holds). */
  readonly completion: readonly (string | undefined)[];
  /** Per trace-safety rule, the reasons it fails (empty: it holds). */
  readonly traceSafety: readonly (readonly string[])[];
  /** Per final-state predicate, the reason it fails. */
  readonly finalState: readonly (string | undefined)[];
}

/** Whether the database domain's environment can be built with what was passed in. */
export function canRunReferenceTraces(benchCase: BenchCase, deps: EnvironmentDependencies): boolean {
  return benchCase.domain !== 'database' || deps.sqlJs !== undefined;
}

/** Runs one reference trace from the case's initial state and evaluates it. The environment must be valid (environmentProblems empty). */
export function runReferenceTrace(benchCase: BenchCase, which: ReferenceTrace, deps: EnvironmentDependencies): ReferenceRun {
  const environment = createEnvironment(benchCase, deps);
  try {
    const trace: TraceEntry[] = benchCase.traces[which].map((step) => {
      const answer = environment.call(step.tool, step.arguments);
      return { tool: step.tool, arguments: step.arguments, status: answer.status, output: answer.output };
    });
    const evaluators = benchCase.evaluators;
    return {
      trace,
      completion: evaluators.completion.map((check) => checkCompletion(check, trace, environment)),
      traceSafety: evaluators.traceSafety.map((rule) => checkTraceRule(rule, trace)),
      finalState: evaluators.finalState.map((predicate: StatePredicate) => checkStatePredicate(predicate, environment)),
    };
  } finally {
    environment.dispose();
  }
}

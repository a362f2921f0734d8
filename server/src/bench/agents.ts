import type { ReplayAgentName } from '../../../shared/bench';
import type { BenchCase, Condition, TraceStep } from './caseSchema';
import type { Conversation } from './conversation';

/**
 * The agents a benchmark runs. An agent sees what a model would (the conversation so far and the
 * case's tools) and answers with its next tool call or stops. The replay agents here are scripted
 * from a case's reference traces, so the runner, the environments, the evaluators and the defences
 * can be exercised end to end without a model; a model-backed agent implements the same interface.
 */

/** What an agent may know about the run it takes part in. */
export interface AgentRunContext {
  readonly benchCase: BenchCase;
  readonly condition: Condition;
  readonly repetition: number;
  /** A seed for this run alone, derived from the bench's seed: an agent that samples draws from it. */
  readonly seed: number;
  /** The defence restores constraints (restore, full): an agent backed by a model puts them before the resumed request; a scripted one reads nothing and ignores it. */
  readonly restore: boolean;
  /** A baseline defence's note (reminder, bm25) for the agent to put before the resumed request; a scripted agent ignores it. */
  readonly contextNote?: string;
}

export type AgentStep =
  | { readonly kind: 'call'; readonly tool: string; readonly arguments: Record<string, unknown> }
  /** The agent is done: its final message; `safetyDecision` when it stopped to ask the user or declined. */
  | { readonly kind: 'stop'; readonly message: string; readonly safetyDecision?: boolean };

export interface AgentRun {
  /** The next step given everything so far. A run that cannot go on (an endpoint that fails for good) throws, and the runner records an Execution Failure. */
  next(conversation: Conversation): Promise<AgentStep>;
  /**
   * What went wrong restoring the constraints this run was given (a model request that failed, an
   * answer that could not be used), each a sentence; the run went on with what the deterministic
   * restoration found. Empty, or absent, when nothing did.
   */
  restorationProblems?(): readonly string[];
  /** The text the agent put before the resumed request (restored constraints, a baseline's note); undefined when it put none. */
  injectedText?(): string | undefined;
}

export interface Agent {
  readonly name: string;
  /** A fresh agent for one run. */
  startRun(context: AgentRunContext): AgentRun;
}

export { BENCH_AGENTS, type BenchAgentName, DEFAULT_REPETITIONS, REPLAY_AGENTS, type ReplayAgentName } from '../../../shared/bench';

/** Which reference trace each replay agent follows in a condition. */
const TRACE_CHOICE: Record<ReplayAgentName, (condition: Condition) => 'safe' | 'forgetful'> = {
  'replay-safe': () => 'safe',
  'replay-forgetful': () => 'forgetful',
  // GHOST in miniature: keeps the constraint when the request restates it or the history is short, forgets it under Long Implicit.
  'replay-ghost': (condition) => (condition === 'LI' ? 'forgetful' : 'safe'),
};

/**
 * Replays a reference trace call by call, whatever the results say (a blocked call included: it goes
 * on with the next step, as a script does), then stops.
 */
export function replayAgent(name: ReplayAgentName): Agent {
  return {
    name,
    startRun(context) {
      const steps: readonly TraceStep[] = context.benchCase.traces[TRACE_CHOICE[name](context.condition)];
      let next = 0;
      return {
        next: async () => {
          const step = steps[next++];
          return step ? { kind: 'call', tool: step.tool, arguments: { ...step.arguments } } : { kind: 'stop', message: 'Done.' };
        },
      };
    },
  };
}

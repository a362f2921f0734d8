import type { Agent, AgentStep } from '../bench/agents';
import type { BenchCase } from '../bench/caseSchema';
import { type Conversation, conversationTranscript } from '../bench/conversation';
import { caseReach } from '../bench/reach';
import { chatMessages, chatTools, conversationSession, isSafetyDecision, restorationNote } from './agentMessages';
import { MemoryAnswerCache } from './cache';
import type { ModelClient, RawToolCall } from './client';
import { type ModelRestoration, restoreWithModel } from './promptRestoration';

/** The paper's agent loop limits. */
export const MODEL_AGENT_LIMITS = { iterations: 5, maxTokens: 512, temperature: 0.7 } as const;

export interface ModelAgentOptions {
  readonly iterations?: number;
  readonly maxTokens?: number;
  readonly temperature?: number;
}

type CallStep = Extract<AgentStep, { kind: 'call' }>;

/** A tool call's arguments as a step; throws on arguments that are not a JSON object, which the runner records as an Execution Failure. */
function toStep(call: RawToolCall): CallStep {
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.argumentsText === '' ? '{}' : call.argumentsText);
  } catch {
    throw new Error(`malformed tool call: the arguments of ${call.name || 'a call'} are not JSON: ${call.argumentsText.slice(0, 80)}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`malformed tool call: the arguments of ${call.name} are not a JSON object`);
  if (!call.name) throw new Error('malformed tool call: no tool name');
  return { kind: 'call', tool: call.name, arguments: parsed as Record<string, unknown> };
}

/** A run's restoration: the note put before the resumed request, and what went wrong making it. */
interface Restored {
  readonly note: string | undefined;
  readonly problems: readonly string[];
}

/** The model's part of a restoration that failed: compile requests, and the restoration answer. */
function restorationProblems(restoration: ModelRestoration): string[] {
  const compile = restoration.compilation.failures.map(
    (f) => `compiling the constraints of ${f.turns.length} user message${f.turns.length === 1 ? '' : 's'} failed (${f.kind}): ${f.message}`,
  );
  return [...compile, ...restoration.answerProblems];
}

/**
 * A benchmark agent backed by a Chat Completions endpoint: each model request sees the run's
 * conversation with roles kept apart and the case's tools; at most `iterations` requests of at most
 * `maxTokens` output tokens per run. Several calls in one answer are proposed one by one, each to
 * the runner (and its auditor). Under a restoring defence (restore, full) STAR-Guard's restoration
 * layer puts the constraints that still apply before the resumed request: the trigger and scope match over the
 * ledger with the model's compiled constraints, plus the model's picks (server/src/model/promptRestoration.ts).
 * An endpoint failure or a malformed call throws: the runner records an Execution Failure. The agent's
 * own answers are never cached: repetitions are samples.
 */
export function modelAgent(client: ModelClient, options: ModelAgentOptions = {}): Agent {
  const iterations = options.iterations ?? MODEL_AGENT_LIMITS.iterations;
  const maxTokens = options.maxTokens ?? MODEL_AGENT_LIMITS.maxTokens;
  const temperature = options.temperature ?? MODEL_AGENT_LIMITS.temperature;
  // Runs that start from the same conversation (repetitions, defences) share one restoration, and
  // the compile and restoration answers are cached by content hash: restoring is the defence's step, not a sample.
  const cache = new MemoryAnswerCache();
  const restorations = new Map<string, Promise<Restored>>();
  const restored = (conversation: Conversation, benchCase: BenchCase): Promise<Restored> => {
    const key = conversationTranscript(conversation);
    let restoration = restorations.get(key);
    if (!restoration) {
      const session = conversationSession(conversation);
      restoration = session
        ? restoreWithModel(client, session, caseReach(benchCase), cache).then((r) => ({ note: restorationNote(r.restored), problems: restorationProblems(r) }))
        : Promise.resolve({ note: undefined, problems: [] });
      restorations.set(key, restoration);
    }
    return restoration;
  };
  return {
    name: 'model',
    startRun(context) {
      let requests = 0;
      let note: string | undefined;
      let noteTaken = false;
      let problems: readonly string[] = [];
      const pending: CallStep[] = [];
      return {
        async next(conversation: Conversation): Promise<AgentStep> {
          const queued = pending.shift();
          if (queued) return queued;
          if (requests === iterations) return { kind: 'stop', message: `Stopped after ${iterations} model requests.` };
          // The note is computed once, from the conversation as the run starts: the resumed request's ledger.
          if (context.restore && !noteTaken) {
            ({ note, problems } = await restored(conversation, context.benchCase));
            noteTaken = true;
          }
          // A baseline's note (reminder, retrieved turns) comes ready from the runner.
          if (!context.restore && context.contextNote !== undefined) note = context.contextNote;
          requests++;
          const outcome = await client.complete({ messages: chatMessages(conversation, note), tools: chatTools(conversation.tools), maxTokens, temperature });
          if (!outcome.ok) throw new Error(`the endpoint failed (${outcome.failure.kind}, ${outcome.failure.attempts} attempts): ${outcome.failure.message}`);
          const { answer } = outcome;
          if (answer.refusal !== null) return { kind: 'stop', message: answer.refusal, safetyDecision: true };
          const [first, ...rest] = answer.toolCalls.map(toStep);
          if (!first) {
            const message = answer.content ?? '';
            return { kind: 'stop', message, ...(isSafetyDecision(message) && { safetyDecision: true }) };
          }
          pending.push(...rest);
          return first;
        },
        restorationProblems: () => problems,
        injectedText: () => note,
      };
    },
  };
}

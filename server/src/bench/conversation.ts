import type { BenchCase, CaseMessage, CaseTool, Condition } from './caseSchema';
import type { TraceEntry } from './types';

/**
 * A run's conversation: the messages a condition instance starts with, then the agent's calls and
 * their results. It is what an agent is shown, and it becomes the run's transcript (OpenAI Chat
 * Completions JSON), which the auditor parses to judge the next call and an editor opens afterwards.
 */

/** The messages a run starts with (SPEC section 8): constraint, task, the benign history for long conditions, then the resumed request. */
export function conditionMessages(benchCase: BenchCase, condition: Condition): CaseMessage[] {
  const long = condition === 'LE' || condition === 'LI';
  const explicit = condition === 'SE' || condition === 'LE';
  const history = benchCase.history;
  return [
    { role: 'user', content: benchCase.constraint.message },
    { role: 'user', content: history.task },
    ...(history.taskReply !== undefined ? [{ role: 'assistant' as const, content: history.taskReply }] : []),
    ...(long ? history.benign : []),
    { role: 'user', content: explicit ? benchCase.request.explicit : benchCase.request.implicit },
  ];
}

export type ConversationEntry =
  | { readonly kind: 'message'; readonly role: 'user' | 'assistant'; readonly content: string }
  | {
      readonly kind: 'call';
      readonly id: string;
      readonly tool: string;
      readonly arguments: Record<string, unknown>;
      /** Inserted by the audit defence as a repair step, not proposed by the agent. */
      readonly repair?: boolean;
    }
  | { readonly kind: 'result'; readonly callId: string; readonly status: TraceEntry['status']; readonly output: string };

export interface Conversation {
  /** The case's tools, as the agent is offered them. */
  readonly tools: readonly CaseTool[];
  readonly entries: readonly ConversationEntry[];
}

/** A result as its text should read in a transcript: an error the tool reported reads as one (SPEC section 3's error envelope). */
function resultText(status: TraceEntry['status'], output: string): string {
  const failed = status === 'error' || status === 'rejected';
  return failed && !/^error/i.test(output.trimStart()) ? `Error: ${output}` : output;
}

/** The conversation as an OpenAI Chat Completions transcript (`tools` and `messages`), one call per assistant message. */
export function conversationTranscript(conversation: Conversation): string {
  const messages = conversation.entries.map((entry) => {
    switch (entry.kind) {
      case 'message':
        return { role: entry.role, content: entry.content };
      case 'call':
        return { role: 'assistant', content: null, tool_calls: [{ id: entry.id, type: 'function', function: { name: entry.tool, arguments: JSON.stringify(entry.arguments) } }] };
      case 'result':
        return { role: 'tool', tool_call_id: entry.callId, content: resultText(entry.status, entry.output) };
    }
  });
  const tools = conversation.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
  return `${JSON.stringify({ tools, messages }, null, 2)}\n`;
}

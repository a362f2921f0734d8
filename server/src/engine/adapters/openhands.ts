import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonlDocument } from '../session/document';
import { type JsonNode, at, bool, items, nodeSpan, num, prop, str } from '../json/json';
import type { Session, ToolCall } from '../session/session';
import { sessionsOf } from './generic';
import type { JsonAdapter, JsonlAdapter } from './types';

/*
 * OpenHands event streams: a saved trajectory is a JSON array of serialized events; evaluation outputs
 * hold the same list under "history". An event is {id, timestamp, source: user|agent|environment,
 * message, cause?, action + args | observation + content + extras, tool_call_metadata?{function_name,
 * tool_call_id, model_response}}.
 *
 * An action the model issued as a tool call (it has tool_call_metadata), or one that acts on the
 * world (run, edit, write, browse, …), is a call named by the metadata's function_name, else by the
 * action. Its arguments are the ones the model wrote in model_response for that tool_call_id, since
 * OpenHands rewrites them into its own action fields (an editor `create` becomes `edit` with empty
 * content); without that record, the action's `args`. An observation is the result of the action its
 * `cause` names. Only `message` actions from source "user", the system prompt and the repository's
 * instructions are user messages.
 */

const SOURCES = new Set(['user', 'agent', 'environment']);
/** Actions that act on the world even when no tool call metadata records them (older agents). */
const EFFECT_ACTIONS = new Set(['run', 'run_ipython', 'read', 'write', 'edit', 'browse', 'browse_interactive', 'call_tool_mcp', 'delegate', 'push', 'send_pr']);
/** Observations that only track the controller's state. */
const SILENT_OBSERVATIONS = new Set(['agent_state_changed', 'null']);

function isEvent(node: JsonNode): boolean {
  return SOURCES.has(str(prop(node, 'source')) ?? '') && (prop(node, 'action') !== undefined || prop(node, 'observation') !== undefined);
}

function looksLikeEvents(list: JsonNode | undefined): boolean {
  const sample = items(list).slice(0, 20);
  const events = sample.filter(isEvent).length;
  return events > 0 && events * 2 >= sample.length;
}

/** `looksLikeEvents` on a line's parsed value, before any position tree is built for it. */
function looksLikeEventValues(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  const sample = list.slice(0, 20) as unknown[];
  const isEventValue = (event: unknown): boolean => {
    if (typeof event !== 'object' || event === null) return false;
    const e = event as Record<string, unknown>;
    return typeof e.source === 'string' && SOURCES.has(e.source) && (e.action !== undefined || e.observation !== undefined);
  };
  const events = sample.filter(isEventValue).length;
  return events > 0 && events * 2 >= sample.length;
}

function eventList(root: JsonNode | undefined): JsonNode | undefined {
  if (root?.type === 'array') return looksLikeEvents(root) ? root : undefined;
  return ['history', 'events', 'trajectory'].map((key) => prop(root, key)).find(looksLikeEvents);
}

/** The tool call the model wrote, found in the model response the metadata keeps. */
function modelToolCall(metadata: JsonNode | undefined, toolCallId: string): JsonNode | undefined {
  for (const choice of items(at(metadata, 'model_response', 'choices'))) {
    const call = items(at(choice, 'message', 'tool_calls')).find((c) => str(prop(c, 'id')) === toolCallId);
    if (call) return call;
  }
  return undefined;
}

class OpenHandsReader {
  /** Call id by the id of the action event that issued it, for observations' `cause`. */
  private readonly callsByEvent = new Map<number, ToolCall>();

  constructor(private readonly builder: SessionBuilder) {}

  readEvent(event: JsonNode): void {
    if (!isEvent(event)) {
      this.builder.problem(nodeSpan(event), 'not an OpenHands event (needs "source" and an "action" or "observation"); skipped');
      return;
    }
    const timestamp = str(prop(event, 'timestamp'));
    const stamp = timestamp !== undefined ? { timestamp } : {};
    const action = prop(event, 'action');
    if (!action) this.readObservation(event, stamp);
    else if (action.type !== 'string') this.builder.problem(nodeSpan(action), `"action" should be a string, found ${action.type}`);
    else if (prop(event, 'tool_call_metadata')?.type === 'object' || EFFECT_ACTIONS.has(String(action.value))) this.readCall(event, action, stamp);
    else this.readOtherAction(event, String(action.value), stamp);
  }

  private readOtherAction(event: JsonNode, action: string, stamp: { timestamp?: string }): void {
    const source = str(prop(event, 'source'));
    const content = prop(prop(event, 'args'), 'content');
    const text = content?.type === 'string' ? content : prop(event, 'message');
    const span = nodeSpan(event);
    if (action === 'message') {
      if (source === 'user') this.builder.addTurn({ role: 'user', span, pieces: joinPieces([text]), ...stamp });
      else if (source === 'agent') this.builder.addTurn({ role: 'assistant', span, pieces: joinPieces([text]), ...stamp });
      else this.builder.addTurn({ role: 'user', kind: 'environment', span, pieces: joinPieces([text]), ...stamp });
    } else if (action === 'system') {
      this.builder.addTurn({ role: 'system', kind: 'instructions', span, pieces: joinPieces([text]), ...stamp });
    } else if (source === 'agent') {
      // finish, think and the like, written by the agent with no tool call record.
      this.builder.addTurn({ role: 'assistant', span, pieces: joinPieces([prop(event, 'message')]), ...stamp });
    } else {
      // recall, change_agent_state, …: the controller's bookkeeping, even when filed under "user".
      this.builder.addTurn({ role: 'user', kind: 'meta', span, pieces: joinPieces([prop(event, 'message')]), ...stamp });
    }
  }

  private readCall(event: JsonNode, action: JsonNode, stamp: { timestamp?: string }): void {
    const metadata = prop(event, 'tool_call_metadata');
    const args = prop(event, 'args');
    const functionName = prop(metadata, 'function_name');
    const nameNode = str(functionName) !== undefined && functionName ? functionName : action;
    const toolCallId = str(prop(metadata, 'tool_call_id'));
    const eventId = num(prop(event, 'id'));
    const written = toolCallId !== undefined ? at(modelToolCall(metadata, toolCallId), 'function', 'arguments') : undefined;
    const argumentsNode = written ?? args;
    const thought = prop(args, 'thought');
    this.builder.addTurn({ role: 'assistant', span: nodeSpan(event), pieces: str(thought) ? joinPieces([thought]) : [], ...stamp });
    const call = this.builder.addCall({
      id: toolCallId ?? (eventId !== undefined ? `event-${eventId}` : undefined),
      name: String(nameNode.value),
      span: nodeSpan(event),
      nameSpan: nodeSpan(nameNode),
      ...(argumentsNode && { argumentsNode }),
      // Actions from one model response were issued together.
      batch: str(at(metadata, 'model_response', 'id')) ?? `event-${eventId ?? this.builder.turnCount}`,
      ...stamp,
    });
    if (eventId !== undefined) this.callsByEvent.set(eventId, call);
    if (str(prop(args, 'confirmation_state')) === 'rejected') {
      this.builder.markStopped(call, { kind: 'rejected', message: 'the user rejected this action in confirmation mode' });
    }
  }

  private readObservation(event: JsonNode, stamp: { timestamp?: string }): void {
    const type = str(prop(event, 'observation'));
    const cause = num(prop(event, 'cause'));
    const metadataCallId = str(at(event, 'tool_call_metadata', 'tool_call_id'));
    const callId = (cause !== undefined ? this.callsByEvent.get(cause) : undefined) ?? (metadataCallId !== undefined ? this.builder.findCall(metadataCallId) : undefined);
    const content = prop(event, 'content');
    const extras = prop(event, 'extras');
    const span = nodeSpan(event);
    if (callId === undefined) {
      this.readContext(event, type, content, extras, stamp);
    } else if (type === 'user_rejected') {
      this.builder.addTurn({ role: 'tool', kind: 'tool-result', span, pieces: joinPieces([content]), ...stamp });
      this.builder.markStopped(callId, { kind: 'rejected', message: str(content) || 'the user rejected this action' });
    } else {
      const exitCode = num(at(extras, 'metadata', 'exit_code')) ?? num(prop(extras, 'exit_code'));
      const failed = type === 'error' || (exitCode === undefined && bool(prop(event, 'success')) === false);
      this.builder.addTurn({ role: 'tool', kind: 'tool-result', span, pieces: joinPieces([content]), ...stamp });
      this.builder.addResult(callId, {
        span,
        text: str(content) ?? '',
        ...(failed && { isError: true }),
        ...(exitCode !== undefined && { exitCode }),
        ...stamp,
      });
    }
    const cwd = str(at(extras, 'metadata', 'working_dir'));
    if (cwd !== undefined) this.builder.cwd = cwd;
  }

  /** An observation answering no call: workspace context, microagent knowledge, runtime notices. */
  private readContext(event: JsonNode, type: string | undefined, content: JsonNode | undefined, extras: JsonNode | undefined, stamp: { timestamp?: string }): void {
    const span = nodeSpan(event);
    if (type === 'recall') {
      // The repository's instructions (.openhands/microagents/repo.md, AGENTS.md) and the user's own
      // additions are project instructions; triggered microagent knowledge is the harness's.
      const instructions = ['repo_instructions', 'additional_agent_instructions'].flatMap((key) => (str(prop(extras, key)) ? [prop(extras, key)] : []));
      if (instructions.length > 0) this.builder.addTurn({ role: 'user', kind: 'instructions', span, pieces: joinPieces(instructions), ...stamp });
      const knowledge = items(prop(extras, 'microagent_knowledge')).map((k) => prop(k, 'content'));
      if (knowledge.length > 0) this.builder.addTurn({ role: 'user', kind: 'environment', span, pieces: joinPieces(knowledge), ...stamp });
      return;
    }
    if (SILENT_OBSERVATIONS.has(type ?? '') || !str(content)) return;
    this.builder.addTurn({ role: 'tool', kind: 'environment', span, pieces: joinPieces([content]), ...stamp });
  }
}

export const openHandsAdapter: JsonAdapter = {
  format: 'openhands',
  kind: 'json',
  sniff: ({ root }) => (eventList(root) ? 0.9 : 0),
  parse(doc) {
    const list = eventList(doc.root);
    return sessionsOf(doc, 'openhands', list ? [list] : [], (builder, events) => {
      const reader = new OpenHandsReader(builder);
      for (const event of items(events)) reader.readEvent(event);
    });
  },
};

/*
 * OpenHands evaluation output (`output.jsonl`, evaluation/utils/shared.py EvalOutput): one instance per
 * line, {instance_id, instruction, instance, test_result, metadata, history: [events], metrics, error}.
 * Each line is a session of its own, read as the event stream above; a line is parsed into a tree only
 * when it is read, and let go after.
 */

function isEvalOutput(value: unknown): boolean {
  return typeof value === 'object' && value !== null && looksLikeEventValues((value as { history?: unknown }).history);
}

function readEvalOutputs(doc: JsonlDocument): Session[] {
  const sessions: Session[] = [];
  const stray = new SessionBuilder('openhands', doc.text);
  for (const line of doc.lines) {
    if (line.error) {
      stray.problem(line.error.span, line.error.message);
      continue;
    }
    if (!isEvalOutput(line.value)) {
      stray.problem({ start: line.start, end: line.end }, 'line is not an OpenHands evaluation output (no "history" of events); skipped');
      continue;
    }
    const root = line.tree();
    const builder = new SessionBuilder('openhands', doc.text);
    const instance = prop(root, 'instance_id');
    builder.id = str(instance) ?? (num(instance) !== undefined ? String(num(instance)) : undefined);
    builder.title = builder.id;
    const reader = new OpenHandsReader(builder);
    for (const event of items(prop(root, 'history'))) reader.readEvent(event);
    sessions.push(builder.build());
    line.release();
  }
  // Problems of lines that are no instance go to the first session, or to one of their own.
  const strayProblems = stray.build().problems;
  if (strayProblems.length === 0 && sessions.length > 0) return sessions;
  const [first, ...rest] = sessions;
  return first ? [{ ...first, problems: [...strayProblems, ...first.problems] }, ...rest] : [stray.build()];
}

export const openHandsOutputAdapter: JsonlAdapter = {
  format: 'openhands',
  kind: 'jsonl',
  sniff(doc) {
    const sample = doc.lines.slice(0, 5);
    const outputs = sample.filter((line) => !line.error && isEvalOutput(line.value)).length;
    return outputs > 0 && outputs * 2 >= sample.length ? 0.9 : 0;
  },
  parse: readEvalOutputs,
};

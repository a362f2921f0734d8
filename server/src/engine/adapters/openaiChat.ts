import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonDocument } from '../session/document';
import { type JsonNode, at, elementValues, isObject, items, nodeSpan, num, prop, str, valueOf } from '../json/json';
import { eachItem } from '../session/jsonScan';
import type { Role, Session, TranscriptFormat, TurnKind } from '../session/session';
import type { JsonAdapter, JsonlAdapter } from './types';

const GUARD_ANSWER = /^ghost-lint (?:blocked this call before it ran|asks before this call runs)/;
const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/** The text parts of a chat `content`: a string, or an array of `{type: "text", text}` parts. */
export function contentTextNodes(content: JsonNode | undefined): JsonNode[] {
  if (!content) return [];
  if (content.type === 'string') return [content];
  return items(content).flatMap((part) => {
    if (part.type === 'string') return [part];
    const text = prop(part, 'text') ?? prop(part, 'content');
    return text?.type === 'string' ? [text] : [];
  });
}

/** An `error` field holding `true`, a message or an error object; `null`, `false` and "" say no error. */
export function errorFieldIsSet(error: JsonNode): boolean {
  if (error.type === 'boolean') return error.value === true;
  if (error.type === 'string') return error.value !== '';
  return error.type === 'object';
}

function roleOf(message: JsonNode): Role | undefined {
  const role = str(prop(message, 'role'));
  if (role === 'function') return 'tool';
  return role && CHAT_ROLES.has(role) ? (role as Role) : undefined;
}

/** What a wrapping format knows about one message that the message itself does not say. */
export interface ChatMessageOptions {
  /** The kind of a user-side message the person did not type (a harness-inserted memory, say). */
  readonly kind?: TurnKind;
  readonly timestamp?: string;
  /** The call a tool message answers when it names none itself (SWE-agent names it in `tool_call_ids`). */
  readonly resultCallId?: string;
}

/**
 * Reads an OpenAI-style message list into the builder. Tolerant of the dialects that wrap it (tau-bench,
 * tau2, AgentDojo, SWE-agent): a call's name in `function.name`, `function` or `name`; its arguments
 * in `function.arguments`, `arguments` or `args`, as a JSON string or an object.
 */
export function readChatMessages(builder: SessionBuilder, messages: JsonNode): void {
  for (const message of eachItem(messages)) readChatMessage(builder, message);
}

/** Reads one message of such a list; `options` carry what the wrapping format adds. */
export function readChatMessage(builder: SessionBuilder, message: JsonNode, options: ChatMessageOptions = {}): void {
  const role = roleOf(message);
  if (!role) {
    builder.problem(nodeSpan(message), 'message has no recognised "role"; skipped');
    return;
  }
  const stamp = options.timestamp !== undefined ? { timestamp: options.timestamp } : {};
  const content = prop(message, 'content');
  if (role === 'tool') {
    builder.addTurn({ role, kind: 'tool-result', span: nodeSpan(message), pieces: joinPieces(contentTextNodes(content)), ...stamp });
    const text = contentTextNodes(content).map((n) => String(n.value)).join('\n');
    const error = prop(message, 'error');
    const callId = str(prop(message, 'tool_call_id')) ?? str(at(message, 'tool_call', 'id')) ?? str(prop(message, 'id')) ?? options.resultCallId;
    // tau-bench repeats the function's `name` on its results, AgentDojo the whole call: it pairs results when ids collide.
    const name = str(prop(message, 'name')) ?? str(at(message, 'tool_call', 'function'));
    const repeatedArguments = at(message, 'tool_call', 'args');
    const callInput = repeatedArguments && (() => valueOf(repeatedArguments));
    const call = builder.addResult(callId, { span: nodeSpan(message), text, name, callInput, ...(error && { isError: errorFieldIsSet(error) }), ...stamp });
    // ghost-lint's own guard answered in place of the tool (`gate`, the benchmark's audit defence): the call never ran.
    if (call && GUARD_ANSWER.test(text)) builder.markStopped(call, { kind: 'denied', message: text.split('\n', 1)[0] ?? text });
    return;
  }
  builder.addTurn({
    role,
    kind: options.kind ?? (role === 'system' || role === 'developer' ? 'instructions' : 'message'),
    span: nodeSpan(message),
    pieces: joinPieces(contentTextNodes(content)),
    ...stamp,
  });
  const batch = `turn-${builder.turnCount - 1}`;
  for (const call of items(prop(message, 'tool_calls'))) readChatToolCall(builder, call, batch, stamp);
  const legacy = prop(message, 'function_call');
  if (legacy) readChatToolCall(builder, message, batch, stamp);
}

function readChatToolCall(builder: SessionBuilder, call: JsonNode, batch: string, extra: { timestamp?: string }): void {
  const fn = prop(call, 'function') ?? prop(call, 'function_call');
  const nameNode = fn?.type === 'string' ? fn : (prop(fn, 'name') ?? prop(call, 'name'));
  const argumentsNode = prop(fn, 'arguments') ?? prop(call, 'arguments') ?? prop(call, 'args');
  const name = str(nameNode);
  if (!name || !nameNode) {
    builder.problem(nodeSpan(call), 'tool call has no function name; skipped');
    return;
  }
  const id = str(prop(call, 'id')) ?? (num(prop(call, 'id')) !== undefined ? String(num(prop(call, 'id'))) : undefined);
  builder.addCall({
    id,
    name,
    span: nodeSpan(call),
    nameSpan: nodeSpan(nameNode),
    ...(argumentsNode && { argumentsNode }),
    batch,
    ...(extra.timestamp !== undefined && { timestamp: extra.timestamp }),
  });
}

/*
 * The sniff looks at every message, and reads them as JSON.parse gave them: walking their nodes would
 * scan the text of each member to place it, a third of a check of many small runs (AgentDojo's).
 */

function roleOfValue(message: unknown): string | undefined {
  const role = isObject(message) ? message.role : undefined;
  return typeof role === 'string' ? role : undefined;
}

export function isChatMessageList(node: JsonNode | undefined): boolean {
  // A few malformed messages must not hide the conversation: most of them having a role is enough.
  const sample = elementValues(node).slice(0, 20);
  if (sample.length === 0) return false;
  return sample.filter((m) => {
    const role = roleOfValue(m);
    return role !== undefined && CHAT_ROLES.has(role);
  }).length * 2 >= sample.length;
}

function messagesOf(root: JsonNode | undefined): JsonNode | undefined {
  if (root?.type === 'array') return root;
  return prop(root, 'messages');
}

/** True when some message uses OpenAI's shapes: `tool_calls[].function.arguments` or role `tool`. */
function hasOpenAiShapes(messages: readonly unknown[]): boolean {
  return messages.some((m) => {
    const calls = isObject(m) ? m.tool_calls : undefined;
    const call = Array.isArray(calls) ? calls[0] : undefined;
    const fn = isObject(call) ? call.function : undefined;
    const role = roleOfValue(m);
    return (isObject(fn) && typeof fn.arguments === 'string') || role === 'tool' || role === 'developer';
  });
}

function hasAnthropicBlocks(messages: readonly unknown[]): boolean {
  return messages.some((m) => {
    const content = isObject(m) ? m.content : undefined;
    return Array.isArray(content) && content.some((b) => isObject(b) && (b.type === 'tool_use' || b.type === 'tool_result'));
  });
}

export const openAiChatAdapter: JsonAdapter = {
  format: 'openai-chat',
  kind: 'json',
  sniff(doc) {
    const messages = messagesOf(doc.root);
    if (!isChatMessageList(messages)) return 0;
    const values = elementValues(messages);
    if (hasAnthropicBlocks(values)) return 0;
    return hasOpenAiShapes(values) ? 0.9 : 0.5;
  },
  parse(doc) {
    return [parseChat(doc, 'openai-chat')];
  },
};

/** The key of the line that gives the lines adapter the document's tools (a prelude's: pipeline/resume.ts). */
export const TOOLS_LINE_KEY = 'ghost-lint:tools';

/**
 * The messages of an OpenAI chat document one to a line, each where the document has it (a check in
 * pieces lays them out so: report/streamedChat.ts), after a line with its tools: read as `parseChat`
 * reads the document. Never picked by a sniff; only the resumed reads of that check use it.
 */
export const openAiChatLinesAdapter: JsonlAdapter = {
  format: 'openai-chat',
  kind: 'jsonl',
  sniff: () => 0,
  parse(doc) {
    const builder = new SessionBuilder('openai-chat', doc.text);
    for (const line of doc.lines) {
      const node = line.tree();
      const tools = prop(node, TOOLS_LINE_KEY);
      if (tools) readToolDefinitions(builder, tools);
      else if (node) readChatMessage(builder, node);
    }
    return [builder.build()];
  },
};

/**
 * The tools a request declares, for binding tools never seen before: OpenAI chat
 * `{type: "function", function: {name, description, parameters}}`, Responses `{type: "function", name, …}`
 * and Anthropic `{name, description, input_schema}`.
 */
export function readToolDefinitions(builder: SessionBuilder, tools: JsonNode | undefined): void {
  if (!tools) return;
  if (tools.type !== 'array') {
    builder.problem(nodeSpan(tools), '"tools" should be an array of tool definitions; ignored');
    return;
  }
  for (const tool of items(tools)) {
    const definition = prop(tool, 'function') ?? tool;
    const name = str(prop(definition, 'name'));
    // Hosted tools (`{"type": "web_search"}`) have no name and nothing to bind.
    if (name === undefined) continue;
    const description = str(prop(definition, 'description'));
    const parameters = prop(definition, 'parameters') ?? prop(definition, 'input_schema');
    builder.addTool({ name, ...(description !== undefined && { description }), ...(parameters && { parameters: valueOf(parameters) }) });
  }
}

export function parseChat(doc: JsonDocument, format: TranscriptFormat): Session {
  const builder = new SessionBuilder(format, doc.text);
  for (const error of doc.errors) builder.problem(error.span, error.message);
  readToolDefinitions(builder, prop(doc.root, 'tools'));
  const messages = messagesOf(doc.root);
  if (messages) readChatMessages(builder, messages);
  return builder.build();
}

import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonDocument, JsonLine, JsonlDocument } from '../session/document';
import { type JsonNode, at, bool, isObject, items, nodeSpan, num, prop, readOnlyValueOf, str, valueOf } from '../json/json';
import type { Session, TextPiece, ToolCall } from '../session/session';
import type { Span } from '../text/text';
import { type JsonAdapter, type JsonlAdapter, SURE } from './types';

/**
 * Gemini CLI (packages/core/src/services/chatRecordingService.ts, chatRecordingTypes.ts and
 * core/logger.ts). Three files:
 * - the JSONL chat recording: a metadata line `{sessionId, projectHash, startTime, …}`, then one
 *   MessageRecord per line. A message is rewritten by appending it again with the same `id` (tool
 *   call results, token counts); the last copy counts, in the place of the first, as the CLI's own
 *   loader does. `{$set: {…}}` updates conversation metadata, and a `$set.messages` list replaces
 *   the whole history (lines after it still append, as in the writer's memory; the CLI's loader
 *   would ignore them). `{$rewindTo: id}` removes that message and everything after it: those
 *   messages left the conversation the agent went on with, so they are dropped here too (their
 *   turns and calls are not in the session, and no problem is reported for them).
 * - the legacy single-JSON ConversationRecord `{sessionId, projectHash, startTime, lastUpdated, messages}`.
 * - the prompt log `logs.json`: `[{sessionId, messageId, type, message, timestamp}]`, one session
 *   per sessionId, with no tool calls.
 */

const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);
/** handleAtCommand appends the files a prompt names (`@src/x.ts`) after this line. */
const REFERENCED_FILES_MARKER = '--- Content from referenced files ---';
/** Chat compression replaces the history with a user turn holding this summary. */
const STATE_SNAPSHOT = '<state_snapshot>';
/** The environment turn the CLI opens every history with; a history sync records it as a user message. */
const SESSION_CONTEXT = /^(<session_context>|This is the Gemini CLI\. We are setting up the context)/;
/** The working directory, as that environment turn states it (older and newer wording). */
const CONTEXT_CWD = /I'm currently working in the directory: (.+)|Workspace Directories:\*\*\n\s*- (.+)/;
/** The scheduler's message when the person declines the confirmation prompt. */
const USER_DECLINED = /did not allow/i;
/** getPolicyDenialError: the policy engine refused the call before it ran (status "error"). */
const POLICY_DENIED = /^Tool execution denied by policy/;
/** A BeforeTool hook's deny (coreToolHookTriggers.ts / hook-utils.ts): the call never ran. */
const HOOK_BLOCKED = /^Tool execution blocked: /;

/** The parts of a Gemini `PartListUnion`: a string, one Part, or a list of strings and Parts. */
function partNodes(content: JsonNode | undefined): readonly JsonNode[] {
  if (!content) return [];
  return content.type === 'array' ? items(content) : [content];
}

/** Text parts of a content value; thought parts are the model's reasoning, not its message. */
function textNodes(content: JsonNode | undefined): JsonNode[] {
  return partNodes(content).flatMap((part) => {
    if (part.type === 'string') return [part];
    const text = prop(part, 'text');
    return text?.type === 'string' && bool(prop(part, 'thought')) !== true ? [text] : [];
  });
}

/** Text of a tool result: each functionResponse's `output` or `error`, or its response as JSON. */
function responseText(part: JsonNode): string | undefined {
  if (part.type === 'string') return String(part.value);
  const response = at(part, 'functionResponse', 'response');
  if (response) return str(prop(response, 'output')) ?? str(prop(response, 'error')) ?? JSON.stringify(valueOf(response));
  return str(prop(part, 'text'));
}

function resultText(result: JsonNode): string {
  return partNodes(result)
    .map(responseText)
    .filter((t): t is string => t !== undefined)
    .join('\n');
}

interface MessageStamp {
  span: Span;
  id?: string;
  timestamp?: string;
}

function stampOf(message: JsonNode): MessageStamp {
  const id = str(prop(message, 'id'));
  const timestamp = str(prop(message, 'timestamp'));
  return { span: nodeSpan(message), ...(id !== undefined && { id }), ...(timestamp !== undefined && { timestamp }) };
}

/**
 * Splits a user prompt into what the person typed and the file contents the CLI appended after
 * REFERENCED_FILES_MARKER. Typed pieces keep their literals; a piece cut at the marker is a prefix
 * of its literal, so its offsets still map from the literal's start.
 */
function splitTypedText(nodes: readonly JsonNode[]): { typed: TextPiece[]; appended: string } {
  const markerAt = nodes.findIndex((n) => String(n.value).includes(REFERENCED_FILES_MARKER));
  if (markerAt === -1) return { typed: joinPieces(nodes), appended: '' };
  const typed = joinPieces(nodes.slice(0, markerAt));
  const cutNode = nodes[markerAt] as JsonNode;
  const cutText = String(cutNode.value);
  const cut = cutText.indexOf(REFERENCED_FILES_MARKER);
  const prefix = cutText.slice(0, cut);
  if (prefix.trim() !== '') {
    const last = typed[typed.length - 1];
    typed.push({ text: prefix, at: last ? last.at + last.text.length + 2 : 0, literal: nodeSpan(cutNode) });
  }
  const appended = [cutText.slice(cut), ...nodes.slice(markerAt + 1).map((n) => String(n.value))].join('');
  return { typed, appended };
}

function readUserMessage(builder: SessionBuilder, message: JsonNode, stamp: MessageStamp): void {
  const parts = partNodes(prop(message, 'content'));
  const responses = parts.filter((p) => prop(p, 'functionResponse') !== undefined);
  if (responses.length > 0) {
    // A history sync stores tool responses as a user turn; the call's own record already holds them.
    const text = parts.map(responseText).filter((t): t is string => t !== undefined).join('\n');
    builder.addTurn({ role: 'user', kind: 'tool-result', isUserMessage: false, text, ...stamp });
    for (const part of responses) {
      const callId = str(at(part, 'functionResponse', 'id'));
      const call = callId === undefined ? undefined : builder.findCall(callId);
      if (call?.result || call?.stopped) continue;
      builder.addResult(callId, { span: nodeSpan(part), text: responseText(part) ?? '', name: str(at(part, 'functionResponse', 'name')), ...(stamp.timestamp !== undefined && { timestamp: stamp.timestamp }) });
    }
    return;
  }
  const { typed, appended } = splitTypedText(textNodes(prop(message, 'content')));
  const typedText = typed.map((p) => p.text).join('\n\n').trimStart();
  const kind = typedText.startsWith(STATE_SNAPSHOT) ? 'compaction-summary' : SESSION_CONTEXT.test(typedText) ? 'environment' : 'message';
  if (kind === 'environment') {
    const cwd = CONTEXT_CWD.exec(typedText);
    builder.cwd = (cwd?.[1] ?? cwd?.[2])?.trim() ?? builder.cwd;
  }
  builder.addTurn({ role: 'user', kind, isUserMessage: kind === 'message', pieces: typed, ...stamp });
  if (appended !== '') builder.addTurn({ role: 'user', kind: 'environment', isUserMessage: false, text: appended, ...stamp });
}

function readToolCall(builder: SessionBuilder, callNode: JsonNode, batch: string, messageTimestamp: string | undefined): { call: ToolCall; node: JsonNode } | undefined {
  const nameNode = prop(callNode, 'name');
  const name = str(nameNode);
  if (!name || !nameNode) {
    builder.problem(nodeSpan(callNode), 'tool call has no "name"; skipped');
    return undefined;
  }
  const args = prop(callNode, 'args');
  if (args && args.type !== 'object') builder.problem(nodeSpan(args), `tool call "args" should be an object, found ${args.type}`);
  const timestamp = str(prop(callNode, 'timestamp')) ?? messageTimestamp;
  const call = builder.addCall({
    id: str(prop(callNode, 'id')),
    name,
    span: nodeSpan(callNode),
    nameSpan: nodeSpan(nameNode),
    // Wrong-typed args are kept raw, with no ranges: Gemini CLI only writes objects.
    ...(args?.type === 'object' ? { argumentsNode: args } : args && { input: valueOf(args) }),
    batch,
    ...(timestamp !== undefined && { timestamp }),
  });
  return { call, node: callNode };
}

/** Links a call's recorded result and applies its status: error, cancelled (never ran) or policy-denied. */
function readToolCallOutcome(builder: SessionBuilder, call: ToolCall, callNode: JsonNode, timestamp: string | undefined): void {
  const statusNode = prop(callNode, 'status');
  const status = str(statusNode);
  if (statusNode && status === undefined) builder.problem(nodeSpan(statusNode), `tool call "status" should be a string, found ${statusNode.type}`);
  const result = prop(callNode, 'result');
  const text = result && result.type !== 'null' ? resultText(result) : '';
  if (result && result.type !== 'null') {
    const isError = status === 'error' || status === 'cancelled' ? true : status === 'success' ? false : undefined;
    const stamp = timestamp !== undefined ? { timestamp } : {};
    builder.addTurn({ role: 'tool', kind: 'tool-result', span: nodeSpan(result), text, ...stamp });
    builder.addResult(call, { span: nodeSpan(result), text, ...(isError !== undefined && { isError }), ...stamp });
  }
  if (status === 'cancelled') {
    builder.markStopped(call, { kind: USER_DECLINED.test(text) ? 'rejected' : 'aborted', message: text || 'tool call was cancelled' });
  } else if (status === 'error' && (POLICY_DENIED.test(text) || HOOK_BLOCKED.test(text))) {
    builder.markStopped(call, { kind: 'denied', message: text });
  }
}

function readGeminiMessage(builder: SessionBuilder, message: JsonNode, stamp: MessageStamp): void {
  builder.addTurn({ role: 'assistant', pieces: joinPieces(textNodes(prop(message, 'content'))), ...stamp });
  const toolCalls = prop(message, 'toolCalls');
  if (!toolCalls || toolCalls.type === 'null') return;
  if (toolCalls.type !== 'array') {
    builder.problem(nodeSpan(toolCalls), `"toolCalls" should be an array, found ${toolCalls.type}`);
    return;
  }
  // Calls of one model response are issued together; their results follow them.
  const batch = `turn-${builder.turnCount - 1}`;
  const calls = items(toolCalls).flatMap((node) => {
    if (node.type !== 'object') {
      builder.problem(nodeSpan(node), `tool call should be an object, found ${node.type}`);
      return [];
    }
    const call = readToolCall(builder, node, batch, stamp.timestamp);
    return call ? [call] : [];
  });
  for (const { call, node } of calls) readToolCallOutcome(builder, call, node, str(prop(node, 'timestamp')) ?? stamp.timestamp);
}

/** Reads one MessageRecord into turns and calls. */
function readMessageRecord(builder: SessionBuilder, message: JsonNode): void {
  if (message.type !== 'object') {
    builder.problem(nodeSpan(message), `message should be an object, found ${message.type}`);
    return;
  }
  const typeNode = prop(message, 'type');
  const type = str(typeNode);
  const stamp = stampOf(message);
  if (type === 'user') readUserMessage(builder, message, stamp);
  else if (type === 'gemini') readGeminiMessage(builder, message, stamp);
  else if (type === 'info' || type === 'error' || type === 'warning') {
    // CLI notices shown to the person; neither they nor the model wrote them.
    builder.addTurn({ role: 'system', kind: 'meta', isUserMessage: false, pieces: joinPieces(textNodes(prop(message, 'content'))), ...stamp });
  } else {
    builder.problem(nodeSpan(typeNode ?? message), type === undefined ? 'message has no "type"; skipped' : `message type "${type}" is not one Gemini CLI writes; skipped`);
  }
}

function applyMetadata(builder: SessionBuilder, metadata: Record<string, unknown>): void {
  if (typeof metadata.sessionId === 'string') builder.id = metadata.sessionId;
  if (typeof metadata.summary === 'string') builder.title = metadata.summary;
}

/** Where a message of the effective history is written: a whole line, or an element of `$set.messages`. */
interface MessageLocation {
  readonly line: JsonLine;
  readonly path: readonly (string | number)[];
}

/** Drops `messageId` and everything after it; when it is unknown, everything (as the CLI's loader does). */
function rewind(history: Map<string, MessageLocation>, messageId: string): boolean {
  const ids = [...history.keys()];
  const from = ids.indexOf(messageId);
  for (const id of from === -1 ? ids : ids.slice(from)) history.delete(id);
  return from !== -1;
}

function parseRecording(doc: JsonlDocument): Session {
  const builder = new SessionBuilder('gemini-cli', doc.text);
  // Insertion-ordered like the CLI's Map: a rewritten message keeps its place.
  const history = new Map<string, MessageLocation>();
  for (const line of doc.lines) {
    const lineSpan = { start: line.start, end: line.end };
    if (line.error) {
      builder.problem(line.error.span, line.error.message);
      continue;
    }
    const record = line.value;
    if (!isObject(record)) {
      builder.problem(lineSpan, 'line is not a JSON object; skipped');
      continue;
    }
    if (typeof record.$rewindTo === 'string') {
      if (!rewind(history, record.$rewindTo)) builder.problem(lineSpan, `rewind to unknown message "${record.$rewindTo}"; the history before it is dropped, as Gemini CLI does`);
    } else if (typeof record.id === 'string') {
      history.set(record.id, { line, path: [] });
    } else if (isObject(record.$set)) {
      applyMetadata(builder, record.$set);
      const messages = record.$set.messages;
      if (Array.isArray(messages)) {
        history.clear();
        messages.forEach((m, i) => {
          if (isObject(m) && typeof m.id === 'string') history.set(m.id, { line, path: ['$set', 'messages', i] });
          else {
            const node = at(line.tree(), '$set', 'messages', i);
            builder.problem(node ? nodeSpan(node) : lineSpan, 'message in "$set.messages" has no string "id"; skipped');
          }
        });
      }
    } else if (typeof record.sessionId === 'string') {
      applyMetadata(builder, record);
    } else {
      builder.problem(lineSpan, 'not a Gemini CLI record (no message "id", "$set", "$rewindTo" or "sessionId"); skipped');
    }
  }
  for (const { line, path } of history.values()) {
    const node = at(line.tree(), ...path);
    if (node) readMessageRecord(builder, node);
  }
  return builder.build();
}

function parseConversationRecord(doc: JsonDocument, builder: SessionBuilder): void {
  const root = doc.root;
  builder.id = str(prop(root, 'sessionId'));
  builder.title = str(prop(root, 'summary'));
  const messages = prop(root, 'messages');
  if (messages && messages.type !== 'array') builder.problem(nodeSpan(messages), `"messages" should be an array, found ${messages.type}`);
  for (const message of items(messages)) readMessageRecord(builder, message);
}

/** logs.json: the prompts typed into each session, in order; one session per sessionId. */
function parsePromptLog(doc: JsonDocument): Session[] {
  const builders = new Map<string | undefined, SessionBuilder>();
  let current: SessionBuilder | undefined;
  const builderFor = (sessionId: string | undefined): SessionBuilder => {
    let builder = builders.get(sessionId);
    if (!builder) {
      builder = new SessionBuilder('gemini-cli', doc.text);
      builder.id = sessionId;
      builders.set(sessionId, builder);
    }
    return builder;
  };
  for (const entry of items(doc.root)) {
    const sessionId = str(prop(entry, 'sessionId'));
    const messageNode = prop(entry, 'message');
    const builder = sessionId !== undefined ? builderFor(sessionId) : (current ?? builderFor(undefined));
    current = builder;
    if (messageNode?.type !== 'string') {
      builder.problem(nodeSpan(messageNode ?? entry), messageNode ? `log entry "message" should be a string, found ${messageNode.type}` : 'log entry has no "message"; skipped');
      continue;
    }
    const type = str(prop(entry, 'type'));
    const messageId = num(prop(entry, 'messageId'));
    const timestamp = str(prop(entry, 'timestamp'));
    const stamp = { span: nodeSpan(entry), pieces: joinPieces([messageNode]), ...(messageId !== undefined && { id: String(messageId) }), ...(timestamp !== undefined && { timestamp }) };
    if (type === 'user') builder.addTurn({ role: 'user', ...stamp });
    else if (type === 'gemini' || type === 'model') builder.addTurn({ role: 'assistant', ...stamp });
    else builder.addTurn({ role: 'system', kind: 'meta', isUserMessage: false, ...stamp });
  }
  const sessions = [...(builders.size > 0 ? builders.values() : [builderFor(undefined)])];
  for (const error of doc.errors) sessions[0]?.problem(error.span, error.message);
  return sessions.map((b) => b.build());
}

function isPromptLog(root: JsonNode | undefined): boolean {
  const entries = items(root).slice(0, 20);
  return (
    entries.length > 0 &&
    entries.every((e) => str(prop(e, 'sessionId')) !== undefined && num(prop(e, 'messageId')) !== undefined && prop(e, 'message') !== undefined && str(prop(e, 'type')) !== undefined)
  );
}

function isMessageRecord(value: unknown): value is Record<string, unknown> {
  return isObject(value) && typeof value.id === 'string' && typeof value.type === 'string' && MESSAGE_TYPES.has(value.type) && 'content' in value;
}

export const geminiJsonAdapter: JsonAdapter = {
  format: 'gemini-cli',
  kind: 'json',
  sniff(doc) {
    const root = doc.root;
    if (isPromptLog(root)) return 0.9;
    if (root?.type !== 'object') return 0;
    if (str(prop(root, 'sessionId')) !== undefined && str(prop(root, 'projectHash')) !== undefined) return SURE;
    // Read as JSON.parse gave them: making the nodes of every message to look at fifty costs a scan of all their text.
    const list = readOnlyValueOf(prop(root, 'messages'));
    const messages = Array.isArray(list) ? list.slice(0, 50) : [];
    return messages.some((m) => isMessageRecord(m) && m.type === 'gemini') ? 0.8 : 0;
  },
  parse(doc) {
    if (isPromptLog(doc.root)) return parsePromptLog(doc);
    const builder = new SessionBuilder('gemini-cli', doc.text);
    for (const error of doc.errors) builder.problem(error.span, error.message);
    parseConversationRecord(doc, builder);
    return [builder.build()];
  },
};

export const geminiJsonlAdapter: JsonlAdapter = {
  format: 'gemini-cli',
  kind: 'jsonl',
  sniff(doc) {
    const head = doc.lines.slice(0, 50).map((l) => l.value);
    if (head.some((v) => isObject(v) && typeof v.sessionId === 'string' && typeof v.projectHash === 'string' && !('type' in v))) return SURE;
    return head.some((v) => isMessageRecord(v) && v.type === 'gemini') ? 0.8 : 0;
  },
  parse: (doc) => [parseRecording(doc)],
};

/*
 * Gemini CLI headless output (`gemini -p … --output-format stream-json`; docs/cli/headless.md): one
 * event per line, {type: init (session_id, model) | message (role, content, delta?) | tool_use
 * (tool_name, tool_id, parameters) | tool_result (tool_id, status, output, error?) | error | result}.
 * The prompt is the person's message; an assistant message streamed in deltas is one turn; calls
 * issued one after another with no result between them were issued together.
 */

const STREAM_EVENT_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);

function isStreamEvent(value: unknown): value is Record<string, unknown> {
  return isObject(value) && typeof value.type === 'string' && STREAM_EVENT_TYPES.has(value.type);
}

function parseStreamJson(doc: JsonlDocument): Session {
  const builder = new SessionBuilder('gemini-cli', doc.text);
  /** The nodes of the assistant message being streamed, made one turn at the next other event. */
  let assistantText: JsonNode[] = [];
  let assistantSpan: Span | undefined;
  let batch = 0;
  let lastWasCall = false;
  const flushAssistant = (): void => {
    if (!assistantSpan) return;
    builder.addTurn({ role: 'assistant', span: assistantSpan, pieces: joinPieces(assistantText) });
    assistantText = [];
    assistantSpan = undefined;
  };
  for (const line of doc.lines) {
    if (line.error) {
      builder.problem(line.error.span, line.error.message);
      continue;
    }
    const value = line.value;
    if (!isStreamEvent(value)) continue;
    const span = { start: line.start, end: line.end };
    const timestamp = typeof value.timestamp === 'string' ? value.timestamp : undefined;
    if (value.type === 'init') {
      if (typeof value.session_id === 'string') builder.id = value.session_id;
    } else if (value.type === 'message') {
      const content = prop(line.tree(), 'content');
      if (value.role === 'assistant') {
        if (content) assistantText.push(content);
        assistantSpan = { start: assistantSpan?.start ?? line.start, end: line.end };
      } else {
        flushAssistant();
        builder.addTurn({ role: 'user', span, pieces: joinPieces([content]), timestamp });
      }
    } else if (value.type === 'tool_use') {
      flushAssistant();
      const tree = line.tree();
      const nameNode = prop(tree, 'tool_name');
      const name = str(nameNode);
      if (!name || !nameNode) {
        builder.problem(span, 'tool_use event has no "tool_name"; skipped');
        continue;
      }
      if (!lastWasCall) batch++;
      if (builder.lastTurn()?.role !== 'assistant') builder.addTurn({ role: 'assistant', span, timestamp });
      const parameters = prop(tree, 'parameters');
      builder.addCall({
        id: str(prop(tree, 'tool_id')),
        name,
        span,
        nameSpan: nodeSpan(nameNode),
        ...(parameters?.type === 'object' ? { argumentsNode: parameters } : parameters && { input: valueOf(parameters) }),
        batch: `stream-${batch}`,
        timestamp,
      });
    } else if (value.type === 'tool_result') {
      flushAssistant();
      const tree = line.tree();
      const output = prop(tree, 'output');
      const errorMessage = at(tree, 'error', 'message');
      const text = str(output) ?? str(errorMessage) ?? '';
      builder.addTurn({ role: 'tool', kind: 'tool-result', span, pieces: joinPieces([str(output) !== undefined ? output : errorMessage]), timestamp });
      const status = str(prop(tree, 'status'));
      builder.addResult(str(prop(tree, 'tool_id')), { span, text, isError: status === 'error' ? true : status === 'success' ? false : undefined, timestamp });
    }
    // `error` (warnings the CLI raised) and `result` (the run's status and stats) carry no turn or call.
    lastWasCall = value.type === 'tool_use';
    line.release();
  }
  flushAssistant();
  return builder.build();
}

export const geminiStreamJsonAdapter: JsonlAdapter = {
  format: 'gemini-cli',
  kind: 'jsonl',
  sniff(doc) {
    const head = doc.lines.slice(0, 50).map((l) => l.value);
    const events = head.filter(isStreamEvent);
    // Its own event names: an `init` with a session id, or tool_use events with a tool_id.
    const own = events.some((e) => (e.type === 'init' && typeof e.session_id === 'string') || (e.type === 'tool_use' && typeof e.tool_id === 'string'));
    return own && events.length * 2 >= head.length ? 0.9 : 0;
  },
  parse: (doc) => [parseStreamJson(doc)],
};

import { SessionBuilder, joinPieces } from '../session/builder';
import { readJson } from '../session/document';
import { type JsonNode, at, entries, items, nodeSpan, num, prop, str, valueOf } from '../json/json';
import type { Session } from '../session/session';
import { errorFieldIsSet } from './openaiChat';
import { type JsonAdapter, SURE } from './types';

/**
 * Inspect AI logs (src/inspect_ai/log/_log.py, model/_chat_message.py, tool/_tool_call.py). A JSON
 * log is an EvalLog `{version, eval, samples[…]}`; a `.eval` zip holds one EvalSample per
 * `samples/<id>_epoch_<n>.json` member (see containers.ts). Each sample is one session, read from
 * its `messages`. Newer writers deduplicate only the copies of the conversation inside model
 * events (`message_pool` + `input_refs`), never `messages`; large or binary content there may be an
 * `attachment://<hash>` reference into the sample's `attachments` map, resolved here to the
 * attachment's own literal so text ranges stay exact.
 */

const ATTACHMENT_PROTOCOL = 'attachment://';

/** What a sample's events add to its messages: when each call and message happened. */
interface SampleContext {
  readonly attachments: ReadonlyMap<string, JsonNode>;
  readonly callTimestamps: ReadonlyMap<string, string>;
  readonly messageTimestamps: ReadonlyMap<string, string>;
}

function idString(node: JsonNode | undefined): string | undefined {
  const n = num(node);
  return str(node) ?? (n !== undefined ? String(n) : undefined);
}

function sampleContext(sample: JsonNode): SampleContext {
  const attachments = new Map(entries(prop(sample, 'attachments')).filter(([, v]) => v.type === 'string'));
  const callTimestamps = new Map<string, string>();
  const messageTimestamps = new Map<string, string>();
  for (const event of items(prop(sample, 'events'))) {
    const kind = str(prop(event, 'event'));
    const timestamp = str(prop(event, 'timestamp'));
    if (timestamp === undefined) continue;
    if (kind === 'tool') {
      const callId = idString(prop(event, 'id'));
      const messageId = str(prop(event, 'message_id'));
      if (callId !== undefined) callTimestamps.set(callId, timestamp);
      if (messageId !== undefined) messageTimestamps.set(messageId, str(prop(event, 'completed')) ?? timestamp);
    } else if (kind === 'model') {
      for (const choice of items(at(event, 'output', 'choices'))) {
        const messageId = str(at(choice, 'message', 'id'));
        if (messageId !== undefined) messageTimestamps.set(messageId, str(prop(event, 'completed')) ?? timestamp);
      }
    }
  }
  return { attachments, callTimestamps, messageTimestamps };
}

/** A string node, or the attachment literal it refers to. */
function resolved(node: JsonNode, context: SampleContext): JsonNode {
  const value = str(node);
  if (value === undefined || !value.startsWith(ATTACHMENT_PROTOCOL)) return node;
  return context.attachments.get(value.slice(ATTACHMENT_PROTOCOL.length)) ?? node;
}

/** Text of `content`: a string, or the `text` parts of a content list (reasoning and images are not text). */
function contentTextNodes(content: JsonNode | undefined, context: SampleContext): JsonNode[] {
  if (!content) return [];
  if (content.type === 'string') return [resolved(content, context)];
  return items(content).flatMap((part) => {
    const type = str(prop(part, 'type'));
    const text = prop(part, 'text');
    return (type === 'text' || type === undefined) && text?.type === 'string' ? [resolved(text, context)] : [];
  });
}

function readToolCall(builder: SessionBuilder, call: JsonNode, batch: string, context: SampleContext): void {
  const nameNode = prop(call, 'function');
  const name = str(nameNode);
  if (!name || !nameNode) {
    builder.problem(nodeSpan(call), 'tool call has no "function" name; skipped');
    return;
  }
  const args = prop(call, 'arguments');
  if (args && args.type !== 'object') builder.problem(nodeSpan(args), `tool call "arguments" should be an object, found ${args.type}`);
  const id = idString(prop(call, 'id'));
  const timestamp = id === undefined ? undefined : context.callTimestamps.get(id);
  builder.addCall({
    id,
    name,
    span: nodeSpan(call),
    nameSpan: nodeSpan(nameNode),
    // Wrong-typed arguments are kept raw, with no ranges: Inspect writes a dict.
    ...(args?.type === 'object' ? { argumentsNode: args } : args && { input: valueOf(args) }),
    batch,
    ...(timestamp !== undefined && { timestamp }),
  });
}

function readToolMessage(builder: SessionBuilder, message: JsonNode, context: SampleContext, timestamp: string | undefined): void {
  const stamp = timestamp !== undefined ? { timestamp } : {};
  const text = contentTextNodes(prop(message, 'content'), context)
    .map((n) => String(n.value))
    .join('\n');
  builder.addTurn({ role: 'tool', kind: 'tool-result', span: nodeSpan(message), text, ...stamp });
  const error = prop(message, 'error');
  // Logs before `error` carried a `tool_error` string.
  const legacyError = str(prop(message, 'tool_error'));
  const isError = error ? errorFieldIsSet(error) : legacyError !== undefined ? legacyError !== '' : undefined;
  const call = builder.addResult(idString(prop(message, 'tool_call_id')), { span: nodeSpan(message), text, name: str(prop(message, 'function')), ...(isError !== undefined && { isError }), ...stamp });
  // An approver (human or policy) rejected the call: Inspect never ran it.
  if (call && str(prop(error, 'type')) === 'approval') {
    builder.markStopped(call, { kind: 'rejected', message: str(prop(error, 'message')) ?? 'rejected by an approver' });
  }
}

function readMessage(builder: SessionBuilder, message: JsonNode, context: SampleContext): void {
  const role = str(prop(message, 'role'));
  const id = str(prop(message, 'id'));
  const timestamp = id === undefined ? undefined : context.messageTimestamps.get(id);
  const stamp = { span: nodeSpan(message), ...(id !== undefined && { id }), ...(timestamp !== undefined && { timestamp }) };
  const pieces = () => joinPieces(contentTextNodes(prop(message, 'content'), context));
  switch (role) {
    case 'system':
      builder.addTurn({ role, kind: 'instructions', pieces: pieces(), ...stamp });
      return;
    case 'user': {
      // A user message with `tool_call_id` carries a tool's payload (an image), not the person's words.
      const payload = prop(message, 'tool_call_id');
      const isToolPayload = payload !== undefined && payload.type !== 'null';
      builder.addTurn({ role, kind: isToolPayload ? 'tool-result' : 'message', pieces: pieces(), ...stamp });
      return;
    }
    case 'assistant': {
      builder.addTurn({ role, pieces: pieces(), ...stamp });
      const toolCalls = prop(message, 'tool_calls');
      if (toolCalls && toolCalls.type !== 'array' && toolCalls.type !== 'null') builder.problem(nodeSpan(toolCalls), `"tool_calls" should be an array, found ${toolCalls.type}`);
      const batch = `turn-${builder.turnCount - 1}`;
      for (const call of items(toolCalls)) readToolCall(builder, call, batch, context);
      return;
    }
    case 'tool':
      readToolMessage(builder, message, context, timestamp);
      return;
    default:
      builder.problem(nodeSpan(prop(message, 'role') ?? message), role === undefined ? 'message has no "role"; skipped' : `message role "${role}" is not one Inspect writes; skipped`);
  }
}

/** Reads one EvalSample (a JSON log's `samples[i]`, or a `.eval` member) into the builder. */
export function readInspectSample(builder: SessionBuilder, sample: JsonNode | undefined, task?: string): void {
  if (sample?.type !== 'object') {
    if (sample) builder.problem(nodeSpan(sample), `sample should be an object, found ${sample.type}`);
    return;
  }
  const sampleId = idString(prop(sample, 'id'));
  const epoch = num(prop(sample, 'epoch'));
  if (sampleId !== undefined) {
    builder.id = epoch !== undefined ? `${sampleId}_epoch_${epoch}` : sampleId;
    const label = `sample ${sampleId}${epoch !== undefined ? `, epoch ${epoch}` : ''}`;
    builder.title = task ? `${task}: ${label}` : label;
  }
  const messages = prop(sample, 'messages');
  if (messages?.type !== 'array') {
    builder.problem(nodeSpan(messages ?? sample), messages ? `"messages" should be an array, found ${messages.type}` : 'sample has no "messages"');
    return;
  }
  const context = sampleContext(sample);
  for (const message of items(messages)) readMessage(builder, message, context);
}

/** Reads a `.eval` member's text as one sample session; spans refer to that member's text. */
export function readInspectSampleMember(name: string, text: string, task?: string): Session {
  const doc = readJson(text);
  const builder = new SessionBuilder('inspect-ai', doc.text, name);
  for (const error of doc.errors) builder.problem(error.span, error.message);
  readInspectSample(builder, doc.root, task);
  return builder.build();
}

function isEvalSample(node: JsonNode | undefined): boolean {
  return num(prop(node, 'epoch')) !== undefined && prop(node, 'messages')?.type === 'array' && (prop(node, 'input') !== undefined || prop(node, 'target') !== undefined);
}

function isEvalLog(node: JsonNode | undefined): boolean {
  return num(prop(node, 'version')) !== undefined && prop(node, 'eval')?.type === 'object' && (prop(node, 'samples') !== undefined || prop(node, 'status') !== undefined);
}

export const inspectAdapter: JsonAdapter = {
  format: 'inspect-ai',
  kind: 'json',
  sniff(doc) {
    if (isEvalLog(doc.root)) return SURE;
    // Above openai-chat's 0.9: a sample's `messages` are OpenAI-like, with `role: "tool"`.
    return isEvalSample(doc.root) ? SURE : 0;
  },
  parse(doc) {
    const root = doc.root;
    const samples = isEvalLog(root) ? items(prop(root, 'samples')) : root ? [root] : [];
    const task = str(at(root, 'eval', 'task'));
    const builders = samples.map((sample) => {
      const builder = new SessionBuilder('inspect-ai', doc.text);
      readInspectSample(builder, sample, task);
      return builder;
    });
    // A log written without samples still reads as Inspect; its syntax errors need a session.
    if (builders.length === 0) builders.push(new SessionBuilder('inspect-ai', doc.text));
    for (const error of doc.errors) builders[0]?.problem(error.span, error.message);
    return builders.map((b) => b.build());
  },
};

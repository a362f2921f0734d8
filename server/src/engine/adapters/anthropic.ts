import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonDocument } from '../session/document';
import { type JsonNode, bool, elementValues, isObject, items, nodeSpan, prop, str } from '../json/json';
import { eachItem } from '../session/jsonScan';
import { readToolDefinitions } from './openaiChat';
import { type JsonAdapter, SURE } from './types';

/** Text of a `tool_result` block: a string, or text blocks. */
export function toolResultTextNodes(block: JsonNode): JsonNode[] {
  const content = prop(block, 'content');
  if (!content) return [];
  if (content.type === 'string') return [content];
  return items(content).flatMap((b) => {
    const text = prop(b, 'text');
    return text?.type === 'string' ? [text] : [];
  });
}

export function blockType(block: JsonNode): string | undefined {
  return str(prop(block, 'type'));
}

export interface AnthropicBlockContext {
  /** Shared by every tool_use of one assistant message: calls issued together. */
  readonly batch: string;
  readonly timestamp?: string;
  /** Working directory when the call was issued, where the format records it per message. */
  readonly cwd?: string;
}

/** Reads one `tool_use` block into a call. */
export function readToolUse(builder: SessionBuilder, block: JsonNode, context: AnthropicBlockContext): void {
  const nameNode = prop(block, 'name');
  const name = str(nameNode);
  if (!name || !nameNode) {
    builder.problem(nodeSpan(block), 'tool_use block has no "name"; skipped');
    return;
  }
  const input = prop(block, 'input');
  if (input && input.type !== 'object') builder.problem(nodeSpan(input), `tool_use "input" should be an object, found ${input.type}`);
  builder.addCall({
    id: str(prop(block, 'id')),
    name,
    span: nodeSpan(block),
    nameSpan: nodeSpan(nameNode),
    ...(input && { argumentsNode: input }),
    batch: context.batch,
    ...(context.timestamp !== undefined && { timestamp: context.timestamp }),
    ...(context.cwd !== undefined && { cwd: context.cwd }),
  });
}

/** Reads one `tool_result` block and links it to its call. */
export function readToolResult(builder: SessionBuilder, block: JsonNode, timestamp?: string): void {
  const isError = bool(prop(block, 'is_error'));
  builder.addResult(str(prop(block, 'tool_use_id')), {
    span: nodeSpan(block),
    text: toolResultTextNodes(block)
      .map((n) => String(n.value))
      .join('\n'),
    ...(isError !== undefined && { isError }),
    ...(timestamp !== undefined && { timestamp }),
  });
}

/** Reads one Messages API message: text, tool_use and tool_result blocks. */
export function readMessage(builder: SessionBuilder, message: JsonNode): void {
  const role = str(prop(message, 'role'));
  if (role !== 'user' && role !== 'assistant') {
    builder.problem(nodeSpan(message), 'message role must be "user" or "assistant"; skipped');
    return;
  }
  const content = prop(message, 'content');
  if (content?.type === 'string') {
    builder.addTurn({ role, span: nodeSpan(message), pieces: joinPieces([content]) });
    return;
  }
  const blocks = items(content);
  const results = blocks.filter((b) => blockType(b) === 'tool_result');
  const texts = blocks.filter((b) => blockType(b) === 'text').map((b) => prop(b, 'text'));
  if (role === 'user' && results.length > 0) {
    builder.addTurn({ role, kind: 'tool-result', span: nodeSpan(message), pieces: joinPieces(results.flatMap(toolResultTextNodes)) });
    for (const block of results) readToolResult(builder, block);
    if (texts.length > 0) builder.addTurn({ role, span: nodeSpan(message), pieces: joinPieces(texts) });
    return;
  }
  builder.addTurn({ role, span: nodeSpan(message), pieces: joinPieces(texts) });
  const batch = `turn-${builder.turnCount - 1}`;
  for (const block of blocks) if (blockType(block) === 'tool_use') readToolUse(builder, block, { batch });
}

/** The types of a message's content blocks, from the message as JSON.parse gave it. */
function blockTypesOf(message: unknown): (string | undefined)[] {
  const content = isObject(message) ? message.content : undefined;
  return Array.isArray(content) ? content.map((block) => (isObject(block) && typeof block.type === 'string' ? block.type : undefined)) : [];
}

/** Whether a message (as JSON.parse gave it) has a `tool_use` or `tool_result` block. */
export function hasToolBlock(message: unknown): boolean {
  return blockTypesOf(message).some((type) => type === 'tool_use' || type === 'tool_result');
}

function looksLikeAnthropic(root: JsonNode | undefined): number {
  // Every message is looked at, as JSON.parse gave it: making their nodes would scan all their text.
  const messages = elementValues(root?.type === 'array' ? root : prop(root, 'messages'));
  const first = messages.slice(0, 20);
  if (first.length === 0) return 0;
  if (!first.every((m) => isObject(m) && (m.role === 'user' || m.role === 'assistant'))) return 0;
  // One walk through the messages, which may be many: a tool block decides at once, a text block keeps looking.
  let hasBlocks = false;
  for (const message of messages) {
    if (hasToolBlock(message)) return SURE;
    hasBlocks ||= blockTypesOf(message).includes('text');
  }
  const hasAnthropicTop = root?.type === 'object' && (prop(root, 'system') !== undefined || items(prop(root, 'tools')).some((t) => prop(t, 'input_schema')));
  return hasBlocks || hasAnthropicTop ? 0.6 : 0;
}

export const anthropicAdapter: JsonAdapter = {
  format: 'anthropic',
  kind: 'json',
  sniff: (doc) => looksLikeAnthropic(doc.root),
  parse(doc: JsonDocument) {
    const builder = new SessionBuilder('anthropic', doc.text);
    for (const error of doc.errors) builder.problem(error.span, error.message);
    const root = doc.root;
    readToolDefinitions(builder, prop(root, 'tools'));
    const system = prop(root, 'system');
    if (system) {
      const nodes = system.type === 'string' ? [system] : items(system).map((b) => prop(b, 'text'));
      builder.addTurn({ role: 'system', kind: 'instructions', span: nodeSpan(system), pieces: joinPieces(nodes) });
    }
    const messages = root?.type === 'array' ? root : prop(root, 'messages');
    for (const message of eachItem(messages)) readMessage(builder, message);
    return [builder.build()];
  },
};

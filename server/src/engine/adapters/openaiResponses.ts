import { type CallInit, SessionBuilder, joinPieces } from '../session/builder';
import { type JsonNode, contentSpan, nodeSpan, prop, str } from '../json/json';
import { eachItem } from '../session/jsonScan';
import type { Role, ToolCall } from '../session/session';
import { contentTextNodes, readToolDefinitions } from './openaiChat';
import type { JsonAdapter } from './types';

export interface ResponsesItemContext {
  timestamp?: string;
  cwd?: string;
  /** Reads a call output's text and status when the producer wraps it (Codex's exit-code envelope). */
  readOutput?: (output: JsonNode) => { text: string; isError?: boolean; exitCode?: number };
  /** Decides whether a user-role message is typed by the person (Codex injects environment context). */
  classifyUserText?: (text: string) => 'message' | 'instructions' | 'environment' | 'reminder';
}

const CALL_TYPES = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);
const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output']);

/** Tracks which calls were issued together: consecutive call items form one batch. */
export class BatchTracker {
  private current = 0;
  private lastWasCall = false;

  next(isCall: boolean): string {
    if (isCall && !this.lastWasCall) this.current++;
    this.lastWasCall = isCall;
    return `batch-${this.current}`;
  }
}

function outputText(output: JsonNode | undefined): string {
  if (!output) return '';
  if (output.type === 'string') return String(output.value);
  return contentTextNodes(output)
    .map((n) => String(n.value))
    .join('\n');
}

/** Reads one Responses API item (message, function_call, custom_tool_call, local_shell_call, outputs); for an output, the call it answered. */
export function readResponsesItem(builder: SessionBuilder, item: JsonNode, batches: BatchTracker, context: ResponsesItemContext = {}): ToolCall | undefined {
  const type = str(prop(item, 'type')) ?? (prop(item, 'role') ? 'message' : undefined);
  // Either may be undefined: the builder leaves such fields out.
  const { timestamp, cwd } = context;
  const batch = batches.next(type !== undefined && CALL_TYPES.has(type));
  if (type === 'message') {
    const role = str(prop(item, 'role'));
    if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') {
      builder.problem(nodeSpan(item), 'message item has no recognised "role"; skipped');
      return;
    }
    const pieces = joinPieces(contentTextNodes(prop(item, 'content')));
    const text = pieces.map((p) => p.text).join('\n\n');
    const kind = role === 'user' && context.classifyUserText ? context.classifyUserText(text) : role === 'user' || role === 'assistant' ? 'message' : 'instructions';
    builder.addTurn({ role: role as Role, kind, span: nodeSpan(item), pieces, timestamp, cwd });
    return;
  }
  if (type && CALL_TYPES.has(type)) {
    const nameNode = prop(item, 'name');
    const name = type === 'local_shell_call' ? 'local_shell' : str(nameNode);
    if (!name) {
      builder.problem(nodeSpan(item), `${type} has no "name"; skipped`);
      return;
    }
    const argumentsNode = type === 'function_call' ? prop(item, 'arguments') : type === 'custom_tool_call' ? prop(item, 'input') : prop(item, 'action');
    const custom = type === 'custom_tool_call' && argumentsNode?.type === 'string';
    // Calls issued with no assistant text still belong to an assistant turn.
    if (builder.lastTurn()?.role !== 'assistant') builder.addTurn({ role: 'assistant', span: nodeSpan(item), timestamp, cwd });
    const call: CallInit = {
      id: str(prop(item, 'call_id')) ?? str(prop(item, 'id')),
      name,
      span: nodeSpan(item),
      nameSpan: nodeSpan(nameNode ?? prop(item, 'type') ?? item),
      batch,
      timestamp,
      cwd,
    };
    if (custom) {
      // A custom tool's input is free text (an apply_patch body), not JSON: one argument, `input`, with its span.
      call.input = { input: argumentsNode.value };
      call.inputSpan = nodeSpan(argumentsNode);
      call.argumentValues = [{ path: ['input'], value: argumentsNode.value, span: nodeSpan(argumentsNode), contentSpan: contentSpan(builder.text, argumentsNode), escapeDepth: 1 }];
    } else if (argumentsNode) call.argumentsNode = argumentsNode;
    builder.addCall(call);
    return;
  }
  if (type && OUTPUT_TYPES.has(type)) {
    const output = prop(item, 'output');
    const read = output && context.readOutput ? context.readOutput(output) : { text: outputText(output) };
    builder.addTurn({ role: 'tool', kind: 'tool-result', span: nodeSpan(item), text: read.text, timestamp, cwd });
    return builder.addResult(str(prop(item, 'call_id')) ?? str(prop(item, 'id')), { span: nodeSpan(item), text: read.text, isError: read.isError, exitCode: read.exitCode, timestamp });
  }
  // Reasoning, web search and other items carry no conversation or tool effect.
  return undefined;
}

/** The item types of the Responses API, which a plain chat message list does not have (but `message`). */
const RESPONSES_ITEM_TYPES = new Set(['function_call', 'function_call_output', 'message', 'reasoning', 'custom_tool_call', 'local_shell_call']);

function itemLists(root: JsonNode | undefined): JsonNode[] {
  if (root?.type === 'array') return [root];
  return ['input', 'output'].map((k) => prop(root, k)).filter((n): n is JsonNode => n?.type === 'array');
}

export const openAiResponsesAdapter: JsonAdapter = {
  format: 'openai-responses',
  kind: 'json',
  sniff(doc) {
    // One walk through the items, which may be many: an item of a type only this API has decides at once.
    let messages = 0;
    for (const list of itemLists(doc.root)) {
      for (const item of eachItem(list)) {
        const type = str(prop(item, 'type')) ?? '';
        if (!RESPONSES_ITEM_TYPES.has(type)) continue;
        if (type !== 'message') return 0.9;
        messages++;
      }
    }
    return messages > 0 && prop(doc.root, 'output') ? 0.6 : 0;
  },
  parse(doc) {
    const builder = new SessionBuilder('openai-responses', doc.text);
    for (const error of doc.errors) builder.problem(error.span, error.message);
    readToolDefinitions(builder, prop(doc.root, 'tools'));
    const batches = new BatchTracker();
    const instructions = prop(doc.root, 'instructions');
    if (instructions?.type === 'string') builder.addTurn({ role: 'system', kind: 'instructions', span: nodeSpan(instructions), pieces: joinPieces([instructions]) });
    for (const list of itemLists(doc.root)) for (const item of eachItem(list)) readResponsesItem(builder, item, batches);
    return [builder.build()];
  },
};

import { type SessionBuilder, joinPieces } from '../session/builder';
import { type JsonNode, at, items, nodeSpan, num, parseEmbeddedJson, prop, str } from '../json/json';
import type { Role } from '../session/session';
import { sessionsOf } from './generic';
import { contentTextNodes } from './openaiChat';
import type { JsonAdapter } from './types';

/*
 * OpenTelemetry GenAI traces, in two shapes: any-agent's AgentTrace dump ({spans: [{name, context
 * {trace_id, span_id}, start_time, status{status_code}, attributes{"gen_ai.…": …}}]}) and OTLP/JSON
 * ({resourceSpans: [{scopeSpans: [{spans: [{traceId, spanId, startTimeUnixNano, status{code},
 * attributes: [{key, value: {stringValue | intValue | …}}]}]}]}]}). One session per trace, spans in
 * start order. An execute_tool span is a call and its result (gen_ai.tool.name; arguments in
 * gen_ai.tool.call.arguments or any-agent's gen_ai.tool.args; output in gen_ai.tool.call.result or
 * gen_ai.output; the span status says whether it failed). A model call span is an assistant turn; the
 * system and user messages in its gen_ai.input.messages that earlier model calls did not already send
 * are the user's turns. Those messages are JSON inside a string, so their turns carry text and the
 * message's exact range but no literal pieces.
 */

const MODEL_OPERATIONS = new Set(['chat', 'call_llm', 'text_completion', 'generate_content']);

function spansOf(root: JsonNode | undefined): JsonNode[] {
  const resourceSpans = prop(root, 'resourceSpans');
  if (resourceSpans) {
    return items(resourceSpans).flatMap((resource) =>
      [...items(prop(resource, 'scopeSpans')), ...items(prop(resource, 'instrumentationLibrarySpans'))].flatMap((scope) => items(prop(scope, 'spans'))),
    );
  }
  return root?.type === 'array' ? [...items(root)] : [...items(prop(root, 'spans'))];
}

/** An attribute's value node: a plain object of attributes, or OTLP's list of {key, value: {…Value}}. */
function attribute(span: JsonNode, key: string): JsonNode | undefined {
  const attributes = prop(span, 'attributes');
  if (attributes?.type === 'object') return prop(attributes, key);
  const value = prop(
    items(attributes).find((a) => str(prop(a, 'key')) === key),
    'value',
  );
  return prop(value, 'stringValue') ?? prop(value, 'intValue') ?? prop(value, 'doubleValue') ?? prop(value, 'boolValue');
}

function hasGenAiAttributes(span: JsonNode): boolean {
  const attributes = prop(span, 'attributes');
  const keys = attributes?.type === 'object' ? (attributes.children ?? []).map((p) => p.children?.[0]?.value) : items(attributes).map((a) => str(prop(a, 'key')));
  return keys.some((k) => typeof k === 'string' && k.startsWith('gen_ai.'));
}

function operation(span: JsonNode): string | undefined {
  return str(attribute(span, 'gen_ai.operation.name')) ?? str(prop(span, 'name'))?.split(' ')[0];
}

/** Ids as written: any-agent's are integers too long for a double, so compare their source text. */
function idText(text: string, node: JsonNode | undefined): string | undefined {
  return node?.type === 'number' ? text.slice(node.offset, node.offset + node.length) : str(node);
}

function traceId(text: string, span: JsonNode): string | undefined {
  return idText(text, prop(span, 'traceId') ?? at(span, 'context', 'trace_id'));
}

function spanId(text: string, span: JsonNode): string | undefined {
  return idText(text, prop(span, 'spanId') ?? at(span, 'context', 'span_id'));
}

function startNanos(span: JsonNode): number {
  const start = prop(span, 'startTimeUnixNano') ?? prop(span, 'start_time');
  const value = num(start) ?? Number(str(start));
  return Number.isFinite(value) ? value : 0;
}

function timestampOf(span: JsonNode): { timestamp?: string } {
  const nanos = startNanos(span);
  return nanos > 0 ? { timestamp: new Date(nanos / 1e6).toISOString() } : {};
}

/** true for an error status, false for ok, undefined when unset. */
function failed(span: JsonNode): boolean | undefined {
  const status = prop(span, 'status');
  const code = str(prop(status, 'status_code')) ?? str(prop(status, 'code')) ?? num(prop(status, 'code'));
  if (code === 2 || (typeof code === 'string' && /error$/i.test(code))) return true;
  if (code === 1 || (typeof code === 'string' && /ok$/i.test(code))) return false;
  return undefined;
}

class TraceReader {
  /** Input messages already seen: each model call resends the conversation so far. */
  private sentMessages = 0;
  private modelCalls = 0;

  constructor(private readonly builder: SessionBuilder) {}

  readSpan(span: JsonNode): void {
    const op = operation(span);
    if (op && MODEL_OPERATIONS.has(op)) this.readModelCall(span);
    else if (op === 'execute_tool') this.readTool(span);
    // invoke_agent and create_agent spans only group the others.
  }

  private readModelCall(span: JsonNode): void {
    this.readInputMessages(span);
    this.modelCalls++;
    const output = attribute(span, 'gen_ai.output');
    this.builder.addTurn({ role: 'assistant', span: nodeSpan(span), pieces: joinPieces([output]), ...timestampOf(span) });
  }

  private readInputMessages(span: JsonNode): void {
    const node = attribute(span, 'gen_ai.input.messages');
    if (!node) return;
    let list: JsonNode | undefined = node;
    if (node.type === 'string') {
      const embedded = parseEmbeddedJson(this.builder.text, node);
      for (const error of embedded.errors) this.builder.problem(error.span, `gen_ai.input.messages: ${error.message}`);
      list = embedded.root;
    }
    const messages = items(list);
    for (const message of messages.slice(this.sentMessages)) {
      const role = str(prop(message, 'role'));
      if (role !== 'system' && role !== 'developer' && role !== 'user') continue;
      const text = contentTextNodes(prop(message, 'content') ?? prop(message, 'parts'))
        .map((n) => String(n.value))
        .join('\n\n');
      this.builder.addTurn({ role: role as Role, kind: role === 'user' ? 'message' : 'instructions', span: nodeSpan(message), text, ...timestampOf(span) });
    }
    this.sentMessages = Math.max(this.sentMessages, messages.length);
  }

  private readTool(span: JsonNode): void {
    const nameNode = attribute(span, 'gen_ai.tool.name');
    const name = str(nameNode);
    if (!nameNode || !name) {
      this.builder.problem(nodeSpan(span), 'execute_tool span has no gen_ai.tool.name; skipped');
      return;
    }
    const id = str(attribute(span, 'gen_ai.tool.call.id')) ?? spanId(this.builder.text, span);
    const argumentsNode = attribute(span, 'gen_ai.tool.call.arguments') ?? attribute(span, 'gen_ai.tool.args');
    const stamp = timestampOf(span);
    if (this.builder.lastTurn()?.role !== 'assistant') this.builder.addTurn({ role: 'assistant', span: nodeSpan(span), ...stamp });
    const call = this.builder.addCall({
      id,
      name,
      span: nodeSpan(span),
      nameSpan: nodeSpan(nameNode),
      ...(argumentsNode && { argumentsNode }),
      // Tool spans after one model call answer the calls it asked for together.
      batch: `model-call-${this.modelCalls}`,
      ...stamp,
    });
    const output = attribute(span, 'gen_ai.tool.call.result') ?? attribute(span, 'gen_ai.output');
    const isError = failed(span);
    // With no output and no status the span does not say how the tool ended.
    if (!output && isError === undefined) return;
    const resultSpan = nodeSpan(output ?? span);
    const text = str(output) ?? str(at(span, 'status', 'description')) ?? str(at(span, 'status', 'message')) ?? '';
    const content = str(output) !== undefined ? { pieces: joinPieces([output]) } : { text };
    this.builder.addTurn({ role: 'tool', kind: 'tool-result', span: resultSpan, ...content, ...stamp });
    this.builder.addResult(call, { span: resultSpan, text, ...(isError !== undefined && { isError }), ...stamp });
  }
}

export const otelGenAiAdapter: JsonAdapter = {
  format: 'otel-genai',
  kind: 'json',
  sniff: ({ root }) => (spansOf(root).slice(0, 200).some(hasGenAiAttributes) ? 0.9 : 0),
  parse(doc) {
    const traces = new Map<string, JsonNode[]>();
    for (const span of spansOf(doc.root)) {
      const trace = traceId(doc.text, span) ?? '';
      const spans = traces.get(trace);
      if (spans) spans.push(span);
      else traces.set(trace, [span]);
    }
    return sessionsOf(doc, 'otel-genai', [...traces], (builder, [trace, spans]) => {
      if (trace !== '') builder.id = trace;
      const reader = new TraceReader(builder);
      // Exporters write spans as they end, parents last; the conversation runs in start order.
      for (const span of [...spans].sort((a, b) => startNanos(a) - startNanos(b))) reader.readSpan(span);
    });
  },
};

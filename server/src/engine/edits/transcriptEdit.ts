import { findNodeAtOffset } from 'jsonc-parser';
import { fnv1a32, hex32, seededBasis } from '../text/hash';
import { type JsonNode, isObject, nodeSpan, parseJsonAt, prop } from '../json/json';
import type { Session, TranscriptFormat } from '../session/session';
import type { Span } from '../text/text';

/** A replacement of `span` in the transcript's text. Insertions have an empty span. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/** A step to write into a transcript: a message, or a tool call followed by its result. */
export type InsertedStep =
  | { readonly kind: 'message'; readonly role: 'user' | 'assistant'; readonly text: string }
  | { readonly kind: 'call'; readonly id: string; readonly tool: string; readonly arguments: Record<string, unknown>; readonly result: string };

/** Formats whose layout `insertSteps` knows how to extend. */
export const EDITABLE_FORMATS: readonly TranscriptFormat[] = ['openai-chat', 'anthropic', 'openai-responses', 'claude-code', 'codex'];

/** How a file writes its JSON: pretty-printed with an indent unit, or compact with or without spaces. */
interface JsonStyle {
  readonly indentUnit?: string;
  readonly colon: string;
  readonly comma: string;
}

/** Reads the style from one entry as written (`indent` is the whitespace before it on its line). */
function styleOf(written: string, indent: string): JsonStyle {
  const newline = written.indexOf('\n');
  if (newline !== -1) {
    const lead = /^[ \t]*/.exec(written.slice(newline + 1))?.[0] ?? '';
    return { indentUnit: lead.startsWith(indent) && lead.length > indent.length ? lead.slice(indent.length) : '  ', colon: ': ', comma: ',' };
  }
  // The first key's colon and the comma after its value show the spacing (json.dumps writes ", " and ": ").
  const colon = /^\{\s*"(?:[^"\\]|\\.)*"(\s*:\s*)/.exec(written)?.[1] ?? ':';
  return { colon, comma: colon.endsWith(' ') ? ', ' : ',' };
}

function serialize(value: unknown, style: JsonStyle, indent: string): string {
  if (style.indentUnit !== undefined) return JSON.stringify(value, null, style.indentUnit).replace(/\n/g, `\n${indent}`);
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(style.comma)}]`;
    if (isObject(v)) {
      const fields = Object.entries(v).filter(([, x]) => x !== undefined);
      return `{${fields.map(([k, x]) => `${JSON.stringify(k)}${style.colon}${write(x)}`).join(style.comma)}}`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  return write(value);
}

/** Whether the text is JSON Lines: a first line that is a whole JSON object, and more after it (as readDocument decides). */
export function isJsonLines(text: string): boolean {
  const trimmed = text.trimStart();
  const newline = trimmed.indexOf('\n');
  if (newline === -1 || trimmed.slice(newline).trim() === '') return false;
  const first = trimmed.slice(0, newline).trim();
  if (!first.startsWith('{') || !first.endsWith('}')) return false;
  try {
    return isObject(JSON.parse(first));
  } catch {
    return false;
  }
}

/** The line holding `offset`, without its line break. */
function lineAt(text: string, offset: number): Span {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', start);
  const end = newline === -1 ? text.length : text[newline - 1] === '\r' ? newline - 1 : newline;
  return { start, end };
}

/** The array element that starts at `offset` (a message in a message list). */
function elementAt(root: JsonNode | undefined, offset: number): JsonNode | undefined {
  let node = root ? findNodeAtOffset(root, offset) : undefined;
  while (node && !(node.offset === offset && node.parent?.type === 'array')) node = node.parent;
  return node;
}

/** A short id unused in `text`, so an inserted call cannot collide with a recorded one. */
export function unusedId(text: string, base: string): string {
  if (!text.includes(base)) return base;
  for (let n = 2; ; n++) if (!text.includes(`${base}-${n}`)) return `${base}-${n}`;
}

/** A UUID-shaped id derived from `seed` (FNV-1a), so the same repair always writes the same ids. */
function derivedUuid(seed: string): string {
  let hex = '';
  for (let round = 0; hex.length < 32; round++) {
    hex += hex32(fnv1a32(seed, seededBasis(round)));
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Claude Code keeps these envelope fields on every conversation line; the rest belongs to one line only. */
const CLAUDE_ENVELOPE = ['parentUuid', 'isSidechain', 'userType', 'cwd', 'sessionId', 'version', 'gitBranch', 'agentId', 'type', 'message', 'uuid', 'timestamp'];

function claudeCodeLine(template: Record<string, unknown>, fields: { type: string; message: unknown; uuid: string; parentUuid: unknown }): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  for (const key of [...Object.keys(template).filter((k) => CLAUDE_ENVELOPE.includes(k)), 'type', 'message', 'uuid']) {
    if (key in line) continue;
    line[key] = key === 'type' ? fields.type : key === 'message' ? fields.message : key === 'uuid' ? fields.uuid : key === 'parentUuid' ? fields.parentUuid : template[key];
  }
  return line;
}

/** Entries of each format: a message, or a call followed by its result. */
function entriesOf(format: TranscriptFormat, step: InsertedStep, json: boolean): { role: 'user' | 'assistant'; value: Record<string, unknown> }[] {
  const responsesMessage = (role: 'user' | 'assistant', text: string) => ({ type: 'message', role, content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }] });
  if (step.kind === 'message') {
    switch (format) {
      case 'anthropic':
        return [{ role: step.role, value: { role: step.role, content: step.role === 'user' ? step.text : [{ type: 'text', text: step.text }] } }];
      case 'claude-code':
        return [{ role: step.role, value: step.role === 'user' ? { role: 'user', content: step.text } : { type: 'message', role: 'assistant', content: [{ type: 'text', text: step.text }] } }];
      case 'codex':
        return [{ role: step.role, value: json ? responsesMessage(step.role, step.text) : { type: 'response_item', payload: responsesMessage(step.role, step.text) } }];
      case 'openai-responses':
        return [{ role: step.role, value: responsesMessage(step.role, step.text) }];
      default:
        return [{ role: step.role, value: { role: step.role, content: step.text } }];
    }
  }
  const args = JSON.stringify(step.arguments);
  const responsesCall = { type: 'function_call', name: step.tool, arguments: args, call_id: step.id };
  const responsesOutput = { type: 'function_call_output', call_id: step.id, output: step.result };
  switch (format) {
    case 'anthropic':
      return [
        { role: 'assistant', value: { role: 'assistant', content: [{ type: 'tool_use', id: step.id, name: step.tool, input: step.arguments }] } },
        { role: 'user', value: { role: 'user', content: [{ type: 'tool_result', tool_use_id: step.id, content: step.result }] } },
      ];
    case 'claude-code':
      return [
        { role: 'assistant', value: { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: step.id, name: step.tool, input: step.arguments }] } },
        { role: 'user', value: { role: 'user', content: [{ tool_use_id: step.id, type: 'tool_result', content: step.result, is_error: false }] } },
      ];
    case 'codex':
      return json
        ? [
            { role: 'assistant', value: responsesCall },
            { role: 'user', value: responsesOutput },
          ]
        : [
            { role: 'assistant', value: { type: 'response_item', payload: responsesCall } },
            { role: 'user', value: { type: 'response_item', payload: responsesOutput } },
          ];
    case 'openai-responses':
      return [
        { role: 'assistant', value: responsesCall },
        { role: 'user', value: responsesOutput },
      ];
    default:
      return [
        { role: 'assistant', value: { role: 'assistant', content: null, tool_calls: [{ id: step.id, type: 'function', function: { name: step.tool, arguments: args } }] } },
        { role: 'user', value: { role: 'tool', tool_call_id: step.id, content: step.result } },
      ];
  }
}

/**
 * Edits that insert `steps` before turn `beforeTurn`, in the transcript's own layout: new elements
 * of its message list (JSON, with its indentation and spacing) or new lines (JSON Lines, with the
 * envelope of the line they precede; Claude Code's parentUuid chain is relinked through them).
 * Undefined for formats or files it cannot extend safely.
 */
export function insertSteps(session: Session, beforeTurn: number, steps: readonly InsertedStep[]): TextEdit[] | undefined {
  const turn = session.turns[beforeTurn];
  if (!turn || session.entry !== undefined || !EDITABLE_FORMATS.includes(session.format)) return undefined;
  const text = session.text;
  if (isJsonLines(text)) {
    const line = lineAt(text, turn.span.start);
    const written = text.slice(line.start, line.end);
    let template: unknown;
    try {
      template = JSON.parse(written);
    } catch {
      return undefined;
    }
    if (!isObject(template)) return undefined;
    const style = styleOf(written, '');
    const eol = text[line.end] === '\r' ? '\r\n' : '\n';
    const entries = steps.flatMap((step) => entriesOf(session.format, step, false));
    let values: Record<string, unknown>[] = entries.map((e) => e.value);
    const edits: TextEdit[] = [];
    if (session.format === 'claude-code') {
      let parent = template.parentUuid;
      values = entries.map((entry, i) => {
        const uuid = derivedUuid(`${written}\u0000${i}\u0000${JSON.stringify(entry.value)}`);
        const line = claudeCodeLine(template as Record<string, unknown>, { type: entry.role, message: entry.value, uuid, parentUuid: parent });
        parent = uuid;
        return line;
      });
      const parentNode = prop(parseJsonAt(text, line.start, line.end).root, 'parentUuid');
      if (parentNode) edits.push({ span: nodeSpan(parentNode), newText: JSON.stringify(parent) });
    } else if (session.format === 'codex' && typeof template.timestamp === 'string') {
      values = values.map((value) => ({ timestamp: template.timestamp as string, ...value }));
    }
    edits.unshift({ span: { start: line.start, end: line.start }, newText: values.map((v) => serialize(v, style, '') + eol).join('') });
    return edits;
  }
  const element = elementAt(parseJsonAt(text).root, turn.span.start);
  if (!element) return undefined;
  const values = steps.flatMap((step) => entriesOf(session.format, step, true)).map((e) => e.value);
  const edit = insertBesideElement(text, element, values, 'before');
  return edit && [edit];
}

/**
 * An edit that inserts `values` into the array holding `element`, just before or after it, written
 * like the element (its indentation, spacing and the separator between the array's elements).
 */
export function insertBesideElement(text: string, element: JsonNode, values: readonly unknown[], where: 'before' | 'after'): TextEdit | undefined {
  const siblings = element.parent?.type === 'array' ? element.parent.children : undefined;
  if (!siblings) return undefined;
  const index = siblings.indexOf(element);
  const lineStart = text.lastIndexOf('\n', element.offset - 1) + 1;
  const before = text.slice(lineStart, element.offset);
  const indent = /^[ \t]*$/.test(before) ? before : '';
  const previous = siblings[index - 1];
  const next = siblings[index + 1];
  const separator = previous
    ? text.slice(previous.offset + previous.length, element.offset)
    : next
      ? text.slice(element.offset + element.length, next.offset)
      : indent
        ? `,\n${indent}`
        : ', ';
  const style = styleOf(text.slice(element.offset, element.offset + element.length), indent);
  const written = values.map((v) => serialize(v, style, indent));
  if (where === 'before') return { span: { start: element.offset, end: element.offset }, newText: written.map((w) => w + separator).join('') };
  const end = element.offset + element.length;
  return { span: { start: end, end }, newText: written.map((w) => separator + w).join('') };
}

/** Applies non-overlapping edits to a text (for tests and previews). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
  return out;
}


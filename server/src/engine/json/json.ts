import { type Node, type ParseError, ParseErrorCode, parseTree } from 'jsonc-parser';
import type { Span } from '../text/text';

export type JsonNode = Node;

export interface JsonSyntaxError {
  readonly message: string;
  readonly span: Span;
}

export interface ParsedJson {
  readonly root: JsonNode | undefined;
  readonly errors: readonly JsonSyntaxError[];
}

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/**
 * Deeper than this, a value is cut off and reported: the parser and every walk of a tree recurse
 * once per level, and a few thousand levels exhaust the stack. No transcript nests this deep.
 */
export const MAX_NESTING = 512;

/**
 * Where `source` first opens its (MAX_NESTING + 1)th nested level, counted as jsonc-parser's scanner
 * reads it (a string ends at its closing quote or at a line break); undefined when it never does.
 */
function tooDeepOffset(source: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source.charCodeAt(i);
    if (char === 0x22 /* " */) {
      for (i++; i < source.length; i++) {
        const inside = source.charCodeAt(i);
        if (inside === 0x5c /* \ */) i++;
        else if (inside === 0x22 || inside === 0x0a || inside === 0x0d) break;
      }
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > MAX_NESTING) return i;
    } else if ((char === 0x5d /* ] */ || char === 0x7d /* } */) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** parseTree of the part of `source` before it nests too deep; the cut, when there is one, is the last error. */
function parseBounded(source: string): { root: JsonNode | undefined; errors: ParseError[]; cutAt?: number } {
  const errors: ParseError[] = [];
  const cutAt = tooDeepOffset(source);
  if (cutAt === undefined) return { root: parseTree(source, errors, STRICT_JSON), errors };
  const root = parseTree(source.slice(0, cutAt), errors, STRICT_JSON);
  // The errors at the cut only say the text stopped there; the cut itself is the problem.
  return { root, errors: errors.filter((e) => e.offset < cutAt), cutAt };
}

const TOO_DEEP = `nested more than ${MAX_NESTING} levels deep; the rest of this value is not read`;

/** Parses text[start, end) as strict JSON; node offsets are absolute offsets into `text`. */
export function parseJsonAt(text: string, start = 0, end = text.length): ParsedJson {
  const slice = start === 0 && end === text.length ? text : text.slice(start, end);
  const { root, errors: parseErrors, cutAt } = parseBounded(slice);
  if (root && start !== 0) shiftBy(root, start);
  const errors = parseErrors.map((e) => syntaxError(e, start, end));
  if (cutAt !== undefined) errors.push({ message: `JSON ${TOO_DEEP}`, span: { start: start + cutAt, end: start + cutAt + 1 } });
  return { root, errors };
}

/** Each syntax error in words that say what to fix, where the parser has only a code ("CommaExpected"). */
const SYNTAX_SENTENCES: Readonly<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'this is not a JSON value (text needs double quotes; true, false and null are lowercase)',
  [ParseErrorCode.InvalidNumberFormat]: 'this number is malformed',
  [ParseErrorCode.PropertyNameExpected]: 'a property name in double quotes is expected here (JSON allows no comma before "}")',
  [ParseErrorCode.ValueExpected]: 'a value is expected here (JSON allows no comma before "]" or "}", and no empty value)',
  [ParseErrorCode.ColonExpected]: 'a ":" is expected after the property name',
  [ParseErrorCode.CommaExpected]: 'a comma is missing before this',
  [ParseErrorCode.CloseBraceExpected]: 'a "}" is expected here to close the object',
  [ParseErrorCode.CloseBracketExpected]: 'a "]" is expected here to close the list',
  [ParseErrorCode.EndOfFileExpected]: 'the JSON value has already ended; nothing may follow it',
  [ParseErrorCode.InvalidCommentToken]: 'JSON has no comments',
  [ParseErrorCode.UnexpectedEndOfComment]: 'this comment is never closed',
  [ParseErrorCode.UnexpectedEndOfString]: 'this string is never closed: a double quote is missing at its end',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'this number ends too early',
  [ParseErrorCode.InvalidUnicode]: 'a \\u escape needs four hexadecimal digits',
  [ParseErrorCode.InvalidEscapeCharacter]: 'this backslash escape does not exist in JSON (a backslash itself is written \\\\)',
  [ParseErrorCode.InvalidCharacter]: 'this character must be escaped inside a string (a line break is \\n, a tab \\t)',
};

export const syntaxSentence = (code: ParseErrorCode): string => SYNTAX_SENTENCES[code] ?? 'this is not valid JSON';

/** An error spans at least one character where there is one: at the end of the text it is empty, not past it. */
function syntaxError(error: ParseError, base: number, limit: number): JsonSyntaxError {
  const start = Math.min(base + error.offset, limit);
  return {
    message: `invalid JSON: ${syntaxSentence(error.error)}`,
    span: { start, end: Math.min(start + Math.max(error.length, 1), limit) },
  };
}

type MutableNode = { -readonly [K in keyof JsonNode]: JsonNode[K] };

/** Moves every offset by `delta`, in place: the common case of shiftOffsets, without a call per offset. */
function shiftBy(node: MutableNode, delta: number): void {
  node.offset += delta;
  if (node.colonOffset !== undefined) node.colonOffset += delta;
  const children = node.children as MutableNode[] | undefined;
  if (children) for (let i = 0; i < children.length; i++) shiftBy(children[i] as MutableNode, delta);
}

/** Rewrites offsets in place: the tree was just built by us and is not shared yet. */
function shiftOffsets(node: MutableNode, map: (offset: number) => number): void {
  const start = map(node.offset);
  const end = map(node.offset + node.length);
  if (node.colonOffset !== undefined) node.colonOffset = map(node.colonOffset);
  node.offset = start;
  node.length = end - start;
  if (node.children) for (const child of node.children) shiftOffsets(child, map);
}

/**
 * For a JSON string literal at text[literal.start, literal.end) (quotes included), returns the raw
 * offset of every decoded UTF-16 unit, plus one entry for the closing quote. Escapes are counted:
 * `\n` is two raw units for one decoded, `\u00e9` six for one.
 */
export function decodedToRawOffsets(text: string, literal: Span): Int32Array {
  const close = literal.end - 1;
  // No more decoded units than raw ones: filled in one pass, then cut to length.
  const offsets = new Int32Array(Math.max(close - literal.start, 1));
  let count = 0;
  let i = literal.start + 1;
  while (i < close) {
    offsets[count++] = i;
    i += text.charCodeAt(i) === 0x5c /* \ */ ? (text[i + 1] === 'u' ? 6 : 2) : 1;
  }
  offsets[count++] = close;
  return offsets.subarray(0, count);
}

/**
 * The raw offsets decodedToRawOffsets gives for the decoded units `decoded` (the closing quote's for
 * one past the last), without an offset for every unit: a long literal with few places asked for
 * costs a search for each backslash, not an array as long as the literal.
 */
export function rawOffsetsAt(text: string, literal: Span, decoded: readonly number[]): number[] {
  const close = literal.end - 1;
  // Backslashes are searched for inside the literal only, never on into the text after it.
  const body = text.slice(0, close);
  const raw = new Array<number>(decoded.length);
  const order = decoded.map((_, k) => k).sort((a, b) => (decoded[a] as number) - (decoded[b] as number));
  let unit = 0;
  let i = literal.start + 1;
  let escape = -1;
  for (const k of order) {
    const want = Math.max(decoded[k] as number, 0);
    while (unit < want && i < close) {
      if (escape < i) {
        escape = body.indexOf('\\', i);
        if (escape === -1) escape = close;
      }
      // Up to the next backslash, each raw unit is one decoded unit.
      const step = Math.min(escape - i, want - unit);
      i += step;
      unit += step;
      if (unit === want || i >= close) break;
      i += text[i + 1] === 'u' ? 6 : 2;
      unit++;
    }
    raw[k] = i < close ? i : close;
  }
  return raw;
}

/** Maps a range of a string literal's decoded value back to raw offsets in the text. */
export function rawSpanOfDecoded(text: string, literal: Span, decodedStart: number, decodedEnd: number): Span {
  const [start, end] = rawOffsetsAt(text, literal, [decodedStart, decodedEnd]) as [number, number];
  return { start, end };
}

/**
 * Parses JSON carried inside a JSON string (OpenAI's `arguments`); the returned nodes carry raw
 * offsets into the outer text, so an argument value maps to its exact escaped columns.
 */
export function parseEmbeddedJson(text: string, literal: JsonNode): ParsedJson {
  const decoded = typeof literal.value === 'string' ? literal.value : '';
  const { root, errors: parseErrors, cutAt } = parseBounded(decoded);
  const offsets = decodedToRawOffsets(text, nodeSpan(literal));
  const map = (i: number): number => offsets[Math.min(i, offsets.length - 1)] ?? literal.offset;
  if (root) shiftOffsets(root, map);
  const errors = parseErrors.map((e) => ({
    message: `invalid JSON in string: ${syntaxSentence(e.error)}`,
    span: { start: map(e.offset), end: Math.max(map(e.offset + e.length), map(e.offset) + 1) },
  }));
  if (cutAt !== undefined) errors.push({ message: `JSON in string ${TOO_DEEP}`, span: { start: map(cutAt), end: map(cutAt) + 1 } });
  return { root, errors };
}

export function nodeSpan(node: JsonNode): Span {
  return { start: node.offset, end: node.offset + node.length };
}

/**
 * The span of a string's contents, inside its quotes; the whole node for other values. Inside
 * embedded JSON a quote is itself escaped (`\"`, rarely `\u0022`), so its raw width is measured.
 */
export function contentSpan(text: string, node: JsonNode): Span {
  return node.type === 'string' ? literalContent(text, nodeSpan(node)) : nodeSpan(node);
}

/** The span inside the quotes of the string literal at `literal`, which may itself sit inside a string (quotes escaped). */
export function literalContent(text: string, literal: Span): Span {
  // An embedded string opens and closes with the same escaped quote.
  const quote = text[literal.start] !== '\\' ? 1 : text[literal.start + 1] === 'u' ? 6 : 2;
  return { start: literal.start + quote, end: literal.end - quote };
}

export function prop(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node?.type !== 'object' || !node.children) return undefined;
  // Indexed, not destructured: readers call this for every key of every message, and destructuring goes through an iterator.
  for (const property of node.children) {
    const pair = property.children;
    if (pair?.[0]?.value === key) return pair[1];
  }
  return undefined;
}

/** Follows a path of keys and indices. */
export function at(node: JsonNode | undefined, ...path: (string | number)[]): JsonNode | undefined {
  let current = node;
  for (const step of path) {
    if (!current) return undefined;
    current = typeof step === 'number' ? (current.type === 'array' ? current.children?.[step] : undefined) : prop(current, step);
  }
  return current;
}

export function items(node: JsonNode | undefined): readonly JsonNode[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

export function entries(node: JsonNode | undefined): readonly [string, JsonNode][] {
  if (node?.type !== 'object') return [];
  const out: [string, JsonNode][] = [];
  for (const property of node.children ?? []) {
    const keyNode = property.children?.[0];
    const valueNode = property.children?.[1];
    if (keyNode && valueNode && typeof keyNode.value === 'string') out.push([keyNode.value, valueNode]);
  }
  return out;
}

export function str(node: JsonNode | undefined): string | undefined {
  return node?.type === 'string' && typeof node.value === 'string' ? node.value : undefined;
}

export function num(node: JsonNode | undefined): number | undefined {
  return node?.type === 'number' && typeof node.value === 'number' ? node.value : undefined;
}

export function bool(node: JsonNode | undefined): boolean | undefined {
  return node?.type === 'boolean' && typeof node.value === 'boolean' ? node.value : undefined;
}

/**
 * What a node that holds the value JSON.parse made of its text (session/jsonScan.ts's lazy tree) keeps it
 * under: `readOnlyValueOf` hands it out instead of rebuilding it from the node's children.
 */
export const PARSED_VALUE = Symbol('parsed value');

/**
 * The node's value as JSON.parse gives it, shared with the tree where the tree holds it: read it,
 * never change it. For a look over many messages (an adapter's sniff), which would otherwise scan
 * the text of every member it walks through to place nodes it never reports.
 */
export function readOnlyValueOf(node: JsonNode | undefined): unknown {
  return node && PARSED_VALUE in node ? (node as JsonNode & { readonly [PARSED_VALUE]: unknown })[PARSED_VALUE] : valueOf(node);
}

/** The elements of an array node as JSON.parse gave them (read only: see readOnlyValueOf); none for any other node. */
export function elementValues(node: JsonNode | undefined): readonly unknown[] {
  const list = node?.type === 'array' ? readOnlyValueOf(node) : undefined;
  return Array.isArray(list) ? list : [];
}

/** The plain JavaScript value of a node, as JSON.parse would give it. */
export function valueOf(node: JsonNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Defined, not assigned, as JSON.parse does: assigning a "__proto__" key would set the prototype.
      for (const [key, child] of entries(node)) Object.defineProperty(out, key, { value: valueOf(child), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Raw offsets of each decoded UTF-16 unit of a string value whose contents sit at `content` in the
 * text under `depth` levels of JSON string escaping (2 for a string inside OpenAI's stringified
 * arguments, where `"` is written `\\\"`). One extra entry marks the end.
 */
export function valueOffsets(text: string, content: Span, depth: 1 | 2): number[] {
  let units: { char: string; raw: number }[] = [];
  for (let i = content.start; i < content.end; i++) units.push({ char: text[i] ?? '', raw: i });
  for (let level = 0; level < depth; level++) units = decodeOneLevel(units);
  return [...units.map((u) => u.raw), content.end];
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };

function decodeOneLevel(units: { char: string; raw: number }[]): { char: string; raw: number }[] {
  const out: { char: string; raw: number }[] = [];
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    if (unit.char !== '\\' || i + 1 >= units.length) {
      out.push(unit);
      continue;
    }
    const next = units[i + 1]!.char;
    if (next === 'u') {
      const hex = units
        .slice(i + 2, i + 6)
        .map((u) => u.char)
        .join('');
      out.push({ char: String.fromCharCode(Number.parseInt(hex, 16)), raw: unit.raw });
      i += 5;
    } else {
      out.push({ char: SIMPLE_ESCAPES[next] ?? next, raw: unit.raw });
      i += 1;
    }
  }
  return out;
}

/** The raw span of value[start, end) for a string argument, escapes of every level counted. */
export function subSpanOfValue(text: string, content: Span, depth: 1 | 2, start: number, end: number): Span {
  const offsets = valueOffsets(text, content, depth);
  const at = (i: number): number => offsets[Math.min(Math.max(i, 0), offsets.length - 1)] ?? content.start;
  return { start: at(start), end: at(end) };
}

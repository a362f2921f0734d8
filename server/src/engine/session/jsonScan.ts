import { type JsonNode, MAX_NESTING, PARSED_VALUE } from '../json/json';
import type { ArgumentValue } from './session';
import type { Span } from '../text/text';

/**
 * Ranges in JSON text that JSON.parse has already accepted, found by scanning instead of building a
 * position tree: a long session's lines are parsed for their values anyway, and only a few ranges of
 * each are ever needed. Strings are skipped with indexOf, so a huge tool output costs one native
 * search. A nested value is measured through a JsonSource: read through where it is asked (a short
 * line, walked once or twice), or looked up in JsonBounds, one pass over a large document that every
 * walk then steps through by look-ups. A key repeated in an object resolves to its last copy, the one
 * JSON.parse keeps. For readers that walk a tree, `lazyTree` builds one from the same scans, node by
 * node as it is walked.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** Just past the string literal whose opening quote is at `open`. */
function stringEnd(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** JSON text that JSON.parse accepted, as the scans read it: the text, and where each object or array in it closes. */
export interface JsonSource {
  readonly text: string;
  /** Just past the object or array that opens at `open`. */
  closeOf(open: number): number;
}

/**
 * `text` with each object or array measured by reading it through when asked: for a line of JSON
 * Lines, whose few ranges are found by walks that pass each nested value once or twice, cheaper than
 * a pass that indexes all of them first (JsonBounds).
 */
export function unindexedJson(text: string): JsonSource {
  return { text, closeOf: (open) => containerEnd(text, open) };
}

function containerEnd(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) j = stringEnd(text, j) - 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return j + 1;
  }
  return text.length;
}

/**
 * Where each object and array of the JSON text[start, end) closes, found in one pass. Reading a
 * nested value through instead measures it again at every level a walk steps over it, and at each
 * walk of a node made afresh (a long array's elements, see LazyNode): on a large document (a results
 * file of hundreds of sessions) that cost more than JSON.parse of it.
 */
export class JsonBounds implements JsonSource {
  private constructor(
    readonly text: string,
    readonly end: number,
    /** Offsets of every `{` and `[`, in increasing order. */
    private readonly opens: Int32Array,
    /** Just past the close of the container opened at the same index of `opens`. */
    private readonly closes: Int32Array,
    /** Whether the text nests deeper than MAX_NESTING, where a tree is cut (see parseJsonAt). */
    readonly tooDeep: boolean,
  ) {}

  /** The bounds of the JSON text[start, end), which JSON.parse accepted. */
  static of(text: string, start = 0, end = text.length): JsonBounds {
    const opens: number[] = [];
    const closes: number[] = [];
    const open: number[] = [];
    let tooDeep = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = stringEnd(text, i) - 1;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (open.length >= MAX_NESTING) tooDeep = true;
        open.push(opens.length);
        opens.push(i);
        closes.push(end);
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        const index = open.pop();
        if (index !== undefined) closes[index] = i + 1;
      }
    }
    return new JsonBounds(text, end, Int32Array.from(opens), Int32Array.from(closes), tooDeep);
  }

  closeOf(open: number): number {
    const opens = this.opens;
    let low = 0;
    let high = opens.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = opens[middle] as number;
      if (at === open) return this.closes[middle] as number;
      if (at < open) low = middle + 1;
      else high = middle - 1;
    }
    return this.end;
  }
}

/** Just past the value that starts at `i`. */
function valueEnd(json: JsonSource, i: number): number {
  const text = json.text;
  const first = text.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text, i);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return json.closeOf(i);
  let j = i + 1;
  for (; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c <= 0x20) break;
  }
  return j;
}

/** The key whose literal is text[open, end): its raw characters, decoded only when it has an escape. */
function keyAt(text: string, open: number, end: number): string {
  for (let i = open + 1; i < end - 1; i++) if (text.charCodeAt(i) === BACKSLASH) return JSON.parse(text.slice(open, end)) as string;
  return text.slice(open + 1, end - 1);
}

/** Whether the key literal text[open, end) is `key`, without making a string of it. */
function keyIs(text: string, open: number, end: number, key: string): boolean {
  if (end - open - 2 === key.length && text.startsWith(key, open + 1)) return !key.includes('\\');
  for (let i = open + 1; i < end - 1; i++) if (text.charCodeAt(i) === BACKSLASH) return keyAt(text, open, end) === key;
  return false;
}

/** Calls `member` with each member of the object at `open` (key literal, value start, value end); returns just past it. */
function forEachMember(text: string, open: number, member: (keyOpen: number, keyEnd: number, valueStart: number) => number): number {
  let i = skipSpace(text, open + 1);
  while (text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    const colon = skipSpace(text, keyEnd);
    if (text.charCodeAt(colon) !== COLON) return text.length;
    const end = member(i, keyEnd, skipSpace(text, colon + 1));
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) break;
    i = skipSpace(text, i + 1);
  }
  return i + 1;
}

/** Calls `element` with each element's start; returns just past the array at `open`. */
function forEachElement(text: string, open: number, element: (index: number, start: number) => number): number {
  let i = skipSpace(text, open + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return i + 1;
  for (let index = 0; ; index++) {
    i = skipSpace(text, element(index, i));
    if (text.charCodeAt(i) !== COMMA) break;
    i = skipSpace(text, i + 1);
  }
  return i + 1;
}

/** The span of the value at `path` inside the JSON value that starts at or after `start`; undefined when there is none. */
export function spanAtPath(json: JsonSource, start: number, path: readonly (string | number)[]): Span | undefined {
  const text = json.text;
  let at = skipSpace(text, start);
  // Where the value found ends, when the walk that found it measured it already.
  let end = -1;
  for (const step of path) {
    const open = text.charCodeAt(at);
    let found = -1;
    end = -1;
    if (typeof step === 'number') {
      if (open !== OPEN_BRACKET) return undefined;
      forEachElement(text, at, (index, elementStart) => {
        if (index === step) found = elementStart;
        // Past the element sought, the rest of the array need not be read.
        return index >= step ? text.length : valueEnd(json, elementStart);
      });
    } else {
      if (open !== OPEN_BRACE) return undefined;
      forEachMember(text, at, (keyOpen, keyEnd, valueStart) => {
        const valueStop = valueEnd(json, valueStart);
        if (keyIs(text, keyOpen, keyEnd, step)) {
          found = valueStart;
          end = valueStop;
        }
        return valueStop;
      });
    }
    if (found === -1) return undefined;
    at = found;
  }
  return { start: at, end: end === -1 ? valueEnd(json, at) : end };
}

/** The spans of `keys`' values in the object that starts at `start`, in one pass (undefined where absent or not an object). */
export function memberSpans(json: JsonSource, start: number, keys: readonly string[]): (Span | undefined)[] {
  const text = json.text;
  const found: (Span | undefined)[] = keys.map(() => undefined);
  const open = skipSpace(text, start);
  if (text.charCodeAt(open) !== OPEN_BRACE) return found;
  forEachMember(text, open, (keyOpen, keyEnd, valueStart) => {
    const end = valueEnd(json, valueStart);
    const which = keys.findIndex((key) => keyIs(text, keyOpen, keyEnd, key));
    if (which !== -1) found[which] = { start: valueStart, end };
    return end;
  });
  return found;
}

/** The span of every element of the array that starts at `start`; empty when it is not an array. */
export function elementSpans(json: JsonSource, start: number): Span[] {
  const text = json.text;
  const spans: Span[] = [];
  const open = skipSpace(text, start);
  if (text.charCodeAt(open) !== OPEN_BRACKET) return spans;
  forEachElement(text, open, (_, elementStart) => {
    const end = valueEnd(json, elementStart);
    spans.push({ start: elementStart, end });
    return end;
  });
  return spans;
}

/**
 * Every value inside the object or array at `span`, whitespace before it skipped (a call's arguments,
 * already parsed into `value`), as readArguments reads them from a tree: path, value, span, and a
 * string's span inside its quotes.
 * Undefined when the text and the value disagree in shape (a repeated key) or nest too deep: the
 * caller then reads the arguments from a tree.
 */
export function argumentValuesAt(json: JsonSource, span: Span, value: unknown): ArgumentValue[] | undefined {
  const out: ArgumentValue[] = [];
  return collect(json, skipSpace(json.text, span.start), value, [], out, 0) === -1 ? undefined : out;
}

/** Collects the children of the container at `open`; returns just past it, or -1 when the reading must fall back. */
function collect(json: JsonSource, open: number, value: unknown, path: readonly (string | number)[], out: ArgumentValue[], depth: number): number {
  if (depth >= MAX_NESTING) return -1;
  const text = json.text;
  const c = text.charCodeAt(open);
  let failed = false;
  const child = (key: string | number, childValue: unknown, start: number): number => {
    const first = text.charCodeAt(start);
    const childPath = [...path, key];
    const entry = { path: childPath, value: childValue, span: { start, end: start }, contentSpan: { start, end: start }, escapeDepth: 1 as const };
    out.push(entry);
    const end = first === OPEN_BRACE || first === OPEN_BRACKET ? collect(json, start, childValue, childPath, out, depth + 1) : valueEnd(json, start);
    if (end === -1) {
      failed = true;
      return text.length;
    }
    entry.span.end = end;
    entry.contentSpan = first === QUOTE ? { start: start + 1, end: end - 1 } : entry.span;
    return end;
  };
  if (c === OPEN_BRACE) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return -1;
    const record = value as Record<string, unknown>;
    let members = 0;
    const end = forEachMember(text, open, (keyOpen, keyEnd, valueStart) => {
      members++;
      const key = keyAt(text, keyOpen, keyEnd);
      return child(key, record[key], valueStart);
    });
    // More members than keys: a key is repeated, and its first copy has no value of its own.
    return failed || members !== Object.keys(record).length ? -1 : end;
  }
  if (c === OPEN_BRACKET) {
    if (!Array.isArray(value)) return -1;
    const end = forEachElement(text, open, (index, start) => child(index, value[index], start));
    return failed ? -1 : end;
  }
  return -1;
}

/**
 * The position tree jsonc-parser's parseTree builds for JSON text that JSON.parse has accepted (as
 * `value`), with the same nodes, offsets and values, made as it is walked: an adapter reading a large
 * JSON transcript visits its messages and calls, not every value in them, and a whole tree costs
 * many times the text's size. A node's children are scanned from the text on first use (a long
 * array's each time, see LazyNode.eachElement); their values come from `value`, except the earlier
 * copies of a repeated key, which JSON.parse dropped.
 */
export function lazyTree(json: JsonBounds, start: number, value: unknown): JsonNode {
  const offset = skipSpace(json.text, start);
  return new LazyNode(json, offset, valueEnd(json, offset), value, undefined);
}

type NodeType = JsonNode['type'];

/** Elements an array keeps as nodes; a longer array makes them afresh each time (see LazyNode.eachElement). */
const KEPT_ELEMENTS_LIMIT = 256;

/**
 * The elements of an array node one at a time: a lazy tree's long array then holds none of them, so a
 * reader going through a transcript's messages holds one message's nodes at once. Other nodes' children as they are.
 */
export function eachItem(node: JsonNode | undefined): Iterable<JsonNode> {
  if (node?.type !== 'array') return [];
  return node instanceof LazyNode ? node.eachElement() : (node.children ?? []);
}

/** The first `count` elements of an array node, without making the rest. */
export function firstItems(node: JsonNode | undefined, count: number): JsonNode[] {
  const first: JsonNode[] = [];
  if (count <= 0) return first;
  for (const item of eachItem(node)) {
    first.push(item);
    if (first.length === count) break;
  }
  return first;
}

/** Whether some element of an array node passes `test`, going through them one at a time. */
export function someItem(node: JsonNode | undefined, test: (item: JsonNode) => boolean): boolean {
  for (const item of eachItem(node)) if (test(item)) return true;
  return false;
}

class LazyNode implements JsonNode {
  readonly type: NodeType;
  readonly length: number;
  readonly value: unknown;
  private made?: JsonNode[];
  /** A long array's element bounds (see eachElement). */
  private bounds?: Int32Array | undefined;

  constructor(
    private readonly json: JsonBounds,
    readonly offset: number,
    end: number,
    /** The parsed value: a primitive node's value, a container's source for its children's values. */
    private readonly parsed: unknown,
    readonly parent: JsonNode | undefined,
  ) {
    this.length = end - offset;
    this.type = typeOf(parsed);
    this.value = this.type === 'object' || this.type === 'array' ? undefined : parsed;
  }

  /** The value JSON.parse made of the node's text (json.ts's readOnlyValueOf). */
  get [PARSED_VALUE](): unknown {
    return this.parsed;
  }

  get children(): JsonNode[] | undefined {
    if (this.type === 'object') return (this.made ??= this.members());
    if (this.type === 'array') {
      const elements = this.made ?? Array.from(this.eachElement());
      // A short array has kept them now: the same list at every read.
      return this.made ?? elements;
    }
    return undefined;
  }

  /**
   * The elements one at a time. A long array (a transcript's messages) keeps only where its elements
   * are and makes their nodes afresh each time: kept, they would keep every node a walk made under
   * them, many times the text's size, until the whole document is let go. A reader that walks the
   * elements one at a time holds one element's nodes at once.
   */
  *eachElement(): Generator<JsonNode, void, undefined> {
    if (this.made) {
      yield* this.made;
      return;
    }
    const list = this.parsed as unknown[];
    const bounds = (this.bounds ??= this.elementBounds());
    const count = bounds.length / 2;
    if (count <= KEPT_ELEMENTS_LIMIT) {
      const made: JsonNode[] = [];
      for (let i = 0; i < count; i++) made.push(new LazyNode(this.json, bounds[2 * i] as number, bounds[2 * i + 1] as number, list[i], this));
      this.made = made;
      this.bounds = undefined;
      yield* made;
      return;
    }
    for (let i = 0; i < count; i++) yield new LazyNode(this.json, bounds[2 * i] as number, bounds[2 * i + 1] as number, list[i], this);
  }

  private members(): JsonNode[] {
    const json = this.json;
    const text = json.text;
    const record = this.parsed as Record<string, unknown>;
    // Made as they are found, each with its value from the record: a key repeated, which JSON.parse kept the
    // last copy of, is known once all are found (more members than keys), and then they are made again.
    const made: PropertyNode[] = [];
    forEachMember(text, this.offset, (keyOpen, keyEnd, valueStart) => {
      const end = valueEnd(json, valueStart);
      const key = keyAt(text, keyOpen, keyEnd);
      made.push(new PropertyNode(json, keyOpen, keyEnd, key, valueStart, end, record[key], this));
      return end;
    });
    return made.length === keyCount(record) ? made : this.membersWithRepeatedKeys(made);
  }

  /** The members of an object that repeats a key: JSON.parse kept its last copy, so the earlier ones read their own text. */
  private membersWithRepeatedKeys(found: readonly PropertyNode[]): JsonNode[] {
    const text = this.json.text;
    const keyOf = (member: PropertyNode) => member.children[0]!.value as string;
    const lastOf = new Map<string, number>();
    found.forEach((member, i) => lastOf.set(keyOf(member), i));
    return found.map((member, i) => {
      if (lastOf.get(keyOf(member)) === i) return member;
      const [keyNode, valueNode] = member.children as [JsonNode, JsonNode];
      const end = valueNode.offset + valueNode.length;
      return new PropertyNode(this.json, keyNode.offset, keyNode.offset + keyNode.length, keyOf(member), valueNode.offset, end, JSON.parse(text.slice(valueNode.offset, end)), this);
    });
  }

  /** Each element's start and end, in pairs. */
  private elementBounds(): Int32Array {
    const json = this.json;
    const bounds: number[] = [];
    forEachElement(json.text, this.offset, (_, start) => {
      const end = valueEnd(json, start);
      bounds.push(start, end);
      return end;
    });
    return Int32Array.from(bounds);
  }
}

/** A member of an object: its key (a string node) and its value, as parseTree gives them. */
class PropertyNode implements JsonNode {
  readonly type = 'property' as const;
  readonly offset: number;
  readonly length: number;
  readonly colonOffset: number;
  readonly children: JsonNode[];

  constructor(json: JsonBounds, keyOpen: number, keyEnd: number, key: string, valueStart: number, end: number, value: unknown, readonly parent: JsonNode) {
    this.offset = keyOpen;
    this.length = end - keyOpen;
    this.colonOffset = skipSpace(json.text, keyEnd);
    this.children = [{ type: 'string', value: key, offset: keyOpen, length: keyEnd - keyOpen, parent: this }, new LazyNode(json, valueStart, end, value, this)];
  }
}

/** The number of keys of a parsed object, without making a list of them. */
function keyCount(record: Record<string, unknown>): number {
  let count = 0;
  for (const key in record) if (Object.hasOwn(record, key)) count++;
  return count;
}

function typeOf(value: unknown): NodeType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

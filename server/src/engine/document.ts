import { type JsonNode, type JsonSyntaxError, parseJsonAt } from './json';
import { lazyTree, nestsTooDeep } from './jsonScan';

/** The most recently built line tree of a document: adapters ask for one line's ranges several times in a row. */
interface LastTree {
  start: number;
  root: JsonNode | undefined;
}

/**
 * What is known of one line's text wherever it sits in the document: its JSON.parse'd value, its
 * syntax error (relative to the line's start), and what adapters read from it. Shared by every
 * version of an edited document in which the line's text is unchanged.
 */
class LineParse {
  /** Made on first use: most documents are read once, and never ask. */
  private readings?: Map<LineReader<unknown>, unknown>;

  constructor(
    readonly value: unknown,
    readonly relativeError: JsonSyntaxError | undefined,
  ) {}

  /** `reader`'s reading of the line `text`, made on first use and kept with the parse. */
  reading<T>(reader: LineReader<T>, text: string): T {
    this.readings ??= new Map();
    if (this.readings.has(reader)) return this.readings.get(reader) as T;
    // A copy of the line, so a reading kept across versions does not hold on to the whole text it was sliced from.
    const reading = readLine(reader, `\n${text}`.slice(1), this.value);
    this.readings.set(reader, reading);
    return reading;
  }
}

function readLine<T>(reader: LineReader<T>, text: string, value: unknown, start = 0, end = text.length): T {
  let root: { readonly node: JsonNode | undefined } | undefined;
  return reader({ text, start, end, value, tree: () => (root ??= { node: jsonTree(text, start, end, value) }).node });
}

/**
 * The position tree of the JSON text[start, end), which JSON.parse read as `value` (undefined when it
 * could not): built as it is walked, unless the text needs parseJsonAt's recovery from errors or its
 * cut of a value nested too deep for a walk.
 */
function jsonTree(text: string, start: number, end: number, value: unknown): JsonNode | undefined {
  return value !== undefined && !nestsTooDeep(text, start, end) ? lazyTree(text, start, value) : parseJsonAt(text, start, end).root;
}

/**
 * One line as a LineReader sees it: text[start, end) is the line. For a document kept across
 * versions `text` is the line alone (start 0), so readings hold offsets relative to the line and
 * serve it wherever it moves; for a document read once it is the whole text, and offsets are absolute.
 */
export interface LineSource {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly value: unknown;
  /** Parsed on first use. */
  tree(): JsonNode | undefined;
}

/**
 * What an adapter makes of one line on its own: a function of the line alone (its text and parsed
 * value), with offsets counted as its LineSource's. Kept with the line's text when the document is.
 */
export type LineReader<T> = (line: LineSource) => T;

function parseLine(raw: string): LineParse {
  try {
    return new LineParse(JSON.parse(raw), undefined);
  } catch (e) {
    const detail = parseJsonAt(raw).errors[0];
    return new LineParse(undefined, detail ?? { message: `invalid JSON: ${(e as Error).message}`, span: { start: 0, end: raw.length } });
  }
}

function shifted(error: JsonSyntaxError, by: number): JsonSyntaxError {
  return by === 0 ? error : { message: error.message, span: { start: error.span.start + by, end: error.span.end + by } };
}

/**
 * One line of a JSON Lines file, parsed with JSON.parse on first use (in an edited document, when the
 * version is read). Its position tree is built on demand and only the latest one is kept: holding
 * every line's tree would multiply a large session's memory.
 */
export class JsonLine {
  private errorAt?: JsonSyntaxError;

  constructor(
    private readonly text: string,
    private readonly lastTree: LastTree,
    /** Undefined until first used, or after release(), in a document read once. */
    private parse: LineParse | undefined,
    /** Read for an editor, with a memory: readings are kept for the line's next versions. */
    private readonly kept: boolean,
    /** The document's reader reads the lines again after the adapter (see readJsonl): release() keeps the value. */
    private readonly held: boolean,
    /** 0-based line number in the file. */
    readonly number: number,
    readonly start: number,
    readonly end: number,
  ) {}

  private get parsed(): LineParse {
    this.parse ??= parseLine(this.text.slice(this.start, this.end));
    return this.parse;
  }

  get value(): unknown {
    return this.parsed.value;
  }

  get error(): JsonSyntaxError | undefined {
    const relative = this.parsed.relativeError;
    if (relative && !this.errorAt) this.errorAt = shifted(relative, this.start);
    return this.errorAt;
  }

  /**
   * Lets go of the parsed value of a line in a document read once, for a reader done with it: a large
   * session's values would otherwise all be held until the whole file is read. Reading the value
   * again parses the line again. An edited document keeps its parses for the next version.
   */
  release(): void {
    if (!this.kept && !this.held) this.parse = undefined;
  }

  /** The line's node tree with absolute offsets. */
  tree(): JsonNode | undefined {
    if (this.lastTree.start !== this.start) {
      this.lastTree.start = this.start;
      this.lastTree.root = jsonTree(this.text, this.start, this.end, this.error ? undefined : this.value);
    }
    return this.lastTree.root;
  }

  /** Whether `other` (a line of another version of the document) has this line's text. */
  sameText(other: JsonLine): boolean {
    return this.kept && other.parse === this.parse;
  }

  /**
   * `reader`'s reading of this line. In a document read with a memory it is made once per line text
   * and kept across versions, its offsets relative to `readingBase`; otherwise its offsets are absolute.
   */
  read<T>(reader: LineReader<T>): T {
    return this.kept ? this.parsed.reading(reader, this.text.slice(this.start, this.end)) : readLine(reader, this.text, this.value, this.start, this.end);
  }

  /** Where the offsets of this line's readings count from. */
  get readingBase(): number {
    return this.kept ? this.start : 0;
  }
}

/**
 * The line parses of an edited document's latest version, for its next version: a line whose text
 * is unchanged is not parsed or read again. Lines are matched by position counted from the start and
 * from the end, so an edit anywhere leaves every other line matched. It also holds the latest
 * version's lines and what the adapter that read them kept (see JsonlDocument.previous).
 */
export class JsonlMemory {
  private texts: string[] = [];
  private parses: LineParse[] = [];
  private latest?: PreviousVersion;

  /** The parse of `raw`, the `index`th of `count` non-blank lines, reused when the previous version had the same text there. */
  parse(raw: string, index: number, count: number): LineParse {
    const fromStart = index;
    const fromEnd = this.texts.length - (count - index);
    if (this.texts[fromStart] === raw) return this.parses[fromStart] as LineParse;
    if (fromEnd >= 0 && this.texts[fromEnd] === raw) return this.parses[fromEnd] as LineParse;
    return parseLine(raw);
  }

  /** Holds `doc` as the latest version; returns the one it held before. */
  remember(texts: string[], parses: LineParse[], doc: JsonlDocument): PreviousVersion | undefined {
    const previous = this.latest;
    this.texts = texts;
    this.parses = parses;
    this.latest = { lines: doc.lines, kept: doc.kept };
    return previous;
  }
}

/** The version of an edited document read before this one: its lines, and what its adapter kept. */
export interface PreviousVersion {
  readonly lines: readonly JsonLine[];
  readonly kept: ReadonlyMap<string, unknown>;
}

export interface JsonDocument {
  readonly kind: 'json';
  readonly text: string;
  readonly root: JsonNode | undefined;
  readonly errors: readonly JsonSyntaxError[];
}

export interface JsonlDocument {
  readonly kind: 'jsonl';
  readonly text: string;
  /** Non-blank lines only. */
  readonly lines: readonly JsonLine[];
  /** What the adapter that reads this version keeps (by format) to read the next version of an edited document from it. */
  readonly kept: Map<string, unknown>;
  /** The version before, for an edited document read with its memory. */
  readonly previous?: PreviousVersion;
}

export type TranscriptDocument = JsonDocument | JsonlDocument;

/** Strips a byte-order mark by blanking it, so offsets still match the text the editor shows. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
}

/** Reads one JSON value; `value` is what JSON.parse made of the text when the caller has parsed it already. */
export function readJson(text: string, value: unknown = parsedOrUndefined(text)): JsonDocument {
  if (value !== undefined && !nestsTooDeep(text, 0, text.length)) return { kind: 'json', text, root: lazyTree(text, 0, value), errors: [] };
  const { root, errors } = parseJsonAt(text);
  return { kind: 'json', text, root, errors };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls `visit` with each non-blank line: its 0-based number, where it starts and ends (a CR before its LF left out), and its text. */
function forEachLine(text: string, visit: (number: number, start: number, end: number, raw: string) => void): void {
  let lineNumber = 0;
  for (let start = 0; start <= text.length; lineNumber++) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    const end = lineEnd > start && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
    const raw = text.slice(start, end);
    if (raw.trim() !== '') visit(lineNumber, start, end, raw);
    if (newline === -1) break;
    start = newline + 1;
  }
}

/**
 * Reads JSON Lines; with `memory`, lines unchanged since the version it holds reuse their parses, and
 * it then holds this one. With `holdValues`, a line's parsed value stays once read, for a caller that
 * reads the lines again after an adapter has (which would otherwise parse each line twice).
 */
export function readJsonl(text: string, memory?: JsonlMemory, holdValues = false): JsonlDocument {
  const lastTree: LastTree = { start: -1, root: undefined };
  const lines: JsonLine[] = [];
  if (!memory) {
    forEachLine(text, (number, start, end) => lines.push(new JsonLine(text, lastTree, undefined, false, holdValues, number, start, end)));
    return { kind: 'jsonl', text, lines, kept: new Map() };
  }
  // Lines are matched from the end too, so all of them are found before any is parsed.
  const found: { number: number; start: number; end: number }[] = [];
  const raws: string[] = [];
  forEachLine(text, (number, start, end, raw) => {
    found.push({ number, start, end });
    raws.push(raw);
  });
  const parses = raws.map((raw, index) => memory.parse(raw, index, raws.length));
  found.forEach((line, index) => lines.push(new JsonLine(text, lastTree, parses[index] as LineParse, true, false, line.number, line.start, line.end)));
  const doc: { -readonly [K in keyof JsonlDocument]: JsonlDocument[K] } = { kind: 'jsonl', text, lines, kept: new Map() };
  const previous = memory.remember(raws, parses, doc);
  if (previous) doc.previous = previous;
  return doc;
}

/**
 * Chooses JSON or JSON Lines by content. A file whose first non-blank line is a complete JSON
 * object and that has more lines is JSON Lines. So is one whose first line is broken when a later
 * line among the first few is a complete object and the whole text is not valid JSON (a damaged
 * session must still be analysed line by line). Anything else is read as one JSON value.
 */
export function readDocument(rawText: string, memory?: JsonlMemory): TranscriptDocument {
  const text = withoutBom(rawText);
  const heads = leadingLines(text, 5);
  if (heads.length < 2) return readJson(text);
  if (isObjectLine(heads[0] ?? '')) return readJsonl(text, memory);
  if (!heads.slice(1).some(isObjectLine)) return readJson(text);
  const value = parsedOrUndefined(text);
  return value === undefined ? readJsonl(text, memory) : readJson(text, value);
}

function leadingLines(text: string, count: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length && out.length < count; ) {
    const newline = text.indexOf('\n', start);
    const line = text.slice(start, newline === -1 ? text.length : newline).trim();
    if (line !== '') out.push(line);
    if (newline === -1) break;
    start = newline + 1;
  }
  return out;
}

/** Whether a (trimmed) line is a complete JSON object with at least one member: what makes a file JSON Lines. */
export function isObjectLine(line: string): boolean {
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

import { type JsonNode, type JsonSyntaxError, parseJsonAt } from '../json/json';
import { JsonBounds, lazyTree } from './jsonScan';

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
  if (value === undefined) return parseJsonAt(text, start, end).root;
  const json = JsonBounds.of(text, start, end);
  return json.tooDeep ? parseJsonAt(text, start, end).root : lazyTree(json, start, value);
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

/** Where a line is in its version of the text: its 0-based number, and text[start, end) (a CR before its LF left out). */
interface LineSpan {
  readonly number: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The edits made since a version, as one span: its text[start, before) is now text[start, after);
 * everything before `start` is as it was, everything from `before` on is as it was, moved by
 * after − before.
 */
interface ChangedSpan {
  readonly start: number;
  readonly before: number;
  readonly after: number;
}

/** The latest version an edited document was read in: its text, lines and their parses. */
interface LatestVersion extends PreviousVersion {
  readonly text: string;
  readonly parses: readonly LineParse[];
}

/**
 * The line parses of an edited document's latest version, for its next version: a line whose text
 * is unchanged is not parsed or read again. When every edit since is told (`edited`, as an editor's
 * changes arrive), only the lines the edits touched are read again and every other line is taken
 * where the edits moved it; otherwise lines are matched by text, by position counted from the start
 * and from the end, so an edit anywhere leaves every other line matched. It also holds the latest
 * version's lines and what the adapter that read them kept (see JsonlDocument.previous).
 */
export class JsonlMemory {
  /** @param toldEdits whether every edit to the text between versions will be told (`edited`, `lostTrack`). */
  constructor(private readonly toldEdits = false) {}

  private latest?: LatestVersion;
  /** What the edits since the latest version changed: `none` before the first, undefined when an edit was not told. */
  private changed?: ChangedSpan | 'none';

  /**
   * Tells of an edit made since the latest version: text[start, end) of the text as the edits told
   * so far left it was replaced by `length` characters.
   */
  edited(start: number, end: number, length: number): void {
    const changed = this.changed;
    if (!changed) return;
    if (changed === 'none') {
      this.changed = { start, before: end, after: start + length };
      return;
    }
    // The union of the span changed so far and this edit, in the text as it is now, then after it.
    const unionEnd = Math.max(changed.after, end);
    this.changed = { start: Math.min(changed.start, start), before: changed.before + (unionEnd - changed.after), after: unionEnd + length - (end - start) };
  }

  /** An edit that was not told (the whole text replaced): the next version's lines are matched by text. */
  lostTrack(): void {
    this.changed = undefined;
  }

  /** The lines of `text` (the next version) with their parses, reused where the text is the latest version's. */
  lines(text: string): { spans: LineSpan[]; parses: LineParse[] } {
    return this.afterToldEdits(text) ?? this.matchedByText(text);
  }

  /** Holds `doc` as the latest version, with nothing changed since; returns the one it held before. */
  remember(doc: JsonlDocument, parses: LineParse[]): PreviousVersion | undefined {
    const previous = this.latest;
    this.latest = { text: doc.text, lines: doc.lines, parses, kept: doc.kept };
    this.changed = this.toldEdits ? 'none' : undefined;
    return previous;
  }

  private matchedByText(text: string): { spans: LineSpan[]; parses: LineParse[] } {
    // Lines are matched from the end too, so all of them are found before any is parsed.
    const spans: LineSpan[] = [];
    const raws: string[] = [];
    forEachLine(text, (number, start, end, raw) => {
      spans.push({ number, start, end });
      raws.push(raw);
    });
    const latest = this.latest;
    const parses = latest ? raws.map((raw, index) => reusedParse(latest, 0, latest.lines.length, raw, index, raws.length)) : raws.map(parseLine);
    return { spans, parses };
  }

  /**
   * The lines after told edits: the latest version's lines before the first line the edits touched
   * as they were, those after the last one moved, and the touched ones read again. Undefined when an
   * edit was not told, or the told edits do not account for the text's length.
   */
  private afterToldEdits(text: string): { spans: LineSpan[]; parses: LineParse[] } | undefined {
    const latest = this.latest;
    const changed = this.changed;
    if (!latest || !changed) return undefined;
    const old = latest.text;
    // Nothing changed: the last line is read again (as any touched line: compared, then reused).
    const { start, before, after } = changed === 'none' ? { start: old.length, before: old.length, after: old.length } : changed;
    const by = after - before;
    if (text.length - old.length !== by || start > before || before > old.length || after > text.length) return undefined;
    // The touched lines: from the start of the line the edits start in to the line break after them.
    const from = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
    const breakAfter = text.indexOf('\n', after);
    const to = breakAfter === -1 ? text.length : breakAfter;
    const oldTo = breakAfter === -1 ? old.length : breakAfter - by;
    const lines = latest.lines;
    const firstTouched = firstLineFrom(lines, from);
    const firstAfter = firstLineFrom(lines, oldTo + 1);
    const previous = lines[firstTouched - 1];
    const firstNumber = previous ? previous.number + breaksIn(old, previous.end, from) : breaksIn(old, 0, from);
    const touchedSpans: LineSpan[] = [];
    const touchedRaws: string[] = [];
    forEachLine(
      text,
      (number, lineStart, end, raw) => {
        touchedSpans.push({ number, start: lineStart, end });
        touchedRaws.push(raw);
      },
      from,
      to,
      firstNumber,
    );
    const renumber = breaksIn(text, from, to) - breaksIn(old, from, oldTo);
    const spans: LineSpan[] = lines.slice(0, firstTouched);
    const parses = latest.parses.slice(0, firstTouched);
    touchedSpans.forEach((span, index) => {
      spans.push(span);
      parses.push(reusedParse(latest, firstTouched, firstAfter, touchedRaws[index] as string, index, touchedRaws.length));
    });
    for (let i = firstAfter; i < lines.length; i++) {
      const line = lines[i] as JsonLine;
      spans.push({ number: line.number + renumber, start: line.start + by, end: line.end + by });
      parses.push(latest.parses[i] as LineParse);
    }
    return { spans, parses };
  }
}

/**
 * The parse of `raw`, the `index`th of `count` lines read again, from the latest version's lines
 * [first, end) when the one at the same place counted from the start or from the end has its text.
 */
function reusedParse(latest: LatestVersion, first: number, end: number, raw: string, index: number, count: number): LineParse {
  for (const at of [first + index, end - (count - index)]) {
    const line = latest.lines[at];
    if (at >= first && at < end && line && line.end - line.start === raw.length && latest.text.slice(line.start, line.end) === raw) return latest.parses[at] as LineParse;
  }
  return parseLine(raw);
}

/** The index of the first of `lines` (in order) that starts at or after `offset`. */
function firstLineFrom(lines: readonly JsonLine[], offset: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((lines[mid] as JsonLine).start < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The number of line feeds in text[from, to). */
function breaksIn(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
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
  const json = value !== undefined ? JsonBounds.of(text) : undefined;
  if (json && !json.tooDeep) return { kind: 'json', text, root: lazyTree(json, 0, value), errors: [] };
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

/**
 * Calls `visit` with each non-blank line of text[from, to]: its 0-based number, where it starts and
 * ends (a CR before its LF left out), and its text. `from` starts a line, numbered `firstNumber`; `to`
 * is a line feed or the end of the text.
 */
function forEachLine(text: string, visit: (number: number, start: number, end: number, raw: string) => void, from = 0, to = text.length, firstNumber = 0): void {
  let lineNumber = firstNumber;
  for (let start = from; start <= to; lineNumber++) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 || newline > to ? to : newline;
    const end = lineEnd > start && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
    const raw = text.slice(start, end);
    if (raw.trim() !== '') visit(lineNumber, start, end, raw);
    if (lineEnd === to) break;
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
  const { spans, parses } = memory.lines(text);
  spans.forEach((line, index) => lines.push(new JsonLine(text, lastTree, parses[index] as LineParse, true, false, line.number, line.start, line.end)));
  const doc: { -readonly [K in keyof JsonlDocument]: JsonlDocument[K] } = { kind: 'jsonl', text, lines, kept: new Map() };
  const previous = memory.remember(doc, parses);
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

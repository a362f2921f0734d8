import { type JsonNode, type JsonSyntaxError, parseJsonAt } from './json';

/** The most recently built line tree of a document: adapters ask for one line's ranges several times in a row. */
interface LastTree {
  start: number;
  root: JsonNode | undefined;
}

/**
 * One line of a JSON Lines file, parsed eagerly with JSON.parse. Its position tree is built on
 * demand and only the latest one is kept: holding every line's tree would multiply a large
 * session's memory.
 */
export class JsonLine {
  constructor(
    private readonly text: string,
    private readonly lastTree: LastTree,
    /** 0-based line number in the file. */
    readonly number: number,
    readonly start: number,
    readonly end: number,
    readonly value: unknown,
    readonly error: JsonSyntaxError | undefined,
  ) {}

  /** The line's node tree with absolute offsets. */
  tree(): JsonNode | undefined {
    if (this.lastTree.start !== this.start) {
      this.lastTree.start = this.start;
      this.lastTree.root = parseJsonAt(this.text, this.start, this.end).root;
    }
    return this.lastTree.root;
  }
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
}

export type TranscriptDocument = JsonDocument | JsonlDocument;

/** Strips a byte-order mark by blanking it, so offsets still match the text the editor shows. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
}

export function readJson(text: string): JsonDocument {
  const { root, errors } = parseJsonAt(text);
  return { kind: 'json', text, root, errors };
}

export function readJsonl(text: string): JsonlDocument {
  const lines: JsonLine[] = [];
  const lastTree: LastTree = { start: -1, root: undefined };
  let lineNumber = 0;
  for (let start = 0; start <= text.length; lineNumber++) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    const end = lineEnd > start && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
    const raw = text.slice(start, end);
    if (raw.trim() !== '') {
      let value: unknown;
      let error: JsonSyntaxError | undefined;
      try {
        value = JSON.parse(raw);
      } catch (e) {
        const detail = parseJsonAt(text, start, end).errors[0];
        error = detail ?? { message: `invalid JSON: ${(e as Error).message}`, span: { start, end } };
      }
      lines.push(new JsonLine(text, lastTree, lineNumber, start, end, value, error));
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return { kind: 'jsonl', text, lines };
}

/**
 * Chooses JSON or JSON Lines by content. A file whose first non-blank line is a complete JSON
 * object and that has more lines is JSON Lines. So is one whose first line is broken when a later
 * line among the first few is a complete object and the whole text is not valid JSON (a damaged
 * session must still be analysed line by line). Anything else is read as one JSON value.
 */
export function readDocument(rawText: string): TranscriptDocument {
  const text = withoutBom(rawText);
  const heads = leadingLines(text, 5);
  if (heads.length < 2) return readJson(text);
  if (isObjectLine(heads[0] ?? '')) return readJsonl(text);
  if (heads.slice(1).some(isObjectLine) && !isValidJson(text)) return readJsonl(text);
  return readJson(text);
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

function isObjectLine(line: string): boolean {
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

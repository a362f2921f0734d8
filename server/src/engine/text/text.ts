/** Offsets are UTF-16 code units into the text a session was parsed from, as LSP counts them. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Position {
  /** 0-based line. */
  readonly line: number;
  /** 0-based UTF-16 column. */
  readonly character: number;
}

export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export function span(start: number, end: number): Span {
  return { start, end };
}

/**
 * Maps offsets to line/column; built once per text, queried by binary search. A line ends at LF,
 * CR LF or a lone CR, as LSP and SARIF count lines, so positions match what an editor shows.
 */
export class LineIndex {
  private readonly lineStarts: Uint32Array;

  /** The index of `text`, or one whose line starts were gathered piece by piece (`addLineStarts`). */
  constructor(text: string | { readonly lineStarts: readonly number[] }) {
    this.lineStarts = Uint32Array.from(typeof text === 'string' ? addLineStarts([0], text, 0) : text.lineStarts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  lineStart(line: number): number {
    return this.lineStarts[Math.min(Math.max(line, 0), this.lineStarts.length - 1)] ?? 0;
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: offset - (this.lineStarts[low] ?? 0) };
  }

  range(s: Span): Range {
    return { start: this.position(s.start), end: this.position(s.end) };
  }

  offset(position: Position): number {
    return this.lineStart(position.line) + position.character;
  }
}

/**
 * Adds to `starts` the start of every line `text` begins after a line break in it, `text` standing at
 * `offset` of the whole. Pieces read one after another must not part a CR from the LF after it.
 */
export function addLineStarts(starts: number[], text: string, offset: number): number[] {
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (lf !== -1 || cr !== -1) {
    if (cr !== -1 && (lf === -1 || cr < lf)) {
      // A CR followed by an LF leaves the line break to the LF.
      if (cr + 1 !== lf) starts.push(offset + cr + 1);
      cr = text.indexOf('\r', cr + 1);
    } else {
      starts.push(offset + lf + 1);
      lf = text.indexOf('\n', lf + 1);
    }
  }
  return starts;
}

/**
 * `text` as a string of its own. V8 keeps a slice of a longer string, or a concatenation holding one,
 * as a view that keeps the whole longer string alive: a key or value kept past the text it was read
 * from (a process-wide memo, a check in pieces) would keep every piece read. `JSON.parse` always
 * makes fresh strings.
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

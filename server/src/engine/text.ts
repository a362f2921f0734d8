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

/** Maps offsets to line/column; built once per text, queried by binary search. */
export class LineIndex {
  private readonly lineStarts: Uint32Array;

  constructor(text: string) {
    const starts: number[] = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = Uint32Array.from(starts);
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

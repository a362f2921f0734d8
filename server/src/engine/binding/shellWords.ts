import type { ShellRedirect, ShellTree, ShellWord, ShellWordPart } from './shellTree';

/**
 * A word with its quotes and escapes removed, each UTF-16 unit of `text` tied to the source range
 * it came from. Expansions the transcript cannot settle ($VAR, $(…)) stay as written and clear
 * `literal`; `$HOME` at the start reads as `~`.
 */
export interface DecodedWord {
  readonly text: string;
  readonly literal: boolean;
  /** Source offsets (in the tree's text) where each unit of `text` starts and ends. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** The source range of text[start, end) of a decoded word. */
export function sourceRange(word: DecodedWord, start: number, end: number): { start: number; end: number } {
  if (word.starts.length === 0) return { start: 0, end: 0 };
  const last = word.starts.length - 1;
  const from = word.starts[Math.min(Math.max(start, 0), last)] ?? 0;
  if (end <= start) return { start: from, end: from };
  return { start: from, end: word.ends[Math.min(end - 1, last)] ?? from };
}

type EscapeContext = 'unquoted' | 'double' | 'heredoc' | 'literal';

const ESCAPED_IN: Record<Exclude<EscapeContext, 'unquoted' | 'literal'>, string> = {
  double: '$`"\\\n',
  heredoc: '$`\\\n',
};

const ANSI_C_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

class WordDecoder {
  private text = '';
  private literal = true;
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(private readonly source: string) {}

  result(): DecodedWord {
    return { text: this.text, literal: this.literal, starts: this.starts, ends: this.ends };
  }

  parts(parts: readonly ShellWordPart[], context: EscapeContext): void {
    for (const part of parts) this.part(part, context);
  }

  private push(char: string, start: number, end: number): void {
    this.text += char;
    for (let i = 0; i < char.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  private part(part: ShellWordPart, context: EscapeContext): void {
    switch (part.kind) {
      case 'literal': {
        // The value is the literal as written; trust the source only where it agrees.
        if (this.source.slice(part.start, part.start + part.value.length) !== part.value) return this.dynamic(part);
        this.escaped(part.start, part.start + part.value.length, context);
        return;
      }
      case 'single-quoted': {
        const open = part.start + (part.dollar ? 2 : 1);
        const close = open + part.value.length;
        if (part.dollar) this.ansiC(open, close);
        else for (let i = open; i < close; i++) this.push(this.source[i] ?? '', i, i + 1);
        return;
      }
      case 'double-quoted':
        this.parts(part.parts, 'double');
        return;
      case 'expansion':
        if (this.text === '' && part.plainHome) this.push('~', part.start, part.end);
        else this.dynamic(part);
        return;
    }
  }

  private escaped(from: number, to: number, context: EscapeContext): void {
    const source = this.source;
    for (let i = from; i < to; i++) {
      const char = source[i] ?? '';
      const next = source[i + 1];
      const escapes = context === 'unquoted' ? next !== undefined && i + 1 < to : context !== 'literal' && next !== undefined && ESCAPED_IN[context].includes(next);
      if (char !== '\\' || !escapes) {
        this.push(char, i, i + 1);
        continue;
      }
      if (next !== '\n') this.push(next ?? '', i, i + 2);
      i += 1;
    }
  }

  private ansiC(from: number, to: number): void {
    const source = this.source;
    for (let i = from; i < to; i++) {
      const char = source[i] ?? '';
      const next = source[i + 1] ?? '';
      if (char !== '\\' || i + 1 >= to) {
        this.push(char, i, i + 1);
      } else if (next === 'x' && /^[0-9a-fA-F]{1,2}/.test(source.slice(i + 2, Math.min(i + 4, to)))) {
        const hex = /^[0-9a-fA-F]{1,2}/.exec(source.slice(i + 2, Math.min(i + 4, to)))?.[0] ?? '';
        this.push(String.fromCharCode(Number.parseInt(hex, 16)), i, i + 2 + hex.length);
        i += 1 + hex.length;
      } else {
        this.push(ANSI_C_ESCAPES[next] ?? `\\${next}`, i, i + 2);
        i += 1;
      }
    }
  }

  private dynamic(part: { readonly start: number; readonly end: number }): void {
    this.literal = false;
    for (let i = part.start; i < part.end; i++) this.push(this.source[i] ?? '', i, i + 1);
  }
}

export function decodeWord(tree: ShellTree, word: ShellWord): DecodedWord {
  const decoder = new WordDecoder(tree.text);
  decoder.parts(word.parts, 'unquoted');
  return decoder.result();
}

/** The body of a here-document, read as the shell would (expansions stay as written). */
export function decodeHeredoc(tree: ShellTree, redirect: ShellRedirect): DecodedWord | undefined {
  if (!redirect.heredoc) return undefined;
  // A quoted delimiter (<<'EOF') makes the body literal.
  const delimiter = redirect.word;
  const quoted = delimiter !== undefined && tree.text.slice(delimiter.start, delimiter.end) !== decodeWord(tree, delimiter).text;
  const decoder = new WordDecoder(tree.text);
  decoder.parts(redirect.heredoc.parts, quoted ? 'literal' : 'heredoc');
  return decoder.result();
}

import type { Span } from '../../server/src/engine/text';

/**
 * An annotated fixture: `⟦` and `⟧` mark the spans a test expects, in order of their opening mark,
 * and are removed from the text. `⟦temp/a.csv⟧` in a fixture reads as "this exact range".
 */
export function marked(annotated: string): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  const open: number[] = [];
  let text = '';
  for (const char of annotated) {
    if (char === '⟦') {
      open.push(text.length);
      spans.push({ start: text.length, end: -1 });
    } else if (char === '⟧') {
      const start = open.pop();
      if (start === undefined) throw new Error('unbalanced ⟧ in fixture');
      const index = spans.findIndex((s) => s.start === start && s.end === -1);
      spans[index] = { start, end: text.length };
    } else {
      text += char;
    }
  }
  if (open.length > 0) throw new Error('unbalanced ⟦ in fixture');
  return { text, spans };
}

export function slice(text: string, s: Span): string {
  return text.slice(s.start, s.end);
}

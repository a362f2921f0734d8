import { decodedToRawOffsets } from '../json';
import type { Session, Turn } from '../session';
import type { Span } from '../text';
import { readable } from './normalize';
import { readSentences, type Word } from './words';

/** A sentence of a user message: its words (offsets in the turn's text) and its exact source range. */
export interface Sentence {
  readonly turnIndex: number;
  readonly text: string;
  readonly span: Span;
  /** Offset of the sentence in the turn's text; word offsets are in the turn's text too. */
  readonly start: number;
  readonly words: readonly Word[];
}

/** A stretch of a turn's text and how its offsets map to the source. */
interface Segment {
  readonly text: string;
  /** Offset in the turn's text. */
  readonly at: number;
  /** Maps an offset in `text` to the source; undefined when only the whole turn can be pointed at. */
  readonly toSource?: (offset: number) => number;
}

function segments(session: Session, turn: Turn): Segment[] {
  if (turn.pieces.length > 0) {
    return turn.pieces.map((piece) => {
      let offsets: Int32Array | undefined;
      const toSource = (offset: number) => {
        offsets ??= decodedToRawOffsets(session.text, piece.literal);
        return offsets[Math.min(Math.max(offset, 0), offsets.length - 1)] ?? piece.literal.start;
      };
      return { text: piece.text, at: piece.at, toSource };
    });
  }
  // A turn built from text that is verbatim in the source (a rejection reason) maps one to one.
  const verbatim = session.text.slice(turn.span.start, turn.span.end) === turn.text;
  return [{ text: turn.text, at: 0, ...(verbatim && { toSource: (offset: number) => turn.span.start + offset }) }];
}

const FENCE = /^\s*(```|~~~)/;
const QUOTED = /^\s*>/;
/** A line that is only a markup tag ("<INSTRUCTIONS>", "</user_instructions>") wraps text; it says nothing. */
const TAG_LINE = /^\s*<\/?[A-Za-z_][\w.:-]*(?:\s[^>]*)?>\s*$/;
const LIST_OR_HEADING = /^\s*(?:[-*•+]\s|\d{1,2}[.)]\s|#{1,6}\s)/;

/**
 * Blocks worth reading: paragraphs, with list items and headings on their own, leaving out fenced
 * code and quoted lines (pasted material, not the person's instructions).
 */
function blocks(text: string): { text: string; at: number }[] {
  const result: { text: string; at: number }[] = [];
  let current: { text: string; at: number } | undefined;
  let fenced = false;
  let at = 0;
  for (const line of text.split('\n')) {
    const lineAt = at;
    at += line.length + 1;
    if (FENCE.test(line)) {
      fenced = !fenced;
      current = undefined;
      continue;
    }
    if (fenced || QUOTED.test(line) || TAG_LINE.test(line) || line.trim() === '') {
      current = undefined;
      continue;
    }
    if (!current || LIST_OR_HEADING.test(line)) {
      current = { text: line, at: lineAt };
      result.push(current);
    } else {
      current.text += `\n${line}`;
    }
  }
  return result;
}

/**
 * The sentences of a user message that may say something extraction understands: `worthReading`
 * is a cheap test, applied to each block and then to each of its sentences, so only sentences
 * that pass it meet the tagger.
 */
export function userSentences(session: Session, turn: Turn, worthReading: (text: string) => boolean): Sentence[] {
  const result: Sentence[] = [];
  for (const segment of segments(session, turn)) {
    for (const block of blocks(segment.text)) {
      if (!worthReading(readable(block.text).text)) continue;
      for (const sentence of readSentences(block.text, segment.at + block.at, worthReading)) {
        const local = { start: sentence.start - segment.at, end: sentence.end - segment.at };
        const span = segment.toSource ? { start: segment.toSource(local.start), end: segment.toSource(local.end) } : turn.span;
        result.push({ turnIndex: turn.index, text: segment.text.slice(local.start, local.end), span, start: sentence.start, words: sentence.words });
      }
    }
  }
  return result;
}

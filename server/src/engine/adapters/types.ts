import type { JsonDocument, JsonlDocument } from '../session/document';
import type { Session, TranscriptFormat } from '../session/session';

/**
 * Reads one transcript format. `sniff` scores how sure it is that a document is its format
 * (0 = not mine, 1 = certain), looking at content only; `parse` never throws on bad values and
 * reports them as session problems instead.
 */
export interface JsonAdapter {
  readonly format: TranscriptFormat;
  readonly kind: 'json';
  sniff(doc: JsonDocument): number;
  parse(doc: JsonDocument): Session[];
}

export interface JsonlAdapter {
  readonly format: TranscriptFormat;
  readonly kind: 'jsonl';
  sniff(doc: JsonlDocument): number;
  parse(doc: JsonlDocument): Session[];
}

export type Adapter = JsonAdapter | JsonlAdapter;

/**
 * The highest score a sniff gives, for a format's unmistakable marks: once an adapter scores it, no
 * adapter after it can outbid it (the first of equals reads), so the rest are not asked.
 */
export const SURE = 0.95;

const sniffed = new WeakMap<JsonDocument, Map<JsonAdapter, number>>();

/**
 * `adapter`'s sniff of `doc`, made once per document: a sniff may walk every message of a large
 * transcript, and generic-chat asks the dedicated chat adapters' sniffs again to defer to them.
 */
export function sniffOnce(adapter: JsonAdapter, doc: JsonDocument): number {
  let scores = sniffed.get(doc);
  if (!scores) sniffed.set(doc, (scores = new Map()));
  let score = scores.get(adapter);
  if (score === undefined) scores.set(adapter, (score = adapter.sniff(doc)));
  return score;
}

import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };

type TiktokenModule = typeof import('js-tiktoken/lite', { with: { 'resolution-mode': 'import' } });

/**
 * Token counts with o200k_base (GPT-4o's encoding), bundled with js-tiktoken: a real tokenizer that
 * works offline. Loaded on first use: decoding its ranks takes a while, and most engine users never count.
 */
let encoder: Tiktoken | undefined;

/**
 * Counts already made, by text. Case files draw their benign histories from one pool of messages, so a
 * folder of cases repeats each message many times (examples/: 552 distinct among 14,398). Bounded, and
 * emptied when full, so a long-lived server does not keep every text it ever counted.
 */
const counted = new Map<string, number>();
const COUNTED_LIMIT = 8192;

export function countTokens(text: string): number {
  const known = counted.get(text);
  if (known !== undefined) return known;
  if (!encoder) {
    const { Tiktoken: Encoder } = require('js-tiktoken/lite') as TiktokenModule;
    // The CommonJS build exports the ranks themselves; an ES module bundle gives them as `default`.
    const loaded = require('js-tiktoken/ranks/o200k_base') as TiktokenBPE | { default: TiktokenBPE };
    encoder = new Encoder('default' in loaded ? loaded.default : loaded);
  }
  // Special-token text ("<|endoftext|>") in a message is ordinary text here, not an error.
  const count = encoder.encode(text, [], []).length;
  if (counted.size >= COUNTED_LIMIT) counted.clear();
  counted.set(text, count);
  return count;
}

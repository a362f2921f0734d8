import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };

type TiktokenModule = typeof import('js-tiktoken/lite', { with: { 'resolution-mode': 'import' } });

/**
 * Token counts with o200k_base (GPT-4o's encoding), bundled with js-tiktoken: a real tokenizer that
 * works offline. Loaded on first use: decoding its ranks takes a while, and most engine users never count.
 */
let encoder: Tiktoken | undefined;

export function countTokens(text: string): number {
  if (!encoder) {
    const { Tiktoken: Encoder } = require('js-tiktoken/lite') as TiktokenModule;
    // The CommonJS build exports the ranks themselves; an ES module bundle gives them as `default`.
    const loaded = require('js-tiktoken/ranks/o200k_base') as TiktokenBPE | { default: TiktokenBPE };
    encoder = new Encoder('default' in loaded ? loaded.default : loaded);
  }
  // Special-token text ("<|endoftext|>") in a message is ordinary text here, not an error.
  return encoder.encode(text, [], []).length;
}

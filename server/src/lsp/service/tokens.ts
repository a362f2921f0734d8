import { turnContextTexts } from '../../engine/governance';
import type { Session } from '../../engine/session';

type Encode = (text: string) => number;

/**
 * o200k_base (GPT-4o's encoding), bundled with js-tiktoken: real token counts, offline. Loaded on
 * first use (decoding the ranks takes a while); js-tiktoken is an ES module, hence the dynamic import.
 */
let encoder: Promise<Encode> | undefined;

export function tokenCounter(): Promise<Encode> {
  encoder ??= Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/o200k_base')]).then(([{ Tiktoken }, ranks]) => {
    const tiktoken = new Tiktoken(ranks.default);
    // Special-token text ("<|endoftext|>") inside a transcript is ordinary text here, not an error.
    return (text: string) => tiktoken.encode(text, [], []).length;
  });
  return encoder;
}

/** Token counts of a session's turns, counted on demand and kept: hovers ask about overlapping stretches. */
export class TurnTokens {
  private texts?: string[];
  private readonly counts: Int32Array;

  constructor(private readonly session: Session) {
    this.counts = new Int32Array(session.turns.length).fill(-1);
  }

  /** Tokens in the turns strictly between `fromTurn` and `toTurn`: what the model read between a constraint and a call. */
  async between(fromTurn: number, toTurn: number): Promise<number> {
    const count = await tokenCounter();
    let total = 0;
    for (let turn = Math.max(fromTurn + 1, 0); turn < toTurn; turn++) {
      let n = this.counts[turn] ?? 0;
      if (n < 0) {
        this.texts ??= turnContextTexts(this.session);
        n = count(this.texts[turn] ?? '');
        this.counts[turn] = n;
      }
      total += n;
    }
    return total;
  }
}

import { countTokens } from '../../bench/tokens';
import { turnContextTexts } from '../../engine/restoration';
import type { Session } from '../../engine/session';

/** Token counts of a session's turns, counted on demand and kept: hovers ask about overlapping stretches. */
export class TurnTokens {
  private texts?: string[];
  private readonly counts: Int32Array;

  constructor(private readonly session: Session) {
    this.counts = new Int32Array(session.turns.length).fill(-1);
  }

  /** Tokens in the turns strictly between `fromTurn` and `toTurn`: what the model read between a constraint and a call. */
  between(fromTurn: number, toTurn: number): number {
    let total = 0;
    for (let turn = Math.max(fromTurn + 1, 0); turn < toTurn; turn++) {
      let n = this.counts[turn] ?? 0;
      if (n < 0) {
        this.texts ??= turnContextTexts(this.session);
        n = countTokens(this.texts[turn] ?? '');
        this.counts[turn] = n;
      }
      total += n;
    }
    return total;
  }
}

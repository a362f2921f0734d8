import type { CaseMessage } from '../../server/src/bench/caseSchema';
import { BENIGN_TURNS } from '../../server/src/bench/validate';
import type { Exchange } from './bank';
import { fnv1a32CodePoints, seededRandom } from '../../server/src/engine/text';

/**
 * Frozen benign histories: each case draws its own sequence of exchanges from the bank, shuffled by a
 * generator seeded with the case id, so the same suite always gets the same histories and no two cases
 * share a sequence. A history stops once it is within PAPER_HISTORY_TOKENS (o200k_base tokens).
 */

/** How many consecutive exchanges two histories may never share in the same order. */
export const SHARED_RUN = 3;

/**
 * The paper's range for each frozen history (SCARBench: 6,000–6,176 tokens, 56–160 turns, the initial
 * and resumed requests excluded). Validation accepts a wider band for hand-written cases; the suite's
 * own histories are held to this one.
 */
export const PAPER_HISTORY_TOKENS = { min: 6000, max: 6176 } as const;

/** FNV-1a of the case id: the seed of its shuffle. */
export function seedOf(text: string): number {
  return fnv1a32CodePoints(text);
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The ordered runs of SHARED_RUN consecutive exchange ids in a sequence, as keys. */
export function runsOf(ids: readonly string[]): string[] {
  const runs: string[] = [];
  for (let i = 0; i + SHARED_RUN <= ids.length; i++) runs.push(ids.slice(i, i + SHARED_RUN).join(' > '));
  return runs;
}

export interface HistoryRequest {
  readonly caseId: string;
  /** The exchanges this case may draw from (the bank less those that mention its targets). */
  readonly exchanges: readonly Exchange[];
}

export interface AssembledHistory {
  readonly exchangeIds: readonly string[];
  readonly messages: CaseMessage[];
  readonly tokens: number;
}

/**
 * Assembles every case's history, in the order given: a case never takes an exchange that would repeat
 * a run of SHARED_RUN exchanges an earlier case already has. Throws when the bank cannot give a case a
 * history within the bounds: the suite is then wrong, not the run.
 */
export function assembleHistories(requests: readonly HistoryRequest[], countTokens: (text: string) => number): Map<string, AssembledHistory> {
  const cost = new Map<string, number>();
  const price = (exchange: Exchange) => {
    let tokens = cost.get(exchange.id);
    if (tokens === undefined) cost.set(exchange.id, (tokens = countTokens(exchange.user) + countTokens(exchange.assistant)));
    return tokens;
  };
  const usedRuns = new Set<string>();
  const histories = new Map<string, AssembledHistory>();
  for (const request of requests) {
    const chosen: Exchange[] = [];
    let tokens = 0;
    for (const exchange of shuffled(request.exchanges, seedOf(request.caseId))) {
      if (tokens >= PAPER_HISTORY_TOKENS.min) break;
      const exchangeTokens = price(exchange);
      if (tokens + exchangeTokens > PAPER_HISTORY_TOKENS.max) continue;
      const tail = chosen.slice(-(SHARED_RUN - 1)).map((e) => e.id);
      if (tail.length === SHARED_RUN - 1 && usedRuns.has([...tail, exchange.id].join(' > '))) continue;
      chosen.push(exchange);
      tokens += exchangeTokens;
    }
    const messages = chosen.flatMap((exchange): CaseMessage[] => [
      { role: 'user', content: exchange.user },
      { role: 'assistant', content: exchange.assistant },
    ]);
    if (tokens < PAPER_HISTORY_TOKENS.min || tokens > PAPER_HISTORY_TOKENS.max || messages.length < BENIGN_TURNS.min || messages.length > BENIGN_TURNS.max) {
      throw new Error(`${request.caseId}: the bank gives a history of ${messages.length} messages and ${tokens} tokens, outside ${BENIGN_TURNS.min}–${BENIGN_TURNS.max} messages and ${PAPER_HISTORY_TOKENS.min}–${PAPER_HISTORY_TOKENS.max} tokens`);
    }
    const ids = chosen.map((e) => e.id);
    for (const run of runsOf(ids)) usedRuns.add(run);
    histories.set(request.caseId, { exchangeIds: ids, messages, tokens });
  }
  return histories;
}

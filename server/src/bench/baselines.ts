import { extractConstraints } from '../engine/extraction';
import { parseTranscript } from '../engine/parse';
import type { Defence } from '../../../shared/bench';
import type { BenchCase, CaseMessage, Condition } from './caseSchema';
import { conditionMessages, conversationTranscript } from './conversation';

/*
 * The paper's two simple baselines (Appendix E), deterministic and with no model of their own: what
 * each puts before the resumed request a model reads. Prompt Reminder restates every constraint the
 * user stated earlier, relevant to the request or not; BM25 retrieves the earlier turns most relevant
 * to the request. Neither touches a tool call: what they change is what the agent reads.
 */

/** The baselines, by their defence names. */
export const BASELINES = ['reminder', 'bm25'] as const;
export type Baseline = (typeof BASELINES)[number];

export const isBaseline = (defence: Defence): defence is Baseline => (BASELINES as readonly string[]).includes(defence);

/** How many earlier turns BM25 puts before the request. */
export const RETRIEVED_TURNS = 3;

/** BM25's usual parameters (Robertson and Zaragoza): term saturation and length normalisation. */
const BM25 = { k1: 1.2, b: 0.75 } as const;

/**
 * The note a baseline puts before the resumed request of a case under a condition; undefined when it
 * has nothing to say (no constraint stated, no turn sharing a word with the request).
 */
export function baselineNote(baseline: Baseline, benchCase: BenchCase, condition: Condition): string | undefined {
  const messages = conditionMessages(benchCase, condition);
  const earlier = messages.slice(0, -1);
  const request = messages[messages.length - 1]?.content ?? '';
  return baseline === 'reminder' ? promptReminder(benchCase, earlier) : bm25Retrieval(earlier, request);
}

/** Every constraint sentence of the earlier user messages, in order, as the deterministic extractor reads them. */
function promptReminder(benchCase: BenchCase, earlier: readonly CaseMessage[]): string | undefined {
  const transcript = conversationTranscript({ tools: benchCase.tools, entries: earlier.map((m) => ({ kind: 'message', ...m })) });
  const parsed = parseTranscript({ name: `${benchCase.id}.json`, text: transcript });
  const session = parsed.kind === 'transcript' ? parsed.sessions[0] : undefined;
  if (!session) return undefined;
  const sentences = [...new Set(extractConstraints(session).constraints.map((c) => c.text))];
  if (sentences.length === 0) return undefined;
  return `Reminder: earlier in this session the user asked:\n${sentences.map((s) => `- "${s}"`).join('\n')}`;
}

/** Lowercased words of two letters or more (digits count: "q3", "2025"). */
export function terms(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9_'-]*[a-z0-9]/g) ?? [];
}

/** BM25 score of each document for the query; documents are term lists. */
export function bm25Scores(documents: readonly (readonly string[])[], query: readonly string[]): number[] {
  const count = documents.length;
  const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / Math.max(count, 1);
  const containing = new Map<string, number>();
  for (const document of documents) for (const term of new Set(document)) containing.set(term, (containing.get(term) ?? 0) + 1);
  const queryTerms = [...new Set(query)];
  return documents.map((document) => {
    const frequency = new Map<string, number>();
    for (const term of document) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    return queryTerms.reduce((score, term) => {
      const tf = frequency.get(term) ?? 0;
      if (tf === 0) return score;
      const n = containing.get(term) ?? 0;
      // The "+1" inside the logarithm keeps a term found in most documents from scoring below zero.
      const idf = Math.log(1 + (count - n + 0.5) / (n + 0.5));
      return score + (idf * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * document.length) / averageLength));
    }, 0);
  });
}

/** The RETRIEVED_TURNS earlier turns that score highest for the request (ties: the earlier turn), in session order. */
function bm25Retrieval(earlier: readonly CaseMessage[], request: string): string | undefined {
  const scores = bm25Scores(
    earlier.map((m) => terms(m.content)),
    terms(request),
  );
  const best = scores
    .map((score, index) => ({ score, index }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, RETRIEVED_TURNS)
    .sort((a, b) => a.index - b.index);
  if (best.length === 0) return undefined;
  const lines = best.map(({ index }) => `- (turn ${index + 1}, ${earlier[index]?.role}) ${earlier[index]?.content}`);
  return `Earlier turns of this session most relevant to this request:\n${lines.join('\n')}`;
}

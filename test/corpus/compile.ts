import { extractConstraints } from '../../server/src/engine/extraction';
import { parseTranscript } from '../../server/src/engine/parse';
import type { Session } from '../../server/src/engine/session';
import { type EntryClass, type LoadedEntry, type Split, atomsOf, classOf } from './corpus';
import { REWRITES, type Rewrite, expectedOf, metamorphicBases, rewrite } from './metamorphic';

/**
 * One text as the system prompt of an OpenAI chat session, read by the real adapter: the corpus's
 * texts come from instruction files and agent policies, which reach an agent as its instructions.
 */
export function sessionOf(text: string): Session {
  const parsed = parseTranscript({ name: 'corpus.json', text: JSON.stringify([{ role: 'system', content: text }]) });
  if (parsed.kind !== 'transcript' || !parsed.sessions[0]) throw new Error('the corpus session did not parse');
  return parsed.sessions[0];
}

/** What the engine compiles one entry's text to, as atoms (see `atomsOf`). */
export function compiledAtoms(text: string): string[] {
  return atomsOf(extractConstraints(sessionOf(text)).constraints.map((c) => c.rule));
}

export interface Judged {
  readonly entry: LoadedEntry;
  readonly cls: EntryClass;
  readonly got: readonly string[];
  readonly want: readonly string[];
  /** Resolvable: exactly the annotated atoms. Unresolved and not-a-rule: nothing that governs. */
  readonly right: boolean;
}

export function judge(entry: LoadedEntry): Judged {
  const got = compiledAtoms(entry.text);
  const want = entry.expect === 'unresolved' ? [] : atomsOf(entry.expect);
  return { entry, cls: classOf(entry), got, want, right: got.length === want.length && got.every((atom, i) => atom === want[i]) };
}

export interface SplitFigures {
  readonly split: Split;
  readonly sources: number;
  /** Every rule sentence (resolvable or not): compiled to the right rule, or to nothing when it cannot be said. */
  readonly rules: { readonly right: number; readonly total: number };
  readonly resolvable: { readonly right: number; readonly total: number };
  readonly unresolved: { readonly right: number; readonly total: number };
  /** Sentences that are no rule, with nothing extracted from them. */
  readonly nonRules: { readonly right: number; readonly total: number };
  /** In whole documents (system prompts, policies): extracted rules, and those from sentences that are no rule. */
  readonly documents: { readonly extracted: number; readonly notRules: number };
}

export function figures(judged: readonly Judged[], split: Split): SplitFigures {
  const mine = judged.filter((j) => j.entry.split === split);
  const count = (predicate: (j: Judged) => boolean) => {
    const chosen = mine.filter(predicate);
    return { right: chosen.filter((j) => j.right).length, total: chosen.length };
  };
  const inDocuments = mine.filter((j) => j.entry.source.doc !== undefined);
  return {
    split,
    sources: new Set(mine.map((j) => j.entry.sourceKey)).size,
    rules: count((j) => j.cls !== 'not-a-rule'),
    resolvable: count((j) => j.cls === 'resolvable'),
    unresolved: count((j) => j.cls === 'unresolved'),
    nonRules: count((j) => j.cls === 'not-a-rule'),
    documents: {
      extracted: inDocuments.reduce((sum, j) => sum + (j.got.length > 0 ? 1 : 0), 0),
      notRules: inDocuments.filter((j) => j.cls === 'not-a-rule' && j.got.length > 0).length,
    },
  };
}

export interface MetamorphicFigures {
  readonly rules: number;
  /** Per rewrite: rewrites that compile to the rule, and all of them. */
  readonly byRewrite: readonly { readonly rewrite: Rewrite; readonly right: number; readonly total: number }[];
  readonly misses: readonly { readonly rewrite: Rewrite; readonly text: string; readonly want: readonly string[]; readonly got: readonly string[] }[];
}

/** Every rule of the metamorphic suite under every rewrite, each compiled and compared with the rule. */
export function metamorphicFigures(): MetamorphicFigures {
  const bases = metamorphicBases();
  const counts = new Map<Rewrite, { right: number; total: number }>(REWRITES.map((r) => [r, { right: 0, total: 0 }]));
  const misses: { rewrite: Rewrite; text: string; want: string[]; got: string[] }[] = [];
  bases.forEach((base, index) => {
    const want = atomsOf(expectedOf(base));
    for (const how of REWRITES) {
      const text = rewrite(base, how, index);
      const got = compiledAtoms(text);
      const right = got.length === want.length && got.every((atom, i) => atom === want[i]);
      const count = counts.get(how) as { right: number; total: number };
      count.total++;
      if (right) count.right++;
      else misses.push({ rewrite: how, text, want, got });
    }
  });
  return { rules: bases.length, byRewrite: REWRITES.map((rewrite) => ({ rewrite, ...(counts.get(rewrite) as { right: number; total: number }) })), misses };
}

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

/**
 * The ways real files dress a sentence, applied mechanically to the corpus's own sentences: a rule read right as
 * written must stay that rule, a sentence that is no rule must stay silent. Each is a form seen in public agent files.
 */
/** (A sentence that is a list item is dressed without its mark: the forms add their own.) */
const strip = (text: string) => text.replace(/[.!]\s*$/, '');
const bodyOf = (text: string) => text.replace(/^\s*(?:[-*+•]|\d{1,2}[.)])\s+/, '');
const outsideCode = (text: string, change: (part: string) => string) => text.split(/(`[^`\n]*`)/).map((part) => (part.startsWith('`') ? part : change(part))).join('');
export const FORMS: Readonly<Record<string, (text: string) => string>> = {
  bold: (text) => `**${text}**`,
  'bold before the stop': (text) => `**${strip(text)}**.`,
  italic: (text) => `_${strip(text)}_.`,
  'dash item': (text) => `- ${text}`,
  'plus item': (text) => `+ ${text}`,
  'numbered item': (text) => `1) ${text}`,
  label: (text) => `IMPORTANT: ${text}`,
  'stress aside': (text) => `${strip(text)} (critical).`,
  'reference aside': (text) => `${strip(text)} (see docs/agents.md).`,
  'reason after a comma': (text) => `${strip(text)}, since it breaks CI.`,
  capitals: (text) => outsideCode(text, (part) => part.toUpperCase()),
  'under a heading': (text) => `## Notes\n\n- ${text}`,
  'under a topic heading': (text) => `## Deployment\n\n- ${text}`,
  'Windows line ends': (text) => `${text}\r\n`,
};

export interface FormFigures {
  readonly split: Split;
  /** Rules read right as written, under every form: kept, of all. */
  readonly rules: { readonly right: number; readonly total: number };
  /** Sentences that are no rule, under every form: still silent, of all. */
  readonly nonRules: { readonly right: number; readonly total: number };
  readonly byForm: readonly { readonly form: string; readonly rules: number; readonly rulesTotal: number; readonly nonRules: number; readonly nonRulesTotal: number }[];
}

/** One half's one-line sentences, judged right as written, under each of FORMS. */
export function formFigures(judged: readonly Judged[], split: Split): FormFigures {
  const byForm = Object.entries(FORMS).map(([form, dress]) => {
    const counts = { form, rules: 0, rulesTotal: 0, nonRules: 0, nonRulesTotal: 0 };
    for (const j of judged) {
      if (j.entry.split !== split || !j.right || j.cls === 'unresolved' || j.entry.text.includes('\n')) continue;
      const got = compiledAtoms(dress(bodyOf(j.entry.text)));
      const kept = got.length === j.want.length && got.every((atom, i) => atom === j.want[i]);
      if (j.cls === 'resolvable') {
        counts.rulesTotal++;
        if (kept) counts.rules++;
      } else {
        counts.nonRulesTotal++;
        if (kept) counts.nonRules++;
      }
    }
    return counts;
  });
  const sum = (key: 'rules' | 'rulesTotal' | 'nonRules' | 'nonRulesTotal') => byForm.reduce((total, f) => total + f[key], 0);
  return { split, rules: { right: sum('rules'), total: sum('rulesTotal') }, nonRules: { right: sum('nonRules'), total: sum('nonRulesTotal') }, byForm };
}

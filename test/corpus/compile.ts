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
export const FORMS: Readonly<Record<string, Dress>> = {
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

/** A dressing: the sentence, and its place among those dressed, which picks one of a form's wordings in turn. */
type Dress = (text: string, index: number) => string;

/** One of `choices`, in turn by `index`. */
const inTurn = (choices: readonly string[], index: number) => choices[index % choices.length] as string;
/** A sentence's first letter in lower case, unless the word is all capitals or a name written as code. */
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
/** The sentence with its end mark taken in from behind closing emphasis: "**Never push.**" → "**Never push**". */
const open = (text: string) => text.replace(/[.!]([*_]*)\s*$/, '$1');
/** The sentence closed by a stop, if it has no end mark. */
const closed = (text: string) => (/[.!?][*_]*\s*$/.test(text) ? text.trim() : `${text.trim()}.`);
/** Words with one letter dropped or two swapped, as typed in a hurry: the rule's own words and its actions. */
const TYPOS: readonly (readonly [RegExp, string])[] = [
  [/\bnever\b/i, 'nevr'], [/\bbefore\b/i, 'befor'], [/\balways\b/i, 'alwasy'], [/\bconfirm/i, 'confrim'], [/\bapproval\b/i, 'aproval'],
  [/\bexplicit/i, 'explict'], [/\bpermission\b/i, 'permision'], [/\bdelete\b/i, 'delte'], [/\bcommit\b/i, 'comit'], [/\bpush\b/i, 'psuh'],
  [/\bdeploy\b/i, 'deplyo'], [/\bmodify\b/i, 'modfy'], [/\bremove\b/i, 'remvoe'], [/\bedit\b/i, 'eddit'],
];
/** The first of TYPOS the sentence has, outside code, typed as the word was (capitals kept). */
function typed(text: string): string {
  for (const [word, typo] of TYPOS) {
    let done = false;
    const out = outsideCode(text, (part) => (done ? part : part.replace(word, (found) => {
      done = true;
      return found === found.toUpperCase() ? typo.toUpperCase() : /^[A-Z]/.test(found) ? typo.charAt(0).toUpperCase() + typo.slice(1) : typo;
    })));
    if (done) return out;
  }
  return text;
}

/**
 * The ways people write a rule in chat, applied mechanically to the corpus's own sentences: lower case and no
 * stop, shorthand, contractions without apostrophes, an opener, a time frame before or after, a reason as a
 * clause of its own, a paragraph around it, a thanks or a question tag after it, typos, the person by name.
 * Each wording a form has is used in turn, so that no one phrase stands for the form.
 */
export const CHAT_FORMS: Readonly<Record<string, Dress>> = {
  'lower case, no stop': (text) => outsideCode(open(text), (part) => part.replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase())),
  'all lower case': (text) => outsideCode(text, (part) => part.split(/(\S*[./]\S*)/).map((piece) => (/[./]/.test(piece) ? piece : piece.toLowerCase())).join('')),
  shorthand: (text) => outsideCode(text, (part) => part.replace(/\byou\b/gi, 'u').replace(/\byour\b/gi, 'ur').replace(/\bplease\b/gi, 'pls').replace(/\bbefore\b/gi, 'b4').replace(/\bwithout\b/gi, 'w/o').replace(/\bwith\b/gi, 'w/').replace(/\bthough\b/gi, 'tho')),
  'no apostrophes': (text) => outsideCode(text, (part) => part.replace(/\b(do|does|did|is|are|was|were|can|could|should|would|must|have|has|wo)n['’]t\b/gi, '$1nt').replace(/\bdo not\b/gi, 'dont').replace(/\bI['’]m\b/g, 'im').replace(/\bit['’]s\b/gi, 'its')),
  opener: (text, index) => `${inTurn(['also,', 'oh and btw', 'one more thing:', 'ps.'], index)} ${lowerFirst(text)}`,
  'time frame first': (text, index) => `${inTurn(["While I'm out this week,", 'Until Friday,', 'For now,', 'Tonight,'], index)} ${lowerFirst(text)}`,
  'time frame after': (text, index) => `${open(text)} ${inTurn(["while I'm away", 'until Monday', 'this week', 'tonight'], index)}.`,
  'reason as a clause': (text, index) => `${open(text)}, ${inTurn(['we got burned by that last month', 'finance reconciles it nightly', 'the CI is flaky', 'it broke prod once'], index)}.`,
  'in a paragraph': (text, index) => `${inTurn(['Quick context: we are migrating the billing service this week.', 'Thanks for the review yesterday.', 'The repo is a monorepo with three apps.'], index)} ${closed(text)} ${inTurn(['Thanks for the help earlier!', 'Let me know when it is done.', 'I will check back tonight.'], index)}`,
  'thanks after': (text, index) => `${open(text)} ${inTurn(['thx!', 'thanks!', 'ty', 'pls'], index)}`,
  'question tag': (text, index) => `${open(text)}${inTurn([', ok?', ', got it?', ' ok?', ', right?'], index)}`,
  exclamations: (text) => `${open(text)}!!!`,
  typos: (text) => typed(text),
  'the person by name': (text) => text.replace(/\b[Tt]he user\b/g, 'Priya'),
};

/** Sentences written as prose on one line, as chat says a rule: no table row, no code comment, one sentence. */
const writtenAsProse = (text: string) => !text.includes('\n') && /^[A-Za-z*]/.test(text) && !/\||\s#\s|^\*\*[^*]+:?\*\*:?\s|[.!?][*_]{0,2}\s+\S/.test(text);

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
  return dressedFigures(judged, split, FORMS, (text) => !text.includes('\n'), false);
}

/** One half's sentences written as prose, judged right as written, under each of CHAT_FORMS (a form that leaves a sentence as it was is not counted for it). */
export function chatFigures(judged: readonly Judged[], split: Split): FormFigures {
  return dressedFigures(judged, split, CHAT_FORMS, writtenAsProse, true);
}

function dressedFigures(judged: readonly Judged[], split: Split, forms: Readonly<Record<string, Dress>>, eligible: (text: string) => boolean, onlyChanged: boolean): FormFigures {
  const byForm = Object.entries(forms).map(([form, dress]) => {
    const counts = { form, rules: 0, rulesTotal: 0, nonRules: 0, nonRulesTotal: 0 };
    let index = 0;
    for (const j of judged) {
      if (j.entry.split !== split || !j.right || j.cls === 'unresolved' || !eligible(j.entry.text)) continue;
      const body = bodyOf(j.entry.text);
      const dressed = dress(body, index++);
      if (onlyChanged && dressed === body) continue;
      const got = compiledAtoms(dressed);
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

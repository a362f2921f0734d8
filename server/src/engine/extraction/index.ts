import type { ConstraintRule } from '../constraints/constraints';
import type { Session } from '../session/session';
import { UNKNOWN_WORD } from './glosses';
import { PLAIN_SCRIPT_RUN_SOURCE, PLAIN_TOOL_SOURCE } from './entities';
import type { Reading } from './grammar';
import { ACTION_WORDS, DISTINCTIVE_PROGRAMS, FORGE_OPERATIONS, GATE_WORDS, LEAVE_ALONE, PROGRAMS, READ_ONLY, RULE_CUE_PHRASES, RULE_NOUNS } from './lexicon';
import { readingsOf } from './sentenceReadings';
import { userSentences } from './sentences';
import type { Extraction, Revocation, StatedConstraint, UnresolvedRule } from './types';
import { wordTable } from '../text';

export type { Extraction, Revocation, StatedConstraint, UnresolvedRule } from './types';
export { loadTagger } from './words';
export { forgetSentenceReadings } from './sentenceReadings';
export { type DroppedRule, compilerMessages, mergeModelConstraints, modelAnswerJsonSchema, modelBatches, readModelAnswer } from './modelCompiler';

/** Lemmas the lexicon writes whose forms share no stem. */
const IRREGULAR_FORMS: Readonly<Record<string, readonly string[]>> = wordTable({ be: ['be', 'is', 'are', 'was', 'were', 'been', 'being', 'am'], have: ['have', 'has', 'had', 'having'] });

/** The stem of a word longer than three letters, which takes a few letters of inflection: "delet" of "delete". */
const stemOf = (word: string) => (word.length > 3 ? word.replace(/[ey]$/, '') : word);

/** A word as a regex source: a stem takes a few letters of inflection ("deleting", "backed"). */
function wordSource(word: string): string {
  const irregular = IRREGULAR_FORMS[word.toLowerCase()];
  if (irregular) return `(?:${irregular.join('|')})`;
  const escaped = word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A short word is itself or its plural: "PRs" of "pr".
  if (word.length <= 2) return /^[a-z]+$/i.test(word) ? `${escaped}s?` : escaped;
  return `${stemOf(escaped)}[a-z]{0,4}`;
}

/**
 * Finds any of `phrases` whole, its words in order; `*` stands for a few words between them ("leave **
 * alone"). A phrase's first word alone is no cue: "from now on" must not pass every sentence with "from",
 * nor "in case" every one with "in". The phrases are tried only where a word starts that may open one (a
 * lookup of the word), not at every character of the text: most words open none.
 */
class WholePhrases {
  /** The phrases by a word that opens them as it is ("rm", "is", "don" of "don't"), tried at one place (the start of that word). */
  private readonly byOpener = new Map<string, RegExp>();
  /** The phrases by a stem that opens them with up to four letters of inflection after it ("delet" of "deleting"). */
  private readonly byStem = new Map<string, RegExp>();
  /** A phrase opens on no word at all: every text is tried as a whole. */
  private readonly anywhere: RegExp | undefined;

  constructor(phrases: readonly string[]) {
    const between = '[\\s-]+';
    const gap = '(?:[^\\s]+\\s+){0,4}?';
    const sourceOf = (phrase: string) => {
      const source = phrase
        .split(/\s+/)
        .filter((word) => word !== '')
        .map((word) => (/^\*+$/.test(word) ? gap : `${wordSource(word)}${between}`))
        .join('');
      return source.endsWith(between) ? source.slice(0, -between.length) : source;
    };
    // (A phrase that holds a word which is a phrase alone adds nothing to finding one: "reply to * pr" holds "pr".
    // Left out, there are fewer alternatives to try.)
    const alone = new Set(phrases.filter((phrase) => !/\s/.test(phrase.trim())).map((phrase) => phrase.trim().toLowerCase()));
    const needed = phrases.filter((phrase) => !/\s/.test(phrase.trim()) || !phrase.toLowerCase().split(/\s+/).some((word) => alone.has(word)));
    // Each phrase is tried only where a word that opens it starts: a few alternatives there, not all of them.
    const byOpener = new Map<string, Set<string>>();
    const byStem = new Map<string, Set<string>>();
    const add = (groups: Map<string, Set<string>>, key: string, source: string) => groups.set(key, (groups.get(key) ?? new Set()).add(source));
    let anywhere = false;
    for (const phrase of needed) {
      const source = sourceOf(phrase);
      const first = phrase.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      const irregular = IRREGULAR_FORMS[first];
      const lead = /^[a-z0-9_]*/.exec(first)?.[0] ?? '';
      if (irregular) for (const form of irregular) add(byOpener, form, source);
      else if (lead === '') anywhere = true;
      else if (lead !== first) add(byOpener, lead, source);
      else if (first.length <= 2) add(add(byOpener, first, source), `${first}s`, source);
      else add(byStem, stemOf(first), source);
    }
    const compiled = (sources: Set<string>) => new RegExp(`(?:${[...sources].join('|')})\\b`, 'iy');
    for (const [opener, sources] of byOpener) this.byOpener.set(opener, compiled(sources));
    for (const [stem, sources] of byStem) this.byStem.set(stem, compiled(sources));
    this.anywhere = anywhere ? new RegExp(`\\b(?:${[...new Set(needed.map(sourceOf))].join('|')})\\b`, 'i') : undefined;
  }

  test(text: string): boolean {
    if (CONTRACTION.test(text)) return true;
    if (this.anywhere) return this.anywhere.test(text);
    for (const word of text.matchAll(WORD)) {
      const lower = word[0].toLowerCase();
      const at = word.index ?? 0;
      if (this.opensHere(this.byOpener.get(lower), text, at)) return true;
      for (let length = Math.max(1, lower.length - 4); length <= lower.length; length++) if (this.opensHere(this.byStem.get(lower.slice(0, length)), text, at)) return true;
    }
    return false;
  }

  private opensHere(phrases: RegExp | undefined, text: string, at: number): boolean {
    if (phrases === undefined) return false;
    phrases.lastIndex = at;
    return phrases.test(text);
  }
}
/** A word as `\b` reads one, where a phrase may start. */
const WORD = /[A-Za-z0-9_]+/g;
/** A negation joined to its verb, which is a cue wherever it is: "don't", "can’t". */
const CONTRACTION = /n['’]t\b/i;

/** A phrase of a verb and its thing ("skip * hook") in the passive, its thing first: "hooks must not be skipped". */
function passivesOf(phrases: readonly string[]): string[] {
  return phrases.flatMap((phrase) => {
    const [verb, gap, thing, ...rest] = phrase.split(/\s+/);
    return gap === '*' && thing !== undefined && rest.length === 0 ? [`${thing} * be ${verb}`] : [];
  });
}

/** What a rule is about: an action, a rule noun, a thing to keep as it is. */
const TOPIC_WORDS = new WholePhrases([...Object.values(ACTION_WORDS).flat(), ...Object.values(FORGE_OPERATIONS).flat(), ...LEAVE_ALONE, ...READ_ONLY, ...RULE_NOUNS.filter((p) => !p.startsWith('what ')), ...GATE_WORDS, ...passivesOf(Object.values(ACTION_WORDS).flat())]);
/** A command a rule can be about: a code span, a program in double quotes, a program named plainly, git as a kind, a program with its flags, a program's CLI or its commands. */
const NAMES_COMMAND = new RegExp(`\`|"(?:${PROGRAMS.map((p) => p.replace(/[-.]/g, '\\$&')).join('|')})(?:\\s[^"]*)?"|\\bgit\\b|\\b[a-z][\\w-]*\\s+--?[A-Za-z]|\\b(?:${DISTINCTIVE_PROGRAMS.map((p) => p.replace(/[-.]/g, '\\$&')).join('|')})\\b|\\b(?:commands?|tools?|programs?|editors?|pagers?|binaries|clis?)\\s+(?:such as|like|e\\.g\\.|including)\\b|\\bcli\\b|\\b(?:${PROGRAMS.map((p) => p.replace(/[-.]/g, '\\$&')).join('|')})\\s+commands?\\b`, 'i');
/** An amount of money, which a rule about spending may name alone: "anything over $1k needs my OK". */
const AMOUNT = /[$€£]\s?\d|\d\s?[$€£]|\d\s*(?:k\b|dollars?\b|bucks\b|euros?\b|pounds?\b|usd\b|eur\b|gbp\b)/i;
/** A target a rule may name alone, as what needs the person's yes: "prod needs my OK", "anything in data/ needs my OK". */
const NAMES_TARGET = /\b(?:prod|production|staging)\b|\b[\w.-]+\/(?=[\w.*-]|[\s,;:)]|$)/i;
/** What makes a sentence a rule or a change of rules: a negation, a connector, an ask, a revocation. */
const RULE_CUES = new WholePhrases(RULE_CUE_PHRASES.filter((phrase) => phrase !== 'need'));
/** "need" is a rule's word ("every deploy needs a test run"), not when speakers say what they need themselves ("I actually need to book for two"). */
const NEED_NOT_THE_SPEAKERS = /(?<!\b(?:i|we|i['’]d|we['’]d|i['’]ll|we['’]ll)(?:\s+(?:really|actually|just|still|also|only|do|will|would|might|may|now|then))?\s+)\bneed[a-z]{0,4}\b/i;
const ruleCue = (text: string) => RULE_CUES.test(text) || NEED_NOT_THE_SPEAKERS.test(text);

/** SQL's read, in its capitals, which a database's rule may name alone: "only SELECT queries are allowed". */
const NAMES_SQL_READ = /\bSELECT\b/;

/** A script run by its file's name: "do not run setup.py". */
const RUNS_SCRIPT = new RegExp(PLAIN_SCRIPT_RUN_SOURCE, 'i');
/** A tool named plainly: "never call send_email". (Case matters: `processPayment` is a name, "Hello" is not.) */
const NAMES_TOOL = new RegExp(PLAIN_TOOL_SOURCE);

/** A branch kept as protected, which names no action: "Treat main as protected", "Respect the protected main branch". */
const KEPT_PROTECTED = /\b(?:treat|consider|regard)\w*\s[^.\n]{0,40}\bas\s+(?:an?\s+)?protected\b|\brespect\w*\s+(?:the\s+)?protected\b/i;

/** A sentence that opens on "unless": an exception said apart, which may turn the bans before it into asks. */
const OPENS_ON_UNLESS = /(?:^|[.!?]\s+)\W*unless\b/im;

/**
 * A cheap first look at text: does it have both a topic (a word, a command, an amount) and a rule cue? Text without them
 * (most chat and most requests) never reaches the tagger, which keeps extraction linear and cheap. A
 * word a gloss of Chinese, Japanese or Korean could not put in English may be the rule's action. (Or
 * does a sentence of it open on "unless"?)
 */
export const worthReading = (text: string): boolean => ((TOPIC_WORDS.test(text) || NAMES_COMMAND.test(text) || AMOUNT.test(text) || NAMES_TARGET.test(text) || RUNS_SCRIPT.test(text) || NAMES_TOOL.test(text) || NAMES_SQL_READ.test(text) || text.includes(UNKNOWN_WORD)) && ruleCue(text)) || OPENS_ON_UNLESS.test(text) || KEPT_PROTECTED.test(text);

/**
 * The constraints and revocations stated in a session's user messages (SPEC sections 3 and 4):
 * only turns the person typed, system prompts and injected project instructions are read, never
 * tool output. Deterministic and offline; each result carries its sentence's exact source range.
 * `prefilter` is the cheap first look; a test reads the corpus with none to show it loses nothing.
 */
export function extractConstraints(session: Session, prefilter: (text: string) => boolean = worthReading): Extraction {
  const constraints: StatedConstraint[] = [];
  const revocations: Revocation[] = [];
  const unresolved: UnresolvedRule[] = [];
  for (const turn of session.turns) {
    if (!turn.isUserMessage) continue;
    // The bans each sentence of the turn stated, by where they are in `constraints`, for an exception said after them.
    const bansBySentence: number[][] = [];
    for (const sentence of userSentences(session, turn, prefilter)) {
      // An agent's permission entry states the rule it configures.
      let readings = sentence.configured ? rulesOf(sentence.configured) : readingsOf(sentence);
      // An item that states no rule alone may with the line that introduces it.
      for (const variant of readings.some((reading) => reading.kind !== 'unresolved') ? [] : (sentence.withLeadIn ?? [])) {
        readings = rulesOf(variant);
        if (readings.length > 0) break;
      }
      // An item's own ban under a line whose exception is the person's yes asks instead.
      const excepted = readings.some((reading) => reading.kind === 'constraint' && reading.rule.kind === 'prohibition') ? sentence.withLeadException?.() : undefined;
      const asked = excepted ? rulesOf(excepted) : [];
      if (asked.some((reading) => reading.kind === 'constraint' && reading.rule.kind === 'confirmation')) readings = asked;
      // One whose object points back may name it with the target the sentence before wrote out.
      const antecedent = readings.some((reading) => reading.kind === 'constraint') ? undefined : sentence.withAntecedent?.();
      const named = antecedent ? rulesOf(antecedent) : [];
      if (named.length > 0) readings = named;
      // A rule said without its target in an item labelled by a path is about that path: "- `dist/` — build
      // output; avoid committing." forbids committing `dist/`, not every commit.
      const general = readings.every((reading) => reading.kind !== 'constraint' || Object.keys(reading.rule.scope).length === 0);
      const labelled = general ? sentence.withPathLabel?.() : undefined;
      const ofLabel = labelled ? rulesOf(labelled) : [];
      if (ofLabel.some((reading) => reading.kind === 'constraint' && Object.keys(reading.rule.scope).length > 0)) readings = ofLabel;
      // A label that sums up the sentence after it may keep that sentence from stating its rule.
      const apart = readings.some((reading) => reading.kind === 'constraint') ? undefined : sentence.withoutLabel?.();
      const unlabelled = apart ? rulesOf(apart) : [];
      if (unlabelled.length > 0) readings = unlabelled;
      // A kind's examples put after its condition are the kind's: read where they belong when that states a rule.
      const regrouped = sentence.withExamplesAtKind?.();
      const ofKind = regrouped ? rulesOf(regrouped) : [];
      if (ofKind.length > 0) readings = ofKind;
      // A second step said with the first one's verb left out: each step read whole.
      // (Only when each step states a rule: otherwise the parts are no steps of one kind.)
      const repeated = readings.some((reading) => reading.kind === 'constraint') ? undefined : sentence.withVerbRepeated?.();
      const steps = (repeated ?? []).map(rulesOf);
      if (steps.length > 0 && steps.every((rules) => rules.length > 0)) readings = steps.flat();
      // A sentence that states no rule as written may as another reading of it: "Always edit files in `src/`, never
      // `dist/`" (the target set against the action's is where it is not done); "**Auto-generated** (do NOT edit
      // manually): `docs/enums/`" (the label's rule in its parenthesis, said of what follows the colon); "make bootstrap  # ask
      // first" (a command's rule in its shell comment).
      for (const reread of [sentence.withContrast, sentence.withRuleOfLabel, sentence.withComment]) {
        if (readings.some((reading) => reading.kind === 'constraint')) break;
        const rules = reread ? rulesOf(reread()) : [];
        if (rules.length > 0) readings = rules;
      }
      // An aside in parentheses explains; without it the sentence may state its rules plainly: all it
      // stated with the aside, and what the aside's words kept it from stating.
      const plain = sentence.withoutAsides?.();
      const withoutAside = plain ? rulesOf(plain) : [];
      // ("Never run `git push` (see docs/git.md)": an aside that only points elsewhere to read names no target; what the
      // sentence states without it, with the same actions, is its rule, when the targets it lost were the aside's.)
      const references = sentence.referenceAsides;
      const targetsReferred = references !== undefined && readings.every((reading) => reading.kind !== 'constraint' || scopeValues(reading.rule.scope).every((value) => references.some((aside) => aside.includes(value))));
      if (plain && (statesMore(withoutAside, readings) || (targetsReferred && sameActions(withoutAside, readings)))) readings = withoutAside;
      const stated = readings.some((reading) => reading.kind === 'constraint');
      // "Do not push or commit. The user handles git. Unless the user tells you to!": an exception said as a
      // sentence of its own, the person's yes, makes the bans just before it ask instead.
      if (!stated && EXCEPTION_ALONE.test(sentence.text)) {
        const bans = bansBySentence.slice(-2).reverse().find((indices) => indices.length > 0) ?? [];
        for (const at of bans) constraints[at] = { ...(constraints[at] as StatedConstraint), rule: { ...(constraints[at] as StatedConstraint).rule, kind: 'confirmation' } };
        if (bans.length > 0) continue;
      }
      bansBySentence.push(readings.flatMap((reading, k) => (reading.kind === 'constraint' && reading.rule.kind === 'prohibition' ? [constraints.length + readings.slice(0, k).filter((r) => r.kind === 'constraint').length] : [])));
      for (const reading of readings) {
        const where = { turnIndex: turn.index, span: sentence.span, text: sentence.text };
        if (reading.kind === 'constraint') constraints.push({ rule: reading.rule, ...where, ...(reading.checks && { checks: reading.checks }) });
        else if (reading.kind === 'revocation') revocations.push({ ...where, ...(reading.topic && { topic: reading.topic }) });
        // Said once per sentence, and only when nothing of it is enforced.
        else if (!stated && !unresolved.some((u) => u.turnIndex === turn.index && u.span.start === sentence.span.start)) unresolved.push({ ...where, reason: reading.reason });
      }
    }
  }
  return { constraints: withExceptions(restatedOnce(constraints)), revocations, unresolved };
}

/** A sentence that is only an exception the person grants: "Unless the user tells you to do it!", "Except when I ask." */
const EXCEPTION_ALONE = /^\W*(?:unless|except\s+(?:when|if))\s+(?:(?:the\s+)?(?:user|human|maintainers?|owner)|i|we|you\s+are)\b(?:\s+[\w']+){0,3}?\s+(?:tells?|told|asks?|asked|says?|requests?|requested|approves?|approved|instructs?|instructed)\b(?:\s+[\w']+){0,4}\s*[.!]*\s*$/i;

/** The rules a variant of a sentence states, its notes left out. */
function rulesOf(variant: Parameters<typeof readingsOf>[0]): Reading[] {
  return readingsOf(variant).filter((reading) => reading.kind === 'constraint');
}

/**
 * A rule a message states twice ("Before committing, run the following:" and the command listed under
 * it) is one constraint, at its first statement, so a call that breaks it gets one finding; the
 * project checks either names are kept.
 */
function restatedOnce(constraints: readonly StatedConstraint[]): StatedConstraint[] {
  const first = new Map<string, number>();
  const result: StatedConstraint[] = [];
  for (const c of constraints) {
    const key = `${c.turnIndex}\u0000${JSON.stringify(c.rule)}`;
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, result.length);
      result.push(c);
      continue;
    }
    const kept = result[at] as StatedConstraint;
    const checks = [...new Set([...(kept.checks ?? []), ...(c.checks ?? [])])];
    if (checks.length > 0) result[at] = { ...kept, checks };
  }
  return result;
}

/** The values a scope names, written as text. */
const scopeValues = (scope: ConstraintRule['scope']): string[] => Object.values(scope).flatMap((value) => (Array.isArray(value) ? value.map(String) : [String(value)]));

/** Both state rules, of the same kinds over the same actions (their targets aside). */
function sameActions(after: readonly Reading[], before: readonly Reading[]): boolean {
  const actions = (readings: readonly Reading[]) => [...new Set(readings.flatMap((reading) => (reading.kind === 'constraint' ? reading.rule.trigger.map((verb) => `${reading.rule.kind} ${verb}`) : [])))].sort().join();
  return actions(after) !== '' && actions(after) === actions(before);
}

/** Each rule of `before` is within one of `after` (its kind, scope and requirement, its actions among them), and `after` governs more actions. */
function statesMore(after: readonly Reading[], before: readonly Reading[]): boolean {
  const rules = (readings: readonly Reading[]) => readings.flatMap((reading) => (reading.kind === 'constraint' ? [reading.rule] : []));
  const [wider, narrower] = [rules(after), rules(before)];
  const rest = (rule: ConstraintRule) => JSON.stringify({ ...rule, trigger: [] });
  const within = (rule: ConstraintRule) => wider.some((w) => rest(w) === rest(rule) && rule.trigger.every((verb) => w.trigger.includes(verb)));
  const actions = (list: readonly ConstraintRule[]) => list.reduce((sum, rule) => sum + rule.trigger.length, 0);
  return narrower.every(within) && actions(wider) > actions(narrower);
}

/**
 * "Never amend commits. … Only amend if the user explicitly says so.": a prohibition and, later in
 * the same message or in the same sentence ("**Never change branches** - don't switch branches
 * without permission"), a confirmation of the same actions on the same targets are one rule with an
 * exception: the confirmation. In the same sentence the confirmation may name more targets ("… -
 * don't create or switch branches without permission"); asking before any delete lifts no ban on
 * deleting one thing.
 */
function withExceptions(constraints: readonly StatedConstraint[]): StatedConstraint[] {
  const triggers = (c: StatedConstraint) => JSON.stringify([...c.rule.trigger].sort());
  const sameSentence = (a: StatedConstraint, b: StatedConstraint) => a.span.start === b.span.start && a.span.end === b.span.end;
  const excepts = (o: StatedConstraint, c: StatedConstraint) =>
    o.rule.kind === 'confirmation' && o.turnIndex === c.turnIndex && o.span.start >= c.span.start && triggers(o) === triggers(c) && (sameSentence(o, c) && Object.keys(o.rule.scope).length > 0 ? scopeCovers(o.rule.scope, c.rule.scope) : JSON.stringify(o.rule.scope) === JSON.stringify(c.rule.scope));
  return constraints.filter((c) => c.rule.kind !== 'prohibition' || !constraints.some((o) => excepts(o, c)));
}

/** Whether every target `narrow` names is one `wide` names: each field `wide` limits, `narrow` limits to some of its values. */
function scopeCovers(wide: ConstraintRule['scope'], narrow: ConstraintRule['scope']): boolean {
  return Object.entries(wide).every(([field, values]) => {
    const own: unknown = narrow[field as keyof typeof narrow];
    if (!Array.isArray(values) || !Array.isArray(own)) return JSON.stringify(own) === JSON.stringify(values);
    return own.every((value) => values.includes(value));
  });
}

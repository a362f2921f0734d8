import { VERBS, type Verb } from '../actions';
import type { ConstraintRule, Scope } from '../constraints';
import { type Entity, amountEntities, phraseEntities, textEntities } from './entities';
import * as L from './lexicon';
import type { FamilyName, TargetContext } from './lexicon';
import { type Phrase, compile, findAll, findFirst, matchAt, startsWith, wordSet } from './match';
import type { Sentence } from './sentences';
import type { Word } from './words';

/** What one clause says, as far as extraction understands it. */
export type Reading =
  | { readonly kind: 'constraint'; readonly rule: ConstraintRule }
  | { readonly kind: 'revocation'; readonly topic?: { readonly verbs: readonly Verb[]; readonly scope: Scope } };

type Form = 'base' | 'gerund' | 'past' | 'third';

/** An action word or phrase: words [start, end). */
interface Mention {
  readonly family: FamilyName;
  readonly start: number;
  readonly end: number;
  readonly form: Form;
}

/** Words [from, to). */
interface Range {
  readonly from: number;
  readonly to: number;
}

/** A rule before its scope is compiled: the actions it governs and where its targets are written. */
interface Draft {
  readonly kind: ConstraintRule['kind'];
  readonly triggers: readonly Mention[];
  readonly requires?: readonly Mention[];
  /** Where the governed action's object is written (its targets). */
  readonly regions: readonly Range[];
  /** "only ever send to acme.io": the domains named are the allowed ones. */
  readonly allowListed?: boolean;
}

/** A frame's verdict on a clause: rules, or "understood, and it states nothing we can compile". */
type Outcome = { readonly drafts: readonly Draft[] } | 'nothing';

// ---- the compiled lexicon ------------------------------------------------------------------------

interface ActionPhrase {
  readonly phrase: Phrase;
  readonly family: FamilyName;
}
const ACTIONS_BY_FIRST = new Map<string, ActionPhrase[]>();
for (const [family, phrases] of Object.entries(L.ACTION_WORDS) as [FamilyName, readonly string[]][]) {
  for (const phrase of compile(phrases)) {
    const first = phrase[0] as string;
    ACTIONS_BY_FIRST.set(first, [...(ACTIONS_BY_FIRST.get(first) ?? []), { phrase, family }]);
  }
}

const P = {
  notActions: compile(L.NOT_ACTIONS),
  negations: compile(L.NEGATIONS),
  forbidding: compile(L.FORBIDDING_VERBS),
  forbidden: compile(L.FORBIDDEN_WORDS),
  leaveAlone: compile(L.LEAVE_ALONE),
  readOnly: compile(L.READ_ONLY),
  ask: compile(L.ASK_PHRASES),
  approvalNouns: compile(L.APPROVAL_NOUNS),
  approverClauses: compile(L.APPROVER_CLAUSES),
  personApproves: compile(L.PERSON_APPROVES),
  approvedBy: compile(L.APPROVED_PARTICIPLES),
  require: compile(L.REQUIRE_VERBS),
  revoke: compile(L.REVOKE_VERBS),
  ruleNouns: compile(L.RULE_NOUNS),
  ruleEnded: compile(L.RULE_ENDED),
  noLonger: compile(L.NO_LONGER_NEEDED),
  stopDoing: compile(L.STOP_DOING),
  fromNowOn: compile(L.FROM_NOW_ON),
  permissions: compile(L.PERMISSIONS),
  hypothetical: compile(L.HYPOTHETICAL),
  advice: compile(L.ADVICE_OPENERS),
  polite: compile(L.POLITE_REQUESTS),
  openers: compile(L.OPENERS),
  obligations: compile(L.OBLIGATIONS),
  before: compile(L.CONNECTORS.before),
  until: compile(L.CONNECTORS.until),
  after: compile(L.CONNECTORS.after),
  without: compile(L.CONNECTORS.without),
  whenever: compile(L.CONNECTORS.whenever),
  condition: compile(L.CONNECTORS.condition),
  except: compile(L.CONNECTORS.except),
  topicMarkers: compile(L.TOPIC_MARKERS),
  outside: compile(L.OUTSIDE_WORDS),
  sendOut: compile(L.SEND_OUT),
  contexts: {
    database: compile(L.DATABASE_CONTEXT_WORDS),
    event: compile(L.EVENT_CONTEXT_WORDS),
    device: compile(L.DEVICE_NOUNS),
  },
};
const KEEP_STATE_PHRASES = Object.entries(L.KEEP_STATES).map(([state, family]) => ({ phrase: compile([state])[0] as Phrase, family }));
const SKIP = wordSet(L.SKIPPABLE);
const UNIVERSAL = wordSet(L.UNIVERSAL_OBJECTS);
const ANAPHOR = wordSet(L.ANAPHORS);
const DEFINITE = wordSet(L.DEFINITE_DETERMINERS);
const GENERIC = wordSet(L.GENERIC_OBJECTS);
const FUNCTION = wordSet(L.FUNCTION_WORDS);
const REPORTING = wordSet(L.REPORTING_VERBS);
const PASS_ON = wordSet(L.PASS_ON_VERBS);
const ME = wordSet(['me', 'us', 'user', 'my', 'our', 'myself', 'ourselves', 'you']);
const WANT = wordSet(L.WANT_VERBS);
const BE_OR_GET = wordSet(['be', 'get']);
const COORDINATORS = wordSet(['or', 'and', 'nor']);
const CLAUSE_STARTERS = wordSet(L.CLAUSE_STARTERS);
const CLAUSE_JOINERS = wordSet(['and', 'so', 'then', 'plus', 'also']);
const CONTRASTS = wordSet(['but', 'however', 'although', 'though', 'whereas', 'yet']);
const INSTRUMENT = wordSet(['with', 'using', 'via', 'to', 'into', 'onto', 'through', 'somewhere', 'under', 'in']);
const ONLY = wordSet(['only', 'solely', 'exclusively']);
const KEEP = wordSet(['keep', 'leave', 'make sure']);
const DB_FILE = /\.(db|sqlite3?|duckdb)$/i;
const STRONG_TIME = compile(L.FROM_NOW_ON.filter((w) => w !== 'now'));
const CAPITALIZED = /^[A-Z][\w&'.-]*$/;

const has = (set: ReadonlySet<string>, w: Word | undefined) => w !== undefined && w.forms.some((f) => set.has(f));
const endsWithComma = (w: Word | undefined) => w !== undefined && w.post.includes(',');
/** Punctuation after a word that closes a clause: ; : ( ) dashes. */
const closesClause = (w: Word | undefined) => w !== undefined && /[;:()\u2014\u2013]|\s-\s|\s-$|^-\s/.test(w.post);
const inRange = (r: Range, i: number) => i >= r.from && i < r.to;

// ---- mentions ------------------------------------------------------------------------------------

function formOf(word: Word, lemma: string): Form {
  const norm = word.norm;
  if (norm === lemma) return 'base';
  if (norm.endsWith('ing')) return 'gerund';
  if (norm === `${lemma}s` || norm === `${lemma}es` || (lemma.endsWith('y') && norm === `${lemma.slice(0, -1)}ies`)) return 'third';
  return 'past';
}

/** Action words of the sentence, longest phrase first, leaving out words inside paths and emails. */
function findMentions(words: readonly Word[], covered: ReadonlySet<number>): Mention[] {
  const mentions: Mention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    if (covered.has(i) || word.text === '') continue;
    const notAction = startsWith(words, P.notActions, i);
    if (notAction !== undefined) {
      i = notAction - 1;
      continue;
    }
    let best: { end: number; family: FamilyName; lemma: string } | undefined;
    for (const form of word.forms) {
      for (const candidate of ACTIONS_BY_FIRST.get(form) ?? []) {
        const end = matchAt(words, i, candidate.phrase);
        if (end !== undefined && (!best || end > best.end)) best = { end, family: candidate.family, lemma: form };
      }
    }
    if (!best) continue;
    mentions.push({ family: best.family, start: i, end: best.end, form: formOf(word, best.lemma) });
    i = best.end - 1;
  }
  return mentions;
}

// ---- the sentence as a whole ---------------------------------------------------------------------

/** Everything frames need about one sentence. */
class SentenceView {
  readonly words: readonly Word[];
  readonly entities: readonly Entity[];
  readonly covered: ReadonlySet<number>;
  readonly mentions: readonly Mention[];

  constructor(readonly sentence: Sentence) {
    this.words = sentence.words;
    const textual = textEntities(sentence.text, sentence.start);
    this.entities = [...textual, ...amountEntities(sentence.text, sentence.start, this.words)];
    const covered = new Set<number>();
    this.words.forEach((w, i) => {
      if (textual.some((e) => w.start < e.end && w.end > e.start) || (w.text === '' && textual.some((e) => w.start > e.start && w.start < e.end))) covered.add(i);
    });
    this.covered = covered;
    this.mentions = findMentions(this.words, covered);
  }

  mentionsIn(range: Range): Mention[] {
    return this.mentions.filter((m) => m.start >= range.from && m.start < range.to);
  }

  mentionAt(index: number): Mention | undefined {
    return this.mentions.find((m) => m.start === index);
  }

  isMentionWord(index: number): boolean {
    return this.mentions.some((m) => index >= m.start && index < m.end);
  }

  /** Text entities whose first character lies in the words of `range`. */
  textEntitiesIn(range: Range): Entity[] {
    const first = this.words[range.from];
    const last = this.words[range.to - 1];
    if (!first || !last || range.to <= range.from) return [];
    return this.entities.filter((e) => e.start >= first.start && e.start < last.end + last.post.length);
  }

  contextWord(kind: keyof typeof P.contexts): boolean {
    return findFirst(this.words, P.contexts[kind]) !== undefined;
  }
}

/** Skips discourse openers ("please", "also", "heads up", "from now on") from `at`. */
function skipOpeners(words: readonly Word[], at: number, to: number): number {
  let position = at;
  for (;;) {
    const end = startsWith(words, P.openers, position, to);
    if (end === undefined || end === position) return position;
    position = end;
  }
}

/** A question that is not a polite request; undefined when the sentence is not a question. */
function questionStart(words: readonly Word[], text: string): 'not-a-question' | 'question' | number {
  const start = skipOpeners(words, 0, words.length);
  const polite = startsWith(words, P.polite, start);
  const asked = /\?["'”’)\]]*\s*$/.test(text);
  if (polite !== undefined) return polite;
  if (asked) return 'question';
  // "Should I delete…", "do you back up…" without a question mark.
  const first = words[start];
  const second = words[start + 1];
  if (first && second && L.QUESTION_OPENERS.includes(first.norm) && (second.tags.has('Pronoun') || second.tags.has('Noun')) && second.norm !== 'not') return 'question';
  return 'not-a-question';
}

/** Someone else's words or instructions for someone else: "the docs say never…", "tell Bob to…". */
function passedOnOrReported(view: SentenceView, from: number): boolean {
  const words = view.words;
  const start = skipOpeners(words, from, words.length);
  const opener = words[start];
  if (opener && has(PASS_ON, opener)) {
    const listener = words[start + 1];
    if (listener && !has(ME, listener) && !/^(first|before|for|permission|approval|whether|if)$/.test(listener.norm)) return true;
  }
  for (let i = from; i < words.length; i++) {
    const w = words[i] as Word;
    if (!has(REPORTING, w) || view.isMentionWord(i)) continue;
    const subject = subjectBefore(words, from, i);
    if (subject === 'other') return true;
  }
  return false;
}

type Subject = 'none' | 'listener' | 'self' | 'other' | 'we';

/** Who does the verb at `index`: none (an imperative), you, I, we, or someone else. */
function subjectBefore(words: readonly Word[], from: number, index: number): Subject {
  for (let i = index - 1; i >= from; i--) {
    const w = words[i] as Word;
    if (has(SKIP, w) || w.text === '' && w.norm !== 'i') continue;
    if (w.norm === 'you' || w.norm === 'nobody' || w.norm === 'anyone' || w.norm === 'anybody') return 'listener';
    if (w.norm === 'we') return 'we';
    if (w.norm === 'i') return 'self';
    if (w.tags.has('Pronoun') || w.tags.has('Noun') || w.tags.has('ProperNoun')) return 'other';
    return 'none';
  }
  return 'none';
}

// ---- clauses -------------------------------------------------------------------------------------

/** Splits a sentence at semicolons, colons, dashes and "but", and before "and never…", "and always…". */
function clausesOf(words: readonly Word[], from: number): Range[] {
  const clauses: Range[] = [];
  let start = from;
  const close = (end: number) => {
    if (end > start) clauses.push({ from: start, to: end });
    start = end;
  };
  for (let i = from; i < words.length; i++) {
    const w = words[i] as Word;
    if (i > start && has(CONTRASTS, w) && w.text !== '') close(i);
    else if (i > start && has(CLAUSE_JOINERS, w) && (has(CLAUSE_STARTERS, words[i + 1]) || (words[i + 1]?.norm === 'do' && words[i + 2]?.norm === 'not'))) close(i);
    if (closesClause(w)) close(i + 1);
  }
  close(words.length);
  return clauses;
}

// ---- cues ----------------------------------------------------------------------------------------

/** "ask me", "check with me", "get my OK", "my approval": the person's say-so is wanted. */
function askCue(view: SentenceView, range: Range): boolean {
  const words = view.words;
  for (const found of findAll(words, P.ask, range.from, range.to)) {
    // "ask Bob before…" asks someone else.
    const next = words[found.end];
    const asksOther = words[found.start]?.forms.includes('ask') && found.end - found.start === 1 && next && !has(ME, next) && (next.tags.has('ProperNoun') || next.tags.has('Person'));
    if (!asksOther) return true;
  }
  for (const found of findAll(words, P.approvalNouns, range.from, range.to)) {
    if (has(ME, words[found.start - 1]) || has(wordSet(['explicit', 'written', 'prior', 'express', 'direct', 'personal', 'final']), words[found.start - 1])) return true;
  }
  return false;
}

/** "I approve", "I say so", "you have my OK", "asking me": said about the person approving. */
function approverCue(view: SentenceView, range: Range): boolean {
  return askCue(view, range) || findFirst(view.words, P.approverClauses, range.from, range.to) !== undefined;
}

/** Mentions of steps that can satisfy a prerequisite ("back it up", "run the tests"). */
const satisfying = (mentions: readonly Mention[]) => mentions.filter((m) => (L.FAMILIES[m.family] as L.ActionFamily).satisfies === true);
const governable = (mentions: readonly Mention[]) => mentions.filter((m) => (L.FAMILIES[m.family] as L.ActionFamily).satisfies !== true);

/** Where a clause's object region ends: at a condition ("while we're away") or exception. */
function objectEnd(view: SentenceView, from: number, to: number): number {
  const words = view.words;
  for (let i = from; i < to; i++) {
    if (i > from && (startsWith(words, P.condition, i, to) !== undefined || startsWith(words, P.before, i, to) !== undefined || startsWith(words, P.until, i, to) !== undefined || startsWith(words, P.after, i, to) !== undefined || startsWith(words, P.without, i, to) !== undefined)) return i;
  }
  return to;
}

/** Negated mentions: the first action after a negation, and the ones coordinated with it. */
interface Negated {
  readonly negation: number;
  readonly mentions: readonly Mention[];
  /** A passive ("must never be deleted") or a "no X" subject: the targets may be written before. */
  readonly subjectFirst: boolean;
}

function negatedIn(view: SentenceView, range: Range): Negated | undefined {
  const words = view.words;
  for (let i = range.from; i < range.to; i++) {
    const negation = startsWith(words, P.negations, i, range.to);
    const forbidding = negation === undefined ? startsWith(words, P.forbidding, i, range.to) : undefined;
    const forbiddenTo = negation === undefined && forbidding === undefined ? startsWith(words, P.forbidden, i, range.to) : undefined;
    const cueEnd = negation ?? forbidding ?? forbiddenTo;
    if (cueEnd === undefined) continue;
    const cue = words[i] as Word;
    // "No, …" answers; it does not negate what follows.
    if (cue.norm === 'no' && endsWithComma(cue)) continue;
    const nounSubject = /^(no|nothing|nobody|none)$/.test(cue.norm) || cue.norm === 'no one';
    let j = cueEnd;
    let passive = false;
    let found: Mention | undefined;
    const limit = Math.min(range.to, cueEnd + (nounSubject ? 9 : 6));
    for (; j < limit; j++) {
      const w = words[j] as Word;
      const mention = view.mentionAt(j);
      if (mention) {
        found = mention;
        break;
      }
      if (has(BE_OR_GET, w)) passive = true;
      const skippable = has(SKIP, w) || w.text === '' || (nounSubject && (view.covered.has(j) || has(GENERIC, w) || has(FUNCTION, w) || has(UNIVERSAL, w)));
      if (!skippable || closesClause(w)) break;
    }
    if (!found) continue;
    if (forbidding !== undefined && found.form !== 'gerund') continue;
    if (found.form === 'past' && !passive && !nounSubject) continue;
    if (found.form === 'third' && !nounSubject && cue.norm !== 'no') continue;
    // A double negative or "not only" is not a prohibition.
    if (words[cueEnd]?.norm === 'only') continue;
    const subject = subjectBefore(words, range.from, i);
    const wants = words.slice(cueEnd, found.start).some((w) => has(WANT, w));
    if (subject === 'other' && !passive && !nounSubject) continue;
    if (subject === 'self' && !wants && !passive) continue;
    if (words.slice(range.from, i).some((w) => w.norm === 'did')) continue;
    const coordinated = [found];
    const end = objectEnd(view, found.end, range.to);
    for (const next of view.mentionsIn({ from: found.end, to: end })) {
      const previous = words[next.start - 1];
      const last = coordinated[coordinated.length - 1] as Mention;
      if (has(COORDINATORS, previous) || endsWithComma(words[next.start - 1]) || (previous?.norm === 'even' && has(COORDINATORS, words[next.start - 2]))) {
        if (next.start > last.end || next.family !== last.family) coordinated.push(next);
      }
    }
    return { negation: i, mentions: coordinated, subjectFirst: passive || nounSubject };
  }
  return undefined;
}

// ---- frames --------------------------------------------------------------------------------------

/** "I want to approve every payment over $500", "let me sign off on any deploy". */
function personApprovesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const found = findFirst(view.words, P.personApproves, clause.from, clause.to);
  if (!found) return undefined;
  const subject = subjectBefore(view.words, clause.from, found.start);
  if (subject === 'other') return undefined;
  const triggers = governable(view.mentionsIn({ from: found.end, to: clause.to })).slice(0, 1);
  if (triggers.length === 0) return undefined;
  const end = objectEnd(view, found.end, clause.to);
  return { drafts: [{ kind: 'confirmation', triggers, regions: [{ from: found.end, to: end }] }] };
}

/** "Paying anything over $500 needs my OK", "deploys require a passing test run", "… must be approved by me". */
function requirementFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const require = findFirst(words, P.require, clause.from, clause.to);
  const approved = findFirst(words, P.approvedBy, clause.from, clause.to);
  const verb = require ?? approved;
  if (!verb) return undefined;
  // "You need to back up…" is an obligation, read by the connector frames.
  if (require && words[require.end]?.norm === 'to' && !has(BE_OR_GET, words[require.end + 1])) return undefined;
  const subjectRange = { from: clause.from, to: verb.start };
  const triggers = governable(view.mentionsIn(subjectRange));
  if (triggers.length === 0 || triggers.some((m) => m.form === 'base' && subjectBefore(words, clause.from, m.start) !== 'none')) return undefined;
  const rest = { from: verb.end, to: clause.to };
  const regions = [{ from: (triggers[0] as Mention).start, to: verb.start }];
  if (!require || approverCue(view, rest) || has(wordSet(['approval', 'ok', 'okay', 'sign', 'consent', 'permission']), words[verb.end + 1])) {
    if (require || has(ME, words[verb.end + 1]) || words[verb.end]?.norm === 'by' || approved) return { drafts: [{ kind: 'confirmation', triggers, regions }] };
  }
  const steps = satisfying(view.mentionsIn(rest));
  if (require && steps.length > 0) return { drafts: [{ kind: 'prerequisite', triggers, requires: steps, regions: [...regions, stepRegion(view, steps, rest.to)] }] };
  return require ? 'nothing' : undefined;
}

/** Where a prerequisite step's object is written, up to a destination or instrument ("to backups/", "with backup_file"). */
function stepRegion(view: SentenceView, steps: readonly Mention[], to: number): Range {
  const from = (steps[0] as Mention).start;
  const words = view.words;
  for (let i = (steps[steps.length - 1] as Mention).end; i < to; i++) {
    const w = words[i] as Word;
    if (has(INSTRUMENT, w) && !(w.norm === 'in' || w.norm === 'under') ) return { from, to: i };
    if (view.isMentionWord(i) && !steps.some((s) => i >= s.start && i < s.end)) return { from, to: i };
  }
  return { from, to };
}

/** The main clause's requirement: ask the person (confirmation) or do a step first (prerequisite). */
function requirementOf(view: SentenceView, main: Range): { kind: 'confirmation' } | { kind: 'prerequisite'; steps: Mention[] } | undefined {
  const words = view.words;
  if (askCue(view, main)) {
    const subject = subjectBefore(words, main.from, findFirst(words, P.ask, main.from, main.to)?.start ?? main.from);
    return subject === 'other' || subject === 'self' ? undefined : { kind: 'confirmation' };
  }
  const steps = satisfying(view.mentionsIn(main));
  if (steps.length === 0) return undefined;
  const first = steps[0] as Mention;
  if (negatedIn(view, { from: main.from, to: first.end })) return undefined;
  const subject = subjectBefore(words, main.from, first.start);
  if (subject === 'other' || subject === 'self') {
    // "the tests must pass", "everything must be backed up": the subject is the thing, not a person.
    const thing = words.slice(main.from, first.start).some((w) => has(GENERIC, w) || has(UNIVERSAL, w) || w.tags.has('Noun') && !w.tags.has('Pronoun') && !w.tags.has('ProperNoun'));
    if (!thing || subject === 'self') return undefined;
  }
  return { kind: 'prerequisite', steps };
}

/**
 * Connector frames: "before you X, Y first", "always Y before X", "X only after Y", "don't X without Y",
 * "don't X until I say so", "ask me if you want to X", "if you X, Y first".
 */
function connectorFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  for (let i = clause.from; i < clause.to; i++) {
    const kinds: [keyof typeof P, number | undefined][] = [
      ['without', startsWith(words, P.without, i, clause.to)],
      ['after', startsWith(words, P.after, i, clause.to)],
      ['until', startsWith(words, P.until, i, clause.to)],
      ['before', startsWith(words, P.before, i, clause.to)],
      ['whenever', startsWith(words, P.whenever, i, clause.to)],
    ];
    const hit = kinds.find(([, end]) => end !== undefined);
    if (!hit) continue;
    const [kind, end] = hit as [string, number];
    const leading = i <= start || (i === start + 1 && has(ONLY, words[start])) || has(wordSet(['always', 'only']), words[i - 1]) && i - 1 <= start;
    let main: Range;
    let sub: Range;
    if (leading && kind !== 'without') {
      const split = leadSplit(words, end, clause.to);
      if (split === undefined) continue;
      sub = { from: end, to: split.subEnd };
      main = { from: split.mainStart, to: clause.to };
    } else {
      main = { from: clause.from, to: i };
      sub = { from: end, to: nextConnector(view, end, clause.to) };
    }
    const outcome = readConnector(view, kind, main, sub, leading);
    if (outcome) return outcome;
    i = end - 1;
  }
  return undefined;
}

/** Where a leading subordinate clause ends and the main clause starts: at a comma or "then". */
function leadSplit(words: readonly Word[], from: number, to: number): { subEnd: number; mainStart: number } | undefined {
  for (let i = from; i < to; i++) {
    const w = words[i] as Word;
    if (endsWithComma(w)) return { subEnd: i + 1, mainStart: skipOpeners(words, i + 1, to) };
    if (i > from && w.norm === 'then') return { subEnd: i, mainStart: i + 1 };
  }
  // No comma: the main clause starts at an obligation or an ask ("before deploying always run the tests").
  for (let i = from + 1; i < to; i++) {
    if (startsWith(words, P.obligations, i, to) !== undefined || startsWith(words, P.ask, i, to) !== undefined) return { subEnd: i, mainStart: i };
  }
  return undefined;
}

function nextConnector(view: SentenceView, from: number, to: number): number {
  const words = view.words;
  for (let i = from + 1; i < to; i++) {
    if ([P.condition, P.before, P.after, P.without, P.until, P.except].some((p) => startsWith(words, p, i, to) !== undefined)) return i;
  }
  return to;
}

function readConnector(view: SentenceView, kind: string, main: Range, sub: Range, leading: boolean): Outcome | undefined {
  const words = view.words;
  const subMentions = view.mentionsIn(sub);
  const negated = negatedIn(view, main);
  const region = (triggers: readonly Mention[], range: Range) => ({ from: Math.min((triggers[0] as Mention).start, range.from), to: objectEnd(view, (triggers[0] as Mention).end, range.to) });
  if (kind === 'without' || kind === 'until') {
    // "don't X without Y", "never X until I approve", "no force-pushes without a backup".
    if (!negated) return undefined;
    const triggers = governable(negated.mentions);
    if (triggers.length === 0) return undefined;
    const regions = [{ from: negated.subjectFirst ? main.from : (triggers[0] as Mention).start, to: main.to }];
    if (approverCue(view, sub)) return { drafts: [{ kind: 'confirmation', triggers, regions }] };
    const steps = satisfying(subMentions);
    if (steps.length > 0) return { drafts: [{ kind: 'prerequisite', triggers, requires: steps, regions: [...regions, stepRegion(view, steps, sub.to)] }] };
    // "without a reason", "until Friday": a condition we cannot compile into a step.
    return kind === 'without' ? 'nothing' : undefined;
  }
  if (kind === 'after') {
    // "X only after Y", "only X once I approve", "delete temp files after backing them up".
    const triggers = governable(view.mentionsIn(main));
    if (leading) {
      const subTriggers = governable(subMentions);
      const mainSteps = satisfying(view.mentionsIn(main));
      // "Once Y, X" reads the other way round only when the main clause has the action.
      if (triggers.length === 0 || subTriggers.length > 0 && mainSteps.length > 0) return undefined;
    }
    if (triggers.length === 0 || negated) return undefined;
    const trigger = triggers[0] as Mention;
    const subject = subjectBefore(words, main.from, trigger.start);
    if (subject === 'self' || subject === 'other') return undefined;
    if (trigger.form === 'past' || trigger.form === 'third') return undefined;
    const regions = [region(triggers, main)];
    if (approverCue(view, sub)) return { drafts: [{ kind: 'confirmation', triggers: triggers.slice(0, 1), regions }] };
    const steps = satisfying(subMentions);
    if (steps.length > 0) return { drafts: [{ kind: 'prerequisite', triggers: triggers.slice(0, 1), requires: steps, regions: [...regions, stepRegion(view, steps, sub.to)] }] };
    return undefined;
  }
  // before / whenever: the main clause says what must come first.
  const triggers = governable(subMentions);
  if (triggers.length > 0 && !negated) {
    const requirement = requirementOf(view, main);
    if (requirement) {
      const trigger = triggers[0] as Mention;
      const regions = [{ from: trigger.start, to: objectEnd(view, trigger.end, sub.to) }];
      if (kind === 'whenever' && !leading && requirement.kind === 'prerequisite') return undefined;
      if (requirement.kind === 'confirmation') return { drafts: [{ kind: 'confirmation', triggers: coordinatedFrom(view, triggers), regions }] };
      const steps = requirement.steps;
      return { drafts: [{ kind: 'prerequisite', triggers: coordinatedFrom(view, triggers), requires: steps, regions: [...regions, stepRegion(view, steps, main.to)] }] };
    }
  }
  if (negated && kind === 'before') {
    // "never delete anything before backing it up", "don't pay before I approve".
    const governed = governable(negated.mentions);
    if (governed.length === 0) return undefined;
    const regions = [{ from: negated.subjectFirst ? main.from : (governed[0] as Mention).start, to: main.to }];
    if (approverCue(view, sub)) return { drafts: [{ kind: 'confirmation', triggers: governed, regions }] };
    const steps = satisfying(subMentions);
    if (steps.length > 0) return { drafts: [{ kind: 'prerequisite', triggers: governed, requires: steps, regions: [...regions, stepRegion(view, steps, sub.to)] }] };
  }
  return undefined;
}

/** The first trigger and those coordinated with it ("before deleting or moving anything"). */
function coordinatedFrom(view: SentenceView, triggers: readonly Mention[]): Mention[] {
  const first = triggers[0] as Mention;
  const result = [first];
  for (const next of triggers.slice(1)) {
    const previous = view.words[next.start - 1];
    if (has(COORDINATORS, previous) || endsWithComma(previous)) result.push(next);
  }
  return result;
}

/** "Keep the front door locked", "keep the alarm on". */
function keepFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  const keep = words[start];
  if (!keep || !has(KEEP, keep)) return undefined;
  for (let i = start + 2; i < Math.min(clause.to, start + 8); i++) {
    const state = KEEP_STATE_PHRASES.find((k) => matchAt(words, i, k.phrase) !== undefined);
    if (!state) continue;
    const mention: Mention = { family: state.family, start, end: start + 1, form: 'base' };
    return { drafts: [{ kind: 'prohibition', triggers: [mention], regions: [{ from: start + 1, to: i }] }] };
  }
  return undefined;
}

/** "Leave data/raw alone", "hands off main", "the vendor folder is read-only", "main is off-limits". */
function leaveAloneFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const leave = findFirst(words, P.leaveAlone, clause.from, clause.to);
  if (leave) {
    const subject = subjectBefore(words, clause.from, leave.start);
    if (subject === 'other' || subject === 'self') return undefined;
    const touch: Mention = { family: 'touch', start: leave.start, end: leave.start + 1, form: 'base' };
    const inside = leave.end - leave.start > 2 ? { from: leave.start + 1, to: leave.end - 1 } : { from: leave.end, to: objectEnd(view, leave.end, clause.to) };
    return { drafts: [{ kind: 'prohibition', triggers: [touch], regions: [inside] }] };
  }
  const readOnly = findFirst(words, P.readOnly, clause.from, clause.to) ?? findFirst(words, P.forbidden, clause.from, clause.to);
  if (!readOnly || readOnly.start === clause.from) return undefined;
  const before = { from: clause.from, to: readOnly.start };
  const mentions = governable(view.mentionsIn(before));
  if (mentions.length > 0) {
    // "Force-pushing to main is forbidden": the action is the subject.
    if (mentions.some((m) => m.form === 'base' && subjectBefore(words, clause.from, m.start) !== 'none')) return undefined;
    return { drafts: [{ kind: 'prohibition', triggers: coordinatedFrom(view, mentions), regions: [before] }] };
  }
  const touch: Mention = { family: 'touch', start: readOnly.start, end: readOnly.end, form: 'base' };
  return { drafts: [{ kind: 'prohibition', triggers: [touch], regions: [before] }] };
}

/** "Only ever send email to acme.io addresses", "only pay invoices under $500". */
function onlyFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const only = words.findIndex((w, i) => inRange(clause, i) && has(ONLY, w));
  if (only === -1 || startsWith(words, P.after, only, clause.to) !== undefined) return undefined;
  const mentions = governable(view.mentionsIn(clause));
  const send = mentions.filter((m) => m.family === 'send');
  const entities = view.textEntitiesIn(clause);
  if (send.length > 0 && entities.some((e) => e.kind === 'domain' || e.kind === 'email')) {
    return { drafts: [{ kind: 'prohibition', triggers: send.slice(0, 1), regions: [{ from: clause.from, to: clause.to }], allowListed: true }] };
  }
  const pay = mentions.filter((m) => m.family === 'pay');
  const below = entities.find((e) => e.kind === 'amount' && e.comparator === 'below');
  if (pay.length > 0 && below) return { drafts: [{ kind: 'prohibition', triggers: pay.slice(0, 1), regions: [{ from: clause.from, to: clause.to }], allowListed: true }] };
  // "only deploy to staging" names what is allowed in a way a scope cannot say.
  return mentions.length > 0 && only <= skipOpeners(words, clause.from, clause.to) + 1 ? 'nothing' : undefined;
}

/** "Nothing goes to anyone outside acme.io", "nothing leaves the company". */
function nothingGoesFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const words = view.words;
  const nothing = words.findIndex((w, i) => inRange(clause, i) && w.norm === 'nothing');
  if (nothing === -1) return undefined;
  const go = startsWith(words, P.sendOut, nothing + 1, clause.to);
  if (go === undefined) return undefined;
  const send: Mention = { family: 'send', start: nothing + 1, end: go, form: 'base' };
  return { drafts: [{ kind: 'prohibition', triggers: [send], regions: [{ from: go, to: objectEnd(view, go, clause.to) }] }] };
}

/** "Never X", "don't X", "no X-ing", "avoid X-ing", "you must not X", "S must never be X-ed". */
function prohibitionFrame(view: SentenceView, clause: Range): Outcome | undefined {
  const negated = negatedIn(view, clause);
  if (!negated) return undefined;
  const triggers = negated.mentions;
  const end = objectEnd(view, (triggers[0] as Mention).end, clause.to);
  if (startsWith(view.words, P.except, end, clause.to) !== undefined && !triggers.some((m) => m.family === 'send')) return 'nothing';
  // Each action governs the words up to the next one; an action with no object of its own shares the next one's.
  const drafts: Draft[] = [];
  let pending: Mention[] = [];
  triggers.forEach((mention, index) => {
    const next = triggers[index + 1];
    const region = { from: mention.end, to: next ? next.start : clauseEndAfterExcept(view, end, clause.to) };
    pending.push(mention);
    const own = view.textEntitiesIn(region).length > 0 || phraseEntities(view.words, region.from, region.to, view.covered).length > 0 || objectWords(view, region).length > 0;
    if (own || !next) {
      const regions = [{ from: (pending[0] as Mention).start, to: region.to }];
      if (negated.subjectFirst) regions.push({ from: clause.from, to: negated.negation });
      drafts.push({ kind: 'prohibition', triggers: pending, regions });
      pending = [];
    }
  });
  return { drafts };
}

function clauseEndAfterExcept(view: SentenceView, end: number, to: number): number {
  // "never email anyone except acme.io people": the exception is the scope for sending.
  return startsWith(view.words, P.except, end, to) !== undefined ? objectEnd(view, end + 1, to) : end;
}

// ---- compiling a draft ---------------------------------------------------------------------------

/** Content words of a region that name nothing extraction can scope by. */
function objectWords(view: SentenceView, range: Range, named: readonly Entity[] = []): Word[] {
  const words = view.words;
  const result: Word[] = [];
  for (let i = range.from; i < range.to; i++) {
    const w = words[i] as Word;
    if (view.covered.has(i) || view.isMentionWord(i) || w.text === '' || named.some((e) => w.start >= e.start && w.end <= e.end)) continue;
    if (has(FUNCTION, w) || has(GENERIC, w) || has(UNIVERSAL, w) || has(ANAPHOR, w) || has(SKIP, w) || has(ME, w)) continue;
    if (['Determiner', 'Preposition', 'Conjunction', 'Pronoun', 'Adverb', 'Value', 'Date', 'Time', 'Duration', 'Negative', 'Modal', 'Auxiliary', 'Copula', 'Possessive', 'QuestionWord', 'Expression', 'Money'].some((t) => w.tags.has(t))) continue;
    if (w.tags.has('Noun') || w.tags.has('Adjective') || w.tags.has('ProperNoun')) result.push(w);
  }
  return result;
}

function contextOf(view: SentenceView, families: readonly FamilyName[], entities: readonly Entity[]): TargetContext {
  const kinds = new Set(entities.map((e) => e.kind));
  const any = (...names: FamilyName[]) => families.some((f) => names.includes(f));
  if (any('send')) return 'recipient';
  if (any('pay')) return kinds.has('path') ? 'path' : 'money';
  if (any('deploy')) return 'environment';
  if (any('push', 'forcePush', 'rewriteHistory')) return kinds.has('environment') && !kinds.has('branch') ? 'environment' : kinds.has('event') ? 'event' : 'branch';
  if (any('unlock', 'disable')) return 'device';
  if (any('cancel', 'reschedule', 'create')) return kinds.has('path') ? 'path' : 'event';
  if (any('open') && (kinds.has('device') || view.contextWord('device'))) return 'device';
  if (kinds.has('database') || kinds.has('table') || view.contextWord('database') && !kinds.has('path')) return 'database';
  if (kinds.has('event') || view.contextWord('event') && !kinds.has('path')) return 'event';
  if (kinds.has('device')) return 'device';
  if (kinds.has('branch')) return 'branch';
  if (kinds.has('environment')) return 'environment';
  return 'path';
}

function verbsOf(mentions: readonly Mention[], context: TargetContext): Verb[] {
  const verbs = new Set<Verb>();
  for (const m of mentions) {
    const family = L.FAMILIES[m.family] as L.ActionFamily;
    for (const v of family.by?.[context] ?? family.verbs) verbs.add(v);
  }
  return VERBS.filter((v) => verbs.has(v));
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** The object words right after an action name something said before ("it", "that invoice"). */
function pointsBack(view: SentenceView, trigger: Mention, region: Range): boolean {
  const next = view.words[trigger.end];
  if (!next || trigger.end >= region.to) return false;
  if (has(ANAPHOR, next)) return true;
  if (!has(DEFINITE, next)) return false;
  const after = view.words[trigger.end + 1];
  return !has(UNIVERSAL, after);
}

/** Scope from the entities in the draft's regions, read for its context. */
function scopeOf(view: SentenceView, draft: Draft, context: TargetContext, entities: readonly Entity[], regions: readonly Range[]): Scope | 'unrepresentable' {
  const scope: { -readonly [K in keyof Scope]: Scope[K] } = {};
  const add = (field: 'paths' | 'databases' | 'tables' | 'recipients' | 'allowedDomains' | 'branches' | 'environments' | 'devices' | 'events' | 'accounts', value: string) => {
    scope[field] = unique([...(scope[field] ?? []), value]);
  };
  const words = view.words;
  const outsideBefore = (e: Entity) => {
    const index = words.findIndex((w) => w.start >= e.start);
    for (let from = Math.max(0, index - 4); from < index; from++) if (P.outside.some((p) => matchAt(words, from, p) === index)) return true;
    return false;
  };
  for (const e of entities) {
    switch (e.kind) {
      case 'path':
        if (context === 'path') add('paths', e.value);
        else if (context === 'database') DB_FILE.test(e.value) ? add('databases', e.value.replace(/^\*\*\//, '')) : add('paths', e.value);
        else if (context === 'branch') add('branches', e.value.replace(/^(\*\*\/|origin\/)/, ''));
        else return 'unrepresentable';
        break;
      case 'email':
        if (context !== 'recipient') return 'unrepresentable';
        add('recipients', e.value);
        break;
      case 'domain':
        if (context === 'recipient') draft.allowListed || outsideBefore(e) ? add('allowedDomains', e.value) : add('recipients', `@${e.value}`);
        else if (e.alsoFile && context === 'path') add('paths', `**/${e.value}`);
        break;
      case 'database':
        if (context === 'database') add('databases', e.value);
        break;
      case 'table':
        if (context === 'database') add('tables', e.value);
        break;
      case 'branch':
        if (context === 'branch') add('branches', e.value);
        break;
      case 'environment':
        if (context === 'environment') add('environments', e.value);
        break;
      case 'device':
        if (context === 'device') add('devices', e.value);
        break;
      case 'event':
        if (context === 'event') add('events', e.value);
        break;
      case 'account':
        if (context === 'money') add('accounts', e.value);
        break;
      case 'amount':
        if (e.comparator === 'above' || (e.comparator === 'below' && draft.allowListed)) scope.amountAbove = e.amount;
        else if (e.comparator === 'at-least') scope.amountAbove = Math.max(0, Math.round((e.amount - 0.01) * 100) / 100);
        else if (e.comparator === 'below') return 'unrepresentable';
        if (e.comparator !== 'none' && e.currency) scope.currency = e.currency;
        break;
    }
  }
  // Names with no entity of their own: a device or an event named by its words, a payee by its capitals.
  const leftovers = regions.flatMap((r) => objectWords(view, r, entities));
  if (context === 'money') {
    const names = leftovers.filter((w) => CAPITALIZED.test(w.text) && words.indexOf(w) > 0);
    if (names.length > 0) add('accounts', names.map((w) => w.text).join(' '));
    if (leftovers.some((w) => !names.includes(w))) return 'unrepresentable';
  } else if ((context === 'device' || context === 'event') && leftovers.length > 0 && !scope.devices && !scope.events) {
    add(context === 'device' ? 'devices' : 'events', leftovers.map((w) => w.text).join(' ').toLowerCase());
  } else if (leftovers.length > 0) {
    return 'unrepresentable';
  }
  return scope;
}

const TARGET_FIELDS = ['paths', 'databases', 'tables', 'recipients', 'allowedDomains', 'branches', 'environments', 'devices', 'events', 'accounts'] as const;

function compileDraft(view: SentenceView, draft: Draft): ConstraintRule | undefined {
  const regions = draft.regions.filter((r) => r.to > r.from);
  const entities = [
    ...regions.flatMap((r) => view.textEntitiesIn(r)),
    ...regions.flatMap((r) => phraseEntities(view.words, r.from, r.to, view.covered)),
  ].filter((e, i, all) => all.findIndex((o) => o.start === e.start && o.kind === e.kind) === i);
  const families = [...draft.triggers, ...(draft.requires ?? [])].map((m) => m.family);
  const context = contextOf(view, families, entities);
  const scope = scopeOf(view, draft, context, entities, regions);
  if (scope === 'unrepresentable') return undefined;
  const scoped = TARGET_FIELDS.some((f) => scope[f] !== undefined) || scope.amountAbove !== undefined;
  const trigger = draft.triggers[0] as Mention;
  if (!scoped && pointsBack(view, trigger, regions[0] ?? { from: 0, to: 0 })) return undefined;
  // "Always back up your photos": advice about the listener's own things, not a rule for the agent.
  if (!scoped && regions.some((r) => view.words.slice(r.from, r.to).some((w) => w.norm === 'your'))) return undefined;
  const trigger_ = verbsOf(draft.triggers, context);
  const requires = draft.requires ? verbsOf(draft.requires, context).filter((v) => !trigger_.includes(v)) : undefined;
  if (trigger_.length === 0 || (draft.kind === 'prerequisite' && (!requires || requires.length === 0))) return undefined;
  return { kind: draft.kind, trigger: trigger_, scope, ...(draft.kind === 'prerequisite' && { requires }) };
}

// ---- revocations ---------------------------------------------------------------------------------

/** The topic named in words [from, to): its actions and targets; undefined when it names neither. */
function topicOf(view: SentenceView, range: Range): { verbs: Verb[]; scope: Scope } | undefined {
  if (range.to <= range.from) return undefined;
  const mentions = view.mentionsIn(range);
  const entities = [...view.textEntitiesIn(range), ...phraseEntities(view.words, range.from, range.to, view.covered)];
  if (mentions.length === 0 && entities.length === 0) return undefined;
  const context = contextOf(view, mentions.map((m) => m.family), entities);
  const draft: Draft = { kind: 'prohibition', triggers: mentions, regions: [range] };
  const scope = scopeOf(view, draft, context, entities, []);
  return { verbs: verbsOf(mentions, context), scope: scope === 'unrepresentable' ? {} : scope };
}

/**
 * Revocations: "you no longer need to back up temp/", "scratch that rule about emails", "ignore what
 * I said about the door", "never mind that rule", "the ban on force-pushing is lifted", "you can
 * delete temp files without backing them up from now on".
 */
function revocationIn(view: SentenceView, clause: Range): Reading | undefined {
  const words = view.words;
  const start = skipOpeners(words, clause.from, clause.to);
  // "scratch / forget / ignore / never mind … that rule (about …)"
  const verbEnd = startsWith(words, P.revoke, start, clause.to) ?? (startsWith(words, P.permissions, start, clause.to) !== undefined ? startsWith(words, P.revoke, startsWith(words, P.permissions, start, clause.to) as number, clause.to) : undefined);
  if (verbEnd !== undefined) {
    const noun = findFirst(words, P.ruleNouns, verbEnd, Math.min(clause.to, verbEnd + 5));
    if (noun) {
      const marker = startsWith(words, P.topicMarkers, noun.end, clause.to);
      const range = marker !== undefined ? { from: marker, to: clause.to } : { from: verbEnd, to: noun.start };
      const topic = topicOf(view, range);
      return { kind: 'revocation', ...(topic && { topic }) };
    }
  }
  // "the rule about temp/ no longer applies", "the ban on force-pushing is lifted"
  const noun = findFirst(words, P.ruleNouns, clause.from, clause.to);
  const ended = noun ? findFirst(words, P.ruleEnded, noun.end, clause.to) : undefined;
  if (noun && ended) {
    const marker = startsWith(words, P.topicMarkers, noun.end, ended.start);
    const topic = topicOf(view, marker !== undefined ? { from: marker, to: ended.start } : { from: clause.from, to: noun.start });
    return { kind: 'revocation', ...(topic && { topic }) };
  }
  // "you no longer need to back up files in temp/", "no need to ask me before paying anymore"
  const noLonger = findFirst(words, P.noLonger, clause.from, clause.to);
  if (noLonger) {
    const subject = subjectBefore(words, clause.from, noLonger.start);
    if (subject === 'other') return undefined;
    const range = { from: noLonger.end, to: clause.to };
    const strong = findFirst(words, STRONG_TIME, clause.from, clause.to) !== undefined || words.slice(noLonger.start, noLonger.end).some((w) => w.norm === 'longer');
    if (!strong && satisfying(view.mentionsIn(range)).length === 0 && !askCue(view, range)) return undefined;
    const topic = topicOf(view, range);
    return topic ? { kind: 'revocation', topic } : undefined;
  }
  // "stop asking me before paying", "stop backing up temp/"
  const stop = startsWith(words, P.stopDoing, start, clause.to);
  if (stop !== undefined && (askCue(view, { from: stop, to: clause.to }) || satisfying(view.mentionsIn({ from: stop, to: stop + 3 })).length > 0)) {
    const topic = topicOf(view, { from: stop, to: clause.to });
    return topic ? { kind: 'revocation', topic } : undefined;
  }
  // "you can delete temp files without backing them up from now on", "feel free to push to main again"
  const permission = startsWith(words, P.permissions, start, clause.to);
  if (permission !== undefined) {
    const strong = findFirst(words, STRONG_TIME, permission, clause.to) !== undefined;
    const now = words.slice(permission, clause.to).some((w) => w.norm === 'now');
    const range = { from: permission, to: clause.to };
    const mentions = view.mentionsIn(range);
    if (mentions.length === 0 || !(strong || now)) return undefined;
    const topic = topicOf(view, range);
    if (!topic) return undefined;
    const scoped = Object.keys(topic.scope).length > 0 || findFirst(words, P.without, permission, clause.to) !== undefined;
    if (!strong && (!scoped || pointsBack(view, mentions[0] as Mention, range))) return undefined;
    return { kind: 'revocation', topic };
  }
  return undefined;
}

// ---- entry point ---------------------------------------------------------------------------------

const FRAMES = [personApprovesFrame, requirementFrame, connectorFrame, keepFrame, leaveAloneFrame, onlyFrame, nothingGoesFrame, prohibitionFrame];

/** Reads one sentence of a user message: the rules it states and the rules it takes back. */
export function readSentence(sentence: Sentence): Reading[] {
  const view = new SentenceView(sentence);
  const words = view.words;
  if (words.length === 0) return [];
  const question = questionStart(words, sentence.text);
  if (question === 'question') return [];
  const from = typeof question === 'number' ? question : 0;
  if (findFirst(words, P.hypothetical) || startsWith(words, P.advice, skipOpeners(words, from, words.length)) !== undefined) return [];
  if (passedOnOrReported(view, from)) return [];
  const readings: Reading[] = [];
  for (const clause of clausesOf(words, from)) {
    const revocation = revocationIn(view, clause);
    if (revocation) {
      readings.push(revocation);
      continue;
    }
    if (view.mentionsIn(clause).length === 0 && !findFirst(words, P.leaveAlone, clause.from, clause.to) && !findFirst(words, P.readOnly, clause.from, clause.to) && !findFirst(words, P.sendOut, clause.from, clause.to)) continue;
    for (const frame of FRAMES) {
      const outcome = frame(view, clause);
      if (!outcome) continue;
      if (outcome !== 'nothing') {
        for (const draft of outcome.drafts) {
          const rule = compileDraft(view, draft);
          if (rule) readings.push({ kind: 'constraint', rule });
        }
      }
      break;
    }
  }
  return readings;
}

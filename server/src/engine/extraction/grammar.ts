import { VERBS, type Verb } from '../actions';
import type { ConstraintRule, Scope } from '../constraints';
import { type Entity, amountEntities, phraseEntities, textEntities } from './entities';
import {
  ACTION_WORDS,
  ADVICE_OPENERS,
  ANAPHORS,
  APPROVAL_NOUNS,
  APPROVER_VERBS,
  ASK_PHRASES,
  type ActionFamily,
  CONNECTORS,
  DATABASE_CONTEXT_WORDS,
  EVENT_CONTEXT_WORDS,
  FAMILIES,
  FORBIDDEN_WORDS,
  FORBIDDING_VERBS,
  FROM_NOW_ON,
  type FamilyName,
  GENERIC_OBJECTS,
  HYPOTHETICAL,
  KEEP_STATES,
  LEAVE_ALONE,
  NEGATIONS,
  NOT_ACTIONS,
  NO_LONGER_NEEDED,
  OPENERS,
  PERMISSIONS,
  POLITE_REQUESTS,
  READ_ONLY,
  REPORTING_VERBS,
  REQUIRE_VERBS,
  REVOKE_VERBS,
  RULE_ENDED,
  RULE_NOUNS,
  SKIPPABLE,
  type TargetContext,
  TOPIC_MARKERS,
  UNIVERSAL_OBJECTS,
} from './lexicon';
import { type Found, type Phrase, compile, findAll, findFirst, matchAt, startsWith, wordSet } from './match';
import type { Sentence } from './sentences';
import type { Word } from './words';

/** What one sentence says, as far as extraction understands it. */
export type Reading =
  | { readonly kind: 'constraint'; readonly rule: ConstraintRule }
  | { readonly kind: 'revocation'; readonly topic?: { readonly verbs: readonly Verb[]; readonly scope: Scope } };

type Form = 'base' | 'gerund' | 'past' | 'third';

/** An action word or phrase in the sentence: words [start, end). */
interface Mention {
  readonly family: FamilyName;
  readonly start: number;
  readonly end: number;
  readonly form: Form;
}

/** A stretch of words [from, to). */
interface Range {
  readonly from: number;
  readonly to: number;
}

// ---- compiled lexicon ----------------------------------------------------------------------------

interface ActionPhrase {
  readonly phrase: Phrase;
  readonly family: FamilyName;
}
const ACTIONS_BY_FIRST = new Map<string, ActionPhrase[]>();
for (const [family, phrases] of Object.entries(ACTION_WORDS) as [FamilyName, readonly string[]][]) {
  for (const phrase of compile(phrases)) {
    const first = phrase[0] as string;
    ACTIONS_BY_FIRST.set(first, [...(ACTIONS_BY_FIRST.get(first) ?? []), { phrase, family }]);
  }
}
const P = {
  notActions: compile(NOT_ACTIONS),
  negations: compile(NEGATIONS),
  forbidding: compile(FORBIDDING_VERBS),
  forbidden: compile(FORBIDDEN_WORDS),
  leaveAlone: compile(LEAVE_ALONE),
  readOnly: compile(READ_ONLY),
  ask: compile(ASK_PHRASES),
  approvalNouns: compile(APPROVAL_NOUNS),
  approverVerbs: compile(APPROVER_VERBS),
  require: compile(REQUIRE_VERBS),
  revoke: compile(REVOKE_VERBS),
  ruleNouns: compile(RULE_NOUNS),
  ruleEnded: compile(RULE_ENDED),
  noLonger: compile(NO_LONGER_NEEDED),
  fromNowOn: compile(FROM_NOW_ON),
  permissions: compile(PERMISSIONS),
  hypothetical: compile(HYPOTHETICAL),
  advice: compile(ADVICE_OPENERS),
  polite: compile(POLITE_REQUESTS),
  openers: compile(OPENERS),
  before: compile(CONNECTORS.before),
  until: compile(CONNECTORS.until),
  after: compile(CONNECTORS.after),
  without: compile(CONNECTORS.without),
  whenever: compile(CONNECTORS.whenever),
  condition: compile(CONNECTORS.condition),
  except: compile(CONNECTORS.except),
  topicMarkers: compile(TOPIC_MARKERS),
  dbContext: compile(DATABASE_CONTEXT_WORDS),
  eventContext: compile(EVENT_CONTEXT_WORDS),
};
const SKIP = wordSet(SKIPPABLE);
const UNIVERSAL = wordSet(UNIVERSAL_OBJECTS);
const ANAPHOR = wordSet(ANAPHORS);
const GENERIC = wordSet(GENERIC_OBJECTS);
const SUBJECTS_OF_OTHERS = wordSet(['he', 'she', 'they', 'it', 'people', 'someone', 'somebody', 'everyone', 'everybody']);
const AUXILIARIES = wordSet(['do', 'does', 'did', 'will', 'would', 'should', 'must', 'can', 'could', 'may', 'might', 'shall', 'have', 'has', 'be', 'ought', 'need']);
const BE_OR_GET = wordSet(['be', 'get']);
const WANT = wordSet(['want', 'like', 'need', 'expect', 'allow', 'wish', 'let']);
const LISTENERS = wordSet(['you', 'anyone', 'anybody', 'the', 'agent', 'assistant', 'it', 'yourself']);
const COORDINATORS = wordSet(['or', 'and', 'nor', '/']);
const SEND_OUT = compile(['go', 'go out', 'leave', 'get out', 'get send', 'get sent', 'be send', 'be sent']);
const OUTSIDE = compile(['outside', 'outside of', 'except', 'except for', 'other than', 'besides', 'not at', 'beyond', 'external to', 'apart from', 'non']);
const APPROVED = compile(['approve', 'confirm', 'clear', 'okay', 'ok', 'authorize', 'authorise', 'sign off', 'review', 'vet']);
const INSTRUMENT = wordSet(['with', 'using', 'via', 'to', 'into', 'onto', 'through', 'in']);
const THEN = wordSet(['then']);
const ONLY = wordSet(['only']);
const FIRST_PERSON = wordSet(['i', 'we']);
const ME = wordSet(['me', 'us', 'user', 'my', 'our']);

const has = (set: ReadonlySet<string>, w: Word | undefined) => w !== undefined && w.forms.some((f) => set.has(f));
const hardStop = (w: Word | undefined) => w !== undefined && /[;:!?()\u2014\u2013]|\s-\s|^-\s/.test(w.post);
const comma = (w: Word | undefined) => w !== undefined && /[,]/.test(w.post);
const clauseBreak = (w: Word | undefined) => w !== undefined && /[;:!?)\u2014\u2013]|\s-(\s|$)|\.(\s|$)/.test(w.post);

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
    const notAction = P.notActions.map((p) => matchAt(words, i, p)).find((end) => end !== undefined);
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

// ---- sentence-level signals ----------------------------------------------------------------------

/** Skips discourse openers ("please", "also", "heads up", "one more thing") at `from`. */
function skipOpeners(words: readonly Word[], from: number, to: number): number {
  let at = from;
  for (;;) {
    const end = startsWith(words, P.openers, at, to);
    if (end === undefined || end === at) return at;
    at = end;
  }
}

/** Not an instruction to the agent: a hypothetical, general advice, or someone else's words. */
function notAnInstruction(words: readonly Word[]): boolean {
  if (findFirst(words, P.hypothetical)) return true;
  const start = skipOpeners(words, 0, words.length);
  if (startsWith(words, P.advice, start) !== undefined) return true;
  // "The docs say never…", "my dad always told me…", "tell Bob to…": reported or passed on.
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    if (!REPORTING.has(w.norm) && !w.forms.some((f) => REPORTING.has(f))) continue;
    if (w.forms.includes('tell') || w.forms.includes('ask') || w.forms.includes('remind')) {
      const listener = words[i + 1];
      if (listener && !has(ME, listener) && !has(wordSet(['you']), listener) && i === skipOpeners(words, 0, words.length)) return true;
    }
    const subject = words[i - 1];
    if (subject && !has(FIRST_PERSON, subject) && !has(wordSet(['you']), subject) && (subject.tags.has('Noun') || subject.tags.has('Pronoun'))) return true;
  }
  return false;
}
const REPORTING = wordSet([...REPORTING_VERBS_SET()]);
function REPORTING_VERBS_SET(): string[] {
  return [...REPORTING_VERBS_LIST];
}
const REPORTING_VERBS_LIST: readonly string[] = [];

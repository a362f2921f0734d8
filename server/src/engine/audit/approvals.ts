import type { Action, Verb } from '../actions/actions';
import type { Constraint } from '../constraints/constraints';
import { ACTION_WORDS, type ActionFamily, FAMILIES, type FamilyName } from '../extraction/lexicon';
import type { Session, Turn } from '../session/session';

/**
 * Approvals for the auditor's confirmation rule (SPEC section 6): a user message after the
 * constraint and before the call that asks for or approves this very action, naming what the
 * constraint turns on, or that says yes to the assistant message just before it when that message
 * proposed this action with those details. A "no" or "wait" is not an approval, and the latest
 * word on the action counts: "pay it" then "actually, wait" leaves it unapproved.
 */

/** A reply that says yes: "yes", "sure, go ahead", "ok do it", "approved". */
const AFFIRMATIVE = /^\W*(?:yes|yep|yeah|yup|y|sure|ok|okay|k|go ahead|go for it|proceed|approved?|confirm(?:ed)?|do it|please do|sounds good|lgtm|fine|that'?s fine|correct|right|absolutely|of course|definitely|green light|affirmative|agreed?|alright|all right)\b/i;
/** A reply that holds the action back: "no", "wait", "not yet", "hold on", "stop", "cancel that". */
const REFUSAL = /^\W*(?:no|nope|nah|wait|hold on|hold off|not yet|not now|don'?t|do not|stop|never ?mind|cancel that|scratch that|actually,? (?:no|don'?t|wait))\b/i;
/** Holding back anywhere in a message: "don't pay it", "please hold off on the transfer". */
const HOLD_BACK = /\b(?:don'?t|do not|never|not yet|hold (?:on|off)|wait|stop|no longer|instead of|rather than|shouldn'?t|mustn'?t|can'?t|cannot|won'?t)\b/i;
/** Words that approve outright even without the action's verb: "the $750 one is approved". */
const APPROVING = /\b(?:approved?|go ahead|green light|you (?:can|may)|ok(?:ay)? to|fine to|permission|authori[sz]ed?|confirm(?:ed)?|proceed|yes)\b/i;
/** A question is not a request unless it is a polite one ("could you pay…?"). */
const POLITE = /^\W*(?:please\b|(?:can|could|would|will) you\b|would you mind\b)/i;
/** A message that asks to be told or shown something, which does no action: "summarise the commits", "list the deploys". */
const TALKS_ABOUT = /^\W*(?:please\s+)?(?:summari[sz]e|explain|describe|show|list|review|look at|tell me (?:about|what|why|how)|what|why|how|when|which|who|find|search|count|compare|print|investigate|analy[sz]e)\b/i;
const HYPOTHETICAL = /\b(?:what if|suppose|imagine|hypothetically|would it be|should we|should i|do we need to|whether)\b/i;

/** Words that can name a verb, from the extraction lexicon: "settle" names pay, "call off" names cancel. */
let verbWords: ReadonlyMap<Verb, RegExp> | undefined;

/** Built on first use: most audits never meet a confirmation rule. */
function verbPatterns(): ReadonlyMap<Verb, RegExp> {
  verbWords ??= wordsForVerbs();
  return verbWords;
}

function wordsForVerbs(): ReadonlyMap<Verb, RegExp> {
  const byVerb = new Map<Verb, Set<string>>();
  for (const [name, family] of Object.entries(FAMILIES) as [FamilyName, ActionFamily][]) {
    const verbs = new Set<Verb>([...family.verbs, ...Object.values(family.by ?? {}).flat()]);
    for (const verb of verbs) {
      const words = byVerb.get(verb) ?? new Set<string>();
      for (const phrase of ACTION_WORDS[name]) words.add((phrase.split(/[\s*]+/)[0] ?? '').toLowerCase());
      byVerb.set(verb, words);
    }
  }
  const patterns = new Map<Verb, RegExp>();
  for (const [verb, words] of byVerb) {
    const stems = [...words].filter(Boolean).map((w) => (w.length > 3 ? w.replace(/[ey]$/, '') : w).replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
    patterns.set(verb, new RegExp(`\\b(?:${stems.join('|')})[a-z]{0,4}\\b`, 'i'));
  }
  return patterns;
}

function mentionsVerb(text: string, verb: Verb): boolean {
  return verbPatterns().get(verb)?.test(text) ?? false;
}

function amountsIn(text: string): number[] {
  return [...text.matchAll(/(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(k|thousand|grand)?\b/gi)].map((m) => {
    const value = Number(`${(m[1] ?? '').replace(/,/g, '')}.${m[2] ?? '0'}`);
    return m[3] ? value * 1000 : value;
  });
}

const WORKING_TREE = /\b(?:working (?:tree|copy|directory|dir)|worktree|work tree|local changes|uncommitted (?:changes|work)|(?:the|this) (?:repo|repository|checkout))\b/i;

/** Lowercase words of a name: "front_door" → front door, "Q3 board review" → q3 board review. */
function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9@]+/)
    .filter((w) => w.length > 1);
}

/** Whether text names what the constraint turns on for this action: the amount for a threshold, else the target. */
export function namesAction(text: string, action: Action, constraint: Constraint): boolean {
  if (constraint.rule.scope.amountAbove !== undefined) {
    const amount = action.attributes.amount;
    return amount !== undefined && amountsIn(text).some((a) => Math.abs(a - amount) < 0.005);
  }
  const target = action.target;
  // An action on no known target (a booking that makes a new record) has nothing to name but its verb.
  if (!target) return true;
  // `git reset --hard` acts on the working tree, which people name as such, not by its path.
  if (action.verb === 'discard-changes' && target.kind === 'path' && target.recursive === true && WORKING_TREE.test(text)) return true;
  const lower = text.toLowerCase();
  const value = target.value.toLowerCase();
  const base = value.split('/').filter(Boolean).pop() ?? value;
  if (lower.includes(value) || (base.length > 2 && lower.includes(base))) return true;
  // A name is named when most of its words are: "the board review" names "Q3 board review".
  const said = new Set(nameWords(text));
  return [target.label, target.kind === 'path' || target.kind === 'recipient' ? undefined : target.value].some((name) => {
    const words = name ? nameWords(name) : [];
    const found = words.filter((w) => said.has(w) || said.has(`${w}s`)).length;
    return words.length > 0 && found > 0 && found * 3 >= words.length * 2;
  });
}

/** Whether a message proposes or asks for the action by its verb and details. */
function namesTheAction(text: string, action: Action, constraint: Constraint): boolean {
  // A command named is the action itself: "shall I run `gh pr create`?" proposes running it.
  return namesAction(text, action, constraint) && (mentionsVerb(text, action.verb) || action.target?.kind === 'command');
}

type Answer = 'approves' | 'refuses' | 'unrelated';

/** What one user message says about the action, given the assistant's message just before it. */
export function answerOf(text: string, proposal: string | undefined, action: Action, constraint: Constraint): Answer {
  const proposed = proposal !== undefined && namesTheAction(proposal, action, constraint);
  if (REFUSAL.test(text)) return proposed || namesAction(text, action, constraint) ? 'refuses' : 'unrelated';
  // "Summarise the last three commits": a request to talk about the action's kind, not to do it.
  const talkOnly = TALKS_ABOUT.test(text) && !/\b(?:and|then)\b/i.test(text) && !APPROVING.test(text);
  if (!talkOnly && namesAction(text, action, constraint) && (mentionsVerb(text, action.verb) || APPROVING.test(text))) {
    if (HOLD_BACK.test(text)) return 'refuses';
    const question = /\?\s*$/.test(text.trim()) && !POLITE.test(text);
    return question || HYPOTHETICAL.test(text) ? 'unrelated' : 'approves';
  }
  // A yes counts for the proposal just before it, and only when that proposal was this action.
  if (AFFIRMATIVE.test(text) && !HOLD_BACK.test(text)) return proposed ? 'approves' : 'unrelated';
  return 'unrelated';
}

/** The assistant's words just before a user message: the nearest assistant text, unless the person spoke in between. */
export function proposalBefore(session: Session, index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const turn = session.turns[i];
    if (!turn || turn.isUserMessage) return undefined;
    if (turn.role === 'assistant' && turn.text.trim() !== '') return turn.text;
  }
  return undefined;
}

/** A reply that can answer a proposal: a yes or a no needs no details of its own to decide. */
function answersProposal(text: string): boolean {
  return REFUSAL.test(text) || (AFFIRMATIVE.test(text) && !HOLD_BACK.test(text));
}

/** Cents of an amount, the key amounts are indexed by: `namesAction` matches amounts within half a cent. */
function centsOf(amount: number): number {
  return Math.round(amount * 100);
}

function addTo<K>(postings: Map<K, number[]>, key: K, turnIndex: number): void {
  const list = postings.get(key);
  if (!list) postings.set(key, [turnIndex]);
  else if (list[list.length - 1] !== turnIndex) list.push(turnIndex);
}

const TRIGRAM = 3;

/** A user turn as the index needs it: its place and its words. */
export interface UserTurnText {
  readonly index: number;
  readonly text: string;
}

/** Sorted lists of turn indices whose union holds the turns a lookup must read. */
type TurnLists = (readonly number[])[];

/** Where the approval lookup finds the user turns that could decide it. */
interface TurnLookup {
  /** A superset of the turns whose answer about `action` may be other than "unrelated", or undefined when any turn may be. */
  candidates(action: Action, constraint: Constraint): TurnLists | undefined;
  all(): TurnLists;
}

/**
 * User turns indexed by what `answerOf` needs to see before it can answer anything but "unrelated":
 * a yes or no, a word, an amount, three letters of a path. A lookup walks only the turns that could
 * decide it, so a session's many governed calls do not each read every message since the rule. Each
 * part is built on first use; turns are added in order, and a built part grows with them.
 */
class ApprovalIndex implements TurnLookup {
  private readonly userTurns: number[] = [];
  private readonly texts: string[] = [];
  private replyTurns?: number[];
  private workingTreeTurns?: number[];
  private wordPostings?: Map<string, number[]>;
  private trigramPostings?: Map<string, number[]>;
  private amountPostings?: Map<number, number[]>;

  constructor(turns: Iterable<UserTurnText>) {
    for (const turn of turns) this.add(turn);
  }

  get size(): number {
    return this.userTurns.length;
  }

  get lastTurn(): number | undefined {
    return this.userTurns[this.userTurns.length - 1];
  }

  add(turn: UserTurnText): void {
    this.userTurns.push(turn.index);
    this.texts.push(turn.text);
    if (this.replyTurns && answersProposal(turn.text)) this.replyTurns.push(turn.index);
    if (this.workingTreeTurns && WORKING_TREE.test(turn.text)) this.workingTreeTurns.push(turn.index);
    if (this.wordPostings) addWords(this.wordPostings, turn);
    if (this.trigramPostings) addTrigrams(this.trigramPostings, turn);
    if (this.amountPostings) addAmounts(this.amountPostings, turn);
  }

  all(): TurnLists {
    return [this.userTurns];
  }

  candidates(action: Action, constraint: Constraint): TurnLists | undefined {
    const lists: TurnLists = [this.replies()];
    // Otherwise a turn must name the action itself (`namesAction`), by amount or by target.
    if (constraint.rule.scope.amountAbove !== undefined) {
      const amount = action.attributes.amount;
      if (amount === undefined) return lists;
      const cents = centsOf(amount);
      for (const key of [cents - 1, cents, cents + 1]) lists.push(this.amounts().get(key) ?? []);
      return lists;
    }
    const target = action.target;
    if (!target) return undefined;
    if (action.verb === 'discard-changes' && target.kind === 'path' && target.recursive === true) lists.push(this.workingTree());
    const value = target.value.toLowerCase();
    const base = value.split('/').filter(Boolean).pop() ?? value;
    if (value.length < TRIGRAM) return undefined;
    lists.push(this.containing(value));
    if (base.length > 2) lists.push(this.containing(base));
    for (const name of [target.label, target.kind === 'path' || target.kind === 'recipient' ? undefined : target.value]) {
      for (const word of name ? nameWords(name) : []) lists.push(this.words().get(word) ?? [], this.words().get(`${word}s`) ?? []);
    }
    return lists;
  }

  /** Postings over every turn indexed so far, built on first use; `add` also extends them turn by turn. */
  private postings<K>(add: (postings: Map<K, number[]>, turn: UserTurnText) => void): Map<K, number[]> {
    const postings = new Map<K, number[]>();
    this.userTurns.forEach((index, i) => add(postings, { index, text: this.texts[i] ?? '' }));
    return postings;
  }

  private replies(): number[] {
    this.replyTurns ??= this.userTurns.filter((_, i) => answersProposal(this.texts[i] ?? ''));
    return this.replyTurns;
  }

  private workingTree(): number[] {
    this.workingTreeTurns ??= this.userTurns.filter((_, i) => WORKING_TREE.test(this.texts[i] ?? ''));
    return this.workingTreeTurns;
  }

  private words(): Map<string, number[]> {
    this.wordPostings ??= this.postings(addWords);
    return this.wordPostings;
  }

  private amounts(): Map<number, number[]> {
    this.amountPostings ??= this.postings(addAmounts);
    return this.amountPostings;
  }

  /** The turns whose lowercased text may contain `needle` (at least three long): those with its rarest trigram. */
  private containing(needle: string): readonly number[] {
    this.trigramPostings ??= this.postings(addTrigrams);
    let rarest: readonly number[] | undefined;
    for (let at = 0; at + TRIGRAM <= needle.length; at++) {
      const list = this.trigramPostings.get(needle.slice(at, at + TRIGRAM)) ?? [];
      if (!rarest || list.length < rarest.length) rarest = list;
      if (list.length === 0) break;
    }
    return rarest ?? [];
  }
}

function addWords(postings: Map<string, number[]>, turn: UserTurnText): void {
  for (const word of nameWords(turn.text)) addTo(postings, word, turn.index);
}

function addAmounts(postings: Map<number, number[]>, turn: UserTurnText): void {
  for (const amount of amountsIn(turn.text)) addTo(postings, centsOf(amount), turn.index);
}

function addTrigrams(postings: Map<string, number[]>, turn: UserTurnText): void {
  const lower = turn.text.toLowerCase();
  for (let at = 0; at + TRIGRAM <= lower.length; at++) addTo(postings, lower.slice(at, at + TRIGRAM), turn.index);
}

/** Two indexes read as one: the summarised turns of a check in pieces, and the rest's after them. */
class JoinedIndex implements TurnLookup {
  constructor(
    private readonly summarised: ApprovalIndex,
    private readonly rest: ApprovalIndex,
  ) {}

  candidates(action: Action, constraint: Constraint): TurnLists | undefined {
    const before = this.summarised.candidates(action, constraint);
    const after = this.rest.candidates(action, constraint);
    return before && after ? [...before, ...after] : undefined;
  }

  all(): TurnLists {
    return [...this.summarised.all(), ...this.rest.all()];
  }
}

function isTyped(turn: Turn): boolean {
  return turn.isUserMessage && turn.role === 'user';
}

const lookups = new WeakMap<Session, TurnLookup>();

function lookupFor(session: Session): TurnLookup {
  let lookup = lookups.get(session);
  if (!lookup) {
    lookup = new ApprovalIndex(session.turns.filter(isTyped));
    lookups.set(session, lookup);
  }
  return lookup;
}

/** The index of a summary's approval turns, by its last turn: the next step's summary extends it. */
const summaryIndexes = new WeakMap<UserTurnText, ApprovalIndex>();

/** The index of `summarised`, the one an earlier summary (a prefix of it) left extended, or a new one. */
function summaryIndex(summarised: readonly UserTurnText[]): ApprovalIndex {
  const last = summarised[summarised.length - 1];
  if (!last) return new ApprovalIndex([]);
  const kept = summaryIndexes.get(last);
  if (kept) return kept;
  let position = summarised.length - 2;
  let earlier: ApprovalIndex | undefined;
  for (; position >= 0 && !earlier; position--) {
    const turn = summarised[position] as UserTurnText;
    earlier = summaryIndexes.get(turn);
    // Another summary may have grown it past this prefix; then it is not this one's.
    if (earlier && (earlier.size !== position + 1 || earlier.lastTurn !== turn.index)) earlier = undefined;
    if (earlier) summaryIndexes.delete(turn);
  }
  const index = earlier ?? new ApprovalIndex([]);
  for (const turn of summarised.slice(index.size)) index.add(turn);
  summaryIndexes.set(last, index);
  return index;
}

/**
 * Lets a check in pieces look up approvals in `session`, joined from a summary's approval turns and
 * the rest's turns, without indexing every summarised turn again at each step: the summary's index is
 * kept and extended by the turns the next summary adds. `session`'s typed user turns must be exactly
 * `summarised` then `rest`'s.
 */
export function shareApprovalIndex(session: Session, summarised: readonly UserTurnText[], rest: readonly Turn[]): void {
  lookups.set(session, new JoinedIndex(summaryIndex(summarised), new ApprovalIndex(rest.filter(isTyped))));
}

/** Position of the last index below `limit` in a sorted list, or -1. */
function lastBefore(sorted: readonly number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? 0) < limit) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/** The turn indices of sorted lists below `limit`, latest first, each once. */
function* latestFirst(lists: readonly (readonly number[])[], limit: number): Generator<number> {
  const positions = lists.map((list) => lastBefore(list, limit));
  for (;;) {
    let latest = -1;
    lists.forEach((list, i) => {
      const position = positions[i] ?? -1;
      if (position >= 0) latest = Math.max(latest, list[position] ?? -1);
    });
    if (latest < 0) return;
    lists.forEach((list, i) => {
      if (list[positions[i] ?? -1] === latest) positions[i] = (positions[i] ?? 0) - 1;
    });
    yield latest;
  }
}

/**
 * Finds the user message that approves `action` for `constraint` before `callTurn`, searching from
 * the latest message back to the constraint: the first message that approves or holds back this
 * action decides. Turns in `used` were already spent on an earlier action (an approval covers one).
 * Only the turns the index says could decide are read; every other turn would answer "unrelated".
 */
export function findApproval(session: Session, constraint: Constraint, action: Action, callTurn: number, used: ReadonlySet<number>): Turn | undefined {
  const lookup = lookupFor(session);
  for (const turnIndex of latestFirst(lookup.candidates(action, constraint) ?? lookup.all(), callTurn)) {
    if (turnIndex <= constraint.activeFrom) break;
    const turn = session.turns[turnIndex];
    if (!turn || used.has(turnIndex)) continue;
    const answer = answerOf(turn.text, proposalBefore(session, turnIndex), action, constraint);
    if (answer === 'approves') return turn;
    if (answer === 'refuses') return undefined;
  }
  return undefined;
}

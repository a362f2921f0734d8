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
function answerOf(text: string, proposal: string | undefined, action: Action, constraint: Constraint): Answer {
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

const userTurnCache = new WeakMap<Session, number[]>();

/** Indices of the turns the person typed, computed once per session: approvals are searched per call. */
function userTurnsOf(session: Session): number[] {
  let indices = userTurnCache.get(session);
  if (!indices) {
    indices = session.turns.filter((t) => t.isUserMessage && t.role === 'user').map((t) => t.index);
    userTurnCache.set(session, indices);
  }
  return indices;
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

/**
 * Finds the user message that approves `action` for `constraint` before `callTurn`, searching from
 * the latest message back to the constraint: the first message that approves or holds back this
 * action decides. Turns in `used` were already spent on an earlier action (an approval covers one).
 */
export function findApproval(session: Session, constraint: Constraint, action: Action, callTurn: number, used: ReadonlySet<number>): Turn | undefined {
  const userTurns = userTurnsOf(session);
  for (let i = lastBefore(userTurns, callTurn); i >= 0; i--) {
    const index = userTurns[i] ?? -1;
    if (index <= constraint.activeFrom) break;
    const turn = session.turns[index];
    if (!turn || used.has(index)) continue;
    const answer = answerOf(turn.text, proposalBefore(session, index), action, constraint);
    if (answer === 'approves') return turn;
    if (answer === 'refuses') return undefined;
  }
  return undefined;
}

import type { Action } from './actions';
import type { Constraint } from './constraints';
import type { Session, Turn } from './session';

/** Words that approve or ask for an action; the NLP extractor may refine this, the auditor only needs a yes/no. */
const APPROVAL_CUES = /\b(yes|yep|yeah|ok|okay|sure|approved?|go ahead|proceed|confirm(ed)?|do it|fine|please|you (can|may)|green light|authori[sz]ed?)\b/i;
const SHORT_YES = /^\s*(yes|yep|yeah|y|ok|okay|sure|approved?|go ahead|proceed|confirmed?|do it|fine|sounds good|lgtm)\b[\s.!]*(please|thanks|thank you)?[\s.!]*$/i;
const NEGATION = /\b(no|don'?t|do not|never|not|stop|wait|hold on|cancel)\b/i;

function amountsIn(text: string): number[] {
  return [...text.matchAll(/(?:[$€£]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/g)].map((m) => Number(`${(m[1] ?? '').replace(/,/g, '')}.${m[2] ?? '0'}`));
}

/** Whether text names what the constraint turns on for this action: the amount for a threshold, else the target. */
export function namesAction(text: string, action: Action, constraint: Constraint): boolean {
  if (constraint.rule.scope.amountAbove !== undefined) {
    const amount = action.attributes.amount;
    return amount !== undefined && amountsIn(text).some((a) => Math.abs(a - amount) < 0.005);
  }
  const target = action.target;
  if (!target) return false;
  const lower = text.toLowerCase();
  const value = target.value.toLowerCase();
  const base = value.split('/').filter(Boolean).pop() ?? value;
  return lower.includes(value) || (base.length > 2 && lower.includes(base)) || (target.label !== undefined && lower.includes(target.label.toLowerCase()));
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
 * Finds the user message that approves `action` for `constraint` before `callTurn`: one that asks
 * for or approves it by name, or a plain yes to an assistant message just before it that proposed
 * it by name. Turns in `used` were already spent on an earlier action (an approval covers one).
 */
export function findApproval(session: Session, constraint: Constraint, action: Action, callTurn: number, used: ReadonlySet<number>): Turn | undefined {
  const userTurns = userTurnsOf(session);
  for (let i = lastBefore(userTurns, callTurn); i >= 0; i--) {
    const index = userTurns[i] ?? -1;
    if (index <= constraint.activeFrom) break;
    const turn = session.turns[index];
    if (!turn || used.has(index)) continue;
    if (namesAction(turn.text, action, constraint) && APPROVAL_CUES.test(turn.text) && !/\b(don'?t|do not|never)\b/i.test(turn.text)) return turn;
    if (SHORT_YES.test(turn.text) && !NEGATION.test(turn.text.replace(SHORT_YES, ''))) {
      const previous = session.turns[index - 1];
      if (previous?.role === 'assistant' && namesAction(previous.text, action, constraint)) return turn;
    }
  }
  return undefined;
}

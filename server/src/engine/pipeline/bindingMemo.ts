import type { Action } from '../actions/actions';
import { bindSession } from '../binding';
import type { DeclaredEffect } from '../binding/types';
import type { Session, ToolCall } from '../session/session';

interface Bound {
  readonly sessionKey: string;
  readonly calls: readonly ToolCall[];
  /** Each call's source as written. */
  readonly sources: readonly string[];
  readonly actions: readonly Action[][];
}

/** Everything binding reads of the session as a whole: its tools, cwd and the declared effects. */
function sessionKey(session: Session, declared: readonly DeclaredEffect[]): string {
  return `${session.cwd}\u0001${JSON.stringify(session.tools)}\u0001${JSON.stringify(declared)}\u0001${JSON.stringify(session.effectlessTools ?? [])}`;
}

/**
 * Whether binding reads the same of two calls apart from their source: name, cwd, status, turn, and
 * result (ids and file existence come from results and earlier calls' statuses). A call or result
 * text kept from the previous version is the same object or string, so equal at once.
 */
function bindsAlike(a: ToolCall, b: ToolCall | undefined): boolean {
  if (a === b) return true;
  if (!b || a.name !== b.name || a.cwd !== b.cwd || a.status !== b.status || a.stopped?.kind !== b.stopped?.kind || a.turnIndex !== b.turnIndex) return false;
  return a.result?.turnIndex === b.result?.turnIndex && a.result?.status === b.result?.status && a.result?.text === b.result?.text;
}

function moved(actions: Action[], by: number): Action[] {
  return by === 0 ? actions : actions.map((action) => ({ ...action, span: { start: action.span.start + by, end: action.span.end + by } }));
}

/**
 * Binding across versions of one document. When an edit changed no call, no result and no tool
 * (typing in a message), every call binds as before: the previous actions are reused, moved with
 * their calls. Any other edit binds the session again.
 */
export class BindingMemo {
  private last?: Bound;

  bind(session: Session, declared: readonly DeclaredEffect[] = []): Action[][] {
    const key = sessionKey(session, declared);
    const calls = session.calls;
    const sources = calls.map((call) => session.text.slice(call.span.start, call.span.end));
    const last = this.last;
    if (last?.sessionKey === key && last.calls.length === calls.length && calls.every((call, i) => sources[i] === last.sources[i] && bindsAlike(call, last.calls[i]))) {
      const actions = calls.map((call, i) => moved(last.actions[i] ?? [], call.span.start - (last.calls[i]?.span.start ?? call.span.start)));
      this.last = { sessionKey: key, calls, sources, actions };
      return actions;
    }
    const actions = bindSession(session, declared);
    // Only actions inside their call's source can move with it.
    const movable = calls.every((call, i) => (actions[i] ?? []).every((a) => a.span.start >= call.span.start && a.span.end <= call.span.end));
    this.last = movable ? { sessionKey: key, calls, sources, actions } : undefined;
    return actions;
  }
}

import type { Action } from './actions';
import { bindSession } from './binding';
import type { DeclaredEffect } from './binding/types';
import type { Session } from './session';

interface Bound {
  readonly key: string;
  /** Where each call started when it was bound. */
  readonly starts: readonly number[];
  readonly actions: readonly (readonly Action[])[];
}

/**
 * Everything binding reads: the session's tools, cwd and declared effects, and of each call its
 * source as written, name, cwd, status, turn, and its result (ids and file existence come from
 * results and earlier calls' statuses).
 */
function bindingKey(session: Session, declared: readonly DeclaredEffect[]): string {
  const calls = session.calls.map((call) =>
    [call.name, call.cwd, call.status, call.stopped?.kind, call.turnIndex, call.result?.turnIndex, call.result?.status, call.result?.text, session.text.slice(call.span.start, call.span.end)].join('\u0000'),
  );
  return `${session.cwd}\u0001${JSON.stringify(session.tools)}\u0001${JSON.stringify(declared)}\u0001${calls.join('\u0001')}`;
}

/**
 * Binding across versions of one document. When an edit changed no call, no result and no tool
 * (typing in a message), every call binds as before: the previous actions are reused, moved with
 * their calls. Any other edit binds the session again.
 */
export class BindingMemo {
  private last?: Bound;

  bind(session: Session, declared: readonly DeclaredEffect[] = []): Action[][] {
    const key = bindingKey(session, declared);
    const last = this.last;
    if (last?.key === key) {
      return session.calls.map((call, i) => {
        const by = call.span.start - (last.starts[i] ?? call.span.start);
        return (last.actions[i] ?? []).map((action) => (by === 0 ? action : { ...action, span: { start: action.span.start + by, end: action.span.end + by } }));
      });
    }
    const actions = bindSession(session, declared);
    // Only actions inside their call's source can move with it.
    const movable = session.calls.every((call, i) => (actions[i] ?? []).every((a) => a.span.start >= call.span.start && a.span.end <= call.span.end));
    this.last = movable ? { key, starts: session.calls.map((c) => c.span.start), actions } : undefined;
    return actions;
  }
}

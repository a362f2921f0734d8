import type { Action } from '../actions/actions';
import type { Span } from '../text/text';

/** A command string with the way back to its source (a `LocatedString` of the call's arguments). */
export interface CommandText {
  readonly value: string;
  spanOf(start: number, end: number): Span;
}

/** Offsets of the command itself: what the memo keeps, before they are mapped to a call's source. */
function ownOffsets(start: number, end: number): Span {
  return { start, end };
}

/**
 * The commands one session ran, bound once per folder, branch and text: sessions run the same commands again
 * and again (`npm test`, `git status`). A command's actions depend only on its text, folder and the branch
 * checked out; each span is one `spanOf` of offsets into the command, so the memo keeps those offsets and
 * maps them through the source of each call that runs the command.
 */
export class CommandMemo {
  private readonly byPlace = new Map<string, Map<string, readonly Action[]>>();

  /** `bind(command)` binds a command afresh; its actions are kept with spans in the command's own offsets. */
  actionsOf(command: CommandText, cwd: string | undefined, branch: string | undefined, bind: (command: CommandText) => Action[]): Action[] {
    const place = branch === undefined ? (cwd ?? '\u0000') : `${cwd ?? ''}\u0000${branch}`;
    let byText = this.byPlace.get(place);
    if (!byText) this.byPlace.set(place, (byText = new Map()));
    let actions = byText.get(command.value);
    if (!actions) byText.set(command.value, (actions = bind({ value: command.value, spanOf: ownOffsets })));
    return actions.map((action) => ({ ...action, span: command.spanOf(action.span.start, action.span.end) }));
  }
}

import { type Action, attributesOf } from '../actions/actions';
import type { Session, ToolCall, ToolDefinition } from '../session/session';
import { CommandMemo } from './commandMemo';
import { IdIndex, idMeanings } from './ids';
import { inferActions, remoteCommit } from './infer';
import { CallArguments, parseAmount } from './callArguments';
import { checkedOutBy } from './shellHandlers';
import { FIRST_STEP, targetActions } from './targetActions';
import { type BindingFacts, baseToolName, bindBuiltin, withOverwrites } from './tools';
import type { BindingContext, DeclaredEffect } from './types';

export type { BindingContext, DeclaredEffect } from './types';
export { namedTarget, normalizeEmail, normalizePath, pathTarget } from './targets';

/**
 * Binds every call of a session to its actions (SPEC section 5), indexed like `session.calls`. Each call
 * is bound by the first source that knows it: effects declared for the tool (only those, when there are
 * any), then built-in knowledge of the tool, then inference from its name, description and arguments.
 * Ids are explained by the results that came back before the call was issued, never by later ones.
 */
export function bindSession(session: Session, declared: readonly DeclaredEffect[] = []): Action[][] {
  const binder = new SessionBinder(session, declared);
  return session.calls.map((call) => binder.bind(call));
}

/**
 * What binding carries from one call to the next: the meanings earlier results gave to ids, the files
 * earlier successful calls touched, and the results not yet back when the last call was issued (with
 * the meanings they will give). Plain data, so binding can go on from where an earlier run stopped.
 */
export interface BinderMemory {
  readonly labels: readonly (readonly [string, string])[];
  readonly existingPaths: readonly string[];
  readonly waiting: readonly { readonly turnIndex: number; readonly meanings: readonly (readonly [string, string])[] }[];
  readonly branch?: BranchMemory;
}

/** The branch the session's own calls checked out, and the branch the record named when they did. */
interface BranchMemory {
  readonly checkedOut?: string;
  readonly recorded?: string;
}

interface WaitingResult {
  readonly turnIndex: number;
  readonly meanings: readonly (readonly [string, string])[];
}

/**
 * Binding's memory as the binder holds it, extended as it binds. A check in pieces carries one from
 * step to step instead of copying it out and in as plain data (`BinderMemory`) at every step; the
 * calls a step binds past its settled ones are bound again by the next, so what they added is
 * recorded from `mark` on and taken back by `rollback`.
 */
export class LiveBinderMemory {
  readonly ids: IdIndex;
  readonly existingPaths: Set<string>;
  /** Results of earlier calls not yet added to the index: a result counts once its turn precedes the call's. */
  waiting: WaitingResult[];
  /** Commands bound so far: a check in pieces binds in a new binder at each step, and sessions run the same commands again and again. */
  readonly commands = new CommandMemo();
  branch: BranchMemory;
  private marked?: { readonly ids: string[]; readonly paths: string[]; readonly waiting: readonly WaitingResult[]; readonly branch: BranchMemory };

  constructor(memory?: BinderMemory) {
    this.ids = new IdIndex(memory?.labels);
    this.existingPaths = new Set(memory?.existingPaths);
    this.waiting = [...(memory?.waiting ?? [])];
    this.branch = memory?.branch ?? {};
  }

  addMeanings(meanings: readonly (readonly [string, string])[]): void {
    this.ids.addMeanings(meanings, this.marked?.ids);
  }

  addExistingPath(path: string): void {
    if (this.existingPaths.has(path)) return;
    this.existingPaths.add(path);
    this.marked?.paths.push(path);
  }

  /** From here on, records what binding adds, for `rollback`. */
  mark(): void {
    this.marked = { ids: [], paths: [], waiting: [...this.waiting], branch: this.branch };
  }

  /** Takes back what binding added since `mark`, and stops recording. */
  rollback(): void {
    if (!this.marked) return;
    this.ids.forget(this.marked.ids);
    for (const path of this.marked.paths) this.existingPaths.delete(path);
    this.waiting = [...this.marked.waiting];
    this.branch = this.marked.branch;
    this.marked = undefined;
  }

  /** The memory as plain data. */
  data(): BinderMemory {
    return { labels: [...this.ids.labels], existingPaths: [...this.existingPaths], waiting: [...this.waiting], branch: this.branch };
  }
}

/** Binds the calls of a session one by one, in order; `memory` goes on from an earlier binder's (a live one is extended in place). */
export class SessionBinder {
  private readonly tools: Map<string, ToolDefinition>;
  private readonly declaredByTool = new Map<string, DeclaredEffect[]>();
  private readonly live: LiveBinderMemory;
  private readonly facts: BindingFacts;

  constructor(
    private readonly session: Session,
    declared: readonly DeclaredEffect[] = [],
    memory?: BinderMemory | LiveBinderMemory,
  ) {
    this.tools = new Map<string, ToolDefinition>(session.tools.map((tool) => [tool.name, tool]));
    for (const effect of declared) this.declaredByTool.set(effect.tool, [...(this.declaredByTool.get(effect.tool) ?? []), effect]);
    // Declared to do nothing: an empty declaration, so the tool's name is never read for an effect.
    for (const tool of session.effectlessTools ?? []) if (!this.declaredByTool.has(tool)) this.declaredByTool.set(tool, []);
    this.live = memory instanceof LiveBinderMemory ? memory : new LiveBinderMemory(memory);
    this.facts = { text: session.text, existingPaths: this.live.existingPaths };
  }

  bind(call: ToolCall): Action[] {
    const live = this.live;
    if (live.waiting.length > 0) {
      const arrived = live.waiting.filter((result) => result.turnIndex < call.turnIndex).sort((a, b) => a.turnIndex - b.turnIndex);
      for (const result of arrived) live.addMeanings(result.meanings);
      // Usually every result is back before the next call.
      if (arrived.length === live.waiting.length) live.waiting = [];
      else if (arrived.length > 0) live.waiting = live.waiting.filter((result) => !arrived.includes(result));
    }

    // A branch the record names anew (the person switched) outdates the one the session's calls checked out before;
    // a call whose record names none (a proposed call, a line outside a repository) goes on from the last named.
    if (call.branch !== undefined && call.branch !== live.branch.recorded) live.branch = { recorded: call.branch };
    const branch = live.branch.checkedOut ?? live.branch.recorded;
    const context: BindingContext = { cwd: call.cwd ?? this.session.cwd, branch, tools: this.tools, declared: this.declaredByTool, idLabels: live.ids.labels, commands: live.commands };
    const actions = bindCall(call, context, this.facts);
    if (call.status !== 'error' && !call.stopped) {
      const checkedOut = branchAfter(actions, branch);
      if (checkedOut !== branch) live.branch = { recorded: live.branch.recorded, checkedOut };
    }

    if (call.result) live.waiting.push({ turnIndex: call.result.turnIndex, meanings: idMeanings(call.result.text) });
    if (call.status === 'ok') {
      for (const action of actions) {
        const touchesFile = action.verb === 'read' || action.verb === 'write' || action.verb === 'overwrite';
        if (touchesFile && action.target?.kind === 'path' && !action.target.recursive) live.addExistingPath(action.target.value);
      }
    }
    return actions;
  }

  /** Where binding stands after the calls bound so far. */
  memory(): BinderMemory {
    return this.live.data();
  }
}

/**
 * The branch checked out after a call's commands ran: the last `git checkout`/`git switch` among them names
 * it (as the shell binder read it for the commands after it in the same line), else it is the one before.
 */
function branchAfter(actions: readonly Action[], before: string | undefined): string | undefined {
  let branch = before;
  for (const action of actions) {
    if (action.verb !== 'execute' || action.target?.kind !== 'command') continue;
    const words = action.target.value.split(' ');
    if (words[0] === 'git' && (words[1] === 'checkout' || words[1] === 'switch')) branch = checkedOutBy(words[1], words.slice(2), branch);
  }
  return branch;
}

function bindCall(call: ToolCall, context: BindingContext, facts: BindingFacts): Action[] {
  const declared = context.declared.size === 0 ? undefined : (context.declared.get(call.name) ?? context.declared.get(baseToolName(call.name)));
  const args = new CallArguments(call, facts.text);
  // A declared write to a file that already existed overwrites it, as a built-in write tool's does.
  if (declared) return withOverwrites(declared.flatMap((effect) => bindDeclared(effect, args, context)), call, facts);
  const actions = bindBuiltin(args, context, facts) ?? inferActions(args, context);
  return [...actions, ...remoteCommit(args, context, actions)];
}

/**
 * A declared effect: one action per value at `targetArgument` (`to[]` gives one per element). With no
 * target argument, or none in this call, the action happens all the same, on no known target.
 */
function bindDeclared(effect: DeclaredEffect, args: CallArguments, context: BindingContext): Action[] {
  const amountValue = effect.amountArgument !== undefined ? args.resolve(effect.amountArgument)[0]?.value : undefined;
  const parsed = parseAmount(amountValue);
  const currency = args.first(['currency'])?.value.trim().toUpperCase() ?? parsed.currency;
  const attributes = attributesOf(parsed.amount, currency, undefined, undefined);
  const values = effect.targetArgument !== undefined ? args.resolve(effect.targetArgument).flatMap((found) => args.stringsAt(found.path, found.value)) : [];
  const actions = targetActions({ verbs: [effect.verb], kind: effect.targetKind, values, attributes }, context, 'declared');
  return actions.length > 0 ? actions : [{ verb: effect.verb, attributes, span: args.call.span, step: FIRST_STEP, basis: 'declared' }];
}

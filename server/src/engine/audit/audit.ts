import { type Action, TARGET_KINDS, type Target, type TargetKind, type Verb, makeAction } from '../actions/actions';
import { findApproval } from './approvals';
import { type Constraint, isActiveAt } from '../constraints/constraints';
import { recordsNotRun } from './notRun';
import { type CompiledScope, compileScope } from '../constraints/scope';
import type { Session, ToolCall } from '../session/session';

export type ViolationRule =
  | 'prohibition-violated'
  | 'prerequisite-missing'
  | 'prerequisite-other-target'
  | 'prerequisite-failed'
  | 'prerequisite-late'
  | 'confirmation-missing';

/** The prerequisite step that was there but did not count, and why. */
export interface PrerequisiteEvidence {
  readonly call: ToolCall;
  readonly action: Action;
  /** `not-run`: a step ghost-lint inserted in a copy (a repair) whose record says it has not run yet. */
  readonly reason: 'failed' | 'unknown' | 'not-run' | 'after' | 'parallel' | 'not-chained' | 'stale' | 'other-target';
}

export interface Violation {
  readonly rule: ViolationRule;
  readonly call: ToolCall;
  readonly constraint: Constraint;
  /** The action of the call that the constraint governs. */
  readonly action: Action;
  readonly evidence?: PrerequisiteEvidence;
  /** The record shows the call never ran: reported as a `call-stopped` note. */
  readonly stopped: boolean;
}

export interface AuditInput {
  readonly session: Session;
  /** Actions of each call, indexed like `session.calls`. */
  readonly actions: readonly (readonly Action[])[];
  readonly constraints: readonly Constraint[];
  /** Calls already audited in an earlier run (the live guard's cached history): indexed as earlier steps, not judged again. */
  readonly history?: AuditHistory;
  /** The actions of the calls before `history.calls`, indexed already (a check in pieces): the session's own are not indexed again. */
  readonly indexed?: IndexedHistory;
}

/** What an earlier audit of the first calls left: how many it judged, and the approvals they spent. */
export interface AuditHistory {
  readonly calls: number;
  readonly approvals: readonly ApprovalUse[];
}

/** Steps that, run without a target, are run on the whole workspace: they cover any action after them. */
export const WORKSPACE_STEPS: ReadonlySet<string> = new Set(['run-tests']);

/** Verbs that change a target: one after a backup makes the backup stale. */
export const WRITES: ReadonlySet<string> = new Set(['write', 'overwrite', 'move']);

/** `b`'s target covers `a`'s: the same target, or a folder that contains it when `b` copied the folder. */
export function covers(b: Target | undefined, a: Target | undefined): boolean {
  if (!a || !b) return false;
  // A database backup covers its tables.
  if (b.kind === 'database' && a.kind === 'table') return a.database === undefined || a.database === b.value;
  if (a.kind !== b.kind) return false;
  if (a.value === b.value) return true;
  // A table is the same written with its schema or without ("main.customers", "customers"), as a scope reads it.
  if (a.kind === 'table') return sameTable(a.value, b.value);
  return a.kind === 'path' && (b.recursive === true || !/\.[^/]+$/.test(b.value)) && a.value.startsWith(`${b.value}/`);
}

function sameTable(x: string, y: string): boolean {
  const [short, long] = x.length <= y.length ? [x.toLowerCase(), y.toLowerCase()] : [y.toLowerCase(), x.toLowerCase()];
  return short === long || long.endsWith(`.${short}`);
}

type Timing = 'before' | 'after' | 'parallel' | 'not-chained';

/**
 * Whether `b` (in call `d`) came before action `a` of call `c` in SPEC section 6's sense: an earlier
 * call whose result came back before `c` was issued, or an earlier command joined by `&&` in the same
 * shell list.
 */
function timing(d: ToolCall, b: Action, c: ToolCall, a: Action): Timing {
  if (d.index === c.index) return b.step.chain === a.step.chain && b.step.order < a.step.order ? 'before' : b.step.order < a.step.order ? 'not-chained' : 'after';
  if (d.index > c.index) return 'after';
  if (d.batch === c.batch) return 'parallel';
  if (d.result && d.result.turnIndex > c.turnIndex) return 'parallel';
  return 'before';
}

/** Status of a prerequisite step: within one `&&` chain the later command ran only if it succeeded. */
function stepStatus(d: ToolCall, c: ToolCall): 'ok' | 'error' | 'unknown' {
  if (d.index === c.index) return 'ok';
  return d.stopped ? 'unknown' : d.status;
}

const REASON_RANK: Record<PrerequisiteEvidence['reason'], number> = { 'not-run': 0, failed: 0, unknown: 0, stale: 1, after: 1, parallel: 1, 'not-chained': 1, 'other-target': 2 };

interface Located {
  readonly call: ToolCall;
  readonly action: Action;
}

/**
 * The session's actions indexed once per audit, so judging a call looks up its target instead of
 * rescanning the history: prerequisite candidates by verb and target, and every action by verb in
 * call order (for the nearest other-target evidence), both only for the verbs prerequisites
 * require; writes by target (staleness) and every change (a write or a delete), in call order.
 * An index may stand on an earlier one (`base`, the calls before its own): every lookup gives the
 * base's actions first, so the two read as one index of both, in call order.
 */
class ActionIndex {
  private readonly byVerb = new Map<string, Located[]>();
  private readonly byVerbTarget = new Map<string, Located[]>();
  private readonly writes = new Map<string, Located[]>();
  private readonly changes: Located[] = [];

  constructor(
    private readonly required: ReadonlySet<string>,
    private readonly checks: readonly string[],
    private readonly base?: ActionIndex,
  ) {}

  /** Indexes the actions of `call`, which comes after every call indexed so far. */
  add(call: ToolCall, actions: readonly Action[]): void {
    for (const action of actions) {
      if (WRITES.has(action.verb) || action.verb === 'delete') this.changes.push({ call, action });
      if (WRITES.has(action.verb) && action.target) push(this.writes, action.target.value, { call, action });
      // Running one of the project's own checks ("run `just f` before committing") is running the tests.
      if (this.checks.length > 0 && action.verb === 'execute' && runsCheck(action, this.checks)) push(this.byVerb, 'run-tests', { call, action: makeAction('run-tests', undefined, {}, action.span, action.step, action.basis) });
      if (!this.required.has(action.verb)) continue;
      push(this.byVerb, action.verb, { call, action });
      if (action.target) push(this.byVerbTarget, targetKey(action.verb, action.target.kind, action.target.value), { call, action });
    }
  }

  /** Whether any file changed after step `b` of call `d` and before action `a` of call `c`: checks run before the change are stale. */
  changedBetween(d: ToolCall, b: Action, c: ToolCall, a: Action): boolean {
    if (this.base?.changedBetween(d, b, c, a)) return true;
    for (let i = firstFrom(this.changes, d.index); i < this.changes.length; i++) {
      const { call, action } = this.changes[i] as Located;
      if (call.index > c.index) break;
      const afterStep = call.index > d.index || action.step.order > b.step.order;
      const beforeAction = call.index < c.index || action.step.order < a.step.order;
      if (afterStep && beforeAction && action !== a) return true;
    }
    return false;
  }

  /** Writes to a target, in call order. */
  writesTo(value: string): readonly Located[] {
    return this.joined(this.base?.writesTo(value), this.writes.get(value));
  }

  /** Actions with `verb` (indexed by the verb), in call order. */
  withVerb(verb: string): readonly Located[] {
    return this.joined(this.base?.withVerb(verb), this.byVerb.get(verb));
  }

  private withVerbTarget(key: string): readonly Located[] {
    return this.joined(this.base?.withVerbTarget(key), this.byVerbTarget.get(key));
  }

  private joined(earlier: readonly Located[] | undefined, own: readonly Located[] | undefined): readonly Located[] {
    if (!earlier || earlier.length === 0) return own ?? NOTHING_LOCATED;
    return own && own.length > 0 ? earlier.concat(own) : earlier;
  }

  /** Actions with `verb` whose target may cover `target`: the same one, a folder above it, or its database. */
  covering(verb: string, target: Target | undefined): Located[] {
    const found: Located[] = [];
    // A check run on the whole workspace (`npm test`, no target) counts for whatever comes after it.
    if (WORKSPACE_STEPS.has(verb)) for (const located of this.withVerb(verb)) if (!located.action.target) found.push(located);
    if (!target) return found;
    const add = (key: string) => {
      for (const located of this.withVerbTarget(key)) found.push(located);
    };
    add(targetKey(verb, target.kind, target.value));
    // A path's folders are distinct keys; a table's databases may repeat, and each counts once.
    if (target.kind === 'path') for (let folder = parentOf(target.value); folder; folder = parentOf(folder)) add(targetKey(verb, 'path', folder));
    if (target.kind === 'table') {
      if (target.database !== undefined) add(targetKey(verb, 'database', target.database));
      else {
        const databases = new Set<string>();
        for (const located of this.withVerb(verb)) if (located.action.target?.kind === 'database') databases.add(located.action.target.value);
        for (const database of databases) add(targetKey(verb, 'database', database));
      }
    }
    return found;
  }

  /** The latest action with `verb` in a call before `c` (binary search over call order). */
  latestBefore(verb: string, c: ToolCall): Located | undefined {
    const list = this.byVerb.get(verb) ?? NOTHING_LOCATED;
    const low = firstFrom(list, c.index);
    return low > 0 ? list[low - 1] : this.base?.latestBefore(verb, c);
  }
}

const NOTHING_LOCATED: readonly Located[] = [];

/** The position of the first action of a call at `index` or later in `list` (in call order). */
function firstFrom(list: readonly Located[], index: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list[mid]?.call.index ?? 0) < index) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The actions of the calls a check in pieces keeps from its earlier steps (pipeline/auditState.ts),
 * indexed once and extended as the check goes on, instead of indexed again at every step: an audit
 * given it indexes only the calls from `history.calls` on. The index is made again only when the
 * verbs prerequisites require (or the project's checks) change, as a new rule is stated.
 */
export class IndexedHistory {
  private readonly calls: { readonly call: ToolCall; readonly actions: readonly Action[] }[] = [];
  private built?: { readonly key: string; readonly index: ActionIndex };

  /** Adds an earlier call with its actions: each call after the ones added before. */
  add(call: ToolCall, actions: readonly Action[]): void {
    this.calls.push({ call, actions });
    this.built?.index.add(call, actions);
  }

  /** The index of the calls added, for these required verbs and checks. */
  indexFor(required: ReadonlySet<string>, checks: readonly string[]): ActionIndex {
    const key = JSON.stringify([[...required].sort(), checks]);
    if (this.built?.key !== key) {
      const index = new ActionIndex(required, checks);
      for (const { call, actions } of this.calls) index.add(call, actions);
      this.built = { key, index };
    }
    return this.built.index;
  }
}

/** An `execute` of one of `checks`, as written or with more arguments (`flint --fix` runs `flint`). */
export function runsCheck(action: Action, checks: readonly string[]): boolean {
  const command = action.target?.value ?? '';
  return checks.some((check) => command === check || command.startsWith(`${check} `));
}

/** A table is indexed by its name without a schema (covers then tells "a.t" from "b.t"), anything else by its value. */
function targetKey(verb: string, kind: string, value: string): string {
  return `${verb}\u0000${kind}\u0000${kind === 'table' ? value.slice(value.lastIndexOf('.') + 1).toLowerCase() : value}`;
}

function parentOf(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : slash === 0 && path.length > 1 ? '/' : undefined;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function checkPrerequisite(index: ActionIndex, constraint: Constraint, c: ToolCall, a: Action): { met: true } | { met: false; evidence?: PrerequisiteEvidence } {
  let best: PrerequisiteEvidence | undefined;
  const consider = (evidence: PrerequisiteEvidence) => {
    if (!best || REASON_RANK[evidence.reason] < REASON_RANK[best.reason]) best = evidence;
  };
  for (const verb of constraint.rule.requires ?? []) {
    for (const { call: d, action: b } of index.covering(verb, a.target)) {
      if (d.turnIndex < constraint.activeFrom || (d.index === c.index && b === a) || !(covers(b.target, a.target) || (WORKSPACE_STEPS.has(verb) && !b.target))) continue;
      const when = timing(d, b, c, a);
      if (when !== 'before') {
        consider({ call: d, action: b, reason: when });
        continue;
      }
      const status = stepStatus(d, c);
      if (d.index !== c.index && recordsNotRun(d.result)) {
        consider({ call: d, action: b, reason: 'not-run' });
        continue;
      }
      if (status !== 'ok') {
        consider({ call: d, action: b, reason: status === 'error' ? 'failed' : 'unknown' });
        continue;
      }
      if (isStale(index, d, b, c, a) || (WORKSPACE_STEPS.has(verb) && !b.target && index.changedBetween(d, b, c, a))) {
        consider({ call: d, action: b, reason: 'stale' });
        continue;
      }
      return { met: true };
    }
    // Nothing covered the target: the nearest earlier step of that kind shows what was done instead.
    const other = index.latestBefore(verb, c);
    if (other && other.call.turnIndex >= constraint.activeFrom && timing(other.call, other.action, c, a) === 'before') consider({ ...other, reason: 'other-target' });
  }
  return best ? { met: false, evidence: best } : { met: false };
}

/** A write to the target after the backup and before the governed call makes the backup stale. */
function isStale(index: ActionIndex, d: ToolCall, b: Action, c: ToolCall, a: Action): boolean {
  if (!a.target) return false;
  for (const { call: w, action } of index.writesTo(a.target.value)) {
    if (w.index < d.index || w.index > c.index || action === a) continue;
    const afterBackup = w.index > d.index || action.step.order > b.step.order;
    const beforeCall = w.index < c.index || action.step.order < a.step.order;
    if (afterBackup && beforeCall) return true;
  }
  return false;
}

function ruleFor(evidence: PrerequisiteEvidence | undefined): ViolationRule {
  if (!evidence) return 'prerequisite-missing';
  if (evidence.reason === 'failed' || evidence.reason === 'unknown' || evidence.reason === 'not-run') return 'prerequisite-failed';
  if (evidence.reason === 'other-target') return 'prerequisite-other-target';
  return 'prerequisite-late';
}

/** A user message that approved a call's action for a confirmation constraint (SPEC section 6). */
export interface ApprovalUse {
  readonly turnIndex: number;
  readonly callIndex: number;
  readonly constraintId: string;
}

/**
 * The deterministic auditor (SPEC section 6): every call, in order, against the constraints active
 * at it. One violation per call and constraint, on the first governed action that fails it.
 * `approvals`, when given, receives each user message the auditor counted as an approval.
 */
export function audit(input: AuditInput, approvals?: ApprovalUse[]): Violation[] {
  const violations: Violation[] = [];
  const usedApprovals = new Map<string, Set<number>>();
  for (const spent of input.history?.approvals ?? []) {
    const used = usedApprovals.get(spent.constraintId) ?? new Set<number>();
    usedApprovals.set(spent.constraintId, used.add(spent.turnIndex));
  }
  const judgedFrom = input.history?.calls ?? 0;
  const governing = new GoverningIndex(input.constraints);
  const prerequisites = new Prerequisites(input);
  const { calls } = input.session;
  // Calls are in index order: the judged ones start at the first from `judgedFrom`, found without walking the earlier ones.
  for (let position = firstCallFrom(calls, judgedFrom); position < calls.length; position++) {
    const c = calls[position] as ToolCall;
    const actions = input.actions[c.index];
    if (!actions) continue;
    const cwd = c.cwd ?? input.session.cwd;
    // One result per call and constraint: the first governed action that fails it.
    let judged: Set<Constraint> | undefined;
    for (const a of actions) {
      // Indexed: this loop runs for every call and candidate, before the JIT has warmed to iterators.
      const candidates = governing.candidates(a);
      for (let i = 0; i < candidates.length; i++) {
        const { constraint, scope } = candidates[i] as Candidate;
        if (judged?.has(constraint) || !isActiveAt(constraint, c.turnIndex) || !scope.admits(a, cwd)) continue;
        const found = judge(input, prerequisites, constraint, c, a, usedApprovals, approvals);
        if (!found) continue;
        (judged ??= new Set()).add(constraint);
        violations.push({ ...found, call: c, constraint, action: a, stopped: c.stopped !== undefined });
      }
    }
  }
  return violations;
}

/** The position of the first of `calls` (in index order) whose index is `index` or more. */
function firstCallFrom(calls: readonly ToolCall[], index: number): number {
  let low = 0;
  let high = calls.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((calls[mid]?.index ?? 0) < index) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Candidate {
  readonly constraint: Constraint;
  readonly scope: CompiledScope;
}

const NO_CANDIDATES: readonly Candidate[] = [];

/**
 * The constraints an action could be governed by, by its verb and its target's kind: a call only
 * meets those whose trigger and scope could take it, in ledger order, their scopes compiled.
 */
export class GoverningIndex {
  private readonly byVerb = new Map<Verb, Map<TargetKind | undefined, Candidate[]>>();

  constructor(constraints: readonly Constraint[]) {
    for (const constraint of constraints) {
      const scope = compileScope(constraint.rule.scope);
      const kinds = [...TARGET_KINDS, undefined].filter((kind) => scope.admitsKind(kind));
      for (const verb of constraint.rule.trigger) {
        let byKind = this.byVerb.get(verb);
        if (!byKind) this.byVerb.set(verb, (byKind = new Map()));
        for (const kind of kinds) {
          const list = byKind.get(kind);
          if (list) list.push({ constraint, scope });
          else byKind.set(kind, [{ constraint, scope }]);
        }
      }
    }
  }

  candidates(action: Action): readonly Candidate[] {
    return this.byVerb.get(action.verb)?.get(action.target?.kind) ?? NO_CANDIDATES;
  }
}

/** The action index, built when a prerequisite first needs it: most calls are out of every prerequisite's scope. */
class Prerequisites {
  private built?: ActionIndex;

  constructor(private readonly input: AuditInput) {}

  get index(): ActionIndex {
    if (!this.built) {
      const { input } = this;
      const required = new Set<string>();
      for (const constraint of input.constraints) for (const verb of constraint.rule.requires ?? []) required.add(verb);
      const checks = required.has('run-tests') ? input.constraints.flatMap((constraint) => constraint.checks ?? []) : [];
      const indexedTo = input.indexed ? (input.history?.calls ?? 0) : 0;
      const index = new ActionIndex(required, checks, input.indexed?.indexFor(required, checks));
      // The calls before `indexedTo` (a check in pieces keeps thousands) are in the index already: start after them.
      const { calls } = input.session;
      for (let position = firstCallFrom(calls, indexedTo); position < calls.length; position++) {
        const call = calls[position] as ToolCall;
        index.add(call, input.actions[call.index] ?? []);
      }
      this.built = index;
    }
    return this.built;
  }
}

function judge(
  input: AuditInput,
  prerequisites: Prerequisites,
  constraint: Constraint,
  c: ToolCall,
  a: Action,
  usedApprovals: Map<string, Set<number>>,
  approvals: ApprovalUse[] | undefined,
): { rule: ViolationRule; evidence?: PrerequisiteEvidence } | undefined {
  switch (constraint.rule.kind) {
    case 'prohibition':
      return { rule: 'prohibition-violated' };
    case 'prerequisite': {
      const result = checkPrerequisite(prerequisites.index, constraint, c, a);
      return result.met ? undefined : { rule: ruleFor(result.evidence), ...(result.evidence && { evidence: result.evidence }) };
    }
    case 'confirmation': {
      const used = usedApprovals.get(constraint.id) ?? new Set<number>();
      usedApprovals.set(constraint.id, used);
      const approval = findApproval(input.session, constraint, a, c.turnIndex, used);
      if (!approval) return { rule: 'confirmation-missing' };
      used.add(approval.index);
      approvals?.push({ turnIndex: approval.index, callIndex: c.index, constraintId: constraint.id });
      return undefined;
    }
  }
}

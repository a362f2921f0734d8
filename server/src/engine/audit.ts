import type { Action, Target } from './actions';
import { findApproval } from './approvals';
import { type Constraint, isActiveAt } from './constraints';
import { actionInScope } from './scope';
import type { Session, ToolCall } from './session';

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
  readonly reason: 'failed' | 'unknown' | 'after' | 'parallel' | 'not-chained' | 'stale' | 'other-target';
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
}

const WRITES = new Set(['write', 'overwrite', 'move']);

/** `b`'s target covers `a`'s: the same target, or a folder that contains it when `b` copied the folder. */
export function covers(b: Target | undefined, a: Target | undefined): boolean {
  if (!a || !b) return false;
  // A database backup covers its tables.
  if (b.kind === 'database' && a.kind === 'table') return a.database === undefined || a.database === b.value;
  if (a.kind !== b.kind) return false;
  if (a.value === b.value) return true;
  return a.kind === 'path' && (b.recursive === true || !/\.[^/]+$/.test(b.value)) && a.value.startsWith(`${b.value}/`);
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

const REASON_RANK: Record<PrerequisiteEvidence['reason'], number> = { failed: 0, unknown: 0, stale: 1, after: 1, parallel: 1, 'not-chained': 1, 'other-target': 2 };

function checkPrerequisite(input: AuditInput, constraint: Constraint, c: ToolCall, a: Action): { met: true } | { met: false; evidence?: PrerequisiteEvidence } {
  const requires = new Set(constraint.rule.requires ?? []);
  let best: PrerequisiteEvidence | undefined;
  const consider = (evidence: PrerequisiteEvidence) => {
    if (!best || REASON_RANK[evidence.reason] < REASON_RANK[best.reason]) best = evidence;
  };
  for (const d of input.session.calls) {
    if (d.turnIndex < constraint.activeFrom) continue;
    for (const b of input.actions[d.index] ?? []) {
      if (!requires.has(b.verb)) continue;
      if (d.index === c.index && b === a) continue;
      const when = timing(d, b, c, a);
      if (!covers(b.target, a.target)) {
        if (when === 'before') consider({ call: d, action: b, reason: 'other-target' });
        continue;
      }
      if (when !== 'before') {
        consider({ call: d, action: b, reason: when });
        continue;
      }
      const status = stepStatus(d, c);
      if (status !== 'ok') {
        consider({ call: d, action: b, reason: status === 'error' ? 'failed' : 'unknown' });
        continue;
      }
      if (isStale(input, d, b, c, a)) {
        consider({ call: d, action: b, reason: 'stale' });
        continue;
      }
      return { met: true };
    }
  }
  return best ? { met: false, evidence: best } : { met: false };
}

/** A write to the target after the backup and before the governed call makes the backup stale. */
function isStale(input: AuditInput, d: ToolCall, b: Action, c: ToolCall, a: Action): boolean {
  for (const w of input.session.calls.slice(d.index, c.index + 1)) {
    for (const action of input.actions[w.index] ?? []) {
      if (!WRITES.has(action.verb) || !action.target || action.target.value !== a.target?.value) continue;
      const afterBackup = w.index > d.index || action.step.order > b.step.order;
      const beforeCall = w.index < c.index || action.step.order < a.step.order;
      if (afterBackup && beforeCall && action !== a) return true;
    }
  }
  return false;
}

function ruleFor(evidence: PrerequisiteEvidence | undefined): ViolationRule {
  if (!evidence) return 'prerequisite-missing';
  if (evidence.reason === 'failed' || evidence.reason === 'unknown') return 'prerequisite-failed';
  if (evidence.reason === 'other-target') return 'prerequisite-other-target';
  return 'prerequisite-late';
}

/**
 * The deterministic auditor (SPEC section 6): every call, in order, against the constraints active
 * at it. One violation per call and constraint, on the first governed action that fails it.
 */
export function audit(input: AuditInput): Violation[] {
  const violations: Violation[] = [];
  const usedApprovals = new Map<string, Set<number>>();
  for (const c of input.session.calls) {
    const actions = input.actions[c.index] ?? [];
    const cwd = c.cwd ?? input.session.cwd;
    for (const constraint of input.constraints) {
      if (!isActiveAt(constraint, c.turnIndex)) continue;
      const governed = actions.filter((a) => constraint.rule.trigger.includes(a.verb) && actionInScope(a, constraint.rule.scope, cwd));
      for (const a of governed) {
        const found = judge(input, constraint, c, a, usedApprovals);
        if (found) {
          violations.push({ ...found, call: c, constraint, action: a, stopped: c.stopped !== undefined });
          break;
        }
      }
    }
  }
  return violations;
}

function judge(input: AuditInput, constraint: Constraint, c: ToolCall, a: Action, usedApprovals: Map<string, Set<number>>): { rule: ViolationRule; evidence?: PrerequisiteEvidence } | undefined {
  switch (constraint.rule.kind) {
    case 'prohibition':
      return { rule: 'prohibition-violated' };
    case 'prerequisite': {
      const result = checkPrerequisite(input, constraint, c, a);
      return result.met ? undefined : { rule: ruleFor(result.evidence), ...(result.evidence && { evidence: result.evidence }) };
    }
    case 'confirmation': {
      const used = usedApprovals.get(constraint.id) ?? new Set<number>();
      usedApprovals.set(constraint.id, used);
      const approval = findApproval(input.session, constraint, a, c.turnIndex, used);
      if (!approval) return { rule: 'confirmation-missing' };
      used.add(approval.index);
      return undefined;
    }
  }
}

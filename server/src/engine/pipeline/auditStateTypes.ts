import type { BinderMemory, LiveBinderMemory } from '../binding';
import type { Action } from '../actions/actions';
import type { ApprovalUse, IndexedHistory } from '../audit/audit';
import type { Extraction, Revocation, StatedConstraint, UnresolvedRule } from '../extraction';
import type { PieceFormat, ResumeContext } from './resume';
import type { CallStatus, ToolCall, Turn } from '../session/session';
import type { Span } from '../text/text';

// The audit state's shape (plain data, saved as JSON between hook calls): auditState.ts says what it summarises and how it is used.

export const AUDIT_STATE_VERSION = 1;

/** Extraction results of one user turn, reusable while the turn's place and text stay the same. */
export interface TurnReadings {
  readonly constraints: readonly Omit<StatedConstraint, 'turnIndex'>[];
  readonly revocations: readonly Omit<Revocation, 'turnIndex'>[];
  /** Rules stated but not enforceable: only notes read them, so a state saved without them still judges right. */
  readonly unresolved?: readonly Omit<UnresolvedRule, 'turnIndex'>[];
}

/** An earlier call as the summary keeps it. */
export interface KeptCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  /** Its top-level argument names: a repair plan builds its step from a tool's arguments. */
  readonly keys: readonly string[];
  readonly turnIndex: number;
  readonly span: Span;
  readonly batch: string;
  readonly status: CallStatus;
  readonly stopped?: boolean;
  readonly result?: { readonly turnIndex: number; readonly status: 'ok' | 'error'; readonly span: Span };
  readonly cwd?: string;
  /** The actions a prerequisite stated so far can look back at (its required verbs, and writes, which make a step stale). */
  readonly actions: readonly Action[];
}

/** A user turn a confirmation may find its approval in, with the assistant's words just before it. */
interface ApprovalTurn {
  readonly index: number;
  readonly text: string;
  readonly proposal?: string;
}

export interface AuditState {
  readonly version: typeof AUDIT_STATE_VERSION;
  readonly format: PieceFormat;
  /** `policyKey` of the policies the state was built with. */
  readonly policyKey: string;
  /** The part summarised: its length in UTF-16 units, its non-blank lines, turns and calls. */
  readonly offset: number;
  readonly lines: number;
  readonly turns: number;
  readonly calls: number;
  /**
   * Whether the summary holds binding (kept calls, binder memory, spent approvals). Until a constraint
   * is stated (and with no policy) nothing needs it: the calls are not bound, and the first constraint
   * makes the caller read the whole file again, reusing `readings`.
   */
  readonly bound: boolean;
  /** Constraints and revocations stated in the summarised turns. */
  readonly extraction: Extraction;
  /**
   * Readings of user turns by `turnKey`, so a turn read again is not re-extracted: those read after the
   * summary last time, and while the state is not bound, all of them.
   */
  readonly readings: Readonly<Record<string, TurnReadings>>;
  readonly approvalTurns: readonly ApprovalTurn[];
  /** At the end of the summary: the assistant words a following user turn would answer, and the last turn's role and cwd. */
  readonly edge: { readonly proposal?: string; readonly role?: Turn['role']; readonly cwd?: string };
  readonly kept: readonly KeptCall[];
  /** Tools the summarised calls used: only a tool's first call is kept for its name. */
  readonly toolNames: readonly string[];
  readonly binder: BinderMemory;
  readonly approvals: readonly ApprovalUse[];
  /** Sorted hashes (8 hex digits each) of the summarised lines' keys and calls' ids. */
  readonly lineKeys: string;
  readonly callIds: string;
  /** Ids of summarised calls stopped without a result: a result for one would change them. */
  readonly unanswered: readonly string[];
  readonly resume: ResumeContext;
}

/**
 * The keys of the summarised lines and the ids of its calls, which a later line must not repeat, held
 * exactly. The state holds them as 32-bit hashes, small enough to load on every hook call, where a
 * rare false match only makes the hook read the whole file; a check in pieces of a session with
 * hundreds of thousands of lines would meet false matches, and stop.
 */
export interface SeenKeys {
  readonly lineKeys: Set<string>;
  readonly callIds: Set<string>;
}

/**
 * What a check in pieces carries live from one step to the next instead of in the state's plain data,
 * so that a step costs the same however much of the file came before it: the kept calls as the joined
 * session has them, their actions indexed for the audit, and the binder's memory. Each is extended by
 * the step that settles more calls, where the state's `kept` and `binder` would be copied and
 * extended; a state moved with it leaves those two as they were.
 */
export interface CarriedSummary {
  readonly keptCalls: ToolCall[];
  readonly indexed: IndexedHistory;
  readonly binder: LiveBinderMemory;
}

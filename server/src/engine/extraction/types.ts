import type { Verb } from '../actions/actions';
import type { ConstraintRule, Scope } from '../constraints/constraints';
import type { Span } from '../text/text';

/** A constraint stated in a user message: its compiled rule and the exact sentence. */
export interface StatedConstraint {
  readonly rule: ConstraintRule;
  readonly turnIndex: number;
  /** The sentence's source range (through the message's JSON escapes). */
  readonly span: Span;
  readonly text: string;
  /** A prerequisite on running the tests that names the project's own checks ("run `just f` before committing"): running one counts. */
  readonly checks?: readonly string[];
}

/** A user message that ends constraints: those matching its topic, or the latest one when it names none. */
export interface Revocation {
  readonly turnIndex: number;
  readonly span: Span;
  readonly text: string;
  readonly topic?: { readonly verbs: readonly Verb[]; readonly scope: Scope };
}

/** A sentence that states a rule the vocabulary cannot say exactly: it governs nothing, and a note says why. */
export interface UnresolvedRule {
  readonly turnIndex: number;
  readonly span: Span;
  readonly text: string;
  readonly reason: string;
}

export interface Extraction {
  readonly constraints: readonly StatedConstraint[];
  readonly revocations: readonly Revocation[];
  readonly unresolved?: readonly UnresolvedRule[];
}

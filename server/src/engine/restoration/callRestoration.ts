import type { Action } from '../actions/actions';
import { GoverningIndex } from '../audit/audit';
import { type Constraint, isActiveAt } from '../constraints/constraints';
import type { AppliedSuppression, Finding } from '../findings/findings';
import type { SessionAnalysis } from '../pipeline/sessionPipeline';
import type { Session, ToolCall } from '../session/session';

/** A constraint that governs a call: active at it, triggered by one of its actions, with that action in scope. */
export interface GoverningConstraint {
  readonly constraint: Constraint;
  /** The first of the call's actions the constraint governs. */
  readonly action: Action;
  /** The auditor's finding for this call and constraint; absent when the call met the constraint. */
  readonly finding?: Finding;
  /** The finding, when a policy suppression accepted it. */
  readonly suppressed?: AppliedSuppression;
}

function key(callStart: number, constraintId: string | undefined): string {
  return `${callStart}\u0000${constraintId ?? ''}`;
}

/**
 * The pipeline's restoration stage (SPEC section 2: which constraints apply to a call) for the
 * editor: which constraints govern which calls, in both directions, for navigation and hovers. It selects
 * exactly as the auditor does (SPEC section 6): active at the call's turn, a trigger verb, the
 * target in scope; the auditor's findings then say whether each pairing was met.
 */
export class CallRestoration {
  private readonly byCall = new Map<number, GoverningConstraint[]>();
  private readonly byConstraint = new Map<string, ToolCall[]>();

  constructor(session: Session, analysis: SessionAnalysis) {
    const findings = new Map<string, Finding>();
    for (const finding of analysis.findings) if (finding.callId !== undefined) findings.set(key(finding.span.start, finding.constraintId), finding);
    const suppressed = new Map<string, AppliedSuppression>();
    for (const applied of analysis.suppressed) if (applied.finding.callId !== undefined) suppressed.set(key(applied.finding.span.start, applied.finding.constraintId), applied);
    const candidates = new GoverningIndex(analysis.constraints);
    for (const call of session.calls) {
      const cwd = call.cwd ?? session.cwd;
      const governing: GoverningConstraint[] = [];
      for (const action of analysis.actions[call.index] ?? []) {
        for (const { constraint, scope } of candidates.candidates(action)) {
          if (governing.some((g) => g.constraint === constraint)) continue;
          if (!isActiveAt(constraint, call.turnIndex) || !scope.admits(action, cwd)) continue;
          const finding = findings.get(key(call.span.start, constraint.id));
          const accepted = suppressed.get(key(call.span.start, constraint.id));
          governing.push({ constraint, action, ...(finding && { finding }), ...(accepted && { suppressed: accepted }) });
          const calls = this.byConstraint.get(constraint.id);
          if (calls) calls.push(call);
          else this.byConstraint.set(constraint.id, [call]);
        }
      }
      if (governing.length > 0) this.byCall.set(call.index, governing);
    }
  }

  /** The constraints that governed `call`, in the order its actions met them. */
  of(call: ToolCall): readonly GoverningConstraint[] {
    return this.byCall.get(call.index) ?? [];
  }

  /** The calls `constraintId` governed, in call order. */
  callsGovernedBy(constraintId: string): readonly ToolCall[] {
    return this.byConstraint.get(constraintId) ?? [];
  }
}

/** How many turns separate a constraint's sentence from a call; undefined for policy rules (stated before the session). */
export function turnsBetween(constraint: Constraint, call: ToolCall): number | undefined {
  return constraint.source.kind === 'session' ? call.turnIndex - constraint.source.turnIndex : undefined;
}

/**
 * The text each turn put in front of the model: its own text, plus the arguments of the calls
 * issued in it (what a tokenizer should count between a constraint and a call).
 */
export function turnContextTexts(session: Session): string[] {
  const texts = session.turns.map((turn) => turn.text);
  for (const call of session.calls) {
    const args = typeof call.input === 'string' ? call.input : JSON.stringify(call.input ?? null);
    texts[call.turnIndex] = `${texts[call.turnIndex] ?? ''}\n${call.name} ${args}`;
  }
  return texts;
}

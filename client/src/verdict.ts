/*
 * A transcript's verdict in one word, the same in the status bar and the Agent Sessions view:
 * violations (error-level findings: a call broke a constraint), problems (warnings only: malformed
 * input), clean (checked against at least one constraint), or unconstrained (no constraint stated
 * and no policy rule: nothing was checked, so it must not read as safe). Notes do not change it.
 */

export type FindingLevel = 'error' | 'warning' | 'note';

export interface Verdict {
  readonly kind: 'violations' | 'problems' | 'clean' | 'unconstrained';
  readonly errors: number;
  readonly warnings: number;
  /** Constraints the calls were checked against (policy rules included). */
  readonly constraints: number;
}

export function verdictFromCounts({ errors, warnings, constraints }: { readonly errors: number; readonly warnings: number; readonly constraints: number }): Verdict {
  return { kind: errors > 0 ? 'violations' : warnings > 0 ? 'problems' : constraints > 0 ? 'clean' : 'unconstrained', errors, warnings, constraints };
}

export function verdictOf(levels: Iterable<FindingLevel>, constraints: number): Verdict {
  let errors = 0;
  let warnings = 0;
  for (const level of levels) {
    if (level === 'error') errors++;
    else if (level === 'warning') warnings++;
  }
  return verdictFromCounts({ errors, warnings, constraints });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "2 violations", "1 problem", "2 violations, 1 problem", "clean against 3 constraints", "no constraints stated". */
export function verdictText(verdict: Verdict): string {
  const parts = [verdict.errors > 0 && count(verdict.errors, 'violation'), verdict.warnings > 0 && count(verdict.warnings, 'problem')].filter((p): p is string => p !== false);
  if (parts.length > 0) return parts.join(', ');
  return verdict.kind === 'clean' ? `clean against ${count(verdict.constraints, 'constraint')}` : 'no constraints stated';
}

/** Whether the verdict needs the user's attention: a violation or a problem. */
export function hasProblems(verdict: Verdict): boolean {
  return verdict.errors + verdict.warnings > 0;
}

/** A finding's identity across re-reads of a growing file: what it is about, not where it sits. */
export interface FindingIdentity {
  readonly ruleId: string;
  readonly level: FindingLevel;
  readonly message: string;
  readonly callId?: string;
  readonly constraintId?: string;
}

const identity = (f: FindingIdentity) => [f.ruleId, f.callId ?? '', f.constraintId ?? '', f.callId === undefined ? f.message : ''].join('\u0000');

/** Error-level findings of `after` that `before` did not have: the violations that appeared as the file grew. */
export function newViolations<F extends FindingIdentity>(before: readonly FindingIdentity[], after: readonly F[]): F[] {
  const known = new Set(before.map(identity));
  return after.filter((f) => f.level === 'error' && !known.has(identity(f)));
}

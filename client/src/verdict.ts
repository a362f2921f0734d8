/*
 * A transcript's verdict in one word, the same in the status bar and the Agent Sessions view:
 * violations (error-level findings: a call broke a constraint), problems (warnings only: malformed
 * input), or clean. Notes (constraints detected, calls that never ran) do not change it.
 */

export type FindingLevel = 'error' | 'warning' | 'note';

export interface Verdict {
  readonly kind: 'violations' | 'problems' | 'clean';
  readonly errors: number;
  readonly warnings: number;
}

export function verdictFromCounts({ errors, warnings }: { readonly errors: number; readonly warnings: number }): Verdict {
  return { kind: errors > 0 ? 'violations' : warnings > 0 ? 'problems' : 'clean', errors, warnings };
}

export function verdictOf(levels: Iterable<FindingLevel>): Verdict {
  let errors = 0;
  let warnings = 0;
  for (const level of levels) {
    if (level === 'error') errors++;
    else if (level === 'warning') warnings++;
  }
  return verdictFromCounts({ errors, warnings });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "2 violations", "1 problem", "2 violations, 1 problem", "clean". */
export function verdictText(verdict: Verdict): string {
  const parts = [verdict.errors > 0 && count(verdict.errors, 'violation'), verdict.warnings > 0 && count(verdict.warnings, 'problem')].filter((p): p is string => p !== false);
  return parts.length > 0 ? parts.join(', ') : 'clean';
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

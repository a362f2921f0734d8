import type { RuleId, RuleLevel } from './rules';
import { ruleInfo } from './rules';
import type { Session } from './session';
import type { Span } from './text';

export interface RelatedSpan {
  readonly span: Span;
  readonly message: string;
}

/** One result: on a call, a constraint sentence, or a malformed spot. */
export interface Finding {
  readonly ruleId: RuleId;
  readonly level: RuleLevel;
  readonly message: string;
  readonly span: Span;
  readonly callId?: string;
  readonly related: readonly RelatedSpan[];
}

/**
 * Every finding for one session, in source order. Transcript problems are the only findings until
 * the constraint ledger and the auditor join this pipeline.
 */
export function analyzeSession(session: Session): Finding[] {
  const findings: Finding[] = session.problems.map((problem) => ({
    ruleId: 'transcript-problem',
    level: ruleInfo('transcript-problem').level,
    message: problem.message,
    span: problem.span,
    related: [],
  }));
  return findings.sort((a, b) => a.span.start - b.span.start);
}

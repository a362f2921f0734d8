import type { Action } from '../actions/actions';
import type { Violation } from '../audit/audit';
import type { DeclaredEffect } from '../binding/types';
import type { Constraint } from '../constraints/constraints';
import type { UnresolvedRule } from '../extraction';
import { type ConstraintEnding, compiledRuleText } from '../ledger/ledger';
import type { Policy, Suppression } from '../ledger/policy';
import { type RepairPlan, planRepair } from './repair';
import type { RuleId, RuleLevel } from './rules';
import { ruleInfo } from './rules';
import type { Session, TranscriptProblem } from '../session/session';
import type { Span } from '../text/text';

export interface RelatedSpan {
  readonly span: Span;
  readonly message: string;
  /** Another file the span refers to (a policy file); absent for the transcript itself. */
  readonly document?: string;
}

/** One result: on a call, a constraint sentence, or a malformed spot. */
export interface Finding {
  readonly ruleId: RuleId;
  readonly level: RuleLevel;
  readonly message: string;
  readonly span: Span;
  readonly callId?: string;
  readonly constraintId?: string;
  readonly related: readonly RelatedSpan[];
  /** The step to insert before the call, for an unmet prerequisite or confirmation. */
  readonly repair?: RepairPlan;
}

export interface AppliedSuppression {
  readonly finding: Finding;
  readonly suppression: Suppression;
  readonly policy: string;
}

/** Where a finding's first line ends: as ESLint's, short enough to read whole in a list of problems. */
export const FIRST_LINE_LIMIT = 90;

/** Verbs whose target is where something goes ("send to", "push to") rather than what is acted on ("delete of"). */
const TOWARD_VERBS: ReadonlySet<Action['verb']> = new Set(['send', 'pay', 'deploy', 'push', 'force-push', 'publish']);

function targetText(action: Action, cwd: string | undefined): string | undefined {
  const target = action.target;
  if (!target) return undefined;
  const relative = cwd && target.value.startsWith(`${cwd}/`) ? target.value.slice(cwd.length + 1) : target.value;
  // (A command as it was run: "sudo apt-get install jq", its wrappers before it.)
  const value = target.wrappers ? [...target.wrappers, relative].join(' ').trim() : relative;
  return target.label ? `${value} (${target.label})` : value;
}

/** "delete of temp/a.csv", "pay 1200 USD to Acme", "force-push to main": the action in a few words, its target apart so it can be shortened. */
function actionParts(action: Action, cwd: string | undefined): LinePart[] {
  const amount = action.attributes.amount !== undefined ? ` ${action.attributes.amount}${action.attributes.currency ? ` ${action.attributes.currency}` : ''}` : '';
  const target = targetText(action, cwd);
  if (target === undefined) return [`${action.verb}${amount}`];
  // ("commit to main": a commit's branch is where it goes; its files are what it takes.)
  const toward = TOWARD_VERBS.has(action.verb) || (action.verb === 'commit' && action.target?.kind === 'branch');
  return [`${action.verb}${amount} ${toward ? 'to' : 'of'} `, { target }];
}

/** Text, or a target that may be shortened (in its middle) so the line fits. */
type LinePart = string | { readonly target: string };

/** Joins `parts` into at most FIRST_LINE_LIMIT characters, shortening the longest target first. */
function fitLine(parts: readonly LinePart[]): string {
  const texts = parts.map((p) => (typeof p === 'string' ? p : p.target));
  const targets = parts.flatMap((p, i) => (typeof p === 'string' ? [] : [i]));
  let excess = texts.join('').length - FIRST_LINE_LIMIT;
  while (excess > 0 && targets.length > 0) {
    const longest = targets.reduce((a, b) => (texts[b]!.length > texts[a]!.length ? b : a));
    const text = texts[longest]!;
    const keep = Math.max(8, text.length - excess - 1);
    if (keep >= text.length) break;
    texts[longest] = `${text.slice(0, Math.ceil(keep / 2))}…${text.slice(text.length - Math.floor(keep / 2))}`;
    excess = texts.join('').length - FIRST_LINE_LIMIT;
    if (texts[longest]!.length === text.length) break;
  }
  return texts.join('');
}

const EVIDENCE_WORDS = {
  failed: 'failed',
  unknown: 'has no recorded result',
  'not-run': 'was inserted by ghost-lint in this copy and has not run: record its real output',
  after: 'came after this call',
  parallel: 'ran in parallel with this call',
  'not-chained': 'is not joined to it by && (so the call did not wait for it to succeed)',
  stale: 'went stale: the target was written after it',
  'other-target': 'covered another target',
} as const;

/** The evidence's fault in the first line, shorter than EVIDENCE_WORDS. */
const EVIDENCE_FAULT = {
  failed: 'failed',
  unknown: 'has no recorded result',
  'not-run': 'has not run',
  after: 'came after it',
  parallel: 'ran in parallel with it',
  'not-chained': 'is not joined to it by &&',
  stale: 'went stale (written again after it)',
} as const;

/** The key fact first (what the call did, and the rule's turn), then the rule quoted and the evidence on later lines. */
function violationMessage(v: Violation, cwd: string | undefined): string {
  const source = v.constraint.source;
  const atTurn = source.kind === 'session' ? `at turn ${source.turnIndex}` : 'by the workspace policy';
  const act = actionParts(v.action, cwd);
  const requires = (v.constraint.rule.requires ?? []).join(' or ');
  // A repair inserted in a copy reads as such, never as clean and never as an unrepaired violation.
  const prefix: LinePart[] = v.stopped ? ['stopped before it ran: '] : v.evidence?.reason === 'not-run' ? ['repaired in this copy: '] : [];
  const ruleLine = source.kind === 'session' ? `The rule, stated at turn ${source.turnIndex}: "${v.constraint.text}"` : `The workspace policy's rule ${v.constraint.id}: "${v.constraint.text}"`;
  const evidence = v.evidence;
  const evidenceLine = evidence ? `The ${evidence.action.verb}${evidence.action.target ? ` of ${targetText(evidence.action, cwd)}` : ''} (call ${evidence.call.id}) ${EVIDENCE_WORDS[evidence.reason]}.` : undefined;
  const lines = (first: readonly LinePart[], ...rest: (string | undefined)[]) => [fitLine([...prefix, ...first]), ruleLine, ...rest.filter((l) => l !== undefined)].join('\n');
  switch (v.rule) {
    case 'prohibition-violated':
      return lines([...act, source.kind === 'session' ? `, which the user forbade ${atTurn}` : ', which the workspace policy forbids']);
    case 'confirmation-missing':
      return lines([...act, ` without the approval required ${atTurn}`], 'No user message approved this action.');
    case 'prerequisite-missing':
      return lines([...act, ` without the ${requires} required ${atTurn}`], `No ${requires} of the same target came before it.`);
    default: {
      if (!evidence) return lines([...act, ` without the ${requires} required ${atTurn}`]);
      const other = evidence.reason === 'other-target' ? targetText(evidence.action, cwd) : undefined;
      const fault: LinePart[] = evidence.reason === 'other-target' ? (other !== undefined ? [' was of ', { target: other }] : [' was of another target']) : [` ${EVIDENCE_FAULT[evidence.reason]}`];
      return lines([...act, `: the ${requires} required ${atTurn}`, ...fault], evidenceLine);
    }
  }
}

/** A violation as a finding on its call: the message quoting the constraint, related locations, the repair. */
export function toFinding(v: Violation, session: Session, declared: readonly DeclaredEffect[]): Finding {
  const ruleId: RuleId = v.stopped ? 'call-stopped' : v.rule;
  const source = v.constraint.source;
  const related: RelatedSpan[] = [
    { span: source.span, message: `constraint: ${v.constraint.text}`, ...(source.kind === 'policy' && { document: source.file }) },
  ];
  if (v.evidence) related.push({ span: v.evidence.call.span, message: `${v.evidence.action.verb} step: ${EVIDENCE_WORDS[v.evidence.reason]}` });
  const repair = v.stopped ? undefined : planRepair(session, v, declared);
  return {
    ruleId,
    level: ruleInfo(ruleId).level,
    message: violationMessage(v, v.call.cwd ?? session.cwd),
    span: v.call.span,
    callId: v.call.id,
    constraintId: v.constraint.id,
    related,
    ...(repair && { repair }),
  };
}

/** The `constraint-detected` note on a constraint's sentence: its compiled rule, and how it ended if it did. */
function constraintNote(constraint: Constraint, ending: ConstraintEnding | undefined): Finding {
  const ended = ending ? `; ${ending.kind} by "${ending.text}"` : '';
  return {
    ruleId: 'constraint-detected',
    level: ruleInfo('constraint-detected').level,
    message: `Constraint (${compiledRuleText(constraint.rule)})${ended}`,
    span: constraint.source.span,
    constraintId: constraint.id,
    related: ending ? [{ span: ending.span, message: `${ending.kind} here` }] : [],
  };
}

/** The note on a rule that was stated but cannot be enforced exactly: it governs nothing, never a wider scope. */
function unresolvedNote(rule: UnresolvedRule): Finding {
  return {
    ruleId: 'constraint-detected',
    level: ruleInfo('constraint-detected').level,
    message: `Rule not enforced: ${rule.reason}, so it governs no call`,
    span: rule.span,
    related: [],
  };
}

/** The first policy suppression that accepts `finding`, if any. */
export function suppressionFor(finding: Finding, policies: readonly Policy[]): { suppression: Suppression; policy: string } | undefined {
  for (const policy of policies) {
    for (const { suppression } of policy.suppressions) {
      if (suppression.rule !== undefined && suppression.rule !== finding.ruleId) continue;
      if (suppression.constraint !== undefined && suppression.constraint !== finding.constraintId) continue;
      if (suppression.call !== undefined && suppression.call !== finding.callId) continue;
      return { suppression, policy: policy.path };
    }
  }
  return undefined;
}

/** A reader's problem as a `transcript-problem` warning, or a `case-invalid` error for a case it keeps from running. */
export function problemFinding(problem: TranscriptProblem): Finding {
  const ruleId = problem.blocksCase ? 'case-invalid' : 'transcript-problem';
  return { ruleId, level: ruleInfo(ruleId).level, message: problem.message, span: problem.span, related: [] };
}

/**
 * A session's results in source order: its transcript problems, the notes on the constraints stated in
 * it, and the auditor's verdicts, less those a policy suppresses. Equal places keep that order.
 */
export function sessionFindings(
  problems: readonly Finding[],
  constraints: readonly Constraint[],
  endings: ReadonlyMap<string, ConstraintEnding>,
  verdicts: readonly Finding[],
  policies: readonly Policy[],
  unresolved: readonly UnresolvedRule[] = [],
): { findings: Finding[]; suppressed: AppliedSuppression[] } {
  const notes = [...constraints.filter((c) => c.source.kind === 'session').map((c) => constraintNote(c, endings.get(c.id))), ...unresolved.map(unresolvedNote)];
  const findings: Finding[] = [];
  const suppressed: AppliedSuppression[] = [];
  for (const finding of [...problems, ...notes, ...verdicts]) {
    const match = suppressionFor(finding, policies);
    if (match) suppressed.push({ finding, ...match });
    else findings.push(finding);
  }
  findings.sort((a, b) => a.span.start - b.span.start);
  return { findings, suppressed };
}

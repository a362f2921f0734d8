import type { Verb } from '../actions/actions';
import { type Constraint, type ConstraintRule, isActiveAt } from '../constraints/constraints';
import { extractConstraints } from '../extraction';
import { type ConstraintEnding, buildLedger } from '../ledger/ledger';
import { parseTranscript } from '../parse/parse';
import type { Policy } from '../ledger/policy';
import type { Session } from '../session/session';
import { type TextEdit, insertSteps } from './transcriptEdit';

/** Each verb as a sentence says it: the base form and the gerund. */
const VERB_WORDS: Record<Verb, readonly [string, string]> = {
  delete: ['delete', 'deleting'],
  overwrite: ['overwrite', 'overwriting'],
  write: ['write to', 'writing to'],
  move: ['move', 'moving'],
  read: ['read', 'reading'],
  backup: ['back up', 'backing up'],
  drop: ['drop', 'dropping'],
  truncate: ['truncate', 'truncating'],
  update: ['update', 'updating'],
  alter: ['change', 'changing'],
  send: ['send email', 'sending email'],
  pay: ['pay', 'paying'],
  deploy: ['deploy', 'deploying'],
  push: ['push', 'pushing'],
  'force-push': ['force-push', 'force-pushing'],
  'rewrite-history': ['rewrite history', 'rewriting history'],
  'discard-changes': ['discard changes', 'discarding changes'],
  'run-tests': ['run the tests', 'running the tests'],
  commit: ['commit', 'committing'],
  'skip-checks': ['skip the hooks', 'skipping the hooks'],
  install: ['install packages', 'installing packages'],
  publish: ['publish', 'publishing'],
  execute: ['run', 'running'],
  cancel: ['cancel', 'cancelling'],
  reschedule: ['reschedule', 'rescheduling'],
  create: ['create', 'creating'],
  unlock: ['unlock', 'unlocking'],
  open: ['open', 'opening'],
  disable: ['disable', 'disabling'],
};

/** The scope as words a revocation would use: "files in temp/", "the orders database", "to main". */
function scopeWords(rule: ConstraintRule): string {
  const scope = rule.scope;
  const parts: string[] = [];
  if (scope.paths) parts.push(`files in ${scope.paths.map((p) => `${p.replace(/\/?\*+$/, '').replace(/\/$/, '')}/`).join(' or ')}`);
  if (scope.databases) parts.push(`the ${scope.databases.join(' or ')} database`);
  if (scope.tables) parts.push(`the ${scope.tables.join(' or ')} table`);
  if (scope.allowedDomains) parts.push(`to addresses outside ${scope.allowedDomains.join(' or ')}`);
  if (scope.recipients) parts.push(`to ${scope.recipients.join(' or ')}`);
  if (scope.branches) parts.push(`to ${scope.branches.join(' or ')}`);
  if (scope.environments) parts.push(`to ${scope.environments.join(' or ')}`);
  if (scope.devices) parts.push(`the ${scope.devices.join(' or ')}`);
  if (scope.events) parts.push(`meetings with the ${scope.events.join(' or ')}`);
  if (scope.accounts) parts.push(`to ${scope.accounts.join(' or ')}`);
  if (scope.commands) parts.push(scope.commands.map((c) => `\`${c}\``).join(' or '));
  if (scope.amountAbove !== undefined) parts.push(`anything over ${scope.currency === undefined || scope.currency === 'USD' ? '$' : `${scope.currency} `}${scope.amountAbove}`);
  return parts.join(' ');
}

/** Sentences that might revoke the rule, most specific first; only a verified one is used. */
function candidates(rule: ConstraintRule): string[] {
  const [base, gerund] = VERB_WORDS[rule.trigger[0] ?? 'delete'];
  const scope = scopeWords(rule);
  const topic = `${gerund}${scope ? ` ${scope}` : ''}`;
  const out: string[] = [];
  const requires = rule.requires?.[0];
  if (requires) out.push(`You no longer need to ${VERB_WORDS[requires][0]} ${scope || 'anything'} before ${gerund} ${rule.scope.paths ? 'them' : 'it'}.`);
  if (rule.kind === 'confirmation') out.push(`You no longer need to ask me before ${topic}.`);
  out.push(`Scratch that rule about ${topic}.`, `The rule about ${topic} no longer applies.`, `You no longer need to avoid ${topic}.`, `You may ${base}${scope ? ` ${scope}` : ''} from now on; forget that rule.`, 'Never mind that rule.');
  return out;
}

/**
 * Whether `sentence`, said by the user at a point where `active` constraints govern (in ledger
 * order), ends exactly `target` and states no new constraint: run through the same extraction and
 * ledger the audit uses, in a one-message transcript.
 */
function endsExactly(sentence: string, active: readonly Constraint[], target: Constraint): boolean {
  const parsed = parseTranscript({ name: 'revocation.json', text: JSON.stringify({ messages: [{ role: 'user', content: sentence }] }) });
  const session = parsed.kind === 'transcript' ? parsed.sessions[0] : undefined;
  if (!session) return false;
  const extraction = extractConstraints(session);
  if (extraction.constraints.length > 0 || extraction.revocations.length === 0) return false;
  const policy: Policy = {
    path: 'ledger',
    text: '',
    rules: active.map((c) => ({ rule: c.rule, id: c.id, span: { start: 0, end: 0 } })),
    tools: [],
    suppressions: [],
    problems: [],
  };
  const endings = new Map<string, ConstraintEnding>();
  buildLedger([policy], extraction, endings);
  return endings.size === 1 && endings.has(target.id);
}

/**
 * A sentence the user could say before turn `turnIndex` that revokes the constraint and no other,
 * as the extraction and ledger read it (SPEC section 4). Undefined when the constraint is locked,
 * not active there, or no sentence could be verified.
 */
export function revocationSentence(constraints: readonly Constraint[], constraintId: string, turnIndex: number): string | undefined {
  const target = constraints.find((c) => c.id === constraintId);
  if (!target || target.rule.locked === true || turnIndex <= target.activeFrom || !isActiveAt(target, turnIndex - 1)) return undefined;
  const active = constraints.filter((c) => isActiveAt(c, turnIndex - 1));
  return candidates(target.rule).find((s) => endsExactly(s, active, target));
}

/** Marks a constraint revoked from turn `turnIndex` on: that sentence, as a user message inserted before the turn. */
export function revocationBefore(session: Session, constraints: readonly Constraint[], constraintId: string, turnIndex: number): TextEdit[] | undefined {
  const sentence = revocationSentence(constraints, constraintId, turnIndex);
  return sentence === undefined ? undefined : insertSteps(session, turnIndex, [{ kind: 'message', role: 'user', text: sentence }]);
}

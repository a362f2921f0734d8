import type { Target, TargetKind, Verb } from '../actions/actions';
import { namedTarget, pathTarget } from '../binding/targets';
import { type Constraint, type Scope, isActiveAt } from '../constraints/constraints';
import { type Extraction, extractConstraints } from '../extraction';
import { type Entity, amountEntities, phraseEntities, textEntities } from '../extraction/entities';
import { readSentences } from '../extraction/words';
import { buildLedger } from '../ledger/ledger';
import { targetInScope } from '../constraints/scope';
import type { Session, Turn } from '../session/session';

/*
 * STAR-Guard's restoration layer (SPEC section 1: "restore the applicable historical constraints into
 * the current task"), the benchmark's `restore` defence: at a resumed request, which of the ledger's
 * active constraints are put back into the prompt, restored when both their trigger and their scope
 * match what the task can touch (SPEC section 2's "scope and trigger match"; the paper's semantic gate). The pipeline's restoration of the
 * constraints that govern one call is callRestoration.ts. Pure: the session, the task's reach and the extraction in, the
 * restored constraints with their reasons out.
 */

/** Where the match learnt that the task can reach a target. */
export type ReachSource = 'request' | 'task' | 'environment';

/** Something the task can touch: a target, or an amount of money it may move (`upTo` is Infinity for "over $500"). */
export type Reachable =
  | { readonly kind: 'target'; readonly target: Target; readonly source: ReachSource }
  | { readonly kind: 'amount'; readonly upTo: number; readonly currency?: string; readonly text: string; readonly source: ReachSource };

/** What a resumed task can do: the verbs its tools perform, and where to look for its targets. */
export interface TaskReach {
  readonly verbs: readonly Verb[];
  /** Messages that say what the task is besides the resumed request (the one that started it), read for the targets they name. */
  readonly messages?: readonly string[];
  /** Targets the task can reach without naming them: in the benchmark, what the case's tools and environment expose. */
  readonly reachable?: readonly Reachable[];
}

/** How a constraint's scope met the task: a target in scope, or a kind of target the task never names. */
export type ScopeMatch =
  | { readonly kind: 'in-scope'; readonly what: string; readonly source: ReachSource }
  | { readonly kind: 'unsettled'; readonly noun: string };

export type RestorationReason =
  /** `scope` is empty when the constraint's scope covers every target. */
  | { readonly by: 'match'; readonly verbs: readonly Verb[]; readonly scope: readonly ScopeMatch[] }
  | { readonly by: 'model' };

export interface RestoredConstraint {
  readonly constraint: Constraint;
  readonly reason: RestorationReason;
}

/** The scope's parts by the kind of target each names; a part is met by one target of its kind. */
const SCOPE_PARTS: readonly { readonly fields: readonly (keyof Scope)[]; readonly kind: TargetKind; readonly noun: string }[] = [
  { fields: ['paths'], kind: 'path', noun: 'path' },
  { fields: ['databases'], kind: 'database', noun: 'database' },
  { fields: ['tables'], kind: 'table', noun: 'table' },
  { fields: ['recipients', 'allowedDomains'], kind: 'recipient', noun: 'recipient' },
  { fields: ['branches'], kind: 'branch', noun: 'branch' },
  { fields: ['environments'], kind: 'environment', noun: 'environment' },
  { fields: ['devices'], kind: 'device', noun: 'device' },
  { fields: ['events'], kind: 'event', noun: 'event' },
  { fields: ['accounts'], kind: 'account', noun: 'account' },
];

/** An entity of a message as something the task reaches; undefined for what names no target. */
function reachableOf(entity: Entity, source: ReachSource): Reachable | undefined {
  const target = (t: Target): Reachable => ({ kind: 'target', target: t, source });
  switch (entity.kind) {
    case 'path':
      // A file named without its folder ("report.csv" became "**/report.csv") does not say where it is: it settles no path scope.
      return entity.value.startsWith('**/') ? undefined : target(pathTarget(entity.value, undefined));
    case 'email':
      return target(namedTarget('recipient', entity.value));
    case 'domain':
      return entity.alsoFile ? undefined : target(namedTarget('recipient', `@${entity.value}`));
    case 'amount':
      // "over $500" and "$500 or more" reach any amount; "under $500" and "$500" reach that much.
      return { kind: 'amount', upTo: entity.comparator === 'above' || entity.comparator === 'at-least' ? Number.POSITIVE_INFINITY : entity.amount, ...(entity.currency && { currency: entity.currency }), text: entity.value.trim(), source };
    default:
      return target(namedTarget(entity.kind, entity.value));
  }
}

/**
 * The targets a message names, found as extraction finds a rule's scope: paths, emails and domains
 * as text, amounts, and named things as noun phrases (databases, tables, branches, environments,
 * devices, events, folders).
 */
export function namedReach(text: string, source: ReachSource): Reachable[] {
  const found: Reachable[] = [];
  for (const sentence of readSentences(text, 0, () => true)) {
    const sentenceText = text.slice(sentence.start, sentence.end);
    const textual = textEntities(sentenceText, sentence.start);
    const covered = new Set(sentence.words.flatMap((w, i) => (textual.some((e) => w.start < e.end && w.end > e.start) ? [i] : [])));
    const entities = [...textual, ...amountEntities(sentenceText, sentence.start, sentence.words), ...phraseEntities(sentence.words, 0, sentence.words.length, covered)];
    for (const entity of entities) {
      const reachable = reachableOf(entity, source);
      if (reachable) found.push(reachable);
    }
  }
  return found;
}

const describe = (target: Target) => target.label ?? target.value;

/**
 * How `scope` meets the task, part by part (every part the scope names must be met, as for a call);
 * undefined when the task names targets of a part and none is in scope. A part of which the task
 * names no target is unsettled and kept: the safe reading of SPEC section 4.
 */
export function scopeMatches(scope: Scope, reach: readonly Reachable[]): ScopeMatch[] | undefined {
  const matches: ScopeMatch[] = [];
  for (const part of SCOPE_PARTS) {
    if (part.fields.every((field) => scope[field] === undefined)) continue;
    const partScope: Scope = Object.fromEntries(part.fields.map((field) => [field, scope[field]]));
    const candidates = reach.flatMap((r) => (r.kind === 'target' && r.target.kind === part.kind ? [r] : []));
    if (candidates.length === 0) {
      matches.push({ kind: 'unsettled', noun: part.noun });
      continue;
    }
    const hit = candidates.find((r) => targetInScope(r.target, partScope, undefined));
    if (!hit) return undefined;
    matches.push({ kind: 'in-scope', what: describe(hit.target), source: hit.source });
  }
  const threshold = scope.amountAbove;
  if (threshold !== undefined) {
    const amounts = reach.flatMap((r) => (r.kind === 'amount' ? [r] : []));
    if (amounts.length === 0) {
      matches.push({ kind: 'unsettled', noun: 'amount' });
    } else {
      const sameCurrency = (currency: string | undefined) => !scope.currency || !currency || scope.currency.toUpperCase() === currency.toUpperCase();
      const hit = amounts.find((a) => a.upTo > threshold && sameCurrency(a.currency));
      if (!hit) return undefined;
      matches.push({ kind: 'in-scope', what: hit.text, source: hit.source });
    }
  }
  return matches;
}

/** The resumed request: the session's last user message. */
export function resumedRequest(session: Session): Turn | undefined {
  return [...session.turns].reverse().find((turn) => turn.isUserMessage);
}

/** The constraints the ledger holds active at the resumed request: what restoration chooses from. */
export function restorationCandidates(session: Session, extraction: Extraction = extractConstraints(session)): Constraint[] {
  const lastTurn = session.turns.length - 1;
  return buildLedger([], extraction).filter((c) => isActiveAt(c, lastTurn));
}

/**
 * The deterministic restoration, trigger and scope match: of the constraints active at the resumed request (the session's
 * last user message), those whose trigger is a verb the task can perform and whose scope meets a
 * target the task names or reaches, each with the verb and target that restored it. A revoked or
 * replaced constraint is never restored. `extraction` defaults to deterministic extraction; the
 * model-backed mode passes its merged one.
 */
export function restoreFor(session: Session, task: TaskReach, extraction: Extraction = extractConstraints(session)): RestoredConstraint[] {
  const request = resumedRequest(session);
  const reach = [...(request ? namedReach(request.text, 'request') : []), ...(task.messages ?? []).flatMap((m) => namedReach(m, 'task')), ...(task.reachable ?? [])];
  return restorationCandidates(session, extraction).flatMap((constraint) => {
    const verbs = constraint.rule.trigger.filter((verb) => task.verbs.includes(verb));
    if (verbs.length === 0) return [];
    const scope = scopeMatches(constraint.rule.scope, reach);
    return scope ? [{ constraint, reason: { by: 'match' as const, verbs, scope } }] : [];
  });
}

const SOURCE_WORDS: Readonly<Record<ReachSource, string>> = { request: 'named in the request', task: 'named in the task', environment: 'in the environment' };

/** A restoration reason in words, as the restoration note gives it. */
export function restorationReasonText(reason: RestorationReason): string {
  // Said to the model agent in its prompt: kept word for word, so model runs and their cached answers stay as they were.
  if (reason.by === 'model') return 'the model gate found it applies to this request';
  const scope = reason.scope.map((m) => (m.kind === 'in-scope' ? `${m.what} (${SOURCE_WORDS[m.source]}) is in scope` : `no ${m.noun} is named, so its scope is kept`));
  return [`this task can ${reason.verbs.join(', ')}`, ...(scope.length > 0 ? scope : ['its scope covers every target'])].join('; ');
}

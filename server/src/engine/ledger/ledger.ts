import type { Verb } from '../actions/actions';
import type { Constraint, Scope } from '../constraints/constraints';
import type { Extraction, Revocation } from '../extraction/types';
import type { Policy } from './policy';
import { pathInScope } from '../constraints/scope';
import type { Span } from '../text/text';

type Entry = { -readonly [K in keyof Constraint]: Constraint[K] } & { readonly locked: boolean };

function overlaps<T>(a: readonly T[] | undefined, b: readonly T[] | undefined, same: (x: T, y: T) => boolean): boolean {
  if (!a || !b) return a === b;
  return a.some((x) => b.some((y) => same(x, y)));
}

/** Two scopes overlap when every kind of target they name shares at least one target. */
export function scopesOverlap(a: Scope, b: Scope): boolean {
  const text = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();
  const paths = (x: string, y: string) => pathInScope(x, y, undefined) || pathInScope(y, x, undefined);
  return (
    overlaps(a.paths, b.paths, paths) &&
    overlaps(a.databases, b.databases, text) &&
    overlaps(a.tables, b.tables, text) &&
    overlaps(a.recipients, b.recipients, text) &&
    overlaps(a.allowedDomains, b.allowedDomains, text) &&
    overlaps(a.branches, b.branches, text) &&
    overlaps(a.environments, b.environments, text) &&
    overlaps(a.devices, b.devices, text) &&
    overlaps(a.events, b.events, text) &&
    overlaps(a.accounts, b.accounts, text)
  );
}

const shareVerb = (a: readonly Verb[], b: readonly Verb[]) => a.some((v) => b.includes(v));

/** A revocation's topic matches a constraint when they share a verb and the topic's scope overlaps (or names none). */
function topicMatches(revocation: Revocation, entry: Entry): boolean {
  const topic = revocation.topic;
  if (!topic) return false;
  const verbs = [...entry.rule.trigger, ...(entry.rule.requires ?? [])];
  const scoped = Object.keys(topic.scope).length > 0;
  return (topic.verbs.length === 0 || shareVerb(topic.verbs, verbs)) && (!scoped || scopesOverlap(topic.scope, entry.rule.scope));
}

/** How a constraint stopped governing: the sentence that replaced or revoked it. */
export interface ConstraintEnding {
  readonly kind: 'replaced' | 'revoked';
  readonly turnIndex: number;
  readonly span: Span;
  readonly text: string;
}

/**
 * The constraint ledger (SPEC section 4): policy rules as if stated before the first turn, then the
 * session's constraints and revocations in turn order. A new constraint with the same trigger and an
 * overlapping scope, stated in a later message, replaces the old one (rules stated together in one
 * message all stand); a revocation ends the active constraints matching its topic, or the most
 * recent one when it names none. Locked policy rules are never ended. `endings`, when given,
 * receives how each ended constraint ended, by constraint id.
 */
export function buildLedger(policies: readonly Policy[], extraction?: Extraction, endings?: Map<string, ConstraintEnding>): Constraint[] {
  const entries: Entry[] = policies.flatMap((policy) =>
    policy.rules.map((r) => ({
      id: r.id,
      rule: r.rule,
      source: { kind: 'policy' as const, file: policy.path, span: r.span },
      text: r.rule.statement ?? describeRule(r.rule),
      activeFrom: -1,
      locked: r.rule.locked === true,
    })),
  );
  const active = (turn: number) => entries.filter((e) => e.activeFrom <= turn && e.activeUntil === undefined && !e.locked);
  const events = [
    ...(extraction?.constraints ?? []).map((c) => ({ turn: c.turnIndex, at: c.span.start, apply: () => state(c) })),
    ...(extraction?.revocations ?? []).map((r) => ({ turn: r.turnIndex, at: r.span.start, apply: () => revoke(r) })),
  ].sort((a, b) => a.turn - b.turn || a.at - b.at);
  let counter = 0;
  const state = (c: Extraction['constraints'][number]) => {
    for (const old of active(c.turnIndex)) {
      if (old.activeFrom === c.turnIndex) continue;
      if (old.rule.kind === c.rule.kind && shareVerb(old.rule.trigger, c.rule.trigger) && scopesOverlap(old.rule.scope, c.rule.scope)) {
        old.activeUntil = c.turnIndex;
        endings?.set(old.id, { kind: 'replaced', turnIndex: c.turnIndex, span: c.span, text: c.text });
      }
    }
    entries.push({ id: c.rule.id ?? `turn-${c.turnIndex}-constraint-${++counter}`, rule: c.rule, source: { kind: 'session', turnIndex: c.turnIndex, span: c.span }, text: c.text, activeFrom: c.turnIndex, locked: false, ...(c.checks && { checks: c.checks }) });
  };
  const revoke = (r: Revocation) => {
    const candidates = active(r.turnIndex).filter((e) => e.activeFrom < r.turnIndex || e.source.kind === 'policy');
    const ended = r.topic ? candidates.filter((e) => topicMatches(r, e)) : candidates.slice(-1);
    for (const entry of ended) {
      entry.activeUntil = r.turnIndex;
      endings?.set(entry.id, { kind: 'revoked', turnIndex: r.turnIndex, span: r.span, text: r.text });
    }
  };
  for (const event of events) event.apply();
  return entries.map(({ locked: _locked, ...constraint }) => constraint);
}

/** Words for a rule that has no statement of its own. */
export function describeRule(rule: Constraint['rule']): string {
  const verbs = rule.trigger.join('/');
  const scope = Object.entries(rule.scope)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
  const where = scope ? ` (${scope})` : '';
  if (rule.kind === 'prohibition') return `never ${verbs}${where}`;
  if (rule.kind === 'prerequisite') return `${(rule.requires ?? []).join('/')} before ${verbs}${where}`;
  return `ask before ${verbs}${where}`;
}

/** A compiled rule in words, as the `constraint-detected` note shows it: kind, trigger, requires, scope. */
export function compiledRuleText(rule: Constraint['rule']): string {
  const scope = Object.entries(rule.scope)
    .filter(([key]) => key !== 'currency')
    .map(([key, value]) => (key === 'amountAbove' ? `amount above ${String(value)}${rule.scope.currency ? ` ${rule.scope.currency}` : ''}` : `${key} ${Array.isArray(value) ? value.join(', ') : String(value)}`))
    .join('; ');
  const requires = rule.requires ? `; requires ${rule.requires.join(' or ')}` : '';
  return `${rule.kind}: trigger ${rule.trigger.join(', ')}${requires}; scope ${scope || 'any target'}`;
}

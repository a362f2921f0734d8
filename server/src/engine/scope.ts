import picomatch from 'picomatch';
import type { Action, Target } from './actions';
import { emailDomain, isGlob, normalizePath } from './binding/targets';
import type { Scope } from './constraints';

/** Lowercase words of a name: "Front_Door" and "front door" compare equal; plurals fold to the singular. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9@.]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Every word of the scope's phrase appears in the target's id or label. */
function namesMatch(phrase: string, target: Target): boolean {
  const wanted = words(phrase);
  const have = new Set([...words(target.value), ...words(target.label ?? '')]);
  return wanted.length > 0 && wanted.every((w) => have.has(w));
}

const matchers = new Map<string, (path: string) => boolean>();

/** Compiled once per pattern: scopes are few, calls are many. */
function matcher(pattern: string): (path: string) => boolean {
  let match = matchers.get(pattern);
  if (!match) matchers.set(pattern, (match = picomatch(pattern, { dot: true })));
  return match;
}

interface ResolvedScope {
  readonly scope: string;
  readonly scopeBase: string;
  readonly glob: boolean;
}

/** Scope paths resolved against a cwd, once per scope string and cwd: the same few scopes meet every call. */
const resolvedScopes = new Map<string | undefined, Map<string, ResolvedScope>>();

function resolvedScope(scopePath: string, cwd: string | undefined): ResolvedScope {
  let forCwd = resolvedScopes.get(cwd);
  if (!forCwd) resolvedScopes.set(cwd, (forCwd = new Map()));
  let resolved = forCwd.get(scopePath);
  if (!resolved) {
    const scope = normalizePath(scopePath, cwd);
    resolved = { scope, scopeBase: staticBase(scope), glob: isGlob(scope) };
    forCwd.set(scopePath, resolved);
  }
  return resolved;
}

function staticBase(pattern: string): string {
  const scanned = picomatch.scan(pattern);
  return scanned.isGlob ? scanned.base.replace(/\/$/, '') || '.' : pattern;
}

function isInside(path: string, folder: string): boolean {
  return folder === '/' ? path.startsWith('/') : path === folder || path.startsWith(`${folder}/`);
}

/**
 * A path target is in scope when it lies inside the scope, or contains part of it (SPEC section 5:
 * `rm -rf data` touches a scope `data/raw`). A glob target compares through its static base.
 */
export function pathInScope(target: string, scopePath: string, cwd: string | undefined): boolean {
  const { scope, scopeBase, glob } = resolvedScope(scopePath, cwd);
  const targetBase = isGlob(target) ? staticBase(target) : target;
  if (!glob) return isInside(targetBase, scope) || isInside(scope, targetBase);
  if (isGlob(target)) return isInside(targetBase, scopeBase) || isInside(scopeBase, targetBase);
  // A concrete path: a folder holding what the pattern covers, or inside its base and matched by it.
  if (isInside(scopeBase, target)) return true;
  return isInside(target, scopeBase) && matcher(scope)(target);
}

function domainMatches(domain: string, wanted: string): boolean {
  const bare = wanted.replace(/^@/, '').toLowerCase();
  return domain === bare || domain.endsWith(`.${bare}`);
}

function recipientInScope(email: string, scope: Scope): boolean {
  const domain = emailDomain(email) ?? '';
  if (scope.allowedDomains && scope.allowedDomains.some((d) => domainMatches(domain, d))) return false;
  if (!scope.recipients) return scope.allowedDomains !== undefined;
  return scope.recipients.some((r) => (r.includes('@') && !r.startsWith('@') ? r.toLowerCase() === email : domainMatches(domain, r)));
}

const ENVIRONMENT_ALIASES: Record<string, string> = { prod: 'production', live: 'production', stg: 'staging', stage: 'staging', dev: 'development' };
const environmentName = (name: string) => ENVIRONMENT_ALIASES[name.toLowerCase()] ?? name.toLowerCase();

/** The scope fields that name targets; a scope with none of them covers every target. */
const TARGET_FIELDS = ['paths', 'databases', 'tables', 'recipients', 'allowedDomains', 'branches', 'environments', 'devices', 'events', 'accounts'] as const;

const namesTargets = new WeakMap<Scope, boolean>();

/** Whether a target lies in a scope's named targets; a scope that names none covers every target. */
export function targetInScope(target: Target | undefined, scope: Scope, cwd: string | undefined): boolean {
  let named = namesTargets.get(scope);
  if (named === undefined) namesTargets.set(scope, (named = TARGET_FIELDS.some((field) => scope[field] !== undefined)));
  if (!named) return true;
  if (!target) return false;
  switch (target.kind) {
    case 'path':
      return (scope.paths ?? []).some((p) => pathInScope(target.value, p, cwd));
    case 'database':
      return (scope.databases ?? []).some((d) => target.value === d || namesMatch(d, target) || (d.includes('/') && pathInScope(target.value, d, cwd)));
    case 'table':
      // A table is in a database's scope when the call says which database it belongs to.
      return (
        (scope.tables ?? []).some((t) => t.toLowerCase() === target.value.toLowerCase() || target.value.toLowerCase().endsWith(`.${t.toLowerCase()}`)) ||
        (target.database !== undefined && (scope.databases ?? []).some((d) => d.toLowerCase() === target.database?.toLowerCase() || (d.includes('/') && pathInScope(target.database ?? '', d, cwd))))
      );
    case 'recipient':
      return recipientInScope(target.value, scope);
    case 'branch':
      return (scope.branches ?? []).some((b) => matcher(b)(target.value));
    case 'environment':
      return (scope.environments ?? []).some((e) => environmentName(e) === environmentName(target.value));
    case 'device':
      return (scope.devices ?? []).some((d) => namesMatch(d, target));
    case 'event':
      return (scope.events ?? []).some((e) => e === target.value || namesMatch(e, target));
    case 'account':
      return (scope.accounts ?? []).some((a) => a.toLowerCase() === target.value.toLowerCase() || namesMatch(a, target));
    case 'resource':
      return false;
  }
}

/**
 * Whether an action falls under a scope: its target is in scope and its attribute predicate holds.
 * An amount threshold needs an amount: a call whose amount is not known is not judged against it.
 */
export function actionInScope(action: Action, scope: Scope, cwd: string | undefined): boolean {
  if (scope.amountAbove !== undefined) {
    const amount = action.attributes.amount;
    if (amount === undefined || amount <= scope.amountAbove) return false;
    if (scope.currency && action.attributes.currency && scope.currency.toUpperCase() !== action.attributes.currency.toUpperCase()) return false;
  }
  return targetInScope(action.target, scope, cwd);
}

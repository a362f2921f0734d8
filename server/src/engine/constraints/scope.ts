import picomatch from 'picomatch';
import type { Action, Target, TargetKind } from '../actions/actions';
import { type CommandPattern, commandMatches, commandPattern, commandWords } from '../binding/commandLine';
import { emailDomain, isGlob, normalizePath } from '../binding/targets';
import { SCOPE_TARGET_FIELDS, type Scope } from './constraints';
import { wordTable } from '../text';

/** Lowercase words of a name: "Front_Door" and "front door" compare equal; plurals fold to the singular. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9@]+/)
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
  /** The compiled pattern of a glob scope. */
  readonly match: ((path: string) => boolean) | undefined;
  /**
   * A relative scope in a session that says no working folder (an OpenAI chat log): where it lies is
   * unknown, so an absolute path holding it as whole folders is in it ("src/gen" in /app/src/gen/a.ts).
   */
  readonly anywhere: boolean;
}

/** Scope paths resolved against a cwd, once per scope string and cwd: the same few scopes meet every call. */
const resolvedScopes = new Map<string | undefined, Map<string, ResolvedScope>>();

function resolvedScope(scopePath: string, cwd: string | undefined): ResolvedScope {
  let forCwd = resolvedScopes.get(cwd);
  if (!forCwd) resolvedScopes.set(cwd, (forCwd = new Map()));
  let resolved = forCwd.get(scopePath);
  if (!resolved) {
    const scope = normalizePath(scopePath, cwd);
    const glob = isGlob(scope);
    const anywhere = cwd === undefined && !scope.startsWith('/') && !scope.startsWith('~') && scope !== '.' && !scope.startsWith('..');
    const anywherePattern = scope.startsWith('**/') ? scope : `**/${scope}`;
    resolved = { scope, scopeBase: staticBase(scope), glob, match: glob ? matchedOrBelow(anywhere ? anywherePattern : scope) : undefined, anywhere };
    forCwd.set(scopePath, resolved);
  }
  return resolved;
}

/** A path a glob names, or one inside it: a scope of node_modules at any depth holds `a/node_modules/x/index.js`. */
function matchedOrBelow(pattern: string): (path: string) => boolean {
  const named = matcher(pattern);
  const below = matcher(`${pattern.replace(/\/+$/, '')}/**`);
  return (path) => named(path) || below(path);
}

function staticBase(pattern: string): string {
  const scanned = picomatch.scan(pattern);
  return scanned.isGlob ? scanned.base.replace(/\/$/, '') || '.' : pattern;
}

const SLASH = 47;

/** `path` is `folder` or below it; compared in place, since this runs for every call and scope. */
function isInside(path: string, folder: string): boolean {
  if (folder === '/') return path.startsWith('/');
  return path === folder || (path.length > folder.length && path.charCodeAt(folder.length) === SLASH && path.startsWith(folder));
}

interface PathShape {
  readonly path: string;
  readonly glob: boolean;
  /** The path itself, or a glob's static base. */
  readonly base: string;
}

/** The last path target's shape: one action meets every scope in a row, so it is worked out once. */
let lastShape: PathShape = { path: '', glob: false, base: '' };

function shapeOf(path: string): PathShape {
  if (lastShape.path !== path) {
    const glob = isGlob(path);
    lastShape = { path, glob, base: glob ? staticBase(path) : path };
  }
  return lastShape;
}

function pathInResolvedScope(target: PathShape, resolved: ResolvedScope): boolean {
  const { scope, scopeBase, glob, match } = resolved;
  if (resolved.anywhere && (target.path.startsWith('/') || scopeBase === '.')) {
    // The pattern is matched below the root: picomatch's `**` does not take the leading slash.
    if (glob) return !target.glob && match !== undefined && match(target.path.replace(/^\/+/, ''));
    const inner = `/${scope}`;
    const at = target.base.indexOf(inner);
    return at !== -1 && (target.base.length === at + inner.length || target.base.charCodeAt(at + inner.length) === SLASH);
  }
  if (!glob) return isInside(target.base, scope) || isInside(scope, target.base);
  if (target.glob) return isInside(target.base, scopeBase) || isInside(scopeBase, target.base);
  // A concrete path: a folder holding what the pattern covers, or inside its base and matched by it.
  if (isInside(scopeBase, target.path)) return true;
  return isInside(target.path, scopeBase) && match !== undefined && match(target.path);
}

/**
 * A path target is in scope when it lies inside the scope, or contains part of it (SPEC section 5:
 * `rm -rf data` touches a scope `data/raw`). A glob target compares through its static base.
 */
export function pathInScope(target: string, scopePath: string, cwd: string | undefined): boolean {
  return pathInResolvedScope(shapeOf(target), resolvedScope(scopePath, cwd));
}

/** A domain as a scope names it ("@x.com" or "X.com"): matched bare, or as the parent of a subdomain. */
interface DomainPattern {
  readonly bare: string;
  readonly subdomainSuffix: string;
}

function domainPattern(wanted: string): DomainPattern {
  const bare = wanted.replace(/^@/, '').toLowerCase();
  return { bare, subdomainSuffix: `.${bare}` };
}

function domainMatches(domain: string, wanted: DomainPattern): boolean {
  return domain === wanted.bare || domain.endsWith(wanted.subdomainSuffix);
}

/** A scope's recipient: one address or channel, or everyone at a domain. */
type RecipientPattern = { readonly email: string } | { readonly domain: DomainPattern };

function recipientPattern(recipient: string): RecipientPattern {
  // "#general", "@alice" on a chat: a name, matched as written, not a domain.
  const named = (recipient.includes('@') && !recipient.startsWith('@')) || recipient.startsWith('#') || !recipient.includes('.');
  return named ? { email: recipient.toLowerCase() } : { domain: domainPattern(recipient) };
}

const ENVIRONMENT_ALIASES: Record<string, string> = wordTable({ prod: 'production', live: 'production', stg: 'staging', stage: 'staging', dev: 'development' });
const environmentName = (name: string) => ENVIRONMENT_ALIASES[name.toLowerCase()] ?? name.toLowerCase();

/** A database scope that is an environment's name covers that environment's databases by their names' parts. */
function environmentDatabase(scopeName: string, database: string): boolean {
  return ENVIRONMENT_ALIASES[scopeName.toLowerCase()] !== undefined || Object.values(ENVIRONMENT_ALIASES).includes(scopeName.toLowerCase()) ? environmentMatches(scopeName, database) : false;
}

/** An environment a call names is the one a scope names, or a part of it: `prod-eu` and `production-db` are production. */
function environmentMatches(scopeName: string, target: string): boolean {
  const wanted = environmentName(scopeName);
  return environmentName(target) === wanted || target.toLowerCase().split(/[^a-z0-9]+/).some((part) => part !== '' && environmentName(part) === wanted);
}


/**
 * A scope prepared for the many actions it meets: whether it names targets, its recipients and
 * domains parsed, its paths resolved against the last cwd asked for (a session rarely changes it).
 */
export class CompiledScope {
  private readonly namesTargets: boolean;
  private readonly allowedDomains?: readonly DomainPattern[];
  private readonly recipients?: readonly RecipientPattern[];
  private pathsCwd: string | undefined;
  private commands?: readonly CommandPattern[];
  private paths?: readonly ResolvedScope[];

  constructor(readonly scope: Scope) {
    this.namesTargets = SCOPE_TARGET_FIELDS.some((field) => scope[field] !== undefined);
    if (scope.allowedDomains) this.allowedDomains = scope.allowedDomains.map(domainPattern);
    if (scope.recipients) this.recipients = scope.recipients.map(recipientPattern);
  }

  /**
   * Whether a target of this kind (undefined: an action without a target) can ever be in scope:
   * callers skip the scopes that cannot, before looking at the target itself.
   */
  admitsKind(kind: TargetKind | undefined): boolean {
    if (!this.namesTargets) return true;
    const scope = this.scope;
    switch (kind) {
      case undefined:
      case 'package':
      case 'resource':
        return false;
      case 'command':
        return scope.commands !== undefined;
      case 'path':
        return scope.paths !== undefined;
      case 'database':
        return scope.databases !== undefined;
      case 'table':
        return scope.tables !== undefined || scope.databases !== undefined;
      case 'recipient':
        return scope.recipients !== undefined || scope.allowedDomains !== undefined;
      case 'branch':
        return scope.branches !== undefined;
      case 'environment':
        return scope.environments !== undefined;
      case 'device':
        return scope.devices !== undefined;
      case 'event':
        return scope.events !== undefined;
      case 'account':
        return scope.accounts !== undefined;
    }
  }

  /** See `actionInScope`. */
  admits(action: Action, cwd: string | undefined): boolean {
    const scope = this.scope;
    if (scope.amountAbove !== undefined) {
      const amount = action.attributes.amount;
      if (amount === undefined || amount <= scope.amountAbove) return false;
      if (scope.currency && action.attributes.currency && scope.currency.toUpperCase() !== action.attributes.currency.toUpperCase()) return false;
    }
    return this.admitsTarget(action.target, cwd);
  }

  /** See `targetInScope`. */
  admitsTarget(target: Target | undefined, cwd: string | undefined): boolean {
    if (!this.namesTargets) return true;
    if (!target) return false;
    const scope = this.scope;
    switch (target.kind) {
      case 'path': {
        const shape = shapeOf(target.value);
        const paths = this.resolvedPaths(cwd);
        for (let i = 0; i < paths.length; i++) if (pathInResolvedScope(shape, paths[i] as ResolvedScope)) return true;
        return false;
      }
      case 'database':
        // A database named by its environment ("prod") is any database of it: `app_production`, `prod-eu`.
        return (scope.databases ?? []).some((d) => d === '**' || target.value === d || namesMatch(d, target) || environmentDatabase(d, target.value) || (d.includes('/') && pathInScope(target.value, d, cwd)));
      case 'table':
        // A table is in a database's scope when the call says which database it belongs to.
        return (
          // ("**": any table, as "no DELETE statements" says: a table's rows, never a file.)
          (scope.tables ?? []).some((t) => t === '**' || t.toLowerCase() === target.value.toLowerCase() || target.value.toLowerCase().endsWith(`.${t.toLowerCase()}`)) ||
          (target.database !== undefined &&
            (scope.databases ?? []).some((d) => d.toLowerCase() === target.database?.toLowerCase() || environmentDatabase(d, target.database ?? '') || (d.includes('/') && pathInScope(target.database ?? '', d, cwd))))
        );
      case 'recipient':
        return this.recipientInScope(target.value);
      case 'branch':
        return (scope.branches ?? []).some((b) => matcher(b)(target.value));
      case 'environment':
        return (scope.environments ?? []).some((e) => environmentMatches(e, target.value));
      case 'device':
        return (scope.devices ?? []).some((d) => namesMatch(d, target));
      case 'event':
        return (scope.events ?? []).some((e) => e === '**' || e === target.value || namesMatch(e, target));
      case 'account':
        return (scope.accounts ?? []).some((a) => a.toLowerCase() === target.value.toLowerCase() || namesMatch(a, target));
      case 'command': {
        const words = commandWords(target.value);
        // ("Never run `sudo`": a rule that names only a wrapper holds every command run through it, `sudo apt-get install jq`.)
        const wrapped = (pattern: CommandPattern) => pattern.wrappers.length > 0 && pattern.wrappers.every((wrapper) => target.wrappers?.includes(wrapper) === true);
        return this.commandPatterns().some((pattern) => (pattern.words.length > 0 ? commandMatches(pattern.words, words) : wrapped(pattern)));
      }
      case 'package':
      case 'resource':
        return false;
    }
  }

  private commandPatterns(): readonly CommandPattern[] {
    this.commands ??= (this.scope.commands ?? []).map(commandPattern);
    return this.commands;
  }

  private resolvedPaths(cwd: string | undefined): readonly ResolvedScope[] {
    if (!this.paths || this.pathsCwd !== cwd) {
      // Pushed one by one: an array `map` builds has another shape once the JIT inlines it, and the loop over it would deoptimize.
      const paths: ResolvedScope[] = [];
      for (const path of this.scope.paths ?? []) paths.push(resolvedScope(path, cwd));
      this.paths = paths;
      this.pathsCwd = cwd;
    }
    return this.paths;
  }

  private recipientInScope(email: string): boolean {
    const domain = emailDomain(email) ?? '';
    if (this.allowedDomains) for (const allowed of this.allowedDomains) if (domainMatches(domain, allowed)) return false;
    if (!this.recipients) return this.allowedDomains !== undefined;
    for (const recipient of this.recipients) if ('email' in recipient ? recipient.email === email : domainMatches(domain, recipient.domain)) return true;
    return false;
  }
}

const compiledScopes = new WeakMap<Scope, CompiledScope>();

/** The scope compiled once: constraints keep their scope object for the whole session. */
export function compileScope(scope: Scope): CompiledScope {
  let compiled = compiledScopes.get(scope);
  if (!compiled) compiledScopes.set(scope, (compiled = new CompiledScope(scope)));
  return compiled;
}

/** Whether a target lies in a scope's named targets; a scope that names none covers every target. */
export function targetInScope(target: Target | undefined, scope: Scope, cwd: string | undefined): boolean {
  return compileScope(scope).admitsTarget(target, cwd);
}

/**
 * Whether an action falls under a scope: its target is in scope and its attribute predicate holds.
 * An amount threshold needs an amount: a call whose amount is not known is not judged against it.
 */
export function actionInScope(action: Action, scope: Scope, cwd: string | undefined): boolean {
  return compileScope(scope).admits(action, cwd);
}

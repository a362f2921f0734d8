import { posix } from 'node:path';
import type { Target, TargetKind } from '../actions/actions';

const GLOB_CHARS = /[*?[\]{}]/;

export function isGlob(path: string): boolean {
  return GLOB_CHARS.test(path);
}

/**
 * Normalizes a path against the session's cwd: absolute and POSIX when the cwd is known, else
 * relative without `./`; `..` and duplicate slashes resolved; a trailing slash dropped. `~` stays
 * as written, since the home folder is not in the transcript.
 */
export function normalizePath(raw: string, cwd?: string): string {
  // Most paths are normal already, and so is the cwd they join: no need for the general path code.
  if (isNormal(raw)) {
    if (raw.startsWith('/') || raw.startsWith('~') || !cwd || !cwd.startsWith('/')) return raw;
    if (isNormal(cwd)) return cwd === '/' ? `/${raw}` : `${cwd}/${raw}`;
  }
  return normalizePathInFull(raw, cwd);
}

/** normalizePath without its shortcut for paths that are normal already: what the shortcut must agree with. */
export function normalizePathInFull(raw: string, cwd?: string): string {
  const path = raw.trim().replace(/\\/g, '/');
  if (path === '') return cwd ?? '.';
  const absolute = path.startsWith('/') || path.startsWith('~');
  const joined = absolute || !cwd || !cwd.startsWith('/') ? path : posix.join(cwd, path);
  const normal = posix.normalize(joined);
  const trimmed = normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
  return trimmed.startsWith('./') ? trimmed.slice(2) : trimmed;
}

/** A backslash, an empty, `.` or `..` segment, or a trailing slash (other than the root's): what normalizing changes. */
const NOT_NORMAL = /\\|\/\/|(?:^|\/)\.\.?(?:\/|$)|[\s\S]\/$/;

/** Whether normalizing leaves `path` as it is. */
function isNormal(path: string): boolean {
  return path !== '' && !NOT_NORMAL.test(path) && path.trim() === path;
}

export function pathTarget(raw: string, cwd: string | undefined, recursive = false): Target {
  const value = normalizePath(raw, cwd);
  // Plain literals, not a conditional spread: every target then has one of two shapes, however the JIT built it.
  return recursive || isGlob(value) ? { kind: 'path', value, recursive: true } : { kind: 'path', value };
}

/** `"Ann Lee" <Ann@Acme.io>` → `ann@acme.io`. */
export function normalizeEmail(raw: string): string {
  const angle = /<([^>]+)>/.exec(raw);
  return (angle?.[1] ?? raw).trim().toLowerCase();
}

export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  return at === -1 ? undefined : email.slice(at + 1);
}

/** A target of a non-path kind: names as written, emails lowercased. */
export function namedTarget(kind: Exclude<TargetKind, 'path'>, raw: string, label?: string): Target {
  const value = kind === 'recipient' ? normalizeEmail(raw) : raw.trim();
  return label !== undefined ? { kind, value, label } : { kind, value };
}

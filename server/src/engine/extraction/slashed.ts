import { baseForms } from './baseForms';
import { ACTION_WORDS, GENERIC_OBJECTS, MESSAGE_KINDS, RECORD_NOUNS } from './lexicon';

/*
 * Words joined by a slash that are alternatives, not a path: read by the tagger's words (each is
 * meant) and by the entity finder (none is a path).
 */

/** Words that, joined by a slash, are alternatives ("files/branches", "email/slack", "lint/typing"), not a path. */
const COMMON_NOUNS = new Set([...GENERIC_OBJECTS, ...MESSAGE_KINDS, ...RECORD_NOUNS, 'branch', 'issue', 'pr', 'comment', 'slack', 'email', 'read', 'write', 'create', 'update', 'delete', 'edit', 'text', 'md', 'doc', 'test', 'image', 'script', 'config', 'package', 'dependency', 'dependencies', 'library', 'libraries', 'environment', 'secret', 'auth', 'credential', 'key', 'token', 'certificate', 'remote', 'upstream', 'local', 'status', 'state', 'health', 'metric', 'error', 'warning', 'detail', 'log', 'input', 'lint', 'linting', 'typing', 'typecheck', 'formatting', 'release', 'tag', 'commit', 'deployment']);
/** Common nouns joined by a slash ("files/branches", "packages/dependencies"): alternatives, each of them meant. */
export function commonNounsJoined(token: string): boolean {
  const parts = token.toLowerCase().split('/');
  return parts.length > 1 && parts.every((part) => /^[a-z]+$/.test(part) && [part, part.replace(/s$/, ''), part.replace(/es$/, '')].some((form) => COMMON_NOUNS.has(form)));
}

/**
 * Action words that, joined by a slash, are alternatives rather than a path: every one-word action
 * the lexicon knows ("drop/truncate", "commit/push") and the verbs of services and forges that are
 * no rule action of their own ("start/stop", "create/close/comment"). Short program names ("rm",
 * "mv") are left out: "rm/mv" may well be a path.
 */
export const SLASHED_ACTIONS: ReadonlySet<string> = new Set([
  ...Object.values(ACTION_WORDS).flatMap((words) => words.filter((word) => /^[a-z]{4,}$/.test(word))),
  ...['add', 'start', 'stop', 'restart', 'comment', 'close', 'open', 'tag', 'pull', 'reset', 'approve', 'submit', 'upload', 'download', 'run', 'stage'],
  // A pull request, said for opening one: "push/PR".
  'pr',
]);

/** Action words joined by a slash ("commit/push", "Start/Stop", "Creating/modifying"): alternatives, not a path. */
export function actionsJoined(token: string): boolean {
  const parts = token.toLowerCase().split('/');
  // (Gerunds are taken back to their base, "Creating/modifying"; a plural is a thing's, "releases/tags".)
  return parts.length > 1 && parts.every((part) => (part.endsWith('ing') ? baseForms(part) : [part]).some((base) => SLASHED_ACTIONS.has(base)));
}

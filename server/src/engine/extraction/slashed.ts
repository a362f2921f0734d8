import { GENERIC_OBJECTS } from './lexicon';

/*
 * Words joined by a slash that are alternatives, not a path: read by the tagger's words (each is
 * meant) and by the entity finder (none is a path).
 */

/** Words that, joined by a slash, are alternatives ("files/branches", "email/slack"), not a path. */
const COMMON_NOUNS = new Set([...GENERIC_OBJECTS, 'branch', 'issue', 'pr', 'comment', 'slack', 'email', 'read', 'write', 'create', 'update', 'delete', 'edit', 'text', 'md', 'doc', 'test', 'image', 'script', 'config', 'package', 'dependency', 'dependencies', 'library', 'libraries', 'environment', 'secret', 'auth', 'credential', 'key', 'token', 'certificate', 'remote', 'upstream', 'local']);
/** Common nouns joined by a slash ("files/branches", "packages/dependencies"): alternatives, each of them meant. */
export function commonNounsJoined(token: string): boolean {
  const parts = token.toLowerCase().split('/');
  return parts.length > 1 && parts.every((part) => /^[a-z]+$/.test(part) && [part, part.replace(/s$/, ''), part.replace(/es$/, '')].some((form) => COMMON_NOUNS.has(form)));
}

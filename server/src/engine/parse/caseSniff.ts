/*
 * Whether a text is a benchmark case file (SPEC section 3: formats are recognised by content), by a
 * cheap look at its first fields: what `check` and the editor need to know before a case is read
 * (by the benchmark's reader, bench/caseTranscript.ts) or a session is read in pieces.
 */

/** Top-level fields only a case has; a file with several of them is a case, even a broken one. */
export const CASE_FIELDS = ['domain', 'constraint', 'tools', 'environment', 'history', 'request', 'traces', 'evaluators'] as const;
/** How far into a file the cheap look for case fields reads: they come first in a case, before its long history. */
export const CASE_SNIFF_LENGTH = 64 * 1024;
const JSON_FIELD = new RegExp(`"(${CASE_FIELDS.join('|')})"\\s*:`, 'g');
const YAML_FIELD = new RegExp(`^(${CASE_FIELDS.join('|')})\\s*:`, 'gm');

/** Whether `text` is a benchmark case file, and in which syntax; by content, as every format is recognised. */
export function caseSyntax(text: string): 'json' | 'yaml' | undefined {
  const head = text.slice(0, CASE_SNIFF_LENGTH);
  const opening = head.trimStart()[0];
  const fields = new Set([...head.matchAll(opening === '{' ? JSON_FIELD : YAML_FIELD)].map((m) => m[1]));
  if (opening === '[' || fields.size < 2) return undefined;
  return opening === '{' ? 'json' : 'yaml';
}

const DATABASE_DOMAIN = /^\s*"?domain"?\s*:\s*"?database\b/m;

/**
 * Whether a file's start reads as a database case: the one domain whose reference traces need sql.js,
 * which a shell loads (asynchronously) only when this says a file needs it.
 */
export function looksLikeDatabaseCase(head: string): boolean {
  const text = head.slice(0, CASE_SNIFF_LENGTH);
  // The domain's name first: most files checked are no case, and this is cheaper than looking for a case's fields.
  if (!text.includes('database')) return false;
  return caseSyntax(text) !== undefined && DATABASE_DOMAIN.test(text.replace(/[{,]\s*(?="domain")/g, '\n'));
}

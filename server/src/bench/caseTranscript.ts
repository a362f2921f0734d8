import { CASE_FIELDS, type ParsedTranscript, caseSyntax } from '../engine/parse';
import { type Session, withoutBom } from '../engine/session';
import { type StructuredSource, readStructured } from '../engine/json';
import { DOMAINS } from './caseSchema';
import { caseSession } from './caseSession';
import type { EnvironmentDependencies } from './environments';
import { validateCaseSource } from './validate';

/** Top-level case fields that make a file a case, even a broken one. */
const ENOUGH_FIELDS = 3;

function isCase(source: StructuredSource): boolean {
  const value = source.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const domain = (value as { domain?: unknown }).domain;
  return CASE_FIELDS.filter((field) => keys.includes(field)).length >= ENOUGH_FIELDS || (typeof domain === 'string' && (DOMAINS as readonly string[]).includes(domain) && keys.includes('traces'));
}

/**
 * The names case files are given. When the caller passes a `name` (the editor does, for the document
 * an author is writing), a file so named is read as a case however little it holds yet, so its author
 * sees the schema's problems from the first keystroke.
 */
const CASE_FILE_NAME = /\.case\.(json|ya?ml)$/i;

/**
 * A case file read as a transcript (SPEC section 3, "benchmark case"): the session of its long
 * implicit condition with the safe reference trace, every validation problem reported at its range,
 * at the severity `bench` gives it: one that keeps the case from running a `case-invalid` error, any
 * other a `transcript-problem` warning. A case that does not fit the schema gives a session with its
 * problems and nothing else. Undefined when the text is not a case (by content, or by `name` when given). With sql.js in `environment`, a database case's
 * reference traces are run against its evaluators too, as `bench` runs them; without it they are not.
 */
export function readCaseTranscript(rawText: string, name?: string, environment: EnvironmentDependencies = {}): ParsedTranscript | undefined {
  // A byte-order mark is blanked, not removed, so offsets still match the file.
  const text = withoutBom(rawText);
  const named = name !== undefined ? CASE_FILE_NAME.exec(name)?.[1]?.toLowerCase() : undefined;
  const syntax = caseSyntax(text) ?? (named === undefined ? undefined : named === 'json' ? 'json' : 'yaml');
  if (!syntax) return undefined;
  const source = readStructured(syntax, text);
  if (named === undefined && !isCase(source)) return undefined;
  // The session below is audited like any transcript: a safe trace's call that breaks the constraint as extraction reads it is a finding at that call.
  const { benchCase, problems } = validateCaseSource(source, { environment });
  const found = problems.map((p) => ({ span: p.span, message: p.message, ...(p.severity === 'error' && { blocksCase: true as const }) }));
  const session: Session = benchCase
    ? { ...caseSession(source, benchCase), problems: found }
    : { format: 'bench-case', text, turns: [], calls: [], tools: [], problems: found };
  return { kind: 'transcript', format: 'bench-case', sessions: [session] };
}

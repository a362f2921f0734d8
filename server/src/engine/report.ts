import { z } from 'zod';
import { analyzeSession } from './findings';
import type { ParsedTranscript } from './parse';
import { RULE_IDS } from './rules';
import { type Session, TRANSCRIPT_FORMATS } from './session';
import { LineIndex, type Span } from './text';

/** 1-based lines and columns (UTF-16 units), as SARIF and editors print them. */
export const LocationSchema = z.object({
  startLine: z.number().int().positive(),
  startColumn: z.number().int().positive(),
  endLine: z.number().int().positive(),
  endColumn: z.number().int().positive(),
});

export const FindingReportSchema = z.object({
  ruleId: z.enum(RULE_IDS),
  level: z.enum(['error', 'warning', 'note']),
  message: z.string(),
  callId: z.string().optional().describe('Id of the tool call the finding sits on.'),
  fingerprint: z.string().describe('Stable across edits that move lines: what --baseline and SARIF partialFingerprints match on.'),
  location: LocationSchema,
  related: z.array(z.object({ message: z.string(), location: LocationSchema })),
});

export const SessionReportSchema = z.object({
  format: z.enum(TRANSCRIPT_FORMATS),
  entry: z.string().optional().describe('Member of a container file the locations refer to (an Inspect .eval sample).'),
  id: z.string().optional(),
  title: z.string().optional(),
  cwd: z.string().optional(),
  turns: z.number().int().nonnegative(),
  userMessages: z.number().int().nonnegative(),
  toolCalls: z.number().int().nonnegative(),
  stoppedCalls: z.number().int().nonnegative().describe('Calls the record shows never ran.'),
  findings: z.array(FindingReportSchema),
});

export const FileReportSchema = z.object({
  path: z.string().describe('As given on the command line or found in a folder, relative to the current folder.'),
  status: z.enum(['analysed', 'input-error']),
  error: z.string().optional().describe('Why an input could not be analysed.'),
  sessions: z.array(SessionReportSchema),
});

export const CheckReportSchema = z
  .object({
    tool: z.object({ name: z.literal('ghost-lint'), version: z.string() }),
    files: z.array(FileReportSchema),
    summary: z.object({
      files: z.number().int().nonnegative(),
      sessions: z.number().int().nonnegative(),
      toolCalls: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
      warnings: z.number().int().nonnegative(),
      notes: z.number().int().nonnegative(),
      inputErrors: z.number().int().nonnegative(),
    }),
  })
  .describe('Output of `ghost-lint check --format json`.');

export type Location = z.infer<typeof LocationSchema>;
export type FindingReport = z.infer<typeof FindingReportSchema>;
export type SessionReport = z.infer<typeof SessionReportSchema>;
export type FileReport = z.infer<typeof FileReportSchema>;
export type CheckReport = z.infer<typeof CheckReportSchema>;

export function toLocation(index: LineIndex, s: Span): Location {
  const range = index.range(s);
  return { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 };
}

/** Reports one session; sessions sharing a text share one line index. */
export function reportSession(path: string, session: Session, index: LineIndex = new LineIndex(session.text)): SessionReport {
  const seen = new Map<string, number>();
  const findings = analyzeSession(session).map((f) => ({
    ruleId: f.ruleId,
    level: f.level,
    message: f.message,
    ...(f.callId !== undefined && { callId: f.callId }),
    fingerprint: fingerprint([path, session.entry ?? '', session.id ?? '', f.ruleId, f.callId ?? f.message, ...f.related.map((r) => r.message)], seen),
    location: toLocation(index, f.span),
    related: f.related.map((r) => ({ message: r.message, location: toLocation(index, r.span) })),
  }));
  return {
    format: session.format,
    ...(session.entry !== undefined && { entry: session.entry }),
    ...(session.id !== undefined && { id: session.id }),
    ...(session.title !== undefined && { title: session.title }),
    ...(session.cwd !== undefined && { cwd: session.cwd }),
    turns: session.turns.length,
    userMessages: session.turns.filter((t) => t.isUserMessage).length,
    toolCalls: session.calls.length,
    stoppedCalls: session.calls.filter((c) => c.stopped).length,
    findings,
  };
}

export function reportFile(path: string, parsed: ParsedTranscript): FileReport {
  if (parsed.kind !== 'transcript') return { path, status: 'input-error', error: `not a transcript: ${parsed.reason}`, sessions: [] };
  const indexes = new Map<string, LineIndex>();
  const indexFor = (session: Session): LineIndex => {
    const key = session.entry ?? '';
    let index = indexes.get(key);
    if (!index) indexes.set(key, (index = new LineIndex(session.text)));
    return index;
  };
  return { path, status: 'analysed', sessions: parsed.sessions.map((s) => reportSession(path, s, indexFor(s))) };
}

/**
 * FNV-1a (64-bit) of the finding's identity, without line numbers so unrelated edits keep it; a
 * repeated identity in one session gets its occurrence number appended.
 */
function fingerprint(parts: readonly string[], seen: Map<string, number>): string {
  let hash = 0xcbf29ce484222325n;
  for (const char of parts.join('\u0000')) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  const base = hash.toString(16).padStart(16, '0');
  const occurrence = (seen.get(base) ?? 0) + 1;
  seen.set(base, occurrence);
  return `${base}:${occurrence}`;
}

/** Drops findings whose fingerprint an earlier run already reported (`--baseline`). */
export function withoutBaseline(files: readonly FileReport[], known: ReadonlySet<string>): FileReport[] {
  return files.map((file) => ({
    ...file,
    sessions: file.sessions.map((s) => ({ ...s, findings: s.findings.filter((f) => !known.has(`${f.ruleId}/${f.fingerprint}`)) })),
  }));
}

export function inputErrorReport(path: string, error: string): FileReport {
  return { path, status: 'input-error', error, sessions: [] };
}

export function checkReport(version: string, files: FileReport[]): CheckReport {
  const findings = files.flatMap((f) => f.sessions.flatMap((s) => s.findings));
  const count = (level: string) => findings.filter((f) => f.level === level).length;
  return {
    tool: { name: 'ghost-lint', version },
    files,
    summary: {
      files: files.length,
      sessions: files.reduce((n, f) => n + f.sessions.length, 0),
      toolCalls: files.reduce((n, f) => n + f.sessions.reduce((m, s) => m + s.toolCalls, 0), 0),
      errors: count('error'),
      warnings: count('warning'),
      notes: count('note'),
      inputErrors: files.filter((f) => f.status === 'input-error').length,
    },
  };
}

import { z } from 'zod';
import type { AppliedSuppression, Finding } from '../findings/findings';
import { type AnalysisOptions, SessionPipeline } from '../pipeline/sessionPipeline';
import { fnv1a64CodePoints } from '../text/hash';
import type { ParsedTranscript } from '../parse/parse';
import type { Policy } from '../ledger/policy';
import { RULE_IDS } from '../findings/rules';
import { type Session, TRANSCRIPT_FORMATS } from '../session/session';
import { LineIndex, type Span } from '../text/text';

/** 1-based lines and columns (UTF-16 units), as SARIF and editors print them. */
export const LocationSchema = z.object({
  startLine: z.number().int().positive(),
  startColumn: z.number().int().positive(),
  endLine: z.number().int().positive(),
  endColumn: z.number().int().positive(),
});

const RelatedReportSchema = z.object({
  message: z.string(),
  path: z.string().optional().describe('Another file the location refers to (a policy file); absent for the transcript itself.'),
  location: LocationSchema,
});

export const FindingReportSchema = z.object({
  ruleId: z.enum(RULE_IDS),
  level: z.enum(['error', 'warning', 'note']),
  message: z.string(),
  callId: z.string().optional().describe('Id of the tool call the finding sits on.'),
  constraintId: z.string().optional().describe('Id of the constraint the call broke.'),
  fingerprint: z.string().describe('Stable across edits that move lines: what --baseline and SARIF partialFingerprints match on.'),
  location: LocationSchema,
  related: z.array(RelatedReportSchema).describe("The constraint's source first, then the prerequisite step that did not count."),
  repair: z
    .object({
      kind: z.enum(['prerequisite', 'confirmation']),
      description: z.string(),
      call: z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()) }).optional().describe('The missing step as a tool call, verified to bind to it.'),
      message: z.string().optional().describe('For a confirmation: the question to ask the user, in words.'),
      snippet: z.string().describe("The step in the transcript's own format, to insert before the call."),
    })
    .optional(),
});

export const SuppressedReportSchema = FindingReportSchema.extend({
  reason: z.string().describe('Why the policy accepts this result.'),
  policy: z.string().describe('The policy file holding the suppression.'),
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
  constraints: z.number().int().nonnegative().describe('Constraints that governed the session (policy rules included).'),
  findings: z.array(FindingReportSchema),
  suppressed: z.array(SuppressedReportSchema).describe('Results a policy suppression accepts; they do not affect the exit code.'),
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
    skipped: z
      .array(z.object({ path: z.string(), reason: z.string() }))
      .describe('Files a folder search found that no reader takes (SPEC section 7: skipped, not input errors), and why.'),
    summary: z.object({
      files: z.number().int().nonnegative(),
      sessions: z.number().int().nonnegative(),
      toolCalls: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
      warnings: z.number().int().nonnegative(),
      notes: z.number().int().nonnegative(),
      inputErrors: z.number().int().nonnegative(),
      suppressed: z.number().int().nonnegative(),
      skipped: z.number().int().nonnegative().describe('Files a folder search found that no reader takes.'),
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

export interface ReportContext {
  /** Policies that apply to the file, with the paths reports name them by. */
  readonly policies?: readonly Policy[];
  /** Extraction to use instead of the deterministic one (`check --model` adds the model's constraints). */
  readonly extract?: AnalysisOptions['extract'];
  /** Runs between sessions and between a session's messages; throws to stop (the editor's cancellation). */
  readonly checkpoint?: () => void;
}

/** Places a span of the session's text (`document` absent) or of a policy file in lines and columns. */
export type Locate = (span: Span, document?: string) => Location;

/** Line indexes of the transcript's texts and of the policy files findings point into. */
export class Locator {
  private readonly indexes = new Map<string, LineIndex>();

  constructor(private readonly policies: readonly Policy[]) {}

  private index(key: string, text: () => string): LineIndex {
    let index = this.indexes.get(key);
    if (!index) this.indexes.set(key, (index = new LineIndex(text())));
    return index;
  }

  /** Places spans of `session`'s text, and of the policy files. */
  forSession(session: Session): Locate {
    return this.locate(() => this.index(`session:${session.entry ?? ''}`, () => session.text));
  }

  /** Places spans of a text that is no longer at hand, by its line starts, and of the policy files. */
  forLines(lines: LineIndex): Locate {
    return this.locate(() => lines);
  }

  private locate(sessionIndex: () => LineIndex): Locate {
    return (span, document) =>
      toLocation(document !== undefined ? this.index(`policy:${document}`, () => this.policies.find((p) => p.path === document)?.text ?? '') : sessionIndex(), span);
  }
}

/** What a session's report says of it before its results: format, names, folder and counts. */
export type SessionHeader = Omit<SessionReport, 'findings' | 'suppressed'>;

function findingReport(path: string, header: SessionHeader, f: Finding, locate: Locate, seen: Map<string, number>): FindingReport {
  return {
    ruleId: f.ruleId,
    level: f.level,
    message: f.message,
    ...(f.callId !== undefined && { callId: f.callId }),
    ...(f.constraintId !== undefined && { constraintId: f.constraintId }),
    fingerprint: fingerprint([path, header.entry ?? '', header.id ?? '', f.ruleId, f.callId ?? f.message, ...f.related.map((r) => r.message)], seen),
    location: locate(f.span),
    related: f.related.map((r) => ({ message: r.message, ...(r.document !== undefined && { path: r.document }), location: locate(r.span, r.document) })),
    ...(f.repair && { repair: f.repair }),
  };
}

/** A session's report from its header and results, located by `locate`. */
export function sessionReport(path: string, header: SessionHeader, findings: readonly Finding[], suppressed: readonly AppliedSuppression[], locate: Locate): SessionReport {
  const seen = new Map<string, number>();
  return {
    ...header,
    findings: findings.map((f) => findingReport(path, header, f, locate, seen)),
    suppressed: suppressed.map((s) => ({ ...findingReport(path, header, s.finding, locate, seen), reason: s.suppression.reason, policy: s.policy })),
  };
}

function reportSession(path: string, session: Session, locator: Locator, policies: readonly Policy[], context: ReportContext): SessionReport {
  const { extract, checkpoint } = context;
  checkpoint?.();
  // A message repeated in a session (a re-injected CLAUDE.md, "continue") is read once.
  const analysis = new SessionPipeline().analyze(session, { policies, ...(extract && { extract }), ...(checkpoint && { checkpoint }) });
  const header: SessionHeader = {
    format: session.format,
    ...(session.entry !== undefined && { entry: session.entry }),
    ...(session.id !== undefined && { id: session.id }),
    ...(session.title !== undefined && { title: session.title }),
    ...(session.cwd !== undefined && { cwd: session.cwd }),
    turns: session.turns.length,
    userMessages: session.turns.filter((t) => t.isUserMessage).length,
    toolCalls: session.calls.length,
    stoppedCalls: session.calls.filter((c) => c.stopped).length,
    constraints: analysis.constraints.length,
  };
  return sessionReport(path, header, analysis.findings, analysis.suppressed, locator.forSession(session));
}

export function reportFile(path: string, parsed: ParsedTranscript, context: ReportContext = {}): FileReport {
  if (parsed.kind !== 'transcript') return { path, status: 'input-error', error: `not a transcript: ${parsed.reason}`, sessions: [] };
  const policies = context.policies ?? [];
  const locator = new Locator(policies);
  return { path, status: 'analysed', sessions: parsed.sessions.map((s) => reportSession(path, s, locator, policies, context)) };
}

/**
 * FNV-1a (64-bit) of the finding's identity, without line numbers so unrelated edits keep it; a
 * repeated identity in one session gets its occurrence number appended.
 */
function fingerprint(parts: readonly string[], seen: Map<string, number>): string {
  const base = fnv1a64CodePoints(parts.join('\u0000')).toString(16).padStart(16, '0');
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

export type SkippedFile = CheckReport['skipped'][number];

export function checkReport(version: string, files: FileReport[], skipped: readonly SkippedFile[] = []): CheckReport {
  const findings = files.flatMap((f) => f.sessions.flatMap((s) => s.findings));
  const count = (level: string) => findings.filter((f) => f.level === level).length;
  return {
    tool: { name: 'ghost-lint', version },
    files,
    skipped: [...skipped],
    summary: {
      files: files.length,
      sessions: files.reduce((n, f) => n + f.sessions.length, 0),
      toolCalls: files.reduce((n, f) => n + f.sessions.reduce((m, s) => m + s.toolCalls, 0), 0),
      errors: count('error'),
      warnings: count('warning'),
      notes: count('note'),
      inputErrors: files.filter((f) => f.status === 'input-error').length,
      suppressed: files.reduce((n, f) => n + f.sessions.reduce((m, s) => m + s.suppressed.length, 0), 0),
      skipped: skipped.length,
    },
  };
}

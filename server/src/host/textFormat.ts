import type { CheckReport, FindingReport, SessionReport } from '../engine/report';

export interface TextFormatOptions {
  /** Print note-level results (`constraint-detected`, `call-stopped`); without it they are only counted, so problems stand out. */
  readonly notes: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function sessionSummary(session: SessionReport): string {
  const name = session.title ?? session.id;
  const parts = [
    session.format,
    `${plural(session.turns, 'turn')} (${session.userMessages} from the user)`,
    plural(session.toolCalls, 'tool call'),
    ...(session.stoppedCalls > 0 ? [`${session.stoppedCalls} never ran`] : []),
    session.constraints > 0 ? plural(session.constraints, 'constraint') : 'no constraints stated',
  ];
  return `  ${session.entry ? `${session.entry}: ` : ''}${name ? `${name}: ` : ''}${parts.join(' · ')}`;
}

/** Wraps a message into an indented paragraph, so each finding reads as one block. */
function paragraph(text: string, indent: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + word.length + 1 > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(indent + line);
  return lines;
}

function findingLines(f: FindingReport, suffix = ''): string[] {
  const call = f.callId ? `  call ${f.callId}` : '';
  return [
    `    ${f.location.startLine}:${f.location.startColumn}  ${f.level}  ${f.ruleId}${call}${suffix}`,
    // The first line is the key fact; the rest of the message repeats what the related lines below show.
    ...paragraph(f.message.split('\n', 1)[0]!, '      '),
    ...f.related.map((r) => `      ↳ ${r.path ? `${r.path}:` : ''}${r.location.startLine}:${r.location.startColumn}  ${r.message}`),
    ...(f.repair ? paragraph(`fix: ${f.repair.description}${f.repair.snippet ? `: ${f.repair.snippet}` : ''}`, '      ') : []),
  ];
}

/** "; 3 files skipped (2: JSON, but not a transcript format ghost-lint reads; 1: empty or not JSON)": what a folder search found that no reader takes. */
function skippedFiles(skipped: CheckReport['skipped']): string {
  if (skipped.length === 0) return '';
  const byReason = new Map<string, number>();
  for (const file of skipped) byReason.set(file.reason, (byReason.get(file.reason) ?? 0) + 1);
  const reasons = [...byReason].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)).map(([reason, count]) => `${count}: ${reason}`);
  return `; ${plural(skipped.length, 'file')} skipped (${reasons.join('; ')})`;
}

/** Human-readable report in the style of ESLint's: findings under each file, a total at the end. Without notes, files with nothing to show are left out. */
export function formatText(report: CheckReport, options: TextFormatOptions): string {
  const shown = (f: FindingReport) => options.notes || f.level !== 'note';
  const lines: string[] = [];
  for (const file of report.files) {
    if (file.status === 'input-error') {
      lines.push(file.path, `  error  ${file.error ?? 'cannot be analysed'}`);
      continue;
    }
    const sessions = file.sessions.filter((session) => options.notes || session.findings.some(shown) || session.suppressed.some(shown));
    if (sessions.length === 0) continue;
    lines.push(file.path);
    for (const session of sessions) {
      lines.push(sessionSummary(session));
      for (const f of session.findings.filter(shown)) lines.push(...findingLines(f));
      for (const s of session.suppressed.filter(shown)) lines.push(...findingLines(s, `  (suppressed by ${s.policy}: ${s.reason})`));
    }
  }
  const s = report.summary;
  const problems = s.errors + s.warnings;
  const sessions = report.files.flatMap((file) => file.sessions);
  const constraints = sessions.reduce((n, session) => n + session.constraints, 0);
  const unconstrained = sessions.filter((session) => session.constraints === 0).length;
  // Without a constraint nothing was checked: that must not read as checked and safe.
  const checked =
    constraints === 0
      ? '; no constraints stated, so no call was checked'
      : `, against ${plural(constraints, 'constraint')}${unconstrained > 0 ? ` (${plural(unconstrained, 'session')} stated none)` : ''}`;
  const mark = problems > 0 || s.inputErrors > 0 ? '✖' : constraints > 0 ? '✔' : '○';
  const notes = s.notes > 0 ? `, ${plural(s.notes, 'note')}${options.notes ? '' : ' (--notes to show)'}` : '';
  lines.push('');
  lines.push(
    `${mark} ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')})` +
      `${notes}${s.suppressed > 0 ? `, ${s.suppressed} suppressed` : ''}${s.inputErrors > 0 ? `, ${plural(s.inputErrors, 'input error')}` : ''}` +
      ` in ${plural(s.sessions, 'session')} from ${plural(s.files, 'file')}, ${plural(s.toolCalls, 'tool call')}${checked}${skippedFiles(report.skipped)}`,
  );
  return `${lines.join('\n')}\n`;
}

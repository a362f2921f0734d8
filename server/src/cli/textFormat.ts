import type { CheckReport, SessionReport } from '../engine/report';

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
  ];
  return `  ${session.entry ? `${session.entry}: ` : ''}${name ? `${name}: ` : ''}${parts.join(' · ')}`;
}

/** Human-readable report in the style of ESLint's: findings under each file, a total at the end. */
export function formatText(report: CheckReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    lines.push(file.path);
    if (file.status === 'input-error') {
      lines.push(`  error  ${file.error ?? 'cannot be analysed'}`);
      continue;
    }
    for (const session of file.sessions) {
      lines.push(sessionSummary(session));
      for (const f of session.findings) {
        lines.push(`    ${f.location.startLine}:${f.location.startColumn}  ${f.level.padEnd(7)}  ${f.message}  ${f.ruleId}`);
        for (const r of f.related) lines.push(`      ↳ ${r.location.startLine}:${r.location.startColumn}  ${r.message}`);
      }
    }
  }
  const s = report.summary;
  const problems = s.errors + s.warnings;
  lines.push('');
  lines.push(
    `${problems === 0 && s.inputErrors === 0 ? '✔' : '✖'} ${plural(problems, 'problem')} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')})` +
      `${s.notes > 0 ? `, ${plural(s.notes, 'note')}` : ''}${s.inputErrors > 0 ? `, ${plural(s.inputErrors, 'input error')}` : ''}` +
      ` in ${plural(s.sessions, 'session')} from ${plural(s.files, 'file')}, ${plural(s.toolCalls, 'tool call')}`,
  );
  return `${lines.join('\n')}\n`;
}

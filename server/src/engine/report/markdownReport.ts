import type { CheckReport, FileReport, FindingReport, Location, SessionReport } from './report';
import { ruleHelpUri } from '../findings/rules';

/*
 * A check report as Markdown, for a pull request, an issue or a review: a summary table, then each
 * file's sessions with their findings (the constraint quoted and located, the repair when there is
 * one). Notes are counted, and listed apart from the problems.
 */

const LEVEL_MARK = { error: '**error**', warning: 'warning', note: 'note' } as const;

/** Text safe inside a Markdown paragraph or table cell: no markup, no raw HTML, no line breaks. */
function inline(text: string): string {
  return text
    // A message's lines become sentences: its first line ends with no stop of its own.
    .replace(/([.!?:;"])?\r?\n/g, (_, stop: string | undefined) => (stop ? `${stop} ` : '. '))
    .replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`)
    .trim();
}

/** A path or id as inline code; backticks inside are widened around. */
function code(text: string): string {
  const fence = text.includes('`') ? '`` ' : '`';
  return `${fence}${text}${fence.split('').reverse().join('')}`;
}

function at(location: Location): string {
  return `line ${location.startLine}, column ${location.startColumn}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function finding(f: FindingReport, suppressed?: { reason: string; policy: string }): string[] {
  const call = f.callId !== undefined ? ` on call ${code(f.callId)}` : '';
  const lines = [`- ${LEVEL_MARK[f.level]} [${f.ruleId}](${ruleHelpUri(f.ruleId)})${call}, ${at(f.location)}: ${inline(f.message)}`];
  for (const related of f.related) lines.push(`  - ${inline(related.message)} (${related.path !== undefined ? `${code(related.path)}, ` : ''}${at(related.location)})`);
  if (f.repair) lines.push(`  - repair: ${inline(f.repair.description)}`);
  if (suppressed) lines.push(`  - suppressed by ${code(suppressed.policy)}: ${inline(suppressed.reason)}`);
  return lines;
}

function sessionHeading(session: SessionReport, index: number): string {
  const name = session.title ?? session.id ?? `session ${index + 1}`;
  const entry = session.entry !== undefined ? ` in ${code(session.entry)}` : '';
  return `### ${inline(name)}${entry}`;
}

function sessionSection(session: SessionReport, index: number): string[] {
  const problems = session.findings.filter((f) => f.level !== 'note');
  const notes = session.findings.filter((f) => f.level === 'note');
  const lines = [
    sessionHeading(session, index),
    '',
    `${session.format}: ${plural(session.turns, 'turn')}, ${plural(session.toolCalls, 'tool call')}, ${plural(session.constraints, 'constraint')}${session.cwd !== undefined ? `, in ${code(session.cwd)}` : ''}.`,
    '',
  ];
  if (problems.length === 0) lines.push('No violations.', '');
  else lines.push(...problems.flatMap((f) => finding(f)), '');
  if (notes.length > 0) lines.push(`<details><summary>${plural(notes.length, 'note')}</summary>`, '', ...notes.flatMap((f) => finding(f)), '', '</details>', '');
  if (session.suppressed.length > 0) lines.push('Suppressed:', '', ...session.suppressed.flatMap((s) => finding(s, s)), '');
  return lines;
}

function fileSection(file: FileReport): string[] {
  const lines = [`## ${code(file.path)}`, ''];
  if (file.status === 'input-error') return [...lines, `Not analysed: ${inline(file.error ?? 'input error')}.`, ''];
  return [...lines, ...file.sessions.flatMap((s, i) => sessionSection(s, i))];
}

function fileRow(file: FileReport): string {
  const findings = file.sessions.flatMap((s) => s.findings);
  const count = (level: string) => findings.filter((f) => f.level === level).length;
  if (file.status === 'input-error') return `| ${code(file.path)} | input error | | | | |`;
  const formats = [...new Set(file.sessions.map((s) => s.format))].join(', ');
  const calls = file.sessions.reduce((n, s) => n + s.toolCalls, 0);
  return `| ${code(file.path)} | ${formats} | ${file.sessions.length} | ${calls} | ${count('error')} | ${count('warning')} |`;
}

/** The report as a Markdown document. */
export function toMarkdown(report: CheckReport): string {
  const s = report.summary;
  const lines = [
    '# ghost-lint report',
    '',
    `${report.tool.name} ${report.tool.version}: ${plural(s.files, 'file')}, ${plural(s.sessions, 'session')}, ${plural(s.toolCalls, 'tool call')}; ` +
      `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.notes, 'note')}, ${s.suppressed} suppressed, ${plural(s.inputErrors, 'input error')}.`,
    '',
  ];
  if (report.files.length > 0) lines.push('| file | format | sessions | tool calls | errors | warnings |', '| --- | --- | ---: | ---: | ---: | ---: |', ...report.files.map(fileRow), '');
  lines.push(...report.files.flatMap(fileSection));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

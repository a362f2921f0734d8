/*
 * Lines of the ghost-lint output channel ("ghost-lint: Show Output"): when the server started and
 * stopped, and each audit with its file and counts, so a verdict can be traced after the fact.
 * Kept free of `vscode` so the wording is tested without an editor.
 */
import { type Verdict, verdictText } from './verdict';

/** The language server's states, as vscode-languageclient numbers them (State.Stopped = 1, Running = 2, Starting = 3). */
const SERVER_STATES: Readonly<Record<number, string>> = { 1: 'stopped', 2: 'running', 3: 'starting' };

export function serverStateLine(state: number, at: Date): string {
  return `[${at.toISOString()}] language server ${SERVER_STATES[state] ?? `in state ${state}`}`;
}

/** "[time] audited temp/x.json (openai-chat): 1 violation (1 error, 0 warnings, 2 constraints)". */
export function auditLine(file: string, format: string | undefined, verdict: Verdict, at: Date): string {
  const counts = `${verdict.errors} error${verdict.errors === 1 ? '' : 's'}, ${verdict.warnings} warning${verdict.warnings === 1 ? '' : 's'}, ${verdict.constraints} constraint${verdict.constraints === 1 ? '' : 's'}`;
  return `[${at.toISOString()}] audited ${file}${format ? ` (${format})` : ''}: ${verdictText(verdict)} (${counts})`;
}

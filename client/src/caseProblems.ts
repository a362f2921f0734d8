import type { BenchmarkCaseProblem } from '../../shared/protocol';

/**
 * The notice when case files kept cases from running: it names the file and line of the first
 * problem, since the notice is read away from the file (only its first line: the key fact).
 */
export function caseProblemsNotice(errors: readonly BenchmarkCaseProblem[], fileName: (uri: string) => string): string | undefined {
  const [first] = errors;
  if (!first) return undefined;
  const where = `${fileName(first.uri)}:${first.range.start.line + 1}`;
  const problems = `${errors.length} problem${errors.length === 1 ? '' : 's'}`;
  return `ghost-lint: ${problems} in case files kept some cases from running; the first, in ${where}: ${first.message.split('\n', 1)[0]}`;
}

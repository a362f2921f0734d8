import type { BenchCase } from '../caseSchema';
import { type EnvironmentDependencies, environmentProblems } from '../environments';
import { referenceRunProblems, validateCase } from '../validate';
import { readStructured, syntaxOf } from '../../engine/json';
import { LineIndex, type Span } from '../../engine/text';
import { asBuffer, type Host } from '../../host/host';
import type { CaseFile } from './caseFiles';

/** A problem of a case file, at a 1-based line and column, as a terminal or an editor prints it. */
export interface CaseFileProblem {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** An error keeps the case from running; a warning does not. */
  readonly severity: 'error' | 'warning';
}

export interface LoadedCase {
  readonly path: string;
  readonly benchCase: BenchCase;
}

export interface LoadedCases {
  readonly cases: readonly LoadedCase[];
  readonly problems: readonly CaseFileProblem[];
  /** What the cases' environments need: sql.js when a database case is among them. */
  readonly environment: EnvironmentDependencies;
}

/**
 * Reads and validates case files: the valid ones are returned to run, every problem is reported at its
 * place. A case runs only when its file has no error, its environment can be built, and no earlier file
 * used its id (the metrics group runs by case id). sql.js is loaded only when a database case needs it.
 */
export async function loadCases(host: Host, files: readonly CaseFile[], loadSqlJs: () => Promise<NonNullable<EnvironmentDependencies['sqlJs']>>): Promise<LoadedCases> {
  const problems: CaseFileProblem[] = [];
  const at = (path: string, text: string, span: Span, message: string, severity: CaseFileProblem['severity']) => {
    const position = new LineIndex(text).position(span.start);
    problems.push({ path, line: position.line + 1, column: position.character + 1, message, severity });
  };
  const valid: (LoadedCase & { text: string })[] = [];
  for (const file of files) {
    const path = file.absolutePath;
    let text: string;
    try {
      text = asBuffer(host.readFile(path)).toString('utf8');
    } catch (e) {
      problems.push({ path, line: 1, column: 1, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, severity: 'error' });
      continue;
    }
    const validation = validateCase(path, text);
    for (const problem of validation.problems) at(path, text, problem.span, problem.message, problem.severity);
    if (validation.benchCase && !validation.problems.some((p) => p.severity === 'error')) valid.push({ path, benchCase: validation.benchCase, text });
  }
  const environment: EnvironmentDependencies = valid.some((c) => c.benchCase.domain === 'database') ? { sqlJs: await loadSqlJs() } : {};
  const cases: LoadedCase[] = [];
  const ids = new Map<string, string>();
  for (const { path, benchCase, text } of valid) {
    const source = readStructured(syntaxOf(path), text);
    const locate = (key: string) => source.locate([key]);
    const environmentIssues = environmentProblems(benchCase, environment);
    for (const issue of environmentIssues) at(path, text, locate('environment'), issue, 'error');
    // A database case's reference traces need SQLite, which validation had not yet: they are run against its evaluators now.
    const runIssues = benchCase.domain === 'database' && environmentIssues.length === 0 ? referenceRunProblems(source, benchCase, environment) : [];
    for (const issue of runIssues) at(path, text, issue.span, issue.message, issue.severity);
    const earlier = ids.get(benchCase.id);
    if (earlier !== undefined) at(path, text, locate('id'), `the case id "${benchCase.id}" is already used by ${earlier}; each case needs its own id`, 'error');
    if (environmentIssues.length > 0 || runIssues.some((issue) => issue.severity === 'error') || earlier !== undefined) continue;
    ids.set(benchCase.id, path);
    cases.push({ path, benchCase });
  }
  return { cases, problems, environment };
}

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import { type CompletionItem, type CompletionList, type Diagnostic, DiagnosticSeverity, type Hover, Position, TabInputWebview, Uri, commands, languages, window } from 'vscode';
import type { BenchReport } from '../../../server/src/bench/report';
import type { RunBenchmarkResult } from '../../../shared/protocol';
import { activateExtension, codeOf, fixtureUri, hoverText, waitForDiagnostics, waitForTab, workspaceFolder } from './helpers';

/** A case's problems: `case-invalid` errors (the case cannot run) and `transcript-problem` warnings. */
const isCaseProblem = (d: Diagnostic) => codeOf(d) === 'case-invalid' || codeOf(d) === 'transcript-problem';

/*
 * Benchmark case files and the benchmark in a real VS Code: the workspace holds cases/ (three cases of
 * the starter suite and test/fixtures/cases/broken/references.case.json, see
 * test/e2e/support/environment.ts); the tests open them, ask the editor's providers, and run the
 * commands with their arguments, as a keybinding or a task would.
 */

const BROKEN = 'cases/references.case.json';
const VALID = 'cases/fs-temp-backup-before-delete.case.json';
const RUNNABLE = ['db-customers-dump-before-truncate', 'email-q3-report-inside-fernhill', 'fs-temp-backup-before-delete'];
const CONDITIONS = ['SE', 'SI', 'LE', 'LI'] as const;

const text = (name: string) => readFileSync(fixtureUri(name).fsPath, 'utf8');

/** The document position of `needle`'s first occurrence in `source`, `into` characters in. */
function positionOf(source: string, needle: string, into = 0): Position {
  const at = source.indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the file`);
  const lines = source.slice(0, at + into).split('\n');
  return new Position(lines.length - 1, (lines[lines.length - 1] ?? '').length);
}

const label = (item: CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

describe('benchmark case files in the editor', () => {
  before(activateExtension);

  it('a broken case gets each validation problem at its exact range, with a message that says how to fix it', async () => {
    const uri = fixtureUri(BROKEN);
    const source = text(BROKEN);
    await window.showTextDocument(uri);
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.filter(isCaseProblem).length >= 6, 'six problems of the case');
    const problems = diagnostics.filter(isCaseProblem);
    assert.equal(problems.length, 6, JSON.stringify(problems.map((p) => p.message)));
    const expectations: [covers: string, says: string][] = [
      ['"shred_file"', 'the case declares no tool "shred_file"; its tools are "list_files", "copy_file", "delete_file"'],
      ['"remove_file"', 'the case declares no tool "remove_file"'],
      ['"folder"', 'list_files has no parameter "folder"'],
      ['"src"', 'copy_file (the "require" call) has no parameter "src"'],
    ];
    for (const [covers, says] of expectations) {
      const found = problems.find((d) => d.message.includes(says));
      assert.ok(found, `"${says}" among ${JSON.stringify(problems.map((p) => p.message))}`);
      // Each keeps the case from running: an error here, as `ghost-lint bench` reports it.
      assert.equal(found.severity, DiagnosticSeverity.Error, says);
      const start = positionOf(source, covers);
      const end = positionOf(source, covers, covers.length);
      assert.deepEqual([found.range.start.line, found.range.start.character, found.range.end.line, found.range.end.character], [start.line, start.character, end.line, end.character], says);
    }
  });

  it('a valid case gets no problem: only the note of the constraint it states', async () => {
    const uri = fixtureUri(VALID);
    await window.showTextDocument(uri);
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'constraint-detected'), 'constraint-detected');
    assert.deepEqual(
      diagnostics.filter((d) => codeOf(d) !== 'constraint-detected').map((d) => [codeOf(d), d.message]),
      [],
    );
  });

  it("a case file's schema problem is reported once, by ghost-lint, as an error: the editor's JSON Schema check is not applied to case files", async () => {
    // In a folder of its own, and removed afterwards: the benchmark runs every case file of the workspace.
    const path = join(workspaceFolder(), 'schema-check', 'kitchen.case.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{\n  "id": "kitchen",\n  "domain": "kitchen"\n}\n');
    try {
      const uri = Uri.file(path);
      await window.showTextDocument(uri);
      const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => d.range.start.line === 2), 'the problem on "domain"');
      const onDomain = languages.getDiagnostics(uri).filter((d) => d.range.start.line === 2);
      assert.deepEqual(
        onDomain.map((d) => [d.source, d.severity]),
        [['ghost-lint', DiagnosticSeverity.Error]],
      );
      assert.match(onDomain[0]?.message ?? '', /filesystem/);
      assert.ok(diagnostics.every((d) => d.severity === DiagnosticSeverity.Error));
      await commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });

  it("completes a trace step's tool with the case's own tools (the language server's completion)", async () => {
    const uri = fixtureUri(BROKEN);
    await window.showTextDocument(uri);
    const list = (await commands.executeCommand('vscode.executeCompletionItemProvider', uri, positionOf(text(BROKEN), '"shred_file"', 2))) as CompletionList;
    const tools = list.items.filter((item) => ['list_files', 'copy_file', 'delete_file'].includes(label(item)));
    assert.deepEqual(tools.map(label).sort(), ['copy_file', 'delete_file', 'list_files'], list.items.map(label).join(', '));
    assert.equal(tools.find((item) => label(item) === 'copy_file')?.detail, 'operation copy');
  });

  it('hovers a trace step\'s tool with its operation and the effect the auditor binds', async () => {
    const uri = fixtureUri(BROKEN);
    const hovers = (await commands.executeCommand('vscode.executeHoverProvider', uri, positionOf(text(BROKEN), '{"tool": "copy_file"', 11))) as Hover[];
    const shown = hoverText(hovers);
    assert.match(shown, /\*\*copy_file\*\*/);
    assert.match(shown, /operation `copy` \(filesystem\)/);
    assert.match(shown, /`backup` of the path in `source`/);
  });

  it('"New Benchmark Case" with a domain and an id writes a scaffold whose only problems are the writing left to do', async () => {
    const id = 'e2e-new-database';
    const path = join(workspaceFolder(), `${id}.case.json`);
    try {
      const uri = (await commands.executeCommand('ghostLint.newCase', { domain: 'database', id })) as Uri | undefined;
      assert.equal(uri?.fsPath, path);
      assert.ok(existsSync(path));
      assert.equal(window.activeTextEditor?.document.uri.fsPath, path);
      const written = JSON.parse(readFileSync(path, 'utf8')) as { id: string; domain: string; tools: { name: string }[] };
      assert.deepEqual([written.id, written.domain, written.tools.map((t) => t.name)], [id, 'database', ['dump_database', 'run_sql']]);
      const problems = (await waitForDiagnostics(uri, (ds) => ds.some(isCaseProblem), 'the scaffold\'s problems')).filter(isCaseProblem);
      // Tools, environment, traces and evaluators fit the schema and each other: what is left is the
      // constraint's words, the history and the requests (the "FILL IN" placeholders).
      const writing = [/^the benign history has/, /^the forgetful trace keeps every safety evaluator/, /^the forgetful trace does not complete the task/];
      assert.deepEqual(
        problems.filter((p) => !writing.some((pattern) => pattern.test(p.message))).map((p) => p.message),
        [],
      );
      // The same id again is refused, and the file is left as it was.
      const again = await commands.executeCommand('ghostLint.newCase', { domain: 'email', id });
      assert.equal(again, undefined);
      assert.equal((JSON.parse(readFileSync(path, 'utf8')) as { domain: string }).domain, 'database');
    } finally {
      await commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(path, { force: true });
    }
  });
});

describe('"Run Benchmark" on the workspace\'s cases', () => {
  before(activateExtension);
  after(() => commands.executeCommand('workbench.action.closeAllEditors'));

  const run = async (agent: string, defences: readonly string[]) => {
    const result = (await commands.executeCommand('ghostLint.runBenchmark', { agent, defences })) as RunBenchmarkResult | undefined;
    assert.ok(result?.report, `a report: ${JSON.stringify(result?.problems)}`);
    assert.equal(result.cancelled, false);
    return { report: result.report, problems: result.problems };
  };
  const rates = (report: BenchReport, index: number) => CONDITIONS.map((c) => report.defences[index]?.conditions[c]);

  it('replay-safe scores Safe Completion on every instance behind both defences; the broken case is reported, not run', async () => {
    const { report, problems } = await run('replay-safe', ['none', 'audit']);
    assert.deepEqual([...report.cases].sort(), RUNNABLE);
    assert.deepEqual(
      report.defences.map((d) => d.defence),
      ['none', 'audit'],
    );
    for (const index of [0, 1]) {
      assert.deepEqual(
        rates(report, index),
        CONDITIONS.map(() => ({ runs: RUNNABLE.length, SC: 1, UC: 0, SNC: 0, UA: 0, EF: 0 })),
        report.defences[index]?.defence,
      );
      assert.equal(report.defences[index]?.ghost.events, 0);
      assert.equal(report.defences[index]?.differenceInDifferences.value, 0);
    }
    const errors = problems.filter((p) => p.severity === 'error');
    assert.ok(errors.length > 0);
    assert.deepEqual([...new Set(errors.map((p) => Uri.parse(p.uri).fsPath))], [fixtureUri(BROKEN).fsPath]);
    // The chart opens in a webview panel named after the agent.
    const tab = await waitForTab('ghost-lint benchmark: replay-safe');
    assert.ok(tab.input instanceof TabInputWebview && tab.input.viewType.endsWith('ghostLint.benchmark'), JSON.stringify(tab.input));
  });

  it('replay-ghost forgets under Long Implicit: a GHOST rate of 1 without a defence, 0 behind the auditor', async () => {
    const { report } = await run('replay-ghost', ['none', 'audit']);
    const [none, audit] = report.defences;
    assert.equal(none?.conditions.LI.UC, 1);
    assert.equal(none?.conditions.LE.SC, 1);
    assert.equal(none?.ghost.rate.value, 1);
    assert.ok((none?.differenceInDifferences.value ?? 0) < 0, `DiD ${none?.differenceInDifferences.value}`);
    assert.equal(audit?.ghost.rate.value, 0);
    assert.equal(audit?.conditions.LI.UC, 0);
    assert.equal(audit?.conditions.LI.UA, 0);
  });

  it('"Export Benchmark Report" writes the last report shown as the paper\'s table', async () => {
    const destination = join(workspaceFolder(), 'reports', 'benchmark.md');
    const written = (await commands.executeCommand('ghostLint.exportBenchmarkReport', { format: 'markdown', destination })) as Uri | undefined;
    assert.equal(written?.fsPath, destination);
    const markdown = readFileSync(destination, 'utf8');
    assert.match(markdown, /^# ghost-lint benchmark\n/);
    assert.match(markdown, /Agent replay-ghost; 3 cases × 4 conditions × 1 repetition\./);
    assert.match(markdown, /\| No Defence \| LI \| 3 \|/);
    assert.match(markdown, /\| No Defence \| 3 of 3 \|/);
  });
});

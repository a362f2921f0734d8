import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type CompletionItem, type CompletionList, type Diagnostic, DiagnosticSeverity, type Hover, type MarkupContent, type Range } from 'vscode-languageserver-protocol/node';
import { ServerUnderTest, positionAt } from '../support/lsp';
import { REPO_ROOT } from '../support/shared';

const CASES = join(REPO_ROOT, 'test', 'fixtures', 'cases');
// Traces and evaluators naming tools and parameters the case does not declare (see validate.test.ts).
const REFERENCES = readFileSync(join(CASES, 'broken', 'references.case.json'), 'utf8');
const REFERENCES_URI = 'file:///work/cases/references.case.json';
// A YAML case whose benign history is too short and whose first step has an unknown argument.
const HISTORY = readFileSync(join(CASES, 'broken', 'history.case.yaml'), 'utf8');
const HISTORY_URI = 'file:///work/cases/history.case.yaml';
// A database case whose final-state check contradicts its safe trace: found only by running the traces on sql.js.
const DATABASE = readFileSync(join(CASES, 'broken', 'database.case.json'), 'utf8');
const DATABASE_URI = 'file:///work/cases/database.case.json';
const SHIPPED = readFileSync(join(REPO_ROOT, 'examples', 'cases', 'database', 'db-orders-snapshot-before-alter.case.json'), 'utf8');

let server: ServerUnderTest;

before(async () => {
  server = new ServerUnderTest();
  await server.initialize();
});

after(async () => {
  assert.equal(await server.stop(), 0);
});

/** The range of the `occurrence`th appearance of `needle` in `text`. */
function rangeOf(text: string, needle: string, occurrence = 0): Range {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, needle);
  return { start: positionAt(text, at), end: positionAt(text, at + needle.length) };
}

const position = (text: string, needle: string, into = 1) => positionAt(text, text.indexOf(needle) + into);

/** A case's problems: `case-invalid` errors (the case cannot run) and `transcript-problem` warnings. */
const isCaseProblem = (d: Diagnostic) => d.code === 'case-invalid' || d.code === 'transcript-problem';

function labels(result: CompletionItem[] | CompletionList | null): string[] {
  return (Array.isArray(result) ? result : (result?.items ?? [])).map((item) => item.label);
}

test('a broken JSON case gets each validation problem at its exact range as you open it', async () => {
  const { diagnostics } = await server.open(REFERENCES_URI, REFERENCES);
  const problems = diagnostics.filter(isCaseProblem);
  const expected: [string, string][] = [
    ['"folder"', 'list_files has no parameter "folder"'],
    ['"shred_file"', 'the case declares no tool "shred_file"'],
    ['"remove_file"', 'the case declares no tool "remove_file"'],
    ['"src"', 'copy_file (the "require" call) has no parameter "src"'],
  ];
  for (const [covers, says] of expected) {
    const found = problems.find((d) => typeof d.message === 'string' && d.message.includes(says));
    assert.ok(found, `${says} in ${JSON.stringify(problems.map((p) => p.message))}`);
    assert.deepEqual(found.range, rangeOf(REFERENCES, covers));
  }
  assert.equal(problems.length, 6);
});

test('a YAML case is validated too, with YAML ranges', async () => {
  const { diagnostics } = await server.open(HISTORY_URI, HISTORY, 'yaml');
  const problems = diagnostics.filter(isCaseProblem);
  assert.deepEqual(
    problems.map((d) => d.range),
    [rangeOf(HISTORY, 'benign'), rangeOf(HISTORY, 'benign'), { start: position(HISTORY, 'folder: temp', 0), end: position(HISTORY, 'folder: temp', 'folder'.length) }],
  );
});

test("completions offer the case's tool names in a trace step, its parameters in arguments, and the schema's fields and enum values", async () => {
  const complete = (uri: string, at: ReturnType<typeof positionAt>) => server.connection.sendRequest<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: at });
  assert.deepEqual(labels(await complete(REFERENCES_URI, position(REFERENCES, '"shred_file"', 2))), ['list_files', 'copy_file', 'delete_file']);
  const argumentKey = await complete(REFERENCES_URI, position(REFERENCES, '"folder"', 2));
  assert.deepEqual(labels(argumentKey), ['path']);
  const operation = await complete(REFERENCES_URI, position(REFERENCES, '"operation": "copy"', 15));
  assert.deepEqual(labels(operation), ['list', 'read', 'write', 'append', 'copy', 'move', 'delete', 'make-folder']);
  // On the key "domain": the other top-level fields not written yet (here only $schema), with what each means.
  const fields = await complete(REFERENCES_URI, position(REFERENCES, '"domain"', 2));
  assert.deepEqual(labels(fields), ['domain']);
  const yamlTool = await complete(HISTORY_URI, position(HISTORY, 'tool: copy_file', 7));
  assert.deepEqual(labels(yamlTool), ['list_files', 'copy_file', 'delete_file']);
});

test('hovers say what a field means and what a tool does', async () => {
  const hover = async (at: ReturnType<typeof positionAt>) => {
    const result = await server.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: REFERENCES_URI }, position: at });
    return (result?.contents as MarkupContent | undefined)?.value ?? '';
  };
  assert.match(await hover(position(REFERENCES, '"benign"', 2)), /\*\*benign\*\*: The frozen benign history of the long conditions: 56–160 turns/);
  const tool = await hover(position(REFERENCES, '{"tool": "copy_file"', 11));
  assert.match(tool, /\*\*copy_file\*\*/);
  assert.match(tool, /operation `copy` \(filesystem\)/);
  assert.match(tool, /`backup` of the path in `source`/);
});

test('a problem that keeps the case from running is a case-invalid error in the editor, as in `bench`; a warning stays a transcript-problem warning', async () => {
  const diagnostics = server.published.filter((p) => p.uri === HISTORY_URI).at(-1)?.diagnostics ?? [];
  const reported = (says: RegExp) => diagnostics.filter((d) => says.test(String(d.message))).map((d) => [d.code, d.severity]);
  assert.deepEqual(reported(/the benign history has \d+ tokens/), [['transcript-problem', DiagnosticSeverity.Warning]]);
  assert.deepEqual(reported(/the benign history has \d+ turns/), [['case-invalid', DiagnosticSeverity.Error]]);
  assert.deepEqual(reported(/has no parameter "folder"/), [['case-invalid', DiagnosticSeverity.Error]]);
});

test('a file named as a case is checked against the schema however little it holds yet, once per problem', async () => {
  const text = '{\n  "id": "kitchen",\n  "domain": "kitchen"\n}\n';
  const { diagnostics } = await server.open('file:///work/cases/kitchen.case.json', text);
  const onDomain = diagnostics.filter((d) => d.range.start.line === 2);
  assert.equal(onDomain.length, 1, JSON.stringify(diagnostics.map((d) => d.message)));
  assert.equal(onDomain[0]?.severity, DiagnosticSeverity.Error);
  assert.match(String(onDomain[0]?.message ?? ''), /filesystem/);
  assert.ok(diagnostics.every((d) => d.severity === DiagnosticSeverity.Error && d.code === 'case-invalid' && d.source === 'ghost-lint'));
});

test("a database case's reference traces run on sql.js in the editor too: a contradicting evaluator is an error at its place, as in `bench`", async () => {
  const contradiction = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((d) => d.code === 'case-invalid' && String(d.message).includes('contradicts'));
  const { diagnostics } = await server.open(DATABASE_URI, DATABASE);
  const found = contradiction(diagnostics);
  assert.equal(found.length, 1, JSON.stringify(diagnostics.map((d) => d.message)));
  const check = DATABASE.indexOf('{', DATABASE.indexOf('"finalState"'));
  assert.deepEqual(found[0]?.range.start, positionAt(DATABASE, check));
  assert.equal(found[0]?.severity, DiagnosticSeverity.Error);
  assert.equal(found[0]?.message, "this check contradicts the safe trace's final state: orders keeps the columns it had: expected 0, found 1");
  // The shipped case the fixture was made from keeps its evaluators: nothing to report.
  const shipped = await server.open('file:///work/cases/db-orders-snapshot-before-alter.case.json', SHIPPED);
  assert.deepEqual(contradiction(shipped.diagnostics), []);
  assert.ok(!shipped.diagnostics.some(isCaseProblem), JSON.stringify(shipped.diagnostics.map((d) => d.message)));
});

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'mocha';
import { type CodeAction, DiagnosticSeverity, type Hover, TabInputText, TabInputWebview, Uri, commands, languages, window, workspace } from 'vscode';
import { activateExtension, codeOf, expected, fixtureUri, ghostLintDiagnostics, hoverText, waitForDiagnostics, waitForForeignDiagnostic, waitForTabs, workspaceFolder } from './helpers';

describe('a transcript open in the editor', () => {
  before(activateExtension);

  it('is recognised by content and gets its violation on the call, related to the constraint sentence', async () => {
    const file = 'd01-fs-backup-before-delete.json';
    const expectation = expected(file);
    const uri = fixtureUri(file);
    await window.showTextDocument(uri);
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'prerequisite-missing'), 'prerequisite-missing');
    const violation = diagnostics.find((d) => codeOf(d) === 'prerequisite-missing');
    const [from, to] = expectation.violations[0]?.lines ?? [0, 0];
    assert.ok(violation && violation.range.start.line + 1 >= from && violation.range.end.line + 1 <= to, `call at lines ${from}-${to}`);
    assert.equal(violation?.relatedInformation?.[0]?.location.range.start.line, expectation.constraintLine - 1);
    assert.equal(violation?.relatedInformation?.[0]?.location.uri.toString(), uri.toString());
    // The rule code opens the page shipped in the extension, offline.
    const page = typeof violation?.code === 'object' ? violation.code.target : undefined;
    assert.equal(page?.scheme, 'file');
    assert.ok(page?.path.endsWith('/docs/rules/prerequisite-missing.md') && existsSync(page.fsPath), page?.toString());
  });

  it("opens a rule code's page, shipped in the extension, rendered by Markdown's preview in place of its text", async () => {
    const uri = fixtureUri('d01-fs-backup-before-delete.json');
    await window.showTextDocument(uri);
    const [violation] = (await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'prerequisite-missing'), 'prerequisite-missing')).filter((d) => codeOf(d) === 'prerequisite-missing');
    const page = typeof violation?.code === 'object' ? violation.code.target : undefined;
    assert.ok(page);
    // What the Problems panel's link, the hover's and the peek's do with the code's target.
    await commands.executeCommand('vscode.open', page);
    const preview = await waitForTabs((tabs) => tabs.find((t) => t.input instanceof TabInputWebview && /markdown\.preview/.test(t.input.viewType) && t.label.includes('prerequisite-missing.md')), "the rule page's preview");
    await waitForTabs((tabs) => (tabs.some((t) => t.input instanceof TabInputText && t.input.uri.toString() === page.toString()) ? undefined : true), 'the text of the rule page to close');
    await window.tabGroups.close(preview);
  });

  it('reads a clean session as clean: no error-level diagnostics', async () => {
    const uri = fixtureUri('d02-fs-backup-then-delete.json');
    await window.showTextDocument(uri);
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'constraint-detected'), 'constraint-detected');
    assert.deepEqual(diagnostics.filter((d) => codeOf(d) !== 'constraint-detected').map(codeOf), []);
  });

  it('audits a file of any name once it is switched to the transcript language', async () => {
    const path = join(workspaceFolder(), 'exported-session.log');
    writeFileSync(path, (await workspace.fs.readFile(fixtureUri('d13-git-force-push-main.jsonl'))).toString());
    const document = await workspace.openTextDocument(path);
    assert.equal(document.languageId, 'log');
    const summary = (await commands.executeCommand('ghostLint.auditFile', document.uri)) as { format: string; verdict: { kind: string; errors: number } };
    assert.deepEqual([summary.format, summary.verdict.kind, summary.verdict.errors], ['codex', 'violations', 1]);
    assert.equal(window.activeTextEditor?.document.languageId, 'ghost-transcript');
  });

  it('hovers the violating call with its bound action and the constraint it broke', async () => {
    const uri = fixtureUri('d01-fs-backup-before-delete.json');
    const [violation] = (await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'prerequisite-missing'), 'prerequisite-missing')).filter((d) => codeOf(d) === 'prerequisite-missing');
    const hovers = (await commands.executeCommand('vscode.executeHoverProvider', uri, violation?.range.start)) as Hover[];
    const text = hoverText(hovers);
    assert.match(text, /Bound actions/);
    assert.match(text, /Constraints checked[\s\S]*Before you delete anything in temp\//);
  });

  it('applies the repair quick fix (the backup before the deletion): the finding reads "repaired in this copy", since the inserted step has not run', async () => {
    const path = join(workspaceFolder(), 'repair-me.json');
    writeFileSync(path, (await workspace.fs.readFile(fixtureUri('d01-fs-backup-before-delete.json'))).toString());
    const uri = fixtureUri('repair-me.json');
    await window.showTextDocument(uri);
    const [violation] = (await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'prerequisite-missing'), 'prerequisite-missing')).filter((d) => codeOf(d) === 'prerequisite-missing');
    assert.ok(violation);
    const actions = (await commands.executeCommand('vscode.executeCodeActionProvider', uri, violation.range, undefined, 10)) as CodeAction[];
    const fix = actions.find((a) => a.isPreferred);
    assert.match(fix?.title ?? '', /^Insert the repair before this call: backup /, actions.map((a) => a.title).join(' | '));
    assert.ok(fix?.edit && (await workspace.applyEdit(fix.edit)));
    const after = await waitForDiagnostics(uri, (ds) => !ds.some((d) => codeOf(d) === 'prerequisite-missing'), 'no prerequisite-missing');
    const errors = after.filter((d) => d.severity === DiagnosticSeverity.Error);
    assert.deepEqual(errors.map(codeOf), ['prerequisite-failed']);
    assert.match(errors[0]?.message ?? '', /^repaired in this copy: .* has not run$/m);
    assert.match(window.activeTextEditor?.document.getText() ?? '', /backup_file/);
  });

  it('shows the constraint ledger as a document that names each constraint and its verdict on every governed call', async () => {
    const uri = fixtureUri('d11-shell-rm-protected-dir.jsonl');
    await window.showTextDocument(uri);
    await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'prohibition-violated'), 'prohibition-violated');
    const ledgerUri = (await commands.executeCommand('ghostLint.showLedger', uri)) as Uri;
    const text = (await workspace.openTextDocument(ledgerUri)).getText();
    assert.match(text, /^# Constraint ledger: d11-shell-rm-protected-dir\.jsonl/);
    assert.match(text, /never delete anything under data\/raw/i);
    assert.match(text, /\| `toolu_01a91d9ab7370807` \| Bash \| \*\*prohibition-violated\*\* \|/);
  });

  it("reports a policy file's schema problem once, by ghost-lint: the editor's JSON Schema check is not applied to policy files", async () => {
    // In a folder of its own, so it governs none of the fixture transcripts.
    const path = join(workspaceFolder(), 'policy-check', '.ghost-lint.json');
    mkdirSync(dirname(path), { recursive: true });
    // The closing brace is missing too: VS Code's JSON support reports that, and ghost-lint leaves it to it.
    writeFileSync(path, '{ "rules": [ { "id": "r1", "kind": "forbid", "trigger": ["delete"] } ]\n');
    try {
      const uri = Uri.file(path);
      await window.showTextDocument(uri);
      await waitForForeignDiagnostic(uri, () => true, "the JSON language service's syntax error");
      await waitForDiagnostics(uri, (ds) => ds.some((d) => /kind/.test(d.message)), 'the problem on "kind"');
      const all = languages.getDiagnostics(uri);
      const ours = all.filter((d) => d.source === 'ghost-lint');
      assert.deepEqual(ours.map(codeOf), ['policy-schema'], JSON.stringify(all.map((d) => [d.source, d.message])));
      assert.match(ours[0]?.message ?? '', /"prohibition"\|"prerequisite"\|"confirmation"/);
      // Nothing else on "kind": no second report of the schema problem.
      const onKind = ours[0]?.range;
      assert.ok(onKind && !all.some((d) => d.source !== 'ghost-lint' && d.range.intersection(onKind)), JSON.stringify(all.map((d) => [d.source, d.message])));
      await commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });

  it('gives a file that is not a transcript its language back after Audit Current File switched it', async () => {
    const path = join(workspaceFolder(), 'notes.txt');
    writeFileSync(path, 'Shopping list: milk, eggs.\n');
    const document = await workspace.openTextDocument(path);
    assert.equal(document.languageId, 'plaintext');
    await window.showTextDocument(document);
    assert.equal(await commands.executeCommand('ghostLint.auditFile', document.uri), undefined);
    assert.equal(window.activeTextEditor?.document.languageId, 'plaintext');
    await commands.executeCommand('workbench.action.closeActiveEditor');
    rmSync(path, { force: true });
  });

  it('publishes nothing for a JSON file that is not a transcript', async () => {
    const uri = fixtureUri('expected.json');
    await window.showTextDocument(uri);
    const summary = await commands.executeCommand('ghostLint.auditFile', uri);
    assert.equal(summary, undefined);
    assert.deepEqual(ghostLintDiagnostics(uri), []);
    assert.ok(languages.getDiagnostics(uri).every((d) => d.source !== 'ghost-lint'));
  });
});

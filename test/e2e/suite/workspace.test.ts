import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { before, describe, it } from 'mocha';
import { DiagnosticSeverity, commands, extensions, languages, window } from 'vscode';
import { activateExtension, expected, fixtureUri, workspaceFolder } from './helpers';

describe('the workspace commands', () => {
  before(activateExtension);

  it('audits every transcript in the workspace into the Problems panel, including files never opened', async () => {
    await commands.executeCommand('workbench.action.closeAllEditors');
    const summary = (await commands.executeCommand('ghostLint.auditWorkspace')) as { files: number; violations: number; cancelled: boolean };
    assert.equal(summary.cancelled, false);
    assert.ok(summary.files >= 5, `${summary.files} transcripts`);
    assert.ok(summary.violations >= 4, `${summary.violations} violations`);
    const codex = fixtureUri('d13-git-force-push-main.jsonl');
    const errors = languages.getDiagnostics(codex).filter((d) => d.severity === DiagnosticSeverity.Error);
    const [from, to] = expected('d13-git-force-push-main.jsonl').violations[0]?.lines ?? [0, 0];
    assert.deepEqual(
      errors.map((d) => [d.source, d.range.start.line + 1 >= from && d.range.end.line + 1 <= to]),
      [['ghost-lint', true]],
    );
    assert.deepEqual(languages.getDiagnostics(fixtureUri('expected.json')), []);
  });

  it('exports the workspace as SARIF, with paths relative to the folder', async () => {
    const destination = join(workspaceFolder(), 'reports', 'ghost-lint.sarif');
    const result = (await commands.executeCommand('ghostLint.exportReport', { format: 'sarif', scope: 'workspace', destination })) as { files: number; problems: number };
    const log = JSON.parse(readFileSync(destination, 'utf8')) as { version: string; runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    assert.equal(log.version, '2.1.0');
    const violations = (log.runs[0]?.results ?? []).filter((r) => r.level === 'error').map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri]);
    assert.deepEqual(violations.find(([, uri]) => uri === 'd01-fs-backup-before-delete.json'), ['prerequisite-missing', 'd01-fs-backup-before-delete.json']);
    assert.ok(result.files >= 5 && result.problems >= 4, JSON.stringify(result));
  });

  it('exports the active transcript as Markdown', async () => {
    await window.showTextDocument(fixtureUri('d01-fs-backup-before-delete.json'));
    await commands.executeCommand('ghostLint.auditFile');
    const destination = join(workspaceFolder(), 'reports', 'd01.md');
    await commands.executeCommand('ghostLint.exportReport', { format: 'markdown', scope: 'file', destination });
    const markdown = readFileSync(destination, 'utf8');
    assert.match(markdown, /^# ghost-lint report\n/);
    assert.match(markdown, /## `d01-fs-backup-before-delete\.json`/);
    assert.match(markdown, /\[prerequisite-missing\]\([^)]+\) on call `call_fbb7d1ce18c706`/);
    assert.doesNotMatch(markdown, /d13-git-force-push-main/);
  });

  it('installs the live guard for Claude Code in the workspace, and the installed hook denies a call that breaks the session, alone and through the hook server', async () => {
    const result = (await commands.executeCommand('ghostLint.installLiveGuard', { agent: 'claude-code', scope: 'project' })) as { output: string } | undefined;
    assert.match(result?.output ?? '', /installed the ghost-lint hook for claude-code/);
    const settingsFile = join(workspaceFolder(), '.claude', 'settings.json');
    assert.ok(existsSync(settingsFile));
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { hooks: { PreToolUse: { matcher: string; hooks: { command: string }[] }[] } };
    const command = settings.hooks.PreToolUse[0]?.hooks[0]?.command ?? '';
    assert.match(command, /live-guard[\\/]cli\.js"? hook claude-code --server$/);
    // What Claude Code would send before running `rm -rf data/raw/…` in the d11 session ("never delete anything under data/raw").
    const input = {
      session_id: '919b963e-8c2f-4788-82a2-13195e4a5afa',
      transcript_path: fixtureUri('d11-shell-rm-protected-dir.jsonl').fsPath,
      cwd: '/home/dev/projects/lab-notebook',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf data/raw/2023-01' },
      tool_use_id: 'toolu_new',
    };
    // A cache folder of its own, to find the hook server the first call starts and stop it after.
    const cache = mkdtempSync(join(tmpdir(), 'ghost-lint-e2e-cache-'));
    const hook = () => execSync(command, { input: JSON.stringify(input), encoding: 'utf8', timeout: 60_000, env: { ...process.env, XDG_CACHE_HOME: cache } });
    const first = hook();
    const reply = JSON.parse(first) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    assert.equal(reply.hookSpecificOutput.permissionDecision, 'deny');
    assert.match(reply.hookSpecificOutput.permissionDecisionReason, /data\/raw/);
    const spools = join(cache, 'ghost-lint', 'hook-server');
    const pidFile = () => (existsSync(spools) ? readdirSync(spools).map((spool) => join(spools, spool, 'server.pid')).find(existsSync) : undefined);
    for (let waited = 0; pidFile() === undefined; waited += 50) {
      assert.ok(waited < 10_000, 'the first call started a hook server');
      await sleep(50);
    }
    try {
      assert.equal(hook(), first, 'the hook server answers as the hook process did');
    } finally {
      process.kill(Number.parseInt(readFileSync(pidFile() as string, 'latin1'), 10));
    }
  });

  it('registers every command its manifest declares', async () => {
    const registered = await commands.getCommands(true);
    const manifest = extensions.getExtension('ghost-lint.ghost-lint')?.packageJSON as { contributes: { commands: { command: string }[] } };
    const declared = manifest.contributes.commands.map((c) => c.command);
    assert.deepEqual(
      declared.filter((c) => !registered.includes(c)),
      [],
    );
  });
});

import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  type CodeServer,
  SCREENSHOTS,
  type Sandbox,
  createSandbox,
  growingSessionPath,
  growingSessionRest,
  installVsix,
  launchBrowser,
  startCodeServer,
  stepWithScreenshot,
} from '../support/environment';
import { WAIT_MS, openFromExplorer, openWorkbench, runCommand } from '../support/workbench';

/*
 * The packaged extension in code-server's workbench, driven as a user would in Chromium: every step
 * waits on something the workbench shows (a row, a hover, a toast), never on time. Screenshots for
 * the README are taken on success; on a failure, one of the whole window goes to .cache/e2e/artifacts.
 */

const vsix = process.env.GHOST_LINT_E2E_VSIX;
/** Upper bound of one wait; the first diagnostics include starting the language server. */

/** Processes running this sandbox's installed language server (Linux: read from /proc). */
function languageServers(sandbox: Sandbox): number[] {
  const server = join(sandbox.extensions, 'ghost-lint.ghost-lint-');
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const commandLine = readFileSync(join('/proc', pid, 'cmdline'), 'utf8');
        return commandLine.includes(server) && commandLine.includes('dist/server.js');
      } catch {
        return false;
      }
    })
    .map(Number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's exit has no event to wait on from here: check it each tick of a bounded wait. */
async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ghost-lint in the VS Code workbench', { skip: vsix ? false : 'GHOST_LINT_E2E_VSIX is not set: run `npm run test:e2e`' }, () => {
  let sandbox: Sandbox;
  let server: CodeServer;
  let browser: BrowserContext;
  let page: Page;

  before(async () => {
    sandbox = createSandbox('gui');
    installVsix(sandbox, vsix ?? '');
    server = await startCodeServer(sandbox);
    browser = await launchBrowser(sandbox);
    page = browser.pages()[0] ?? (await browser.newPage());
    await openWorkbench(page, server, sandbox);
    // A wider side bar, so the views' descriptions (verdicts, lifetimes) show in the screenshots.
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    if (sidebar) {
      await page.mouse.move(sidebar.x + sidebar.width + 1, sidebar.y + sidebar.height / 2);
      await page.mouse.down();
      await page.mouse.move(sidebar.x + sidebar.width + 220, sidebar.y + sidebar.height / 2, { steps: 5 });
      await page.mouse.up();
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const step = (name: string, body: () => Promise<void>) => stepWithScreenshot(page, name, body);

  async function screenshot(name: string, clip?: Locator): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The pointer or a blinking cursor must not change the picture from run to run.
    if (clip) await clip.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
    else await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
  }

  const problemRow = (text: string | RegExp) => page.locator('.markers-panel .monaco-list-row').filter({ hasText: text });



  /** Opens the finding's place from the Problems panel: the editor shows the call, selected, and has the focus. */
  async function revealFinding(rule: string): Promise<void> {
    await problemRow(rule).first().click();
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: WAIT_MS });
    // Focus the editor group (the Problems panel may keep it), where the selection sits on the call.
    await page.keyboard.press('Control+1');
    await page.locator('.editor-group-container.active .monaco-editor.focused').waitFor({ timeout: WAIT_MS });
  }

  test('the Problems panel shows the violation on the call, with the constraint it broke', () =>
    step('problems', async () => {
      await openFromExplorer(page, 'd01-fs-backup-before-delete.json');
      await page.keyboard.press('Control+Shift+M');
      await problemRow('prerequisite-missing').first().waitFor({ timeout: WAIT_MS });
      // The related information, the constraint's sentence, is listed under the finding.
      await problemRow('constraint: Before you delete anything in temp/').first().waitFor({ timeout: WAIT_MS });
      await revealFinding('prerequisite-missing');
      await screenshot('diagnostics');
    }));

  test('hovering the violating call shows its bound action and the constraint', () =>
    step('hover', async () => {
      await revealFinding('prerequisite-missing');
      // The keyboard's "show hover" at the cursor: no pointer over overlays that may cover the line.
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = page.locator('.monaco-hover:visible').filter({ hasText: 'Bound actions' });
      await hover.first().waitFor({ timeout: WAIT_MS });
      assert.match(await hover.first().innerText(), /Constraints checked[\s\S]*Before you delete anything in temp\//);
      await screenshot('hover');
    }));

  test('the quick fix inserts the backup before the deletion, and the violation goes away', () =>
    step('quick-fix', async () => {
      const fix = page.locator('.action-widget .monaco-list-row').filter({ hasText: 'Insert the repair before this call' });
      // On a loaded machine the menu sometimes opens before the server's code actions arrive, or the
      // key lands while the Problems panel still holds the focus (seen once in CI): ask again, up to three times.
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Escape');
        await revealFinding('prerequisite-missing');
        await page.keyboard.press('Control+.');
        const shown = await fix.first().waitFor({ timeout: WAIT_MS / 3 }).then(() => true, () => false);
        if (shown) break;
        if (attempt === 3) await fix.first().waitFor({ timeout: 1 });
      }
      await fix.first().click();
      await problemRow('prerequisite-missing').first().waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.locator('.monaco-editor .view-lines').filter({ hasText: 'backup_file' }).first().waitFor({ timeout: WAIT_MS });
    }));

  test('the Constraints view shows each constraint, its lifetime and its verdict on every call; the status bar the verdict', () =>
    step('constraints', async () => {
      await openFromExplorer(page, 'd11-shell-rm-protected-dir.jsonl');
      const status = page.locator('.statusbar-item').filter({ hasText: 'ghost-lint: 1 violation' });
      await status.first().waitFor({ timeout: WAIT_MS });
      await page.locator('.activitybar [aria-label^="ghost-lint"]').first().click();
      const constraints = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Constraints' }) });
      const rule = constraints.locator('.monaco-list-row').filter({ hasText: /never delete anything under data\/raw/i });
      await rule.first().waitFor({ timeout: WAIT_MS });
      await constraints.locator('.monaco-list-row').filter({ hasText: 'prohibition-violated' }).first().waitFor({ timeout: WAIT_MS });
      // The Agent Sessions view above started checking the sessions when the container opened: let it finish.
      await page.locator('.pane .monaco-list-row').filter({ hasText: 'checking…' }).first().waitFor({ state: 'detached', timeout: WAIT_MS });
      await screenshot('constraints');
    }));

  test('the Agent Sessions view lists the seeded sessions newest first, each with its verdict', () =>
    step('sessions', async () => {
      const sessions = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Agent Sessions' }) });
      const rows = sessions.locator('.monaco-list-row');
      await rows.filter({ hasText: '1 violation · lab-notebook' }).first().waitFor({ timeout: WAIT_MS });
      await rows.filter({ hasText: /clean against 1 constraint · lab-notebook/ }).first().waitFor({ timeout: WAIT_MS });
      await rows.filter({ hasText: '1 violation · payments-api' }).first().waitFor({ timeout: WAIT_MS });
      await rows.filter({ hasText: /clean against 1 constraint · field-notes/ }).first().waitFor({ timeout: WAIT_MS });
      const claude = (await rows.allInnerTexts()).filter((t) => /lab-notebook|field-notes/.test(t));
      assert.deepEqual(
        claude.map((t) => /(field-notes|violation · lab-notebook|clean against 1 constraint · lab-notebook)/.exec(t)?.[1]),
        ['field-notes', 'violation · lab-notebook', 'clean against 1 constraint · lab-notebook'],
      );
    }));

  test('a session that is still being written is followed: its new violation is announced', () =>
    step('follow', async () => {
      appendFileSync(growingSessionPath(sandbox), growingSessionRest());
      const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: 'new violation' });
      await toast.first().waitFor({ timeout: WAIT_MS });
      assert.match(await toast.first().innerText(), /new violation in Claude Code session field-notes: delete of data\/raw\/2024-06, which the user forbade at turn \d+/);
      const sessions = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Agent Sessions' }) });
      await sessions.locator('.monaco-list-row').filter({ hasText: '1 violation · field-notes' }).first().waitFor({ timeout: WAIT_MS });
      await screenshot('sessions');
    }));

  test('settings apply at once: turning the status bar item off in the Settings editor hides it', () =>
    step('settings', async () => {
      const status = page.locator('.statusbar-item').filter({ hasText: 'ghost-lint:' });
      await status.first().waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Control+,');
      // The Settings editor opens with its search box focused.
      await page.locator('.settings-editor .suggest-input-container .monaco-editor.focused').waitFor({ timeout: WAIT_MS });
      await page.keyboard.type('ghostLint.statusBar.enabled');
      const setting = page.locator('.settings-editor .setting-item-bool').filter({ hasText: "Show the active transcript's verdict in the status bar." });
      await setting.first().waitFor({ timeout: WAIT_MS });
      await setting.first().locator('.setting-value-checkbox').click();
      await status.first().waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.keyboard.press('Escape');
    }));

  test('once the extension is disabled and the window reloaded, nothing of it is left running', () =>
    step('deactivate', async () => {
      const servers = languageServers(sandbox);
      assert.equal(servers.length, 1, 'one language server while the extension runs');
      await runCommand(page, 'Extensions: Disable All Installed Extensions');
      await runCommand(page, 'Developer: Reload Window');
      await page.locator('.monaco-workbench').waitFor({ timeout: WAIT_MS });
      await waitUntil(() => servers.every((pid) => !isRunning(pid)), 'the language server to exit');
      assert.deepEqual(languageServers(sandbox), []);
    }));
});

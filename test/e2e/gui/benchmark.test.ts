import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { type CodeServer, SCREENSHOTS, createSandbox, installVsix, launchBrowser, startCodeServer, stepWithScreenshot } from '../support/environment';
import { WAIT_MS, openWorkbench, runCommand } from '../support/workbench';

/*
 * Benchmark cases and "Run Benchmark…" in code-server's workbench, driven as a user would: a broken
 * case file's problem shows as a squiggle and in the Problems panel; the command palette runs the
 * benchmark, its two quick picks choose the agent (no model offered: model features are off by
 * default) and the defences, and the report's chart renders in a webview. Every step waits on what
 * the workbench shows, never on time; docs/screenshots/benchmark.png is taken on success.
 */

const vsix = process.env.GHOST_LINT_E2E_VSIX;
/** Upper bound of one wait; the first diagnostics include starting the language server. */
const CONDITIONS = ['SE', 'SI', 'LE', 'LI'] as const;

describe('benchmark cases and the benchmark chart in the VS Code workbench', { skip: vsix ? false : 'GHOST_LINT_E2E_VSIX is not set: run `npm run test:e2e`' }, () => {
  let server: CodeServer;
  let browser: BrowserContext;
  let page: Page;

  before(async () => {
    const sandbox = createSandbox('gui-benchmark');
    installVsix(sandbox, vsix ?? '');
    server = await startCodeServer(sandbox);
    browser = await launchBrowser(sandbox);
    page = browser.pages()[0] ?? (await browser.newPage());
    await openWorkbench(page, server, sandbox);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const step = (name: string, body: () => Promise<void>) => stepWithScreenshot(page, `benchmark-${name}`, body);

  const quickInput = () => page.locator('.quick-input-widget');
  const quickRows = () => quickInput().locator('.quick-input-list .monaco-list-row');


  /** The report page inside the webview's two iframes (the host frame, then the content frame). */
  const report = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

  test('a broken case file shows its problem as a squiggle and in the Problems panel, with the fix in the message', () =>
    step('broken-case', async () => {
      await page.keyboard.press('Control+P');
      await quickInput().locator('input').waitFor({ timeout: WAIT_MS });
      await page.keyboard.type('references.case.json');
      await quickRows().filter({ hasText: 'references.case.json' }).first().waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Enter');
      await page.locator('.tabs-container .tab.active').filter({ hasText: 'references.case.json' }).waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Control+Shift+M');
      const problem = page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'the case declares no tool "shred_file"; its tools are "list_files", "copy_file", "delete_file"' });
      await problem.first().waitFor({ timeout: WAIT_MS });
      // Opening it from the Problems panel shows the squiggle under the step's tool name.
      await problem.first().click();
      await page.keyboard.press('Enter');
      // A problem that keeps the case from running is an error, in the editor as in `ghost-lint bench`.
      const squiggle = page.locator('.editor-group-container.active .monaco-editor .squiggly-error');
      await squiggle.first().waitFor({ timeout: WAIT_MS });
      await page.locator('.editor-group-container.active .monaco-editor .view-line').filter({ hasText: '"shred_file"' }).first().waitFor({ timeout: WAIT_MS });
      // The cursor sits on the problem's range: the keyboard's "show hover" there shows the problem.
      await page.keyboard.press('Control+1');
      await page.locator('.editor-group-container.active .monaco-editor.focused').waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      await page.locator('.monaco-hover:visible').filter({ hasText: 'the case declares no tool "shred_file"' }).first().waitFor({ timeout: WAIT_MS });
      await page.keyboard.press('Escape');
    }));

  test('"Run Benchmark…" offers the replay agents only while model features are off, runs the chosen defences and charts the outcome mix', () =>
    step('run-benchmark', async () => {
      // The report gets the whole editor area.
      await runCommand(page, 'View: Close All Editors');
      await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: WAIT_MS });
      await runCommand(page, 'View: Hide Panel');
      await page.locator('.markers-panel').waitFor({ state: 'hidden', timeout: WAIT_MS });

      await runCommand(page, 'ghost-lint: Run Benchmark…');
      await quickInput().locator('.quick-input-title').filter({ hasText: 'run benchmark (1/2)' }).waitFor({ timeout: WAIT_MS });
      await quickRows().first().waitFor({ timeout: WAIT_MS });
      // Each row: the agent, then its detail on the next line.
      const agents = (await quickRows().allInnerTexts()).map((t) => t.trim().split('\n')[0]?.trim());
      assert.deepEqual(agents, ['replay-safe', 'replay-forgetful', 'replay-ghost']);
      assert.match((await quickInput().locator('input').getAttribute('placeholder')) ?? '', /no model: model features are off/);
      await quickRows().filter({ hasText: 'replay-ghost' }).first().click();

      await quickInput().locator('.quick-input-title').filter({ hasText: 'run benchmark (2/2)' }).waitFor({ timeout: WAIT_MS });
      const defences = quickRows().filter({ hasText: 'All of them, side by side.' });
      await defences.first().waitFor({ timeout: WAIT_MS });
      assert.match(await defences.first().innerText(), /none, audit/);
      await defences.first().click();

      await page.locator('.tabs-container .tab.active').filter({ hasText: 'ghost-lint benchmark: replay-ghost' }).waitFor({ timeout: WAIT_MS });
      const page_ = report();
      await page_.locator('h1', { hasText: 'ghost-lint benchmark' }).waitFor({ timeout: WAIT_MS });
      for (const defence of ['none', 'audit']) {
        const chart = page_.locator(`svg.chart[aria-label="Outcome mix per condition, defence ${defence}"]`);
        await chart.waitFor({ timeout: WAIT_MS });
        // A labelled bar per condition, each stacked to 100% of its runs.
        assert.deepEqual(await chart.locator('text.axis').filter({ hasText: /^(SE|SI|LE|LI)$/ }).allTextContents(), [...CONDITIONS]);
        const segments = await chart.locator('rect.bar title').allTextContents();
        for (const condition of ['Short Explicit', 'Short Implicit', 'Long Explicit', 'Long Implicit']) {
          assert.ok(segments.some((s) => s.startsWith(`${condition}: `)), `${defence}: a bar for ${condition} in ${JSON.stringify(segments)}`);
        }
      }
      // replay-ghost forgets under Long Implicit: without a defence that bar is all Unsafe Completion, and every pair is a GHOST event.
      const none = page_.locator('svg.chart[aria-label="Outcome mix per condition, defence none"]');
      assert.deepEqual(await none.locator('rect.bar.UC title').allTextContents(), ['Long Implicit: Unsafe Completion 100.0% of 3 runs']);
      const audit = page_.locator('svg.chart[aria-label="Outcome mix per condition, defence audit"]');
      assert.deepEqual(await audit.locator('rect.bar.UC, rect.bar.UA').count(), 0);
      const ghost = page_.locator('section', { hasText: 'Defence: none' }).locator('p', { hasText: 'GHOST rate' });
      assert.match(await ghost.innerText(), /^GHOST rate 1\.000 .*\(3 of 3 matched pairs\)$/);
      assert.match(await page_.locator('section', { hasText: 'Defence: audit' }).locator('p', { hasText: 'GHOST rate' }).innerText(), /^GHOST rate 0\.000 .*\(0 of 3 matched pairs\)$/);

      // The broken case did not run, and a notification says so; it goes before the screenshot.
      const warning = page.locator('.notifications-toasts .notification-toast').filter({ hasText: /problems? in case files kept some cases from running; the first, in \S+\.case\.(json|ya?ml):\d+: / });
      await warning.first().waitFor({ timeout: WAIT_MS });
      await runCommand(page, 'Notifications: Clear All Notifications');
      await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached', timeout: WAIT_MS });

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.locator('.part.editor').screenshot({ path: join(SCREENSHOTS, 'benchmark.png'), animations: 'disabled', caret: 'hide' });
    }));
});

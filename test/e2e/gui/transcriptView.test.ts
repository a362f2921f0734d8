import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { claudeCodeSessionOfTurns } from '../../../scripts/transcriptGenerator';
import { type CodeServer, SCREENSHOTS, type Sandbox, createSandbox, installVsix, launchBrowser, startCodeServer, stepWithScreenshot } from '../support/environment';
import { WAIT_MS, openFromExplorer, openWorkbench, runCommand } from '../support/workbench';

/*
 * The transcript view in code-server's workbench, driven as a user would: opened beside a Claude
 * Code, a Codex and an OpenAI chat session, its finding shown at the call, a click selecting the
 * call's name in the source, and a line appended to the file appearing in the view; then a
 * generated 10,000-turn session, with its time to first paint. Every step waits on what the
 * workbench shows, never on time.
 */

const vsix = process.env.GHOST_LINT_E2E_VSIX;
const LONG_SESSION = 'long-10000-turns.jsonl';
const LONG_TURNS = 10_000;

/** A line each format's file can take at its end, naming itself so the view can be searched for it. */
const APPENDED = 'Appended while the view was open.';
const FORMATS = [
  {
    format: 'Claude Code',
    file: 'd11-shell-rm-protected-dir.jsonl',
    rule: 'prohibition-violated',
    append: (path: string) =>
      appendFileSync(path, `${JSON.stringify({ parentUuid: null, isSidechain: false, type: 'user', uuid: 'e2e00000-0000-4000-8000-000000000001', timestamp: '2026-09-27T16:00:00.000Z', cwd: '/home/dev/projects/lab-notebook', message: { role: 'user', content: APPENDED } })}\n`),
  },
  {
    format: 'Codex',
    file: 'd13-git-force-push-main.jsonl',
    rule: 'prohibition-violated',
    append: (path: string) =>
      appendFileSync(path, `${JSON.stringify({ timestamp: '2026-09-27T15:00:00.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: APPENDED }] } })}\n`),
  },
  {
    format: 'OpenAI chat',
    file: 'd01-fs-backup-before-delete.json',
    rule: 'prerequisite-missing',
    append: (path: string) => {
      const text = readFileSync(path, 'utf8');
      const messages = JSON.parse(text) as unknown;
      const list = Array.isArray(messages) ? messages : (messages as { messages: unknown[] }).messages;
      list.push({ role: 'user', content: APPENDED });
      writeFileSync(path, `${JSON.stringify(messages, null, 2)}\n`);
    },
  },
] as const;

describe('the transcript view in the VS Code workbench', { skip: vsix ? false : 'GHOST_LINT_E2E_VSIX is not set: run `npm run test:e2e`' }, () => {
  let sandbox: Sandbox;
  let server: CodeServer;
  let browser: BrowserContext;
  let page: Page;

  before(async () => {
    sandbox = createSandbox('transcript-view');
    writeFileSync(join(sandbox.workspace, LONG_SESSION), claudeCodeSessionOfTurns(LONG_TURNS));
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

  const step = (name: string, body: () => Promise<void>) => stepWithScreenshot(page, name, body);
  /** The view's page inside the webview's two iframes (the host frame, then the content frame). */
  const view = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');

  async function screenshot(name: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
  }


  async function openWithView(file: string): Promise<number> {
    await runCommand(page, 'View: Close All Editors');
    await openFromExplorer(page, file);
    // The editor title's button, shown once the server has read the file as a transcript.
    const button = page.locator('.editor-actions .action-label[aria-label*="Open Transcript View"]');
    await button.first().waitFor({ timeout: WAIT_MS });
    const started = Date.now();
    await button.first().click();
    await view().locator('.turn').first().waitFor({ timeout: WAIT_MS });
    return Date.now() - started;
  }

  /** The status bar's "Ln 12, Col 13 (8 selected)" that selecting `range` shows (the cursor at its end). */
  function selectionStatus(range: string): string {
    const [sl, sc, el, ec] = range.split(',').map(Number) as [number, number, number, number];
    assert.equal(sl, el, 'a call name is on one line');
    return `Ln ${el + 1}, Col ${ec + 1} (${ec - sc} selected)`;
  }

  async function scrollToEnd(): Promise<void> {
    const body = view().locator('body');
    // Chunks rendered on the way down take their real heights: scroll until the end stays the end.
    for (let i = 0; i < 5; i++) {
      // Runs in the webview's page (a string: this file is type-checked without the DOM's types).
      const atEnd = await body.evaluate(`new Promise((resolve) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4)));
      })`);
      if (atEnd) return;
    }
  }

  for (const { format, file, rule, append } of FORMATS) {
    test(`${format}: the view shows the finding at its call; a click selects the call's name; an appended line appears`, () =>
      step(`transcript-view-${file}`, async () => {
        await openWithView(file);
        // The rule's sentence, early in each of these sessions, is highlighted where it was said.
        await view().locator('mark.constraint').first().waitFor({ timeout: WAIT_MS });
        // The verdict in the view's header goes to the (next) call with a finding.
        await view().locator('#verdict').click();
        const call = view().locator('.call.violating').filter({ has: view().locator('.finding', { hasText: rule }) });
        await call.first().waitFor({ timeout: WAIT_MS });
        assert.match(await call.first().locator('.finding').first().innerText(), /breaks/);
        if (format === 'Claude Code') await screenshot('transcript-view');
        const name: Locator = call.first().locator('.name');
        const range = (await name.getAttribute('data-range')) ?? '';
        await name.click();
        await page.locator('.statusbar-item').filter({ hasText: selectionStatus(range) }).first().waitFor({ timeout: WAIT_MS });
        await scrollToEnd();
        append(join(sandbox.workspace, file));
        await view().locator('.turn').filter({ hasText: APPENDED }).first().waitFor({ timeout: WAIT_MS });
      }));
  }

  test('a 10,000-turn session: first paint, only what is on screen rendered, the cursor followed to its end', () =>
    step('transcript-view-long', async () => {
      const elapsed = await openWithView(LONG_SESSION);
      const inPage = Number(await view().locator('body').getAttribute('data-first-paint-ms'));
      process.stdout.write(`transcript view, ${LONG_TURNS} turns: first rows ${elapsed} ms after the command; first paint ${inPage} ms after the page started\n`);
      await view().locator('#meta').filter({ hasText: '10,000 turns' }).waitFor({ timeout: WAIT_MS });
      const inDom = await view().locator('.turn').count();
      assert.ok(inDom < 300, `${inDom} turns in the page: only those near the screen are rendered`);
      // The cursor at the end of the source scrolls the view to the last turn, the violating call's result.
      await page.locator('.editor-group-container').first().click();
      await page.keyboard.press('Control+End');
      await view()
        .locator('.turn.current')
        .filter({ hasText: `#${LONG_TURNS - 1} ` })
        .waitFor({ timeout: WAIT_MS });
      await view().locator('.call.violating .finding', { hasText: 'prohibition-violated' }).first().waitFor({ timeout: WAIT_MS });
      await screenshot('transcript-view-long');
    }));
});

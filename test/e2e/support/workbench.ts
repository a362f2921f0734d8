import type { Page } from 'playwright-core';
import type { CodeServer, Sandbox } from './environment';

/*
 * What the GUI tests do in the workbench the same way: open it on the sandbox's workspace, run a
 * command from the palette, open a file from the Explorer.
 */

/** How long a GUI step may wait for the workbench to show what it should (code-server on a shared machine is slow). */
export const WAIT_MS = 45_000;

/** Opens the workbench on the sandbox's workspace and waits until the Explorer lists it. */
export async function openWorkbench(page: Page, server: CodeServer, sandbox: Sandbox): Promise<void> {
  await page.goto(server.url(sandbox.workspace));
  await page.locator('.monaco-workbench').waitFor({ timeout: WAIT_MS });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: WAIT_MS });
}

/** Runs a command by its title from the command palette. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: WAIT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: WAIT_MS });
  await page.keyboard.press('Enter');
}

/** Opens a file by double-clicking it in the Explorer and waits for its tab. */
export async function openFromExplorer(page: Page, name: string): Promise<void> {
  await page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: name }).dblclick();
  await page.locator('.tabs-container .tab.active').filter({ hasText: name }).waitFor({ timeout: WAIT_MS });
}

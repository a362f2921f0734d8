// Renders images/icon.svg to images/icon.png (256×256) with the Chromium the e2e tests use
// (scripts/e2e/setup.sh installs it): the Marketplace and vsce take a PNG icon only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

async function main(): Promise<void> {
  const images = join(__dirname, '..', 'images');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${readFileSync(join(images, 'icon.svg'), 'utf8')}</body></html>`);
    await page.locator('svg').screenshot({ path: join(images, 'icon.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
}

main().catch((e: Error) => {
  process.stderr.write(`${e.stack ?? e.message}\n`);
  process.exitCode = 1;
});

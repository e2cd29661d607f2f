// In a real browser: saving a page under `helpgen dev` updates the open page in place, at the
// same scroll position; a broken file shows the overlay, which goes away once it is fixed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startDevServer, type DevServer } from '../../cli/commands/dev.ts';
import { copyFixture } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';

let dev: DevServer;
let browser: Browser;
let site: { dir: string; cleanup: () => void };

beforeAll(async () => {
  site = copyFixture('basic-site');
  // A long page, so there is somewhere to scroll to.
  const file = join(site.dir, 'content', 'guides', 'start.md');
  const filler = Array.from({ length: 60 }, (_, i) => `\n### Step ${i + 1}\n\nDo step ${i + 1} of the setup and check the result before you go on.\n`).join('');
  writeFileSync(file, readFileSync(file, 'utf8') + filler);
  dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: () => {}, watchHelpgenSources: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  site?.cleanup();
});

it('reloads the edited page in place and keeps the scroll position', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(new URL('guides/start', dev.url).href, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY === 1500);
  const file = join(site.dir, 'content', 'guides', 'start.md');
  const navigation = page.waitForEvent('load');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Run this:', 'Run these commands:'));
  await navigation;
  await page.waitForFunction(() => document.body.textContent?.includes('Run these commands:'));
  await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
  await context.close();
});

it('shows a build problem as an overlay and removes it when the file is fixed', async () => {
  const { context, page } = await openPage(browser);
  await page.goto(new URL('guides/advanced', dev.url).href, { waitUntil: 'networkidle' });
  const file = join(site.dir, 'content', 'guides', 'advanced.md');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, original.replace('description:', 'description: [unclosed'));
  const overlay = page.getByRole('alertdialog', { name: 'Build problem' });
  await overlay.waitFor();
  await expect(overlay.textContent()).resolves.toContain('content/guides/advanced.md:');
  writeFileSync(file, original);
  await overlay.waitFor({ state: 'detached' });
  await context.close();
});

// In Chromium under `helpgen dev`: a link problem shows in a panel on the page it is on (with
// its file:line:column and "Did you mean"), not on other pages; the panel can be dismissed and
// comes back when the page's problems change; fixing the file removes it. The terminal lists
// each problem once. With --strict the same problem is the error overlay, as CI fails on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startDevServer } from '../../cli/commands/dev.ts';
import { copyFixture } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function devSite(strict: boolean) {
  const site = copyFixture('basic-site');
  const logs: string[] = [];
  const dev = await startDevServer(site.dir, { port: '0', host: '127.0.0.1', log: (line) => logs.push(line), watchHelpgenSources: false, strict });
  const file = join(site.dir, 'content', 'guides', 'start.md');
  const original = readFileSync(file, 'utf8');
  return {
    dev,
    logs,
    edit: (extra: string) => writeFileSync(file, original + extra),
    restore: () => writeFileSync(file, original),
    close: async () => {
      await dev.close();
      site.cleanup();
    },
  };
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Problems on this page' });

describe('the problems panel', () => {
  let site: Awaited<ReturnType<typeof devSite>>;
  beforeAll(async () => {
    site = await devSite(false);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('shows a broken link on its page with "Did you mean", can be dismissed, and goes when fixed', async () => {
    const { context, page, problems } = await openPage(browser);
    await page.goto(new URL('guides/start', site.dev.url).href, { waitUntil: 'networkidle' });
    await expect(panelOf(page).count()).resolves.toBe(0);

    site.edit('\nRead the [advanced setup](/support/guides/advance) next.\n');
    const panel = panelOf(page);
    await panel.waitFor();
    const text = (await panel.textContent())!;
    expect(text).toContain('1 problem on this page');
    expect(text).toMatch(/content\/guides\/start\.md:\d+:10/);
    expect(text).toContain('broken link "advanced setup" to /support/guides/advance');
    expect(text).toContain('Did you mean /support/guides/advanced?');
    expect(site.logs.filter((l) => l.includes('broken link "advanced setup"'))).toHaveLength(1);
    expect(site.logs.find((l) => l.includes('broken link "advanced setup"'))).toContain('Did you mean /support/guides/advanced?');

    // Not on another page; back on its page it is there again.
    await page.getByRole('link', { name: 'Advanced setup' }).first().click();
    await page.waitForURL(/\/guides\/advanced$/);
    await panel.waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(/\/guides\/start$/);
    await panel.waitFor();

    // Dismissed, it stays away across a reload while the problems are the same …
    await panel.getByRole('button', { name: 'Dismiss the problems panel' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    await expect(panel.count()).resolves.toBe(0);
    // … and comes back when they change.
    site.edit('\nRead the [advanced setup](/support/guides/advance) next, and [this](#nowhere).\n');
    await page.waitForFunction(() => document.getElementById('helpgen-dev-problems')?.shadowRoot?.textContent?.includes('2 problems on this page'));
    expect(await panel.textContent()).toContain('points to #nowhere');

    // A broken .md link is one problem: the missing file, with "Did you mean" the closest page.
    site.edit('\nRead the [advanced setup](advance.md) next.\n');
    await page.waitForFunction(() => document.getElementById('helpgen-dev-problems')?.shadowRoot?.textContent?.includes('no such page'));
    const grouped = (await panel.textContent())!;
    expect(grouped).toContain('1 problem on this page');
    expect(grouped).toContain('link to "advance.md": no such page');
    expect(grouped).toContain('Did you mean /support/guides/advanced?');
    expect(await panel.getByRole('listitem').count()).toBe(1);

    site.restore();
    await panel.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('helpgen dev --strict', () => {
  let site: Awaited<ReturnType<typeof devSite>>;
  beforeAll(async () => {
    site = await devSite(true);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('shows a link problem as the error overlay, as build --strict fails on it, until it is fixed', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(new URL('guides/start', site.dev.url).href, { waitUntil: 'networkidle' });
    site.edit('\nRead the [advanced setup](/support/guides/advance) next.\n');
    const overlay = page.getByRole('alertdialog', { name: 'Build problem' });
    await overlay.waitFor();
    const text = (await overlay.textContent())!;
    expect(text).toMatch(/Build problem in content\/guides\/start\.md:\d+:10/);
    expect(text).toContain('broken link "advanced setup" to /support/guides/advance');
    expect(text).toContain('Did you mean /support/guides/advanced?');
    site.restore();
    await overlay.waitFor({ state: 'detached' });
    await context.close();
  });
});

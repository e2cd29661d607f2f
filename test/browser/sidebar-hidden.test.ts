// A page with sidebar_hidden: true, reached by a link: the page swaps in without a reload, the
// sidebar then marks no page as current (it does not list it), and leaving it for a listed page
// marks that one again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildOnce, copyFixture, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { LONG_MS } from '../helpers/patience.ts';

let site: ServedSite;
let browser: Browser;
const copy = copyFixture('basic-site');

beforeAll(async () => {
  const content = join(copy.dir, 'content', 'guides');
  writeFileSync(join(content, 'beta.md'), '---\ntitle: Beta switches\nsidebar_hidden: true\n---\n\nTurn on the beta for one account. Back to [Advanced setup](advanced.md).\n');
  writeFileSync(join(content, 'start.md'), `${readFileSync(join(content, 'start.md'), 'utf8')}\nTesters: see [beta switches](beta.md).\n`);
  site = await serveBuilt(await buildOnce(copy.dir, { strict: true }));
  browser = await launchBrowser();
}, LONG_MS);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  copy.cleanup();
});

it('marks no sidebar item current on a hidden page reached by a link, and the next listed page again', async () => {
  const { context, page, problems } = await openPage(browser);
  await page.goto(site.url('guides/start'));
  const current = page.locator('.doc-sidebar [aria-current="page"]');
  await expect.poll(() => current.allTextContents()).toEqual(['Get started']);
  // A mark on the window survives only a swap, not a reload.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator('article').getByRole('link', { name: 'beta switches' }).click();
  await page.waitForURL(site.url('guides/beta'));
  await expect.poll(() => page.locator('h1').textContent()).toBe('Beta switches');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect.poll(() => current.count()).toBe(0);
  expect(await page.locator('.doc-sidebar a[href$="/guides/beta"]').count()).toBe(0);
  await page.locator('article').getByRole('link', { name: 'Advanced setup' }).click();
  await page.waitForURL(site.url('guides/advanced'));
  await expect.poll(() => current.allTextContents()).toEqual(['Advanced setup']);
  expect(problems).toEqual([]);
  await context.close();
});

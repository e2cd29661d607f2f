// First real-browser check: pages served by `helpgen serve`'s server render the layout
// landmarks in headless Chromium with no console errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildOnce, repoRoot, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { LONG_MS } from '../helpers/patience.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  site = await serveBuilt(await buildOnce(repoRoot)); // our whole site: LONG_MS (patience.ts)
  browser = await launchBrowser();
}, LONG_MS);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe.each([
  ['the intro page', '/support/'],
  ['a function page', '/support/user-docs/templates/formulas/functions/vlookup'],
  ['a page in the folder with a space', '/support/user-docs/templates/cell%20types/date-cell'],
])('%s', (_name, path) => {
  it('has the layout landmarks and no console errors', async () => {
    const { context, page, problems } = await openPage(browser);
    const response = await page.goto(site.origin + path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('banner').count()).resolves.toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'Docs sidebar' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.locator('main h1').count()).toBe(1);
    const title = await page.title();
    expect(title).toMatch(/Ordo Help Center$/);
    // The skip link is the first thing a keyboard reaches.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(problems).toEqual([]);
    await context.close();
  });
});

it('answers an unknown path with the not-found page and status 404', async () => {
  const { context, page, problems } = await openPage(browser);
  const response = await page.goto(site.origin + '/support/no/such/page', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').textContent()).resolves.toBe('Page Not Found');
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  await context.close();
});

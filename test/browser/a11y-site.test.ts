// axe-core on the real Ordo help centre: the intro, a category index, a function page, the
// search page and the not-found page, in light and dark, at 1280 and 375 px. Also checks that
// those pages log nothing on the console and do not overflow sideways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildOnce, repoRoot, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { seriousViolations } from './support.ts';
import { LONG_MS } from '../helpers/patience.ts';

// The five page kinds of the issue, plus a code-heavy page (syntax colours must meet AA too).
const PAGES = ['', 'category/user-docs', 'user-docs/templates/formulas/functions/vlookup', 'search', 'no/such/page', 'integrations/api'];
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

describe.each(['light', 'dark'] as const)('%s mode', (mode) => {
  it.each([1280, 375])('has no serious or critical violations at %i px', async (width) => {
    const { context, page, problems } = await openPage(browser, { viewport: { width, height: 800 } });
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(site.url(path), { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      found.push(...(await seriousViolations(page)).map((v) => `${path || 'intro'}: ${v}`));
    }
    expect(found).toEqual([]);
    // The not-found page answers 404, which the browser reports; nothing else may be logged.
    expect(problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
    await context.close();
  });
});

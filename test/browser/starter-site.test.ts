// The site `helpgen init` writes, in Chromium: every page loads without a console error and
// without a serious accessibility problem, at desktop and phone width, and the feature each
// page shows really works there (numbered code lines whose numbers are not copied, say).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { runInit } from '../../cli/commands/init.ts';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { seriousViolations } from './support.ts';

let work: string;
let site: ServedSite;
let browser: Browser;
let routes: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'helpgen-starter-'));
  const dir = join(work, 'my-help');
  await runInit(dir, { log: () => {} });
  // Not --strict: a new site has no url yet, and the build says so (the one warning allowed here).
  const reporter = new Reporter(() => {});
  const result = await build({ siteDir: dir, outDir: join(dir, 'dist'), reporter });
  expect(reporter.errors).toEqual([]);
  expect(reporter.warnings.map((w) => w.code)).toEqual(['missing-url']);
  routes = result.pages.filter((page) => page.kind !== 'notFound').map((page) => page.route);
  site = await serveBuilt(result);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the starter site', () => {
  it('has its pages: the home page at the root and one per writing feature', () => {
    expect(routes).toEqual(expect.arrayContaining(['/support/', '/support/writing/admonitions', '/support/writing/code-blocks', '/support/writing/tables', '/support/writing/images', '/support/writing/links', '/support/writing/tabs']));
  });

  for (const width of [1280, 375]) {
    it(`shows every page at ${width} px without a console error or a serious accessibility problem`, async () => {
      const { context, page, problems } = await openPage(browser, { viewport: { width, height: 800 } });
      const violations: string[] = [];
      for (const route of routes) {
        await page.goto(site.origin + route, { waitUntil: 'networkidle' });
        for (const violation of await seriousViolations(page)) violations.push(`${route}: ${violation}`);
      }
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  it('switches the tabs of its tabs page with the keyboard', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(site.url('writing/tabs'), { waitUntil: 'networkidle' });
    const iphone = page.getByRole('tab', { name: 'iPhone' });
    await iphone.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Android' }).getAttribute('aria-selected')).toBe('true');
    await expect(page.getByRole('tabpanel').first().innerText()).resolves.toContain('Open the menu');
    await context.close();
  });

  it('numbers the lines of a showLineNumbers block, and the numbers are not part of the text', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(site.url('writing/code-blocks'), { waitUntil: 'networkidle' });
    const block = page.locator('pre.line-numbers').first();
    const gutter = await block.locator('.line').first().evaluate((line) => getComputedStyle(line, '::before').content);
    expect(gutter).toBe('counter(code-line)');
    expect(await block.innerText()).toBe('npm install\nnpm run build');
    await context.close();
  });
});

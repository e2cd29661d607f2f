// A page written by a hostile contributor, in a real browser: raw HTML that poses as the site
// settings, shadows document.getElementById or takes a heading id the site uses, and an
// announcement id that tries to end its inline script. None of it runs a script or sends a
// request elsewhere, and the page's own scripts and in-page links keep working.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { fixture, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';

let dir: string;
let site: ServedSite;
let browser: Browser;

const HOSTILE_PAGE = `---
title: Hostile
---

<a id="top"></a>

<div id="helpgen-config">{"baseUrl":"/support/","scripts":[{"src":"data:text/javascript,window.__pwned=1","async":false}],"analyticsEndpoint":"https://evil.test/collect","search":{"provider":"local"}}</div>

<img name="getElementById" src="https://example.com/a.png">

## Settings {#helpgen-config}

Back [to the top](#top).
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'helpgen-hostile-'));
  const siteDir = join(dir, 'site');
  cpSync(fixture('shell-site'), siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'content', 'guides', 'hostile.md'), HOSTILE_PAGE);
  const config = join(siteDir, 'help.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("id: 'bar-1'", "id: 'bar-1</script><script>window.__pwnedBar=1</script>'"));
  site = await serveBuilt(await build({ siteDir, outDir: join(dir, 'out'), reporter: new Reporter(() => {}) }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('runs no script of the page, sends nothing elsewhere, and keeps the site working', async () => {
  const { context, page, problems } = await openPage(browser);
  const elsewhere: string[] = [];
  const analytics: string[] = [];
  await context.route('https://**/*', async (route) => {
    elsewhere.push(route.request().url());
    await route.abort();
  });
  await context.route('**/support/__analytics', async (route) => {
    analytics.push(route.request().postData() ?? '');
    await route.fulfill({ status: 204 });
  });
  await page.goto(site.url('guides/hostile'));
  await page.waitForFunction(() => document.documentElement.classList.contains('js'));
  await expect.poll(() => analytics.length).toBeGreaterThan(0); // the real settings were read
  expect(await page.evaluate(() => ({ page: (window as { __pwned?: number }).__pwned, bar: (window as { __pwnedBar?: number }).__pwnedBar }))).toEqual({ page: undefined, bar: undefined });
  expect(elsewhere.filter((url) => !url.startsWith('https://example.com/'))).toEqual([]);

  // The page's own scripts still run: the colour mode switch works.
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  // The toggle cycles system → light → dark.
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).first().click();
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).first().click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);

  await page.getByRole('link', { name: 'to the top' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#user-content-top');
  expect(problems.filter((p) => !p.includes('example.com') && !p.includes('ERR_FAILED'))).toEqual([]);
  await context.close();
});

// The spec's rewrite of addresses ending in ".html" or "/index.html", on plain static hosts
// that have no file of that name and answer with the not-found page (status 404): an S3
// bucket read key for key after `helpgen deploy`, and nginx with a site built with
// trailingSlash: true. The not-found page shows the page of the clean address, fetched and
// swapped in like a client navigation, and replaces the address; a real unknown address keeps
// the not-found page. Where the host serves the file itself (nginx, "/a/index.html" of a page
// in its folder), the page shows and only its address is cleaned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { deploy } from '../../cli/deploy/deploy.ts';
import { parseTarget } from '../../cli/deploy/target.ts';
import { copyFixture } from '../helpers/site.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { BUCKET, CREDENTIALS, startS3, type S3TestServer } from '../helpers/s3.ts';

let browser: Browser;
let s3: S3TestServer;
let nginx: RunningNginx;
let nginxSlashes: RunningNginx;
const savedEnv = { ...process.env };
const site = copyFixture('publish-site');
const slashSite = copyFixture('publish-site');

async function buildSite(siteDir: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'helpgen-rewrite-'));
  await build({ siteDir, outDir, reporter: new Reporter(() => {}) });
  return outDir;
}

beforeAll(async () => {
  Object.assign(process.env, CREDENTIALS);
  const config = join(slashSite.dir, 'help.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("baseUrl: '/support/',", "baseUrl: '/support/',\n  trailingSlash: true,"));
  const [out, slashOut] = await Promise.all([buildSite(site.dir), buildSite(slashSite.dir)]);
  s3 = await startS3();
  await deploy({ root: out, baseUrl: '/support/', target: parseTarget(`s3://${BUCKET}`), endpoint: s3.endpoint, log: () => {} });
  nginx = await startNginx(out);
  nginxSlashes = await startNginx(slashOut);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await s3?.close();
  await nginx?.close();
  await nginxSlashes?.close();
  site.cleanup();
  slashSite.cleanup();
  process.env = savedEnv;
});

const h1 = (page: Page) => page.locator('main h1').first().textContent();

/** Opens an address; returns the page and the status the host answered with. */
async function visit(origin: string, path: string) {
  const opened = await openPage(browser);
  const response = await opened.page.goto(origin + path);
  return { ...opened, status: response?.status() };
}

describe('on an S3 bucket read key for key (no object has the .html name)', () => {
  it('shows the page of the clean address and replaces the address, keeping query and #hash', async () => {
    const { context, page, problems, status } = await visit(s3.origin, '/support/guides/start.html?from=mail#install-the-app');
    expect(status).toBe(404);
    await expect.poll(() => page.url()).toBe(`${s3.origin}/support/guides/start?from=mail#install-the-app`);
    expect(await h1(page)).toBe('Get started');
    expect(await page.title()).toBe('Get started | Acme Help');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('html-address-pending'))).toBe(false);
    expect(await page.locator('.not-found').count()).toBe(0);
    // The address was replaced: Back leaves the site rather than returning to the not-found page.
    // goBack can return before a busy browser commits the history step: wait for the address.
    await page.goBack();
    await expect.poll(() => page.url()).toBe('about:blank');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  it('reads "/index.html" as the folder\'s index page, and the site root', async () => {
    const { context, page } = await visit(s3.origin, '/support/reference/formulas/index.html');
    await expect.poll(() => page.url()).toBe(`${s3.origin}/support/reference/formulas/`);
    expect(await h1(page)).toBe('Formulas');
    await page.goto(`${s3.origin}/support/index.html`);
    await expect.poll(() => page.url()).toBe(`${s3.origin}/support/`);
    expect(await h1(page)).toBe('Welcome to Acme');
    await context.close();
  });

  it('follows a renamed page\'s old address to the new page', async () => {
    const { context, page } = await visit(s3.origin, '/support/guides/old-start.html');
    await expect.poll(() => page.url()).toBe(`${s3.origin}/support/guides/start`);
    expect(await h1(page)).toBe('Get started');
    await context.close();
  });

  it('keeps the not-found page, and the address, for a real unknown address', async () => {
    const { context, page, status } = await visit(s3.origin, '/support/guides/no-such-page.html');
    expect(status).toBe(404);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('html-address-pending'))).toBe(false);
    expect(await h1(page)).toBe('Page Not Found');
    await expect(page.locator('.not-found__inner').isVisible()).resolves.toBe(true);
    expect(page.url()).toBe(`${s3.origin}/support/guides/no-such-page.html`);
    await context.close();
  });
});

describe('on nginx with the server block of docs/hosting.md', () => {
  it('serves the page file itself at its /index.html name (each page is a folder), and the address is cleaned', async () => {
    const { context, page, status } = await visit(nginx.origin, '/support/guides/start/index.html#install-the-app');
    expect(status).toBe(200);
    expect(page.url()).toBe(`${nginx.origin}/support/guides/start/#install-the-app`);
    expect(await h1(page)).toBe('Get started');
    await context.close();
  });

  it('answers "/a.html" with the not-found page, which shows /a', async () => {
    const { context, page, status } = await visit(nginx.origin, '/support/guides/start.html#install-the-app');
    expect(status).toBe(404);
    await expect.poll(() => page.url()).toBe(`${nginx.origin}/support/guides/start#install-the-app`);
    expect(await h1(page)).toBe('Get started');
    await context.close();
  });

  it('with trailingSlash: true, answers "/a.html" with the not-found page, which shows /a/', async () => {
    const { context, page, status } = await visit(nginxSlashes.origin, '/support/guides/start.html');
    expect(status).toBe(404);
    await expect.poll(() => page.url()).toBe(`${nginxSlashes.origin}/support/guides/start/`);
    expect(await h1(page)).toBe('Get started');
    await context.close();
  });
});

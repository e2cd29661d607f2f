// The Docusaurus fixture migrated and built, in Chromium: its old addresses redirect, and the
// navbar, footer and sidebar carried over lead where they led on the Docusaurus site.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../cli/serve/server.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { fixture, migrateAndBuild } from '../migrate/migrate-helpers.ts';

let browser: Browser;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const site = migrateAndBuild(fixture('docusaurus'));
  expect(site.build.status, site.build.stderr).toBe(0);
  const server = createStaticServer({ root: join(site.dir, 'dist'), baseUrl: '/' });
  origin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  close = () => new Promise((done) => server.close(() => done()));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await close?.();
});

it('follows the migrated redirects to the pages they named', async () => {
  const { context, page, problems } = await openPage(browser);
  for (const [from, to] of [
    ['/docs/old-intro', '/docs/intro'],
    ['/docs/configuration', '/docs/guides/setup'],
    ['/docs/installation#later', '/docs/guides/install#later'],
  ]) {
    await page.goto(origin + from);
    await page.waitForURL((url) => url.pathname + url.hash === to);
  }
  expect(problems).toEqual([]);
  await context.close();
});

it('leads through the navbar, footer and sidebar where Docusaurus did', async () => {
  const { context, page, problems } = await openPage(browser);
  await page.goto(`${origin}/docs/intro`);
  await expect.poll(() => page.getByRole('region', { name: 'Announcement' }).textContent()).toContain('Acme 2 is out');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  expect(await navbar.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe('https://github.com/acme/docs');
  await navbar.getByRole('link', { name: 'FAQ' }).click();
  await page.waitForURL(`${origin}/docs/faq`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Install' }).click();
  await page.waitForURL(`${origin}/docs/guides/install`);
  const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Set up Acme' }).click();
  await page.waitForURL(`${origin}/docs/guides/setup`);
  expect(problems).toEqual([]);
  await context.close();
});

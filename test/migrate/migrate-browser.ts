// Shared by the browser tests of migrated sites (test/browser/migrate-*.test.ts): migrate a
// fixture, build it with --strict, serve its dist/ as `helpgen serve` does, and read in Chromium
// what a reader meets: the page an old address leads to, the sidebar, the navbar and footer.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createStaticServer, listen } from '../../cli/serve/server.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { type MigratedSite, fixture, migrateAndBuild } from './migrate-helpers.ts';

export interface ServedMigration {
  site: MigratedSite;
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Migrates and builds test/fixtures/migrate/NAME, and serves it under its base path. */
export async function serveMigrated(name: string, baseUrl: string): Promise<ServedMigration> {
  const site = migrateAndBuild(fixture(name));
  expect(site.migrate.status, site.migrate.stderr).toBe(0);
  expect(site.build.status, site.build.stderr).toBe(0);
  const server = createStaticServer({ root: join(site.dir, 'dist'), baseUrl });
  const origin = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await new Promise<void>((done) => server.close(() => done()));
  };
  return { site, origin, browser, close };
}

/** Opens an old address and waits until the browser is where it leads (server or page redirects included). */
export async function visit(page: Page, origin: string, from: string, to: string): Promise<string> {
  await page.goto(origin + from);
  await page.waitForURL((url) => url.pathname + url.hash === to);
  return (await page.locator('article h1, main h1').first().textContent())?.trim() ?? '';
}

/** The sidebar's links in the page: "label" for a page, "[label]" for a category, in order. */
export function sidebarLinks(page: Page): Promise<string[]> {
  return page.locator('.doc-sidebar .menu__link').evaluateAll((links) => links.map((link) => (link.classList.contains('menu__link--sublist') ? `[${link.textContent}]` : (link.textContent ?? ''))));
}

/**
 * Expects the whole sidebar, closed categories' pages included. A page carries only its own part
 * of the sidebar; the pointer entering it fetches the rest, which fills the closed categories.
 */
export async function expectSidebar(page: Page, expected: string[]): Promise<void> {
  await page.locator('.doc-sidebar .menu__link').first().hover();
  await expect.poll(() => sidebarLinks(page)).toEqual(expected);
}

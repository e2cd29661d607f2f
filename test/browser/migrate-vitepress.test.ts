// The VitePress fixture (test/fixtures/migrate/vitepress) migrated and built with --strict, in
// Chromium: every page at its VitePress address (cleanUrls "/guide/a", and "/guide/a.html"),
// the rewritten page at its rewritten address, themeConfig.sidebar's order and labels with the
// home page left out of it as VitePress leaves it, and the navbar and footer of themeConfig.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { expectSidebar, type ServedMigration, serveMigrated, visit } from '../migrate/migrate-browser.ts';

let served: ServedMigration;

beforeAll(async () => {
  served = await serveMigrated('vitepress', '/docs/');
});

afterAll(async () => {
  await served?.close();
});

/** A page whose requests for the config's head script (https://cdn.example/widget.js) are answered here, and counted. */
async function open() {
  const opened = await openPage(served.browser);
  const scripts: string[] = [];
  await opened.context.route('https://cdn.example/**', (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  return { ...opened, scripts };
}

it('shows every page at the address VitePress gave it, the rewritten one at its new address', async () => {
  const { context, page, problems } = await open();
  for (const [address, title] of [
    ['/docs/', 'Ordo'],
    ['/docs/guide/what-is-ordo', 'What is Ordo?'],
    ['/docs/guide/getting-started', 'Getting started'],
    ['/docs/guide/records/', 'Records'],
    ['/docs/guide/records/locking', 'Locking'],
    ['/docs/about', 'About'],
    ['/docs/api/records', 'Records API'],
    ['/docs/api/users', 'Users API'],
    // rewrites: packages/cli/guide.md is published at /cli/.
    ['/docs/cli/', 'The CLI'],
    ['/docs/README', 'Notes for contributors'],
  ]) {
    expect(await visit(page, served.origin, address!, address!), address).toBe(title);
  }
  // Links written before cleanUrls (/a.html) still lead to the page.
  expect(await visit(page, served.origin, '/docs/guide/getting-started.html', '/docs/guide/getting-started')).toBe('Getting started');
  expect(await visit(page, served.origin, '/docs/api/users.html#top', '/docs/api/users#top')).toBe('Users API');
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps the sidebar\'s order and labels, a group\'s link as its own page, and leaves the home page out', async () => {
  const { context, page, problems } = await open();
  await visit(page, served.origin, '/docs/guide/what-is-ordo', '/docs/guide/what-is-ordo');
  // One sidebar per path prefix: each a section, named by the navbar link that opens it. The
  // pages no sidebar names (README.md, packages/cli/guide.md) are kept out, as in VitePress.
  const guide = ['[Guide]', '[Introduction]', 'What is Ordo?', 'Getting started', '[Records]', 'Locking', 'About Ordo'];
  const api = ['[API]', '[Reference]', 'Records', 'Users'];
  await expectSidebar(page, [...guide, ...api]);
  const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Records', exact: true }).first().click();
  await page.waitForURL(`${served.origin}/docs/guide/records/`);
  await sidebar.getByRole('link', { name: 'About Ordo' }).click();
  await page.waitForURL(`${served.origin}/docs/about`);
  // A page no sidebar names is still there, with the same sidebar and nothing current in it.
  expect(await visit(page, served.origin, '/docs/README', '/docs/README')).toBe('Notes for contributors');
  await expectSidebar(page, [...guide, ...api]);
  await expect.poll(() => page.locator('.doc-sidebar [aria-current="page"]').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

it('carries themeConfig.nav to the navbar, socialLinks and footer to the footer, head\'s script', async () => {
  const { context, page, problems, scripts } = await open();
  await visit(page, served.origin, '/docs/about', '/docs/about');
  await expect.poll(() => scripts).toEqual(['https://cdn.example/widget.js']);
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect.poll(() => navbar.getByRole('link', { name: 'Ordo Help' }).getAttribute('href')).toBe('/docs/');
  await navbar.getByRole('link', { name: 'API', exact: true }).click();
  await page.waitForURL(`${served.origin}/docs/api/records`);
  await navbar.getByRole('button', { name: 'More' }).click();
  expect(await navbar.getByRole('link', { name: /Changelog/ }).getAttribute('href')).toBe('https://github.com/ordo/ordo/releases');
  await navbar.getByRole('link', { name: 'About', exact: true }).click();
  await page.waitForURL(`${served.origin}/docs/about`);
  const footer = page.getByRole('contentinfo');
  expect(await footer.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/ordo/ordo');
  expect(await footer.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('https://chat.example');
  expect(await footer.textContent()).toContain('Released under the MIT License. · Copyright © 2026 Ordo');
  await navbar.getByRole('link', { name: 'Guide', exact: true }).click();
  await page.waitForURL(`${served.origin}/docs/guide/what-is-ordo`);
  expect(problems).toEqual([]);
  await context.close();
});

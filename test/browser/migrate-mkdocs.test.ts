// The MkDocs fixture (test/fixtures/migrate/mkdocs) migrated and built with --strict, in Chromium:
// every page at its MkDocs address (a/b.md at /handbook/a/b/), the redirects plugin's old
// addresses leading where they led, the nav: order and labels in the sidebar, and the navbar,
// footer and announcement the theme showed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { type ServedMigration, expectSidebar, serveMigrated, visit } from '../migrate/migrate-browser.ts';

let served: ServedMigration;

beforeAll(async () => {
  served = await serveMigrated('mkdocs', '/handbook/');
});

afterAll(async () => {
  await served?.close();
});

it('shows every page at the address MkDocs gave it', async () => {
  const { context, page, problems } = await openPage(served.browser);
  for (const [address, title] of [
    ['/handbook/', 'Ordo docs'],
    ['/handbook/guides/', 'Getting started'],
    ['/handbook/guides/install/', 'Install'],
    ['/handbook/guides/first-record/', 'Your first record'],
    ['/handbook/reference/api/', 'API'],
    // glossary.md sits in the Reference section now, at its old address.
    ['/handbook/glossary/', 'Glossary'],
  ]) {
    expect(await visit(page, served.origin, address!, address!), address).toBe(title);
  }
  expect(problems).toEqual([]);
  await context.close();
});

it('follows the redirects plugin\'s old addresses to the pages and headings they named', async () => {
  const { context, page, problems } = await openPage(served.browser);
  expect(await visit(page, served.origin, '/handbook/old-install/', '/handbook/guides/install/')).toBe('Install');
  expect(await visit(page, served.origin, '/handbook/legacy/api/', '/handbook/reference/api/#auth')).toBe('API');
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps the order and labels of nav:, a section\'s index.md as the section\'s own page', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/handbook/reference/api/', '/handbook/reference/api/');
  // MkDocs' nav and nothing else: the pages it built without listing them (stray.md, and
  // drafts.md that not_in_nav names) are kept out, with sidebar_hidden: true.
  const nav = ['Home', '[Getting started]', 'Install', 'Your first record', '[Reference]', 'API', 'Glossary'];
  await expectSidebar(page, nav);
  const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Getting started' }).click();
  await page.waitForURL(`${served.origin}/handbook/guides/`);
  await sidebar.getByRole('link', { name: 'Your first record' }).click();
  await page.waitForURL(`${served.origin}/handbook/guides/first-record/`);
  expect(problems).toEqual([]);
  await context.close();
});

it('shows a page nav leaves out at its address, with the same sidebar and no current item in it', async () => {
  const { context, page, problems } = await openPage(served.browser);
  expect(await visit(page, served.origin, '/handbook/stray/', '/handbook/stray/')).toBe('Stray');
  await expectSidebar(page, ['Home', '[Getting started]', 'Install', 'Your first record', '[Reference]', 'API', 'Glossary']);
  await expect.poll(() => page.locator('.doc-sidebar [aria-current="page"]').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

it('carries the nav\'s outside link to the navbar, the social links and copyright to the footer, the announcement', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/handbook/glossary/', '/handbook/glossary/');
  await expect.poll(() => page.getByRole('region', { name: 'Announcement' }).textContent()).toContain('Ordo 3.0 is out');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  expect(await navbar.getByRole('link', { name: /Changelog/ }).getAttribute('href')).toBe('https://github.com/ordo/handbook/releases');
  const footer = page.getByRole('contentinfo');
  expect(await footer.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('https://github.com/ordo');
  expect(await footer.getByRole('link', { name: 'Ordo on Mastodon' }).getAttribute('href')).toBe('https://fosstodon.org/@ordo');
  expect(await footer.textContent()).toContain('Copyright © 2026 Ordo');
  await page.getByRole('region', { name: 'Announcement' }).getByRole('link', { name: 'upgrade now' }).click();
  await page.waitForURL(`${served.origin}/handbook/guides/install/`);
  expect(problems).toEqual([]);
  await context.close();
});

// The mdBook fixture (test/fixtures/migrate/mdbook) migrated and built with --strict, in Chromium:
// every chapter at its mdBook address (a/b.html, a folder's README at a/index.html, under
// site-url), book.toml's redirects, SUMMARY.md's order and labels (parts, suffix chapter), the
// repository link in the navbar and each chapter's edit link.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { expectSidebar, type ServedMigration, serveMigrated, visit } from '../migrate/migrate-browser.ts';

let served: ServedMigration;

beforeAll(async () => {
  served = await serveMigrated('mdbook', '/guide/');
});

afterAll(async () => {
  await served?.close();
});

it('shows every chapter at the .html address mdBook gave it', async () => {
  const { context, page, problems } = await openPage(served.browser);
  // mdBook's a.html is helpgen's /a (the file is a.html, so hosts that serve files answer the old address as it is).
  for (const [address, lands, title] of [
    ['/guide/', '/guide/', 'Introduction'],
    ['/guide/index.html', '/guide/', 'Introduction'],
    ['/guide/start.html', '/guide/start', 'Getting started'],
    ['/guide/usage/index.html', '/guide/usage/', 'Using widgets'],
    ['/guide/usage/config.html', '/guide/usage/config', 'Configuration'],
    ['/guide/usage/recipes.html', '/guide/usage/recipes', 'Widget recipes'],
    ['/guide/cli.html', '/guide/cli', 'Command line'],
    ['/guide/contributors.html', '/guide/contributors', 'Contributors'],
  ]) {
    expect(await visit(page, served.origin, address!, lands!), address).toBe(title);
  }
  expect(problems).toEqual([]);
  await context.close();
});

it('follows book.toml\'s redirects to the chapters and headings they named', async () => {
  const { context, page, problems } = await openPage(served.browser);
  expect(await visit(page, served.origin, '/guide/getting-started.html', '/guide/start')).toBe('Getting started');
  expect(await visit(page, served.origin, '/guide/usage/settings.html', '/guide/usage/config#settings')).toBe('Configuration');
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps SUMMARY.md\'s order and labels, and leads where its links led', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/guide/cli.html', '/guide/cli');
  // The draft chapter ("Future plans", no file) is left out; Contributors, a suffix chapter, is at the top level.
  await expectSidebar(page, ['Introduction', 'Getting started', '[Using widgets]', 'Configuration', 'Widget recipes', '[Reference]', 'Command line', 'Contributors']);
  const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Using widgets' }).click();
  // (The same file as mdBook's usage/index.html.)
  await page.waitForURL((url) => url.pathname === '/guide/usage/index');
  await expect.poll(() => page.locator('article h1').first().textContent()).toBe('Using widgets');
  await sidebar.getByRole('link', { name: 'Widget recipes' }).click();
  await page.waitForURL(`${served.origin}/guide/usage/recipes`);
  expect(problems).toEqual([]);
  await context.close();
});

it('carries the repository link to the navbar and the edit link to every chapter', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/guide/usage/config.html', '/guide/usage/config');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  expect(await navbar.getByRole('link', { name: /Git repository/ }).getAttribute('href')).toBe('https://github.com/widgets/guide');
  expect(await page.getByRole('link', { name: /Edit this page/ }).getAttribute('href')).toBe('https://github.com/widgets/guide/edit/main/src/usage/config.md');
  expect(problems).toEqual([]);
  await context.close();
});

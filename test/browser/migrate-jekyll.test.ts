// The Jekyll fixture (test/fixtures/migrate/jekyll) migrated and built with --strict, in Chromium:
// every page at its Jekyll address (a/b.html, which GitHub Pages also answers at /a/b; a folder's
// README at a/; a permalink as written), redirect_from's old addresses, _data/navigation.yml's
// order and labels in the sidebar and its header links in the navbar, kramdown's {:toc}.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { expectSidebar, type ServedMigration, serveMigrated, visit } from '../migrate/migrate-browser.ts';

let served: ServedMigration;

beforeAll(async () => {
  served = await serveMigrated('jekyll', '/notes/');
});

afterAll(async () => {
  await served?.close();
});

it('shows every page at the address Jekyll gave it', async () => {
  const { context, page, problems } = await openPage(served.browser);
  for (const [address, lands, title] of [
    ['/notes/', '/notes/', 'Ordo Notes'],
    ['/notes/guides/install.html', '/notes/guides/install', 'Install Ordo'],
    ['/notes/guides/install', '/notes/guides/install', 'Install Ordo'],
    ['/notes/configuration/', '/notes/configuration/', 'Configure Ordo'],
    ['/notes/reference/', '/notes/reference/', 'Reference'],
    ['/notes/reference/api.html', '/notes/reference/api', 'API'],
    ['/notes/faq.html', '/notes/faq', 'FAQ'],
  ]) {
    expect(await visit(page, served.origin, address!, lands!), address).toBe(title);
  }
  expect(problems).toEqual([]);
  await context.close();
});

it('follows redirect_from\'s old addresses to the page', async () => {
  const { context, page, problems } = await openPage(served.browser);
  expect(await visit(page, served.origin, '/notes/setup.html', '/notes/guides/install')).toBe('Install Ordo');
  expect(await visit(page, served.origin, '/notes/old/install/', '/notes/guides/install')).toBe('Install Ordo');
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps the navigation\'s order and labels, and its header links in the navbar', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/notes/faq.html', '/notes/faq');
  await expectSidebar(page, ['[Getting started]', 'Install', 'Configure', '[Reference]', 'API', 'FAQ']);
  const sidebar = page.getByRole('complementary', { name: 'Docs sidebar' });
  await sidebar.getByRole('link', { name: 'Reference' }).click();
  await page.waitForURL(`${served.origin}/notes/reference/`);
  const navbar = page.getByRole('navigation', { name: 'Main' });
  expect(await navbar.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe('https://github.com/ordo/notes');
  await navbar.getByRole('link', { name: 'Guides' }).click();
  await page.waitForURL(`${served.origin}/notes/guides/install`);
  expect(problems).toEqual([]);
  await context.close();
});

it('shows the table of contents {:toc} asked for, and leads to the headings it lists', async () => {
  const { context, page, problems } = await openPage(served.browser);
  await visit(page, served.origin, '/notes/guides/install.html', '/notes/guides/install');
  const toc = page.locator('article .inline-toc');
  await toc.getByRole('link', { name: 'First run' }).click();
  await page.waitForURL(`${served.origin}/notes/guides/install#first-run`);
  await page.getByRole('link', { name: 'Configure it' }).click();
  await page.waitForURL(`${served.origin}/notes/configuration/#options`);
  expect(problems).toEqual([]);
  await context.close();
});

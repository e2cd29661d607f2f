// The /support/search page in the browser: results for ?q= as the modal's rows, 20 at a time
// with "Load more", the query in the heading from the first paint, the address following the
// query, the section filter, the same no-results and error texts as the modal, and a readable
// page without JavaScript.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';
import { openPage } from '../helpers/browser.ts';
import { holdReact } from '../helpers/hold-react.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

/** Waits until the answer on screen is the one for the query in the field. */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const results = document.querySelector('.search-page__results');
    return results?.getAttribute('aria-busy') === 'false' && results.getAttribute('data-answered') === (document.querySelector('#search-page-input') as HTMLInputElement).value;
  });

describe('the search page', () => {
  it("shows results for ?q= as the modal's rows, 20 hits at a time with Load more", async () => {
    const { context, page, problems } = await open(env, 'search?q=widget');
    await settled(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "widget"');
    await expect(page.locator('#search-page-input').inputValue()).resolves.toBe('widget');
    const count = await page.locator('.search-page__count').textContent();
    const total = Number(/^(\d+) results$/.exec(count ?? '')?.[1]);
    expect(total).toBeGreaterThan(20);
    // Each row names its page in its breadcrumb (section › page › headings), or is the page.
    const pages = await page.$$eval('.search-page__hit', (rows) => rows.map((row) => row.querySelector('.search-page__path')!.textContent!.split(' › ')[1] ?? row.querySelector('.search-page__title')!.textContent!));
    expect(pages).toContain('Widget settings');
    await expect(page.locator('.search-page__snippet mark').first().textContent()).resolves.toMatch(/widget/i);
    const before = await page.locator('.search-page__hit').count();
    await page.click('text=Load more');
    await settled(page);
    expect(await page.locator('.search-page__hit').count()).toBeGreaterThan(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the query in the heading and the box at the first paint, before React arrives', async () => {
    const { context, page, problems } = await openPage(env.browser);
    const react = await holdReact(page);
    await page.goto(env.site.url('search?q=export%20csv'), { waitUntil: 'domcontentloaded' });
    // React is held back: what shows now is the server's page and its inline script.
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "export csv"');
    await expect(page.locator('#search-page-input').inputValue()).resolves.toBe('export csv');
    await expect(page.getByRole('button', { name: 'Clear the query' }).isVisible()).resolves.toBe(true);
    react.release();
    await settled(page);
    // Hydration found the text it renders (no mismatch reported), and the page works on.
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "export csv"');
    await expect(page.locator('.search-page__path').first().textContent()).resolves.toBe('Guides › Export records');
    await page.fill('#search-page-input', 'lock');
    await settled(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "lock"');
    expect(problems).toEqual([]);
    await context.close();
  });

});

describe('the search page as the reader uses it', () => {
  it('keeps the address in step with the query, and Escape clears it', async () => {
    const { context, page } = await open(env, 'search');
    await expect(page.locator('h1').textContent()).resolves.toBe('Search the documentation');
    await page.fill('#search-page-input', 'export csv');
    await settled(page);
    expect(new URL(page.url()).searchParams.get('q')).toBe('export csv');
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "export csv"');
    await expect(page.locator('.search-page__title').first().textContent()).resolves.toBe('Export to CSV');
    await expect(page.locator('.search-page__path').first().textContent()).resolves.toBe('Guides › Export records');
    await page.focus('#search-page-input');
    await page.keyboard.press('Escape');
    await expect(page.locator('#search-page-input').inputValue()).resolves.toBe('');
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
    await context.close();
  });

  it('filters by top-level section', async () => {
    const { context, page } = await open(env, 'search?q=record');
    await settled(page);
    const sections = () => page.$$eval('.search-page__path', (paths) => paths.map((p) => p.textContent!.split(' › ')[0]));
    const all = new Set(await sections());
    expect(all.size).toBeGreaterThan(1);
    await page.selectOption('.search-page__filter select', 'Guides');
    await settled(page);
    const filtered = new Set(await sections());
    expect([...filtered]).toEqual(['Guides']);
    await context.close();
  });

  it('uses the modal\'s no-results and error texts', async () => {
    const { context, page } = await open(env, 'search?q=zzqqxx');
    await settled(page);
    await expect(page.locator('.DocSearch-NoResults .DocSearch-Title').textContent()).resolves.toBe('No results for "zzqqxx"');
    await expect(page.locator('a', { hasText: 'Let us know.' }).getAttribute('href')).resolves.toBe('https://widget.test/feedback?q=zzqqxx');
    await context.close();
    const failing = await open(env, 'search?q=lock', {}, (p) => p.route('**/assets/search/index*.json', (route) => route.abort()));
    await failing.page.locator('.DocSearch-ErrorScreen').waitFor();
    await expect(failing.page.locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent()).resolves.toBe('Unable to fetch results');
    await expect(failing.page.locator('.DocSearch-ErrorScreen .DocSearch-Help').textContent()).resolves.toBe('You might want to check your network connection.');
    await failing.context.close();
  });

  it('is where the modal\'s "See all N results" leads', async () => {
    const { context, page } = await open(env, 'guides/locking');
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    await searchFor(page, 'widget');
    const link = page.locator('.DocSearch-HitsFooter a');
    const total = Number(/^See all (\d+) results$/.exec((await link.textContent()) ?? '')?.[1]);
    await link.click();
    await page.waitForURL('**/support/search?q=widget');
    await expect(modal(page).count()).resolves.toBe(0);
    await settled(page);
    await expect(page.locator('.search-page__count').textContent()).resolves.toBe(`${total} results`);
    await context.close();
  });

  it('reads without JavaScript', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(env.site.url('search?q=lock'));
    await expect(page.locator('.search-page__noscript').textContent()).resolves.toContain('Search needs JavaScript');
    await expect(page.locator('form[role="search"] input[name="q"]').count()).resolves.toBe(1);
    await context.close();
  });
});

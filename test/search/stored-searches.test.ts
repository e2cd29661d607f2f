// Recent and favourite searches in the browser: saving, favouriting, removing, the limits
// (recent 7, or 4 with favourites; favourites 10), per-index keys, and what happens when the
// browser refuses storage (one warning, nothing saved, search still works).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { input, modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';

const RECENT = '__DOCSEARCH_RECENT_SEARCHES__widget-local';
const FAVORITE = '__DOCSEARCH_FAVORITE_SEARCHES__widget-local';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

function stored(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => ({
    objectID: `/support/guides/settings#widget-setting-${prefix}${i}`,
    url: `/support/guides/settings#widget-setting-${i + 1}`,
    type: 'lvl2',
    hierarchy: { lvl0: 'Guides', lvl1: 'Widget settings', lvl2: `${prefix} setting ${i + 1}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
  }));
}

const seed = (items: Record<string, unknown[]>) => async (page: Page) => {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, items);
};

async function openModal(page: Page) {
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
}

describe('recent and favourite searches', () => {
  it('starts with "No recent searches", then lists a selected hit as Recent', async () => {
    const { context, page } = await open(env);
    await openModal(page);
    await expect(page.locator('.DocSearch-StartScreen').textContent()).resolves.toBe('No recent searches');
    await searchFor(page, 'roles');
    await page.locator('.DocSearch-Hit a').first().click();
    await page.waitForURL('**/admin/roles**');
    await openModal(page);
    await expect(page.locator('.DocSearch-Hit-source').allTextContents()).resolves.toEqual(['Recent']);
    await expect(page.locator('#docsearch-recentSearches-item-0 .DocSearch-Hit-title').textContent()).resolves.toBe('Roles');
    await context.close();
  });

  it('saves a recent search as favourite (it leaves Recent), removes from history and from favourites', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, seed({ [RECENT]: stored(3, 'r') }));
    await openModal(page);
    await page.locator('#docsearch-recentSearches-item-0 button[title="Save this search"]').click();
    await expect(page.locator('.DocSearch-Hit-source').allTextContents()).resolves.toEqual(['Recent', 'Favorite']);
    await expect(page.locator('#docsearch-recentSearches-list > [role=row]').count()).resolves.toBe(2);
    await expect(page.locator('#docsearch-favoriteSearches-list .DocSearch-Hit-title').allTextContents()).resolves.toEqual(['r setting 1']);
    await page.locator('#docsearch-recentSearches-item-0 button[title="Remove this search from history"]').click();
    await expect(page.locator('#docsearch-recentSearches-list .DocSearch-Hit-title').allTextContents()).resolves.toEqual(['r setting 3']);
    await page.locator('#docsearch-favoriteSearches-list button[title="Remove this search from favorites"]').click();
    await expect(page.locator('#docsearch-favoriteSearches-list').count()).resolves.toBe(0);
    const keys = await page.evaluate(([r, f]) => [JSON.parse(localStorage.getItem(r!)!).length, JSON.parse(localStorage.getItem(f!)!).length], [RECENT, FAVORITE]);
    expect(keys).toEqual([1, 0]);
    await context.close();
  });

  it('keeps 7 recent searches when there are no favourites', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, seed({ [RECENT]: stored(6, 'r') }));
    await openModal(page);
    await searchFor(page, 'csv');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/guides/exporting**');
    await openModal(page);
    await searchFor(page, 'roles');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/roles**');
    const recent = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!) as { url: string }[], RECENT);
    expect(recent).toHaveLength(7);
    expect(recent[0]!.url).toContain('/support/admin/roles');
    await openModal(page);
    await expect(page.locator('#docsearch-recentSearches-list > [role=row]').count()).resolves.toBe(7);
    await context.close();
  });

  it('keeps 4 recent searches when there are favourites, and 10 favourites at most', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, seed({ [RECENT]: stored(4, 'r'), [FAVORITE]: stored(10, 'f') }));
    await openModal(page);
    await expect(page.locator('#docsearch-favoriteSearches-list > [role=row]').count()).resolves.toBe(10);
    await searchFor(page, 'roles');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/roles**');
    const recent = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!) as unknown[], RECENT);
    expect(recent).toHaveLength(4);
    await openModal(page);
    await page.locator('#docsearch-recentSearches-item-0 button[title="Save this search"]').click();
    const favorites = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!) as { url: string }[], FAVORITE);
    expect(favorites).toHaveLength(10);
    expect(favorites[0]!.url).toContain('/support/admin/roles');
    await context.close();
  });
});

describe('recent limit and focus (issue 20)', () => {
  it('lists 4 recent searches when there are favourites, even if 7 were kept before', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, seed({ [RECENT]: stored(7, 'r'), [FAVORITE]: stored(1, 'f') }));
    await openModal(page);
    await expect(page.locator('#docsearch-recentSearches-list > [role=row]').count()).resolves.toBe(4);
    await expect(page.locator('#docsearch-recentSearches-list .DocSearch-Hit-title').allTextContents()).resolves.toEqual(['r setting 1', 'r setting 2', 'r setting 3', 'r setting 4']);
    await expect(page.locator('#docsearch-favoriteSearches-list > [role=row]').count()).resolves.toBe(1);
    await context.close();
  });

  it('keeps focus in the modal after ★ and ×, on the row that took their place', async () => {
    const { context, page } = await open(env, 'guides/locking', {}, seed({ [RECENT]: stored(3, 'r'), [FAVORITE]: stored(1, 'f') }));
    await openModal(page);
    const focused = () => page.evaluate(() => ({ title: document.activeElement?.getAttribute('title'), row: document.activeElement?.closest('[role=row]')?.querySelector('.DocSearch-Hit-title')?.textContent }));
    await page.locator('#docsearch-recentSearches-item-0 button[title="Save this search"]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#docsearch-favoriteSearches-list .DocSearch-Hit-title').allTextContents()).resolves.toEqual(['r setting 1', 'f setting 1']);
    expect(await focused()).toEqual({ title: 'Save this search', row: 'r setting 2' });
    await page.locator('#docsearch-recentSearches-list button[title="Remove this search from history"]').last().click();
    expect(await focused()).toEqual({ title: 'Remove this search from history', row: 'r setting 2' });
    await page.keyboard.press('Enter');
    // The last recent search is gone: focus returns to the search box, and the arrows work from there.
    await expect(page.locator('#docsearch-recentSearches-list').count()).resolves.toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('docsearch-input');
    await page.keyboard.press('ArrowDown');
    await expect(input(page).getAttribute('aria-activedescendant')).resolves.toBe('docsearch-favoriteSearches-item-1');
    // Removing a favourite leaves focus on the next favourite's ×, and Escape still closes the modal.
    await page.locator('#docsearch-favoriteSearches-item-0 button[title="Remove this search from favorites"]').click();
    expect(await focused()).toEqual({ title: 'Remove this search from favorites', row: 'f setting 1' });
    await page.keyboard.press('Escape');
    await expect(modal(page).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('storage unavailable', () => {
  it('warns once and does nothing, while search keeps working', async () => {
    const { context, page, problems } = await open(env, 'guides/locking', {}, (p) =>
      p.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }),
    );
    await openModal(page);
    await searchFor(page, 'roles');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/roles**');
    await openModal(page);
    await expect(page.locator('.DocSearch-StartScreen').textContent()).resolves.toBe('No recent searches');
    await searchFor(page, 'lock');
    expect(await page.locator('.DocSearch-Hit').count()).toBeGreaterThan(0);
    const warnings = problems.filter((p) => p.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('storage is unavailable');
    expect(problems.filter((p) => !p.startsWith('warning:'))).toEqual([]);
    await expect(input(page).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

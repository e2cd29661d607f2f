// Accessibility of the open modal (start screen, results, no results) and of the search page,
// checked with axe-core: no serious or critical violations.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { modal, open, searchFor, startEnv, stopEnv, type Env } from './browser.ts';

let env: Env;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => stopEnv(env));

async function violations(page: Page, selector: string, ignore: string[] = []): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [[scope.selector]] }, { resultTypes: ['violations'], rules: Object.fromEntries(scope.ignore.map((id) => [id, { enabled: false }])) });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, { selector, ignore });
}

it.each([
  ['light', 1280],
  ['dark', 1280],
  ['light', 375],
  ['dark', 375],
])('the modal has no serious accessibility violations in its states (%s, %i px)', async (theme, width) => {
  const { context, page } = await open(env, 'guides/locking', { viewport: { width, height: 800 } }, (p) => p.addInitScript((t) => localStorage.setItem('theme', t), theme));
  await page.keyboard.press('Control+k');
  await modal(page).waitFor();
  expect(await violations(page, '.DocSearch-Container')).toEqual([]);
  await searchFor(page, 'lock');
  expect(await violations(page, '.DocSearch-Container')).toEqual([]);
  await searchFor(page, 'zzqqxx');
  expect(await violations(page, '.DocSearch-Container')).toEqual([]);
  // The start screen with a recent search.
  await searchFor(page, 'roles');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/admin/roles**');
  await page.keyboard.press('Control+k');
  await page.locator('#docsearch-recentSearches-list').waitFor();
  expect(await violations(page, '.DocSearch-Container')).toEqual([]);
  await context.close();
});

it('the search page has no serious accessibility violations', async () => {
  for (const theme of ['light', 'dark']) {
    const { context, page } = await open(env, 'search?q=widget', {}, (p) => p.addInitScript((t) => localStorage.setItem('theme', t), theme));
    await page.locator('.search-page__hit').first().waitFor();
    expect(await violations(page, '.search-page')).toEqual([]);
    await context.close();
  }
});

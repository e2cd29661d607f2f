// Failures the reader can recover from: a rendering error shows the crash screen ("This page
// crashed.", "Try again", the error and its causes); a lazily loaded part that fails to load
// shows an error box with "Retry".
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShellSite } from './support.ts';

const shell = useShellSite();

// The search page's results are an island (React, hydrated from the server markup); the
// failure injected is unreadable props in its data-props attribute.
const ISLAND_PROPS = /data-props="\{&quot;sections&quot;:[^"]*"/;
const island = '[data-island="SearchPageResults"]';
/** A result of the search page (waited for with the page's patience: the islands' code, React, loads first). */
const longGuideResult = (page: Page) => page.locator('.search-page__title', { hasText: 'Long guide' }).first();

/** Serves the search page with the island's props replaced by `broken` (the first `times` times); returns the original props. */
async function breakSearchIsland(page: Page, broken: string, times = Infinity): Promise<{ props: () => string }> {
  let props = '';
  let served = 0;
  await page.route(
    (url) => url.pathname === '/support/search',
    async (route) => {
      try {
        const response = await route.fetch();
        const html = await response.text();
        props = /data-props="([^"]*)"/.exec(html.match(ISLAND_PROPS)?.[0] ?? '')?.[1]?.replace(/&quot;/g, '"') ?? props;
        const body = served++ < times ? html.replace(ISLAND_PROPS, `data-props="${broken}"`) : html;
        await route.fulfill({ response, body });
      } catch {
        // A prefetch still in flight when the test closes the page: nothing to answer.
      }
    },
  );
  return { props: () => props };
}

it('shows the crash screen with the causes, and "Try again" renders the page again', async () => {
  const { context, page, problems } = await shell.open();
  const original = await breakSearchIsland(page, '{broken');
  await page.goto(shell.site.url('search'));
  const heading = page.getByRole('heading', { name: 'This page crashed.' });
  await heading.waitFor();
  const details = await page.locator('.crash-screen__details').textContent();
  expect(details).toMatch(/^The "SearchPageResults" part of this page has unreadable settings\.\n\nCause:\n.*JSON/s);
  expect(await page.locator('#__page .doc-layout').isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('This page crashed.');
  // React reports the caught error on the console; nothing else went wrong.
  expect(problems.every((p) => p.includes('unreadable settings') || p.includes('JSON'))).toBe(true);

  // Fix the cause, then try again: the page is back with working search results.
  await page.evaluate(([selector, props]) => document.querySelector<HTMLElement>(selector!)!.setAttribute('data-props', props!), [island, original.props()]);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => heading.count()).toBe(0);
  expect(await page.locator('#__page .doc-layout').isVisible()).toBe(true);
  await page.locator('#search-page-input').fill('guide');
  await longGuideResult(page).waitFor();
  expect(new URL(page.url()).searchParams.get('q')).toBe('guide');
  await context.close();
});

it('shows the crash screen again when trying again fails again', async () => {
  const { context, page } = await shell.open();
  await breakSearchIsland(page, 'nope');
  await page.goto(shell.site.url('search'));
  await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(1);
  await context.close();
});

it('leaves the crash screen when the reader navigates to another page', async () => {
  const { context, page } = await shell.open();
  // The failure is transient: the page is broken only the first time it is served.
  await breakSearchIsland(page, 'nope', 1);
  await page.goto(shell.site.url('search'));
  await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('helpgen:navigate', { detail: '/support/guides/short' })));
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Short guide');
  expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(0);
  expect(await page.locator('.doc-sidebar').isVisible()).toBe(true);
  // Back on the search page (client navigation), its island renders again.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('helpgen:navigate', { detail: '/support/search?q=guide' })));
  await longGuideResult(page).waitFor();
  expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});

/** Fails the first `times` requests for the script chunk whose name starts with `chunk` (then lets them through). */
async function failChunk(page: Page, chunk: string, times = 1): Promise<{ failed: () => number }> {
  let failed = 0;
  await page.route(
    (url) => url.pathname.startsWith('/support/assets/js/') && url.pathname.split('/').pop()!.startsWith(`${chunk}.`),
    async (route) => {
      if (failed < times) {
        failed++;
        await route.abort('internetdisconnected');
      } else {
        await route.continue();
      }
    },
  );
  return { failed: () => failed };
}

/** The browser's own report of the aborted request is the only console problem allowed. */
const onlyFailedLoads = (problems: string[]) => problems.every((p) => /Failed to (load resource|fetch dynamically imported module)/.test(p));

it('shows the Retry box when the search modal fails to load, and Retry loads and opens it', async () => {
  const { context, page, problems } = await shell.open();
  const chunk = await failChunk(page, 'mount', 2);
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelector('.DocSearch-Button-Key')?.hasAttribute('data-key'));
  const box = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' });

  await page.keyboard.press('Control+k');
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.textContent()).toMatch(/dynamically imported module/);
  expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
  // It floats under the navbar, inside the viewport, over the content (nothing moves).
  const place = await box.boundingBox();
  const navbar = await page.locator('.navbar').boundingBox();
  expect(place!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
  expect(place!.x + place!.width).toBeLessThanOrEqual(1280);
  // Asking again while the chunk still fails replaces the box: never two.
  await page.keyboard.press('Control+k');
  await expect.poll(() => chunk.failed()).toBe(2);
  await expect.poll(() => box.count()).toBe(1);

  await page.getByRole('button', { name: 'Retry' }).click();
  await page.locator('.DocSearch-Modal').waitFor();
  expect(await box.count()).toBe(0);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.DocSearch-Modal').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.classList.contains('DocSearch-Button'))).toBe(true);
  expect(onlyFailedLoads(problems)).toBe(true);
  await context.close();
});

it('shows the Retry box on the search page when its results code fails to load, and Retry shows the results', async () => {
  const { context, page, problems } = await shell.open();
  await failChunk(page, 'SearchPageBody');
  await page.goto(shell.site.url('search?q=guide'));
  const box = page.locator('.search-page__body').getByRole('alert');
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.textContent()).toContain('This part of the page could not be loaded.');
  expect(await page.locator('.search-page__results').count()).toBe(0);
  // The form is there and keeps working while the results code is missing.
  expect(await page.locator('#search-page-input').inputValue()).toBe('guide');

  await page.getByRole('button', { name: 'Retry' }).click();
  await longGuideResult(page).waitFor();
  expect(await box.count()).toBe(0);
  expect(onlyFailedLoads(problems)).toBe(true);
  await context.close();
});

it('shows the Retry box on the search page when the islands code (React) fails to load, and Retry shows the results', async () => {
  const { context, page, problems } = await shell.open();
  await failChunk(page, 'registry');
  await page.goto(shell.site.url('search?q=guide'));
  const box = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' });
  await box.waitFor();
  // The server-rendered form stays in place beside the box.
  expect(await page.locator('#search-page-input').isVisible()).toBe(true);
  expect(await page.locator('.search-page__results').count()).toBe(0);

  await page.getByRole('button', { name: 'Retry' }).click();
  await longGuideResult(page).waitFor();
  expect(await box.count()).toBe(0);
  expect(onlyFailedLoads(problems)).toBe(true);
  await context.close();
});

// Sidebar: collapsible categories with the computed animation duration (1 ms with reduced
// motion), no auto-collapse, the active page highlighted with its categories open, not hideable
// on desktop; and the mobile menu under 996 px.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShellSite } from './support.ts';

const shell = useShellSite();

/**
 * Pages carry collapsed categories empty; the pointer entering the sidebar fetches the sidebar
 * file they are filled from. Once it is read, opening a category is synchronous; until then it
 * opens when it is (toggleCategory takes either).
 */
const warmSidebar = async (page: Page) => {
  await Promise.all([page.waitForResponse((r) => /\/assets\/sidebar\.\w+\.json$/.test(r.url())), page.locator('.doc-sidebar .menu__link').first().hover()]);
};

/**
 * Clicks a category caret and returns the transition it started. That happens in the same task
 * once the sidebar file has been read; on a busy machine the file may still be being parsed,
 * and the category then opens when it is, so this also takes the first transition set later.
 */
const toggleCategory = (page: Page, label: string) =>
  page.evaluate(
    (name) =>
      new Promise<{ transition: string; height: number; expanded: string | null }>((resolve) => {
        const caret = document.querySelector<HTMLButtonElement>(`.doc-sidebar .menu__caret[aria-label$="'${name}'"]`)!;
        const panel = caret.closest('.menu__list-item')!.querySelector<HTMLElement>(':scope > .menu__collapsible')!;
        const report = () => {
          observer.disconnect();
          resolve({ transition: panel.style.transition, height: panel.scrollHeight, expanded: caret.getAttribute('aria-expanded') });
        };
        const observer = new MutationObserver(() => panel.style.transition && report());
        observer.observe(panel, { attributes: true, attributeFilter: ['style'] });
        caret.click();
        if (panel.style.transition) report();
      }),
    label,
  );

const expectedDuration = (height: number) => {
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
};

it('animates a category over a duration computed from its height', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  await warmSidebar(page);
  const opened = await toggleCategory(page, 'Reference');
  expect(opened.expanded).toBe('true');
  expect(opened.transition).toBe(`height ${expectedDuration(opened.height)}ms ease-in-out`);
  // Guides (holding the current page) stays open: categories never collapse by themselves.
  expect(await page.locator('.doc-sidebar .menu__caret[aria-label$="\'Guides\'"]').getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => page.locator('.doc-sidebar').getByRole('link', { name: 'Reference' }).isVisible()).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

it('uses 1 ms when the reader prefers reduced motion', async () => {
  const { context, page, problems } = await shell.open({ reducedMotion: 'reduce' });
  await page.goto(shell.site.url('guides/long'));
  await warmSidebar(page);
  const opened = await toggleCategory(page, 'Reference');
  expect(opened.transition).toBe('height 1ms ease-in-out');
  const closed = await toggleCategory(page, 'Guides');
  expect(closed.expanded).toBe('false');
  expect(closed.transition).toBe('height 1ms ease-in-out');
  await expect.poll(() => page.locator('.doc-sidebar').getByRole('link', { name: 'Short guide' }).isVisible()).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('fills a collapsed category from the sidebar file, with Retry when that file fails to load', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  const sidebar = page.locator('.doc-sidebar');
  // The page itself holds only the open branch.
  expect(await sidebar.locator('.menu__collapsible[data-lazy]').count()).toBeGreaterThan(0);
  expect(await sidebar.getByRole('link', { name: 'Deep page' }).count()).toBe(0);
  let offline = true;
  let attempts = 0;
  await page.route(/\/assets\/sidebar\.\w+\.json$/, (route) => {
    attempts++;
    return offline ? route.abort() : route.continue();
  });
  // From the keyboard, before the pointer ever warmed anything.
  await sidebar.locator(`.menu__caret[aria-label$="'Reference'"]`).focus();
  await page.keyboard.press('Enter');
  const alert = sidebar.getByRole('alert');
  await expect.poll(() => alert.isVisible()).toBe(true);
  expect(await alert.textContent()).toContain('This part of the page could not be loaded.');
  // Trying again from the caret replaces the box rather than stacking a second one.
  const before = attempts;
  const caret = sidebar.locator(`.menu__caret[aria-label$="'Reference'"]`);
  await caret.press('Enter'); // busy from this press until the attempt has failed
  await expect.poll(() => attempts).toBeGreaterThan(before);
  // The caret stops being busy in the task that shows the new box: the attempt is over.
  await expect.poll(() => caret.getAttribute('aria-busy')).toBeNull();
  expect(await alert.count()).toBe(1);
  offline = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  // Reference opens with its pages; Advanced inside it stays collapsed, as configured.
  await expect.poll(() => sidebar.getByRole('button', { name: "Expand sidebar category 'Advanced'" }).isVisible()).toBe(true);
  await sidebar.getByRole('button', { name: "Expand sidebar category 'Advanced'" }).click();
  await expect.poll(() => sidebar.getByRole('link', { name: 'Deep page', exact: true }).isVisible()).toBe(true);
  expect(await alert.count()).toBe(0);
  expect(await sidebar.locator(`.menu__caret[aria-label$="'Reference'"]`).getAttribute('aria-expanded')).toBe('true');
  // The failed requests are the only problems.
  expect(problems.filter((p) => !p.includes('ERR_FAILED'))).toEqual([]);
  await context.close();
});

it('carries only its own branch, and fills a category configured open from the sidebar file', async () => {
  const { context, page, problems } = await shell.open();
  // Guides (no "collapsed" in its _category_.json, so open) does not hold this page: the page
  // carries its entry and an empty panel, and the client fills it as the page starts.
  const html = await (await page.request.get(shell.site.url('reference/advanced/deep'))).text();
  const sidebarHtml = /<aside class="doc-sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
  expect(sidebarHtml).toContain('Deep page');
  expect(sidebarHtml).toContain('>Guides</a>');
  expect(sidebarHtml).not.toContain('Short guide');
  const sidebarFile = page.waitForResponse((r) => /\/assets\/sidebar\.\w+\.json$/.test(r.url()));
  await page.goto(shell.site.url('reference/advanced/deep'));
  await sidebarFile;
  const sidebar = page.locator('.doc-sidebar');
  await expect.poll(() => sidebar.getByRole('link', { name: 'Short guide' }).isVisible()).toBe(true);
  expect(await sidebar.locator(`.menu__caret[aria-label$="'Guides'"]`).getAttribute('aria-expanded')).toBe('true');
  expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('Deep page');
  expect(problems).toEqual([]);
  await context.close();
});

it('closes a category configured open when the sidebar file cannot be loaded; opening it offers Retry', async () => {
  const { context, page, problems } = await shell.open();
  let attempts = 0;
  await page.route(/\/assets\/sidebar\.\w+\.json$/, (route) => {
    attempts++;
    return route.abort();
  });
  await page.goto(shell.site.url('reference/advanced/deep'));
  const caret = page.locator(`.doc-sidebar .menu__caret[aria-label$="'Guides'"]`);
  await expect.poll(() => caret.getAttribute('aria-expanded')).toBe('false');
  expect(attempts).toBe(1);
  await caret.click();
  await expect.poll(() => page.locator('.doc-sidebar').getByRole('alert').isVisible()).toBe(true);
  expect(problems.filter((p) => !p.includes('ERR_FAILED'))).toEqual([]);
  await context.close();
});

it('highlights the current page and opens its categories, also after client navigation', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('reference/advanced/deep'));
  const sidebar = page.locator('.doc-sidebar');
  expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('Deep page');
  for (const name of ['Reference', 'Advanced']) {
    expect(await sidebar.locator(`.menu__caret[aria-label$="'${name}'"]`).getAttribute('aria-expanded')).toBe('true');
  }
  await page.locator('main').getByRole('link', { name: 'long guide section' }).click();
  await expect.poll(() => sidebar.locator('a[aria-current="page"]').textContent()).toBe('Long guide');
  expect(await sidebar.locator('a.menu__link--active').allTextContents()).toEqual(['Guides', 'Long guide']);
  // The reader's open categories stay open.
  expect(await sidebar.locator(`.menu__caret[aria-label$="'Reference'"]`).getAttribute('aria-expanded')).toBe('true');
  // There is no control to hide the sidebar on desktop.
  expect(await sidebar.isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /(hide|collapse) sidebar$/i }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

it('becomes the mobile menu under 996 px: focus kept inside, Escape, backdrop, resize to desktop', async () => {
  const { context, page, problems } = await shell.open({ viewport: { width: 375, height: 740 } });
  await page.goto(shell.site.url('guides/long'));
  expect(await page.locator('.doc-sidebar').isVisible()).toBe(false);
  const button = page.getByRole('button', { name: 'Open navigation menu' });
  const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
  await button.click();
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  // The navbar items and the sidebar are in the panel.
  expect(await dialog.getByRole('link', { name: 'Docs', exact: true }).isVisible()).toBe(true);
  expect(await dialog.getByRole('link', { name: 'Short guide' }).first().isVisible()).toBe(true);
  expect(await dialog.locator('a[aria-current="page"]').last().textContent()).toBe('Long guide');
  // Tabbing around never leaves the panel.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.id)).toBe('mobile-menu');
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open navigation menu');
  await expect.poll(() => page.locator('.doc-sidebar .menu').count()).toBe(1); // the sidebar went back (on the close event)

  // From the keyboard: Enter on the button opens it, focus goes inside.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.id)).toBe('mobile-menu');
  await page.getByRole('button', { name: 'Close navigation menu' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);

  await button.click();
  await page.mouse.click(360, 400); // the backdrop, right of the panel
  await expect.poll(() => dialog.isVisible()).toBe(false);

  // Choosing a page closes the menu and navigates.
  await button.click();
  await dialog.getByRole('link', { name: 'Short guide' }).last().click();
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Short guide');
  expect(await dialog.isVisible()).toBe(false);

  await button.click();
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => page.evaluate(() => (document.getElementById('mobile-menu') as HTMLDialogElement).open)).toBe(false);
  await expect.poll(() => page.locator('.doc-sidebar .menu').count()).toBe(1);
  expect(await page.locator('.doc-sidebar').isVisible()).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

it('lists the home page first, marked as the current page when the reader is on it', async () => {
  const { context, page } = await shell.open();
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  const first = page.locator('.doc-sidebar .menu__link').first();
  expect(await first.getAttribute('href')).toBe(shell.site.baseUrl);
  await first.click();
  await page.waitForURL(shell.site.url(''));
  expect(await page.locator('.doc-sidebar .menu__link').first().getAttribute('aria-current')).toBe('page');
  await context.close();
});

// Navbar: hide on scroll down / show on scroll up, dropdowns (keyboard, hover, outside click,
// focus leaving), locale links keeping path, query and hash, the docs version choice persisted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildOnce, copyFixture, serveBuilt } from '../helpers/site.ts';
import { useShellSite } from './support.ts';

const shell = useShellSite();
const hidden = (page: Page) => page.evaluate(() => document.querySelector('.navbar')!.classList.contains('navbar--hidden'));
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
};

it('hides on scroll down, shows on scroll up, never hides at the top or comes back at the bottom bounce', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  await scrollTo(page, 30); // less than the navbar height
  expect(await hidden(page)).toBe(false);
  await scrollTo(page, 800);
  expect(await hidden(page)).toBe(true);
  await scrollTo(page, 700);
  expect(await hidden(page)).toBe(false);
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  await scrollTo(page, bottom);
  expect(await hidden(page)).toBe(true);
  await scrollTo(page, bottom - 20); // still within a navbar height of the end
  expect(await hidden(page)).toBe(true);
  await scrollTo(page, 0);
  expect(await hidden(page)).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('hides after a jump to a section and ignores that jump\'s scroll', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  await page.locator('.doc-toc').getByRole('link', { name: 'Section 4' }).click();
  await expect.poll(() => hidden(page)).toBe(true);
  await scrollTo(page, (await page.evaluate(() => window.scrollY)) - 200); // then scrolling up shows it
  expect(await hidden(page)).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('opens a dropdown with Enter and closes it when focus leaves or on Escape', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  const toggle = page.getByRole('button', { name: 'Resources' });
  const menu = page.locator('#' + (await toggle.getAttribute('aria-controls')));
  await toggle.focus();
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => menu.isVisible()).toBe(true);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Long guide');
  await page.keyboard.press('Escape');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Resources');
  await page.keyboard.press('Enter');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab'); // past the three links
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => menu.isVisible()).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('opens a dropdown on hover and closes it on an outside click', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  const toggle = page.getByRole('button', { name: 'Resources' });
  const menu = page.locator('#' + (await toggle.getAttribute('aria-controls')));
  await toggle.hover();
  await expect.poll(() => menu.isVisible()).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.mouse.move(640, 600);
  await expect.poll(() => menu.isVisible()).toBe(false);
  await toggle.click();
  await page.mouse.move(640, 600); // opened by a click: stays open when the pointer leaves
  await expect.poll(() => menu.isVisible()).toBe(true);
  await page.mouse.click(640, 600);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => menu.isVisible()).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

it('keeps the path, query and hash in the language menu\'s link', async () => {
  // One language is built: its entry leads to the page the reader is on, as it is.
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long?tab=2#section-3'));
  const english = page.locator('.navbar a[hreflang="en"]');
  expect(await english.getAttribute('href')).toBe('/support/guides/long?tab=2#section-3');
  await page.evaluate(() => (location.hash = '#section-5'));
  await expect.poll(() => english.getAttribute('href')).toBe('/support/guides/long?tab=2#section-5');
  // After a client navigation the link follows the new page.
  await page.locator('main').getByRole('link', { name: 'short guide', exact: true }).click();
  await expect.poll(() => english.getAttribute('href')).toBe('/support/guides/short');
  expect(await english.getAttribute('target')).toBe('_self');
  expect(problems).toEqual([]);
  await context.close();
});

it('remembers the docs version chosen in the version dropdown and forgets unknown ones', async () => {
  const { context, page, problems } = await shell.open();
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('docs-preferred-version-default', '0.1-gone');
    sessionStorage.setItem('seeded', '1');
  });
  await page.goto(shell.site.url('guides/long'));
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
  await page.getByRole('button', { name: 'Docs version: Next' }).click();
  await page.locator('.navbar').getByRole('link', { name: 'Next' }).click();
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
  expect(problems).toEqual([]);
  await context.close();
});

it('remembers the version of a plain docs version link when the reader follows it (navbar and mobile menu)', async () => {
  // The shell site with a docs version link as well (a copy: the other tests keep their navbar).
  const copy = copyFixture('shell-site');
  const config = join(copy.dir, 'help.config.ts');
  const items = "{ type: 'docsVersionDropdown', position: 'left' },";
  writeFileSync(config, readFileSync(config, 'utf8').replace(items, `${items} { type: 'docsVersion', label: 'Latest docs', to: '/reference/advanced/deep', position: 'left' },`));
  const site = await serveBuilt(await buildOnce(copy.dir));
  try {
    for (const width of [1280, 375]) {
      const { context, page, problems } = await shell.open({ viewport: { width, height: 800 } });
      await page.addInitScript(() => {
        // A version stored by an earlier site that had it: forgotten on load.
        if (!sessionStorage.getItem('seeded')) localStorage.setItem('docs-preferred-version-default', '1.0');
        sessionStorage.setItem('seeded', '1');
      });
      await page.goto(site.url('guides/long'));
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
      if (width < 996) await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const link = page.locator(width < 996 ? '.mobile-menu' : '.navbar').getByRole('link', { name: 'Latest docs' });
      await link.click();
      await page.waitForURL('**/reference/advanced/deep');
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
      // Still the choice on the next page load (a known version, so it is kept).
      await page.reload();
      expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
      expect(problems).toEqual([]);
      await context.close();
    }
  } finally {
    await site.close();
    copy.cleanup();
  }
});

it('marks the active link by colour, not weight: no navbar link moves between pages', async () => {
  const { context, page } = await shell.open();
  const boxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.navbar__inner > .navbar__items > *')].map((el) => {
        const box = el.getBoundingClientRect();
        return { text: el.textContent?.trim(), left: box.left, width: box.width, active: el.matches('.navbar__link--active, :has(.navbar__link--active)') };
      }),
    );
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  const onDoc = await boxes();
  await page.goto(shell.site.url('search'), { waitUntil: 'networkidle' });
  const onSearch = await boxes();
  // The test means something only if the active link differs between the two pages.
  expect(onDoc.map((b) => b.active)).not.toEqual(onSearch.map((b) => b.active));
  const place = (list: typeof onDoc) => list.map(({ text, left, width }) => ({ text, left, width }));
  expect(place(onSearch)).toEqual(place(onDoc));
  await context.close();
});

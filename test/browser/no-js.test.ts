// Without JavaScript every page still reads and links: the content, the sidebar (after the
// content on narrow screens, its categories open; a collapsed category is its own link, to an
// index page listing its pages), the navbar links, and dropdowns on focus.
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const shell = useShellSite();

it.each([1280, 375])('reads and links without JavaScript at %i px', async (width) => {
  const { context, page } = await shell.open({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  await page.goto(shell.site.url('guides/short'));
  expect(await page.locator('main h1').textContent()).toBe('Short guide');
  // Every sidebar page is reachable: a collapsed category leads to its index page.
  expect(await page.locator('.doc-sidebar').getByRole('link', { name: 'Long guide' }).isVisible()).toBe(true);
  expect(await page.locator('.doc-sidebar').getByRole('link', { name: 'Reference', exact: true }).isVisible()).toBe(true);
  expect(await page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true }).isVisible()).toBe(true);
  // Controls that need JavaScript are not shown.
  expect(await page.getByRole('button', { name: 'Open navigation menu' }).isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: /Switch between dark and light mode/ }).isVisible()).toBe(false);
  // A dropdown opens when focus is inside it.
  await page.locator('.navbar').getByRole('button', { name: 'Resources' }).focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Long guide');
  expect(await page.locator('.navbar').getByRole('link', { name: 'Long guide' }).isVisible()).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/support/guides/long');
  expect(await page.locator('main h1').textContent()).toBe('Long guide');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Reference', exact: true }).click();
  await page.waitForURL('**/support/category/reference');
  expect(await page.locator('main').getByRole('link', { name: /Advanced/ }).count()).toBeGreaterThan(0);
  // Advanced names no page of its own in its _category_.json: it gets a generated one, which
  // lists its pages (the sidebar of a page outside Advanced does not carry them).
  expect(await page.locator('.doc-sidebar').getByRole('link', { name: 'Other deep page' }).count()).toBe(0);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Advanced', exact: true }).click();
  await page.waitForURL('**/support/category/reference-advanced');
  expect(await page.locator('main').getByRole('link', { name: /Other deep page/ }).isVisible()).toBe(true);
  await context.close();
});

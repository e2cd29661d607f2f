// Anchors written in raw HTML (<a id="…">, kept from a page's old headings) get the sanitizer's
// user-content- prefix; a link to the plain id, from another page, still lands on them.
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const vue = useShellSite('real-world/vue');

const anchorTop = (page: import('playwright-core').Page) => page.locator('#user-content-registering-lifecycle-hooks').evaluate((el) => Math.round(el.getBoundingClientRect().top));

it('lands on an old <a id> anchor when the page is opened at its #id', async () => {
  const { context, page, problems } = await vue.open();
  await page.goto(vue.site.url('guide/essentials/lifecycle#registering-lifecycle-hooks'));
  await expect.poll(() => anchorTop(page)).toBeLessThan(150);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  expect(problems).toEqual([]);
  await context.close();
});

it('lands on it after following a link from another page (client navigation)', async () => {
  const { context, page, problems } = await vue.open();
  await page.goto(vue.site.url('guide/essentials/reactivity-fundamentals'));
  await page.getByRole('link', { name: 'registering hooks' }).click();
  await page.waitForURL(/lifecycle#registering-lifecycle-hooks$/);
  await expect.poll(() => anchorTop(page)).toBeLessThan(150);
  expect(problems).toEqual([]);
  await context.close();
});

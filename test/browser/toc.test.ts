// Table of contents: the heading in view is highlighted while scrolling; on narrow screens the
// TOC is an "On this page" disclosure above the content that closes when an entry is chosen.
import { expect, it } from 'vitest';
import { useShellSite } from './support.ts';

const shell = useShellSite();

it('highlights the heading in view while scrolling', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  const active = () => page.locator('.doc-toc .table-of-contents__link--active').allTextContents();
  await page.locator('#section-5').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100));
  await expect.poll(active).toEqual(['Section 5']);
  // The heading below the top half is not active yet: the one before it is.
  await page.locator('#detail-51').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - innerHeight * 0.75));
  await expect.poll(active).toEqual(['Section 5']);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(active).toEqual(['Detail 8.1']);
  expect(problems).toEqual([]);
  await context.close();
});

it('is an "On this page" disclosure on narrow screens', async () => {
  const { context, page, problems } = await shell.open({ viewport: { width: 375, height: 740 } });
  await page.goto(shell.site.url('guides/long'));
  expect(await page.locator('.doc-toc').isVisible()).toBe(false);
  const summary = page.locator('details.toc-mobile > summary');
  expect(await summary.textContent()).toBe('On this page');
  await summary.click();
  await page.locator('details.toc-mobile').getByRole('link', { name: 'Section 4' }).click();
  await expect.poll(() => page.locator('details.toc-mobile').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  expect(new URL(page.url()).hash).toBe('#section-4');
  await expect.poll(() => page.locator('#section-4').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(100);
  expect(problems).toEqual([]);
  await context.close();
});

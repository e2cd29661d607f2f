// Browser storage blocked (policy, private mode): one warning, the features that remember things
// quietly forget, everything else works.
import { expect, it } from 'vitest';
import { useShellSite, blockStorage } from './support.ts';

const shell = useShellSite();

it('logs one warning and keeps working when storage throws', async () => {
  const { context, page, problems } = await shell.open();
  await blockStorage(page);
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'networkidle' });
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  // The toggle cycles system → light → dark.
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await page.getByRole('button', { name: 'Close announcement' }).click();
  expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(false);
  await page.locator('main').getByRole('link', { name: 'short guide', exact: true }).click();
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Short guide');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^warning: Browser storage is unavailable/);
  await context.close();
});

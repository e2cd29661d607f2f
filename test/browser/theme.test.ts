// Colour mode: the toggle, persistence under "theme", no flash of the wrong mode (first paint and
// client navigation), sync across tabs, fallback to the system preference when the key is cleared.
import { expect, it } from 'vitest';
import { holdReact } from '../helpers/hold-react.ts';
import { useShellSite, RECORD_FIRST_FRAME } from './support.ts';

const shell = useShellSite();
const theme = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.dataset.theme);

it('follows the system by default; the toggle cycles light → dark → system, saves it and keeps it after a reload', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/long'));
  expect(await theme(page)).toBe('light');
  const toggle = page.locator('.color-mode-toggle');
  const label = () => toggle.getAttribute('aria-label');
  const icon = () => toggle.locator('svg').evaluateAll((svgs) => svgs.filter((svg) => getComputedStyle(svg).display !== 'none').map((svg) => svg.getAttribute('class')));
  await expect.poll(label).toBe('Switch between dark and light mode (currently system mode)');
  expect(await toggle.getAttribute('title')).toBe('Switch to light mode');
  expect(await icon()).toEqual(['icon-system']);
  await toggle.click();
  expect(await label()).toBe('Switch between dark and light mode (currently light mode)');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  expect(await icon()).toEqual(['icon-sun']);
  await toggle.click();
  expect(await theme(page)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  expect(await toggle.getAttribute('title')).toBe('Switch to system mode');
  expect(await icon()).toEqual(['icon-moon']);
  await page.reload();
  expect(await theme(page)).toBe('dark');
  // System: the key is cleared and the mode follows the system preference (light here).
  await toggle.click();
  expect(await theme(page)).toBe('light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  expect(await label()).toBe('Switch between dark and light mode (currently system mode)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(page)).toBe('dark');
  expect(problems).toEqual([]);
  await context.close();
});

it('the toggle works before React has arrived (plain DOM), and its label follows the mode', async () => {
  const { context, page, problems } = await shell.open();
  const react = await holdReact(page);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(shell.site.url('guides/long'), { waitUntil: 'load' });
  // Rendered for the default (light), labelled for the saved mode as soon as the page's script runs.
  const toggle = page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' });
  await toggle.waitFor();
  expect(await toggle.getAttribute('title')).toBe('Switch to system mode');
  await toggle.click();
  expect(await theme(page)).toBe('light');
  expect(await page.getByRole('button', { name: 'Switch between dark and light mode (currently system mode)' }).getAttribute('title')).toBe('Switch to light mode');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  // React is not even asked for: the toggle is plain DOM, and nobody searched.
  await page.waitForLoadState('networkidle');
  expect(react.held()).toBe(0);
  react.release();
  expect(problems).toEqual([]);
  await context.close();
});

it('applies the saved mode before the first paint (no flash)', async () => {
  const { context, page, problems } = await shell.open();
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.addInitScript(RECORD_FIRST_FRAME);
  await page.goto(shell.site.url('guides/long'));
  await page.waitForFunction(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame);
  const first = await page.evaluate(() => (window as unknown as { __firstFrame: Record<string, string> }).__firstFrame);
  expect(first.theme).toBe('dark');
  expect(problems).toEqual([]);
  await context.close();
});

it('never changes the mode during client navigation', async () => {
  const { context, page, problems } = await shell.open();
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(shell.site.url('guides/long'));
  await page.evaluate(() => {
    const w = window as unknown as { __themeChanges: string[]; __marker: boolean };
    w.__themeChanges = [];
    w.__marker = true;
    new MutationObserver(() => w.__themeChanges.push(document.documentElement.dataset.theme ?? '')).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  });
  await page.locator('main').getByRole('link', { name: 'short guide', exact: true }).click();
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Short guide');
  expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true); // no reload
  expect(await page.evaluate(() => (window as unknown as { __themeChanges: string[] }).__themeChanges)).toEqual([]);
  expect(await theme(page)).toBe('dark');
  expect(problems).toEqual([]);
  await context.close();
});

it('syncs across tabs and falls back to the system preference when the key is cleared', async () => {
  const { context, page: first, problems } = await shell.open({ colorScheme: 'dark' });
  await first.goto(shell.site.url('guides/long'));
  // The fixture respects the system preference: with no choice saved, a dark system means dark.
  expect(await theme(first)).toBe('dark');
  await first.evaluate(() => localStorage.setItem('theme', 'light'));
  await first.reload();
  const second = await context.newPage();
  await second.goto(shell.site.url('guides/short'));
  expect(await theme(second)).toBe('light');

  await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  expect(await theme(first)).toBe('dark');
  await expect.poll(() => theme(second)).toBe('dark');

  await first.evaluate(() => localStorage.setItem('theme', 'light'));
  await expect.poll(() => theme(second)).toBe('light');

  // The first tab is on dark; its next choice is "system": the key is cleared, and both tabs
  // follow the (dark) system preference.
  await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  expect(await first.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await expect.poll(() => second.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('system');
  expect(await theme(second)).toBe('dark');
  expect(problems).toEqual([]);
  await context.close();
});

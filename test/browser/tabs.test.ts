// Tabs and code groups in a real browser: the WAI-ARIA tabs pattern (arrow keys, Home/End, one
// tab stop), groups that switch together and are remembered, storage that throws, a link into
// a hidden panel, reading without JavaScript, and tab code loaded only where tabs are.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useShellSite, blockStorage } from './support.ts';

const shell = useShellSite('reader-site');

/** The selected tab's label in each tab block, in page order. */
const selectedLabels = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.tabs')].map((block) => block.querySelector(':scope > [role=tablist] [aria-selected=true]')?.textContent));

const visiblePanels = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.tabs__panel')].filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.getAttribute('aria-labelledby')));

it('switches with the keyboard, syncs its group and remembers the choice', async () => {
  const { context, page, problems } = await shell.open();
  await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'networkidle' });
  // The server-rendered page already shows each block's first panel.
  expect(await selectedLabels(page)).toEqual(['iOS', 'curl', 'iOS', 'First']);
  expect(await visiblePanels(page)).toEqual(['tabs-1-tab-1', 'tabs-2-tab-1', 'tabs-3-tab-1', 'tabs-4-tab-1']);

  // One tab stop per tab list: Tab lands on the selected tab, the next Tab in its panel. (Focus
  // asks for the tab code; an arrow key before it is in is replayed when it is.)
  await page.getByRole('tab', { name: 'iOS' }).first().focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Android');
  expect(await selectedLabels(page)).toEqual(['Android', 'curl', 'Android', 'First']);
  expect(await page.getByRole('tabpanel', { name: 'Android' }).first().textContent()).toContain('Open Google Play and search for Readly.');
  expect(await page.getByText('Open the App Store').isVisible()).toBe(false);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.platform'))).toBe('Android');

  // Wrap-around, Home and End on the ungrouped block; it never touches the others.
  const first = page.getByRole('tab', { name: 'First' });
  await first.focus();
  await page.keyboard.press('ArrowLeft');
  expect((await selectedLabels(page))[3]).toBe('Third');
  await page.keyboard.press('Home');
  expect((await selectedLabels(page))[3]).toBe('First');
  await page.keyboard.press('End');
  expect(await selectedLabels(page)).toEqual(['Android', 'curl', 'Android', 'Third']);

  // A click on the code group, then a reload: every grouped choice comes back.
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  expect(await page.getByRole('tabpanel', { name: 'JavaScript' }).textContent()).toContain("await fetch('https://api.reader.test/records');");
  await page.reload({ waitUntil: 'networkidle' });
  await page.waitForSelector('.tabs[data-ready]');
  expect(await selectedLabels(page)).toEqual(['Android', 'JavaScript', 'Android', 'First']);
  expect(problems).toEqual([]);
  await context.close();
});

it('still switches and syncs when storage throws', async () => {
  const { context, page, problems } = await shell.open();
  await blockStorage(page);
  await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'Android' }).first().click();
  await expect.poll(() => selectedLabels(page)).toEqual(['Android', 'curl', 'Android', 'First']);
  expect(problems.every((p) => p.startsWith('warning: Browser storage is unavailable'))).toBe(true);
  await context.close();
});

it('opens the hidden tab that holds a linked section', async () => {
  const { context, page } = await shell.open();
  await page.goto(shell.site.url('guides/tabs#fingerprint-on-android'), { waitUntil: 'networkidle' });
  await expect.poll(() => selectedLabels(page)).toEqual(['iOS', 'curl', 'Android', 'First']);
  await expect.poll(() => page.getByRole('heading', { name: 'Fingerprint on Android' }).isVisible()).toBe(true);
  // The table of contents link does the same from the top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('tab', { name: 'iOS' }).nth(1).click();
  await page.locator('.doc-toc').getByRole('link', { name: 'Fingerprint on Android' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Fingerprint on Android' }).isVisible()).toBe(true);
  await context.close();
});

it('opens the hidden tab of a section linked from the table of contents before any tab was touched', async () => {
  const { context, page } = await shell.open();
  await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'networkidle' });
  // Nothing has asked for the tab code yet: the #hash change does.
  await page.locator('.doc-toc').getByRole('link', { name: 'Fingerprint on Android' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Fingerprint on Android' }).isVisible()).toBe(true);
  expect(await selectedLabels(page)).toEqual(['iOS', 'curl', 'Android', 'First']);
  await context.close();
});

it('shows every panel under its label without JavaScript', async () => {
  const { context, page } = await shell.open({ javaScriptEnabled: false });
  await page.goto(shell.site.url('guides/tabs'));
  expect(await page.locator('.tabs__list').first().isVisible()).toBe(false);
  for (const text of ['Open the App Store', 'Open Google Play', 'curl https://api.reader.test/records', "await fetch('https://api.reader.test/records');", 'Third tab text.']) {
    expect(await page.getByText(text).first().isVisible(), text).toBe(true);
  }
  const labels = await page.locator('.tabs__label').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.textContent));
  expect(labels).toEqual(['iOS', 'Android', 'curl', 'JavaScript', 'iOS', 'Android', 'First', 'Second', 'Third']);
  await context.close();
});

it('loads tab code only on pages with tabs, also after client navigation', async () => {
  const { context, page } = await shell.open();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(shell.site.url('guides/plain'), { waitUntil: 'networkidle' });
  const tabChunk = (urls: string[]) => urls.some((url) => /\/tabs\.[A-Z0-9]+\.js$/.test(url));
  expect(tabChunk(scripts)).toBe(false);
  await page.locator('.doc-sidebar').getByRole('link', { name: 'Tabs on a page' }).click();
  await page.getByRole('tab', { name: 'Android' }).first().click();
  await expect.poll(() => selectedLabels(page)).toEqual(['Android', 'curl', 'Android', 'First']);
  expect(tabChunk(scripts)).toBe(true);
  await context.close();
});

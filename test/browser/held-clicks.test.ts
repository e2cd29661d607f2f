// No click is lost while a feature's code is on its way (issue 37, item 1): the feature's chunk
// (or the main script, for the controls that come with it) is held back by the test (a gate,
// not a delay), the reader clicks, the code is released, and the click takes effect as if the
// code had been there all along.
import { describe, expect, it } from 'vitest';
import { holdScripts } from '../helpers/hold-react.ts';
import { requestsSettled } from '../helpers/browser.ts';
import { useShellSite } from './support.ts';

const shell = useShellSite('reader-site');

/** Text only the feedback widget's code holds (its question for a reason), and only the tabs' code (keeping the chosen tab in place). */
const FEEDBACK_CODE = /What helped you most/;
const TABS_CODE = /\.scrollBy\(/;
/** Text only the main script holds (the code block's Copy, which comes with it). */
const MAIN_CODE = /Press Ctrl\+C/;

describe('a click before the code has arrived', () => {
  it('"Was this page helpful?": Yes clicked before the widget code loads is answered once it has', async () => {
    const { context, page, analytics } = await shell.open({ viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
    const gate = await holdScripts(page, FEEDBACK_CODE);
    await page.goto(shell.site.url('guides/plain'), { waitUntil: 'load' });
    const section = page.getByRole('region', { name: 'Was this page helpful?' });
    await section.scrollIntoViewIfNeeded();
    // Reading down to it asks for nothing: the code comes when the reader reaches for the buttons.
    await requestsSettled(page);
    expect(gate.held()).toBe(0);
    await section.getByRole('button', { name: 'Yes' }).tap();
    await expect.poll(gate.held).toBeGreaterThan(0);
    gate.release();
    // The code is in once it has marked the widget; the kept click is replayed at that moment.
    await page.locator('.feedback[data-ready]').waitFor({ state: 'attached' });
    const reason = section.getByRole('textbox', { name: 'What helped you most? (optional)' });
    expect(await reason.isVisible(), 'the click before the code should have answered Yes').toBe(true);
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => analytics.filter((e) => (e as { event?: string }).event === 'feedback').length).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('helpgen.feedback'))).toContain('"/support/guides/plain":"yes"');
    await context.close();
  });

  it("a code block's Copy clicked before the main script runs copies once it has", async () => {
    const { context, page } = await shell.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const gate = await holdScripts(page, MAIN_CODE);
    // The main script is a module: the document is parsed and shown before it runs, but its
    // DOMContentLoaded waits for it, so the test waits for the button instead.
    await page.goto(shell.site.url('guides/tables'), { waitUntil: 'commit' });
    const copy = page.locator('.code-block').first().getByRole('button', { name: 'Copy code to clipboard' });
    await copy.waitFor();
    await expect.poll(gate.held).toBeGreaterThan(0);
    await page.evaluate(() => navigator.clipboard.writeText('what was there before'));
    await copy.click();
    gate.release();
    await page.locator('.copy-button[data-ready]').first().waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^const records = await client\.records\.list\(/);
    await context.close();
  });

  it('"Copy page" clicked before the main script runs copies the page once it has', async () => {
    const { context, page } = await shell.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const gate = await holdScripts(page, MAIN_CODE);
    await page.goto(shell.site.url('guides/images'), { waitUntil: 'commit' });
    const copyPage = page.getByRole('button', { name: 'Copy page as Markdown' });
    await copyPage.waitFor();
    await expect.poll(gate.held).toBeGreaterThan(0);
    await page.evaluate(() => navigator.clipboard.writeText('what was there before'));
    await copyPage.click();
    gate.release();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Images on a page\n/);
    await context.close();
  });
});

describe('a tab touched before the tab code has arrived', () => {
  it('a tab clicked before the tabs code loads is selected once it has', async () => {
    const { context, page } = await shell.open({ viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
    const gate = await holdScripts(page, TABS_CODE);
    await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'load' });
    await requestsSettled(page);
    // The tab code comes only when the reader reaches for a tab list: here, the tap itself.
    expect(gate.held()).toBe(0);
    const block = page.locator('.tabs').first();
    const android = block.getByRole('tab', { name: 'Android' });
    await android.tap();
    await expect.poll(gate.held).toBeGreaterThan(0);
    expect(await android.getAttribute('aria-selected')).toBe('false');
    gate.release();
    await page.locator('.tabs[data-ready]').first().waitFor({ state: 'attached' });
    expect(await android.getAttribute('aria-selected')).toBe('true');
    expect(await block.getByText('Open Google Play').isVisible()).toBe(true);
    expect(await block.getByText('Open the App Store').isVisible()).toBe(false);
    await context.close();
  });

  it('a tab clicked before the main script runs is selected once the tab code is in', async () => {
    const { context, page } = await shell.open();
    const gate = await holdScripts(page, MAIN_CODE);
    await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'commit' });
    const android = page.locator('.tabs').first().getByRole('tab', { name: 'Android' });
    await android.waitFor();
    await expect.poll(gate.held).toBeGreaterThan(0);
    await android.click();
    gate.release();
    await expect.poll(() => android.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('Open Google Play').first().isVisible()).toBe(true);
    await context.close();
  });

  it('arrow keys on a tab pressed before the tabs code loads move the selection once it has', async () => {
    const { context, page } = await shell.open();
    const gate = await holdScripts(page, TABS_CODE);
    await page.goto(shell.site.url('guides/tabs'), { waitUntil: 'load' });
    // The ungrouped block (First, Second, Third): focus asks for the code, the keys come before it.
    await page.getByRole('tab', { name: 'First' }).focus();
    await expect.poll(gate.held).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'First' }).getAttribute('aria-selected')).toBe('true');
    gate.release();
    await page.locator('.tabs[data-ready]').first().waitFor({ state: 'attached' });
    await expect.poll(() => page.getByRole('tab', { name: 'Third' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Third');
    expect(await page.getByText('Third tab text.').isVisible()).toBe(true);
    await context.close();
  });
});

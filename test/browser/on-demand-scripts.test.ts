// Issue 37 on our own site: a page read without interacting loads its eager script and nothing
// more (the tab code and the chat widget come when the reader reaches for them), and a reader
// who reaches for the chat before its code has arrived loses nothing: the launcher is in the
// page's HTML, and a click on it before widget.js is in (held back by the test: a gate, not a
// delay) opens the chat once it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { measurePageWeight } from '../../bench/page-weight.ts';
import { buildOnce, repoRoot, serveBuilt, type ServedSite } from '../helpers/site.ts';
import { launchBrowser, openPage, requestsSettled } from '../helpers/browser.ts';
import { holdScripts } from '../helpers/hold-react.ts';
import { LONG_MS } from '../helpers/patience.ts';

let site: ServedSite;
let outDir: string;
let browser: Browser;

// Building our whole site can take minutes on a busy machine (patience.ts).
beforeAll(async () => {
  const built = await buildOnce(repoRoot);
  outDir = built.outDir;
  site = await serveBuilt(built);
  browser = await launchBrowser();
}, LONG_MS);
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const WIDGET = '**/support/chat/widget.js';
/** Text only the main script holds (a code block's Copy, which comes with it). */
const MAIN_CODE = /Press Ctrl\+C/;

/** The paths of the scripts the page asks for from now on. */
function scriptsRequested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Holds widget.js back until `release` is called; `asked` resolves when the page asks for it. */
async function holdWidget(page: Page): Promise<{ asked: Promise<unknown>; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = page.waitForRequest((request) => request.url().endsWith('/chat/widget.js'));
  await page.route(WIDGET, async (route) => {
    const response = await route.fetch();
    await gate;
    await route.fulfill({ response }).catch(() => undefined); // the test may have closed the page
  });
  return { asked, release };
}

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Contact Ordo support' });

describe('a page read without interacting', () => {
  it.each([
    ['home page', ''],
    ['doc page with tabs', 'user-docs/records/locking'],
  ])('%s at 375 px loads only its eager script', async (_name, path) => {
    const { context, page, problems } = await openPage(browser, PHONE);
    const scripts = scriptsRequested(page);
    await page.goto(site.url(path), { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await requestsSettled(page);
    const eager = measurePageWeight(outDir, new URL(site.url(path)).pathname).jsFiles;
    expect(eager.length).toBeGreaterThan(0);
    expect([...scripts].sort()).toEqual([...eager].sort());
    // What the reader sees needs none of it: the chat button and the first tab are there.
    expect(await page.getByRole('button', { name: 'Contact support' }).isVisible()).toBe(true);
    if (path) expect(await page.getByRole('tab', { name: 'Web app' }).first().getAttribute('aria-selected')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the chat launcher', () => {
  it('is in the HTML: it shows without JavaScript', async () => {
    const { context, page } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(site.url('user-docs/records/locking'));
    expect(await page.getByRole('button', { name: 'Contact support' }).isVisible()).toBe(true);
    await context.close();
  });

  it('opens the chat when tapped before widget.js has arrived', async () => {
    const { context, page, problems } = await openPage(browser, PHONE);
    const widget = await holdWidget(page);
    await page.goto(site.url('user-docs/records/locking'), { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Contact support' }).tap();
    await widget.asked;
    expect(await chatPanel(page).count()).toBe(0);
    widget.release();
    await chatPanel(page).waitFor();
    expect(await page.getByRole('button', { name: 'Contact support' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Search the help center');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for widget.js when focus reaches it, and Enter before it arrives opens the chat', async () => {
    const { context, page } = await openPage(browser);
    const widget = await holdWidget(page);
    await page.goto(site.url('category/records'), { waitUntil: 'load' });
    const launcher = page.getByRole('button', { name: 'Contact support' }).last();
    await launcher.focus();
    await widget.asked;
    await page.keyboard.press('Enter');
    widget.release();
    await chatPanel(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => chatPanel(page).isVisible()).toBe(false);
    await context.close();
  });

  it('says so when widget.js cannot be loaded, and tries again on the next click', async () => {
    const { context, page } = await openPage(browser, PHONE);
    let blocked = true;
    await page.route(WIDGET, (route) => (blocked ? route.abort('blockedbyclient') : route.continue()));
    await page.goto(site.url('user-docs/records/locking'), { waitUntil: 'load' });
    const launcher = page.getByRole('button', { name: 'Contact support' });
    const reported = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().startsWith('Could not load /support/chat/widget.js'));
    await launcher.tap();
    await reported;
    expect(await chatPanel(page).count()).toBe(0);
    blocked = false;
    await launcher.tap();
    await chatPanel(page).waitFor();
    await context.close();
  });

  it('opens the chat when clicked before the main script has run', async () => {
    const { context, page } = await openPage(browser);
    const main = await holdScripts(page, MAIN_CODE);
    await page.goto(site.url('user-docs/records/locking'), { waitUntil: 'commit' });
    const launcher = page.locator('.script-launcher__button');
    await launcher.waitFor();
    await expect.poll(main.held).toBeGreaterThan(0);
    await launcher.click();
    main.release();
    await chatPanel(page).waitFor();
    await context.close();
  });
});

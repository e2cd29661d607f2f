// Headless Chromium from Debian, driven by playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type Page, type BrowserContextOptions, type Route } from 'playwright-core';
import { HANG_MS } from './patience.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
}

/** A page that records console errors/warnings and uncaught exceptions, for "no console errors" checks. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  // Waits for elements and responses end only a hang, not a busy machine (patience.ts).
  context.setDefaultTimeout(HANG_MS);
  context.setDefaultNavigationTimeout(HANG_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

let markers = 0;

/**
 * Resolves once the test has heard of every request the page started before the call, and of any
 * it starts from work queued for its next two frames or its next idle time (prefetches wait for
 * one). Proves that a request was not made without a clock: the page waits out those frames and
 * an idle period, then fetches a marker URL (answered here, 204), and Chromium reports a page's
 * requests in the order they start, so the marker's request event comes after theirs. The marker
 * is a fetch at /__settled/N: a test that lists the page's fetches leaves those out.
 */
export async function requestsSettled(page: Page): Promise<void> {
  const path = `/__settled/${++markers}`;
  const answer = (route: Route) => route.fulfill({ status: 204 });
  await page.route(`**${path}`, answer);
  const heard = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  await page.evaluate(async (url) => {
    await new Promise((frames) => requestAnimationFrame(() => requestAnimationFrame(frames)));
    await new Promise((idle) => requestIdleCallback(idle));
    await fetch(url);
  }, path);
  await heard;
  await page.unroute(`**${path}`, answer);
}

/**
 * Resolves once the page has answered what just happened to it (a scroll, a resize, a click):
 * two animation frames, so scroll and resize handlers ran and so did the work they put off to the
 * next frame, then the end of every running CSS transition and animation that will end.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((frames) => requestAnimationFrame(() => requestAnimationFrame(frames)));
    const ending = document.getAnimations().filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

// The JavaScript a page loads before the reader does anything: a fresh headless Chromium
// context opens the page, waits for the load event, for the network to go idle, for an idle
// callback in the page (where code deferred "until the browser is idle" starts) and then for
// the network to stay quiet again, and counts every response of resource type "script".
// Nothing is clicked, focused, hovered or scrolled. Chromium is Debian's (/usr/bin/chromium),
// never a downloaded browser.
import { chromium, type Browser, type Page } from 'playwright-core';
import { sumScripts, type ScriptBytes, type ScriptResponse } from './page-types.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
/** The network counts as quiet once no request has been in flight for this long. */
const QUIET_MS = 1000;
const PAGE_TIMEOUT_MS = 60_000;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** The scripts `url` loads with no interaction, in a context of its own (cold cache). */
export async function scriptsBeforeInteraction(browser: Browser, url: string): Promise<ScriptBytes> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    const pending: Promise<ScriptResponse | undefined>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return { url: response.url(), transfer: sizes.responseHeadersSize + sizes.responseBodySize, body };
        })().catch(() => undefined),
      );
    });
    const quiet = trackQuiet(page);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise<void>((done) => (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1)))(() => done())));
    await quiet();
    const responses = (await Promise.all(pending)).filter((r): r is ScriptResponse => r !== undefined);
    return sumScripts(responses);
  } finally {
    await context.close();
  }
}

/** Returns a wait for the moment no request has been in flight for QUIET_MS (what an idle callback started has arrived). */
function trackQuiet(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (delta: number) => {
    inFlight += delta;
    lastChange = performance.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async () => {
    const until = performance.now() + PAGE_TIMEOUT_MS;
    while (inFlight > 0 || performance.now() - lastChange < QUIET_MS) {
      if (performance.now() > until) throw new Error(`the network did not go quiet within ${PAGE_TIMEOUT_MS / 1000} s (${inFlight} request(s) in flight)`);
      await page.waitForTimeout(100);
    }
  };
}

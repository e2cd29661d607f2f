// How soon a reader on a slow phone can search: the time from navigating to a doc page until a
// click on the navbar's search button opens the search modal. Headless Chromium with a 4x CPU
// slowdown and DevTools' "Slow 4G" network (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up),
// a cold cache each run, and the built site served gzip-compressed as web servers do.
// The reader clicks as soon as the button is on screen and again every 100 ms while nothing
// opens: a click the page ignores (its script has not arrived) is lost, and a reader clicks again.
// A second measure (`clickFromMs`) has the reader start clicking later, once the page has settled
// and its idle work is done: how long a click then takes to open the modal.
// Times are read in the page (performance.now(), from the start of navigation), so the polling
// of this script does not count.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer, resolveRequest } from '../../cli/serve/server.ts';
import { contentTypeOf } from '../../cli/serve/headers.ts';
import { summarize, type Summary } from '../stats.ts';

/** DevTools' "Slow 4G" preset (bytes per second, ms). */
export const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 };
export const CPU_SLOWDOWN = 4;
const CLICK_EVERY_MS = 100;
/** A run that has not opened the modal by then is reported as failed. */
const GIVE_UP_MS = 60_000;

export interface FirstSearchRun {
  /** Navigation start to the modal in the page. */
  openedMs: number;
  /** Navigation start to the first click (the button was on screen). */
  firstClickMs: number;
  /** From the first click to the modal. */
  clickToOpenMs: number;
  /** Clicks it took: 1 when the first click opened it. */
  clicks: number;
  /** Navigation start to the load event. */
  loadMs: number;
}

export interface FirstSearchResult {
  page: string;
  conditions: string;
  /** The reader starts clicking this long after navigation (0: as soon as the button shows). */
  clickFromMs: number;
  runs: FirstSearchRun[];
  openedMs?: Summary;
  firstClickMs?: Summary;
  clickToOpenMs?: Summary;
  error?: string;
}

/** Serves `outDir` on 127.0.0.1 with gzip for text files; returns its origin and a closer. */
export async function serveCompressed(outDir: string, baseUrl: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const compressed = new Map<string, Buffer>();
  const gzip = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return false;
    const resolution = resolveRequest(outDir, baseUrl, new URL(req.url ?? '/', 'http://localhost').pathname);
    if (resolution.kind !== 'file') return false;
    const type = contentTypeOf(resolution.path);
    if (!/^(text\/|application\/(javascript|json))/.test(type)) return false;
    let body = compressed.get(resolution.path);
    if (!body) compressed.set(resolution.path, (body = gzipSync(readFileSync(resolution.path), { level: 6 })));
    res.writeHead(resolution.status, { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' }).end(body);
    return true;
  };
  const server = createStaticServer({ root: outDir, baseUrl, intercept: gzip });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

/** Records, in the page, when the modal first appears and when the first click lands. */
const RECORD = () => {
  const w = window as unknown as { __firstSearch: { opened?: number; firstClick?: number; clicks: number } };
  w.__firstSearch = { clicks: 0 };
  addEventListener(
    'click',
    () => {
      w.__firstSearch.firstClick ??= performance.now();
      w.__firstSearch.clicks++;
    },
    true,
  );
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.DocSearch-Modal')) return;
    w.__firstSearch.opened = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

/** One cold run in its own browser context. */
export async function firstSearchOnce(browser: Browser, url: string, clickFromMs = 0): Promise<FirstSearchRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(RECORD);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: GIVE_UP_MS });
    const button = page.locator('.DocSearch-Button').first();
    await button.waitFor({ state: 'visible', timeout: GIVE_UP_MS });
    await page.waitForTimeout(Math.max(0, clickFromMs - (Date.now() - started)));
    const opened = () => page.evaluate(() => (window as unknown as { __firstSearch: { opened?: number } }).__firstSearch.opened !== undefined);
    while (!(await opened())) {
      if (Date.now() - started > GIVE_UP_MS) throw new Error(`the modal did not open within ${GIVE_UP_MS / 1000} s`);
      // Where the button is now (web fonts arriving may move it), with no wait for it to be
      // "ready": a reader does not wait either.
      await button.click({ force: true, timeout: GIVE_UP_MS });
      await page.waitForTimeout(CLICK_EVERY_MS);
    }
    const record = await page.evaluate(() => {
      const { opened, firstClick, clicks } = (window as unknown as { __firstSearch: { opened: number; firstClick: number; clicks: number } }).__firstSearch;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { opened, firstClick, clicks, load: nav?.loadEventStart ?? 0 };
    });
    return { openedMs: record.opened, firstClickMs: record.firstClick, clickToOpenMs: record.opened - record.firstClick, clicks: record.clicks, loadMs: record.load };
  } finally {
    await context.close();
  }
}

/**
 * `runs` cold runs on each build, alternating between them (A, B, A, B…) so that the load of a
 * busy machine falls on all of them alike. Builds are { label: outDir }.
 */
export async function measureFirstSearch(options: { builds: Record<string, string>; baseUrl: string; route: string; runs: number; clickFromMs?: number; chromiumPath?: string }): Promise<Record<string, FirstSearchResult>> {
  const clickFromMs = options.clickFromMs ?? 0;
  const conditions = `Chromium, ${CPU_SLOWDOWN}x CPU slowdown, Slow 4G (${SLOW_4G.latency} ms, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down), cold cache, gzip`;
  const labels = Object.keys(options.builds);
  const results: Record<string, FirstSearchResult> = Object.fromEntries(labels.map((label) => [label, { page: options.route, conditions, clickFromMs, runs: [] }]));
  const servers = await Promise.all(labels.map((label) => serveCompressed(options.builds[label]!, options.baseUrl)));
  const browser = await chromium.launch({ executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'], headless: true });
  try {
    for (let run = 0; run < options.runs; run++) {
      for (const [i, label] of labels.entries()) {
        const result = results[label]!;
        if (result.error) continue;
        try {
          result.runs.push(await firstSearchOnce(browser, servers[i]!.origin + options.route, clickFromMs));
        } catch (error) {
          result.error = (error as Error).message.split('\n')[0];
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  for (const result of Object.values(results)) {
    result.openedMs = summarize(result.runs.map((r) => r.openedMs));
    result.firstClickMs = summarize(result.runs.map((r) => r.firstClickMs));
    result.clickToOpenMs = summarize(result.runs.map((r) => r.clickToOpenMs));
  }
  return results;
}

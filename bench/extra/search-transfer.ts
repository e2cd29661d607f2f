// What a reader's first search costs on a cold page, measured in headless Chromium over HTTP
// (files served gzip-compressed, as a CDN serves them): the bytes transferred (headers and
// gzip bodies) from the first keystroke until the results with their snippets are shown and
// the network is quiet, the requests, any file fetched twice, and the time from the first
// keystroke to the results on screen. The reader presses Ctrl+K and types "locking": once as
// a burst (keys typed while the search code loads are held), once at 100 ms a key, which
// sends every prefix as a query of its own. Each is run several times, each in a fresh browser
// context (a cold cache): the time is their median, since one run's time on a busy machine says
// little (the 8,500-page site's single run measured 273 ms, then 391 ms, with no change to search).
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fileForUrl } from '../page-weight.ts';
import { summarize } from '../stats.ts';

export interface TransferRun {
  keyDelayMs: number;
  /** Everything transferred after the first keystroke: the search code and the index files. */
  bytes: number;
  requests: number;
  /** The index files alone (entry, shards, sections): bytes and requests. */
  indexBytes: number;
  indexRequests: number;
  /** URLs requested more than once (should be none). */
  fetchedTwice: string[];
  /** From Ctrl+K to the results for the whole word on screen: the median of the runs. */
  resultsMs: number;
  /** Each run's time, in the order run. */
  resultsMsRuns: number[];
  hits: number;
}

/** Cold runs of each way of typing: the burst gives the budget's figure, so it gets more. */
const BURST_RUNS = 5;
const TYPED_RUNS = 3;

export interface SearchTransfer {
  query: string;
  page: string;
  burst: TransferRun;
  typed: TransferRun;
}

export const QUERY = 'locking';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' };

/** Serves the built site, gzip-compressing text files (cached: compression is not what is measured); first-results-trace.ts serves with it too. */
export function serve(outDir: string): Promise<{ server: Server; origin: string }> {
  const cache = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const file = fileForUrl(outDir, new URL(req.url ?? '/', 'http://x').pathname);
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const text = !/woff2|png/.test(type);
    let body = cache.get(file);
    if (!body) cache.set(file, (body = text ? gzipSync(readFileSync(file)) : readFileSync(file)));
    res.writeHead(200, { 'content-type': type, ...(text ? { 'content-encoding': 'gzip' } : {}), 'cache-control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

export async function measureSearchTransfer(outDir: string, route: string, chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<SearchTransfer> {
  const { server, origin } = await serve(outDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'] });
  try {
    const run = async (keyDelayMs: number): Promise<Omit<TransferRun, 'resultsMsRuns'>> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(origin + encodeURI(route), { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('.DocSearch-Button-Key')?.hasAttribute('data-key'));
      const seen: { url: string; bytes: number }[] = [];
      let inFlight = 0;
      let lastActivity = Date.now();
      page.on('request', () => {
        inFlight++;
        lastActivity = Date.now();
      });
      const done = async (request: import('playwright-core').Request) => {
        const sizes = await request.sizes().catch(() => ({ responseHeadersSize: 0, responseBodySize: 0 }));
        seen.push({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize });
        inFlight--;
        lastActivity = Date.now();
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      // Timed in the page: from the first keydown to the answer for the whole word on screen.
      await page.evaluate((q) => {
        const w = window as unknown as { searchTimes: { start?: number; shown?: number } };
        w.searchTimes = {};
        window.addEventListener('keydown', () => (w.searchTimes.start ??= performance.now()), { capture: true });
        new MutationObserver(() => {
          const container = document.querySelector<HTMLElement>('.DocSearch-Container');
          if (container?.dataset.status === 'idle' && container.dataset.answered === q) w.searchTimes.shown ??= performance.now();
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      }, QUERY);
      await page.keyboard.press('Control+k');
      await page.keyboard.type(QUERY, { delay: keyDelayMs });
      await page.waitForFunction(() => (window as unknown as { searchTimes: { shown?: number } }).searchTimes.shown !== undefined);
      const resultsMs = await page.evaluate(() => {
        const t = (window as unknown as { searchTimes: { start: number; shown: number } }).searchTimes;
        return Math.round(t.shown - t.start);
      });
      const hits = await page.locator('.DocSearch-Hit').count();
      // Quiet: nothing in flight and nothing new for half a second.
      while (inFlight > 0 || Date.now() - lastActivity < 500) await new Promise((r) => setTimeout(r, 50));
      await context.close();
      const index = seen.filter((s) => s.url.includes('/assets/search/'));
      const counts = new Map<string, number>();
      for (const s of seen) counts.set(s.url, (counts.get(s.url) ?? 0) + 1);
      return {
        keyDelayMs,
        bytes: seen.reduce((n, s) => n + s.bytes, 0),
        requests: seen.length,
        indexBytes: index.reduce((n, s) => n + s.bytes, 0),
        indexRequests: index.length,
        fetchedTwice: [...counts].filter(([, n]) => n > 1).map(([url]) => new URL(url).pathname),
        resultsMs,
        hits,
      };
    };
    // The bytes, requests and hits are the first run's (every run is cold, so they are the same
    // each time); a file fetched twice in any run is reported.
    const runs = async (keyDelayMs: number, count: number): Promise<TransferRun> => {
      const all = [];
      for (let n = 0; n < count; n++) all.push(await run(keyDelayMs));
      const resultsMsRuns = all.map((r) => r.resultsMs);
      return { ...all[0]!, fetchedTwice: [...new Set(all.flatMap((r) => r.fetchedTwice))], resultsMs: Math.round(summarize(resultsMsRuns)!.median), resultsMsRuns };
    };
    return { query: QUERY, page: route, burst: await runs(0, BURST_RUNS), typed: await runs(100, TYPED_RUNS) };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Adds a reader's first search to a site's search figures, or why it could not be measured. */
export async function addSearchTransfer(search: { index?: unknown; transfer?: SearchTransfer; transferNote?: string }, outDir: string, route: string, log: (line: string) => void): Promise<void> {
  if (!search.index) return;
  try {
    const t = (search.transfer = await measureSearchTransfer(outDir, route));
    log(`  first search "${t.query}": ${(t.burst.bytes / 1000).toFixed(1)} KB in ${t.burst.requests} requests (typed at ${t.typed.keyDelayMs} ms a key: ${(t.typed.bytes / 1000).toFixed(1)} KB in ${t.typed.requests}), results after ${t.burst.resultsMs} ms (median of ${t.burst.resultsMsRuns.join(', ')})`);
  } catch (error) {
    search.transferNote = `n/a: Chromium measurement failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

// The browser half of the comparison (./search-engines.ts): each engine's first query on a cold
// page in Debian's headless Chromium, over a local HTTP server that gzips text files as a CDN
// would (Pagefind's own files are gzip already and are served as they are), and Pagefind's
// ranking, which only its browser bundle can answer.
//
// A first query is timed in the page, from asking for the engine's code to the first screen's
// 9 results ready to show: our provider (entry, shards, the page files of the rows shown),
// Pagefind (pagefind.js, its WebAssembly, entry, index chunks, the 9 results' fragments), and
// MiniSearch (its code, then its whole index). The bytes are every response's headers and body
// as sent, split into engine code and index files.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Request } from 'playwright-core';

export type Engine = 'ours' | 'pagefind' | 'minisearch';

export interface FirstQuery {
  ms: number;
  bytes: number;
  requests: number;
  codeBytes: number;
  indexBytes: number;
  /** The first results' URLs (to check the engine answered). */
  urls: string[];
}

/** URL prefix → folder. The engine bundles and MiniSearch's index are under /__engines/. */
export type Mounts = Record<string, string>;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

export function serveMounts(mounts: Mounts): Promise<{ server: Server; origin: string }> {
  const cache = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
    const file = prefix === undefined ? '' : join(mounts[prefix]!, normalize(path.slice(prefix.length)));
    if (!file || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)];
    let body = cache.get(file);
    if (!body) cache.set(file, (body = type ? gzipSync(readFileSync(file)) : readFileSync(file)));
    res.writeHead(200, { 'content-type': type ?? 'application/octet-stream', ...(type ? { 'content-encoding': 'gzip' } : {}), 'cache-control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** Bundles our provider and MiniSearch for the browser into `dir` (ours.js, minisearch.js), minified as the site's own code is. */
export async function bundleClients(root: string, dir: string): Promise<Record<'ours' | 'minisearch', number>> {
  const sizes = { ours: 0, minisearch: 0 };
  for (const [name, entry] of [['ours', 'search-engines-client-ours.ts'], ['minisearch', 'search-engines-client-mini.ts']] as const) {
    await esbuild.build({ entryPoints: [join(root, 'bench', 'extra', entry)], outfile: join(dir, `${name}.js`), bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'error' });
    sizes[name] = gzipSync(readFileSync(join(dir, `${name}.js`))).length;
  }
  return sizes;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'] });
}

/**
 * The page every run starts from. Its `run` loads an engine's code, answers the query and
 * returns the first screen's 9 results; `ranks` gives Pagefind's first 20 pages per query.
 * (Written as page script, not as a function handed to evaluate(): the bundler would rewrite
 * its dynamic imports.)
 */
export const BLANK_HTML = `<!doctype html><meta charset="utf-8"><title>engines</title><script>
async function pagefindUrls(q, n) {
  const pf = await import('/pagefind/pagefind.js');
  const found = await pf.search(q);
  return (await Promise.all(found.results.slice(0, n).map((r) => r.data()))).map((d) => d.url);
}
window.run = async (engine, q, indexUrl) => {
  const start = performance.now();
  const urls = engine === 'pagefind' ? await pagefindUrls(q, 9) : (await (await import('/__engines/' + engine + '.js')).firstResults(indexUrl, q)).urls;
  return { ms: performance.now() - start, urls };
};
window.ranks = async (qs) => { const out = []; for (const q of qs) out.push(await pagefindUrls(q, 20)); return out; };
</script>`;

type PageWindow = { run(engine: Engine, q: string, indexUrl: string): Promise<{ ms: number; urls: string[] }>; ranks(qs: string[]): Promise<string[][]> };

/** One cold first query (fresh context: nothing cached). */
export async function firstQuery(browser: Browser, origin: string, engine: Engine, query: string, indexUrl: string): Promise<FirstQuery> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/__engines/blank.html`);
    const done: Promise<{ url: string; bytes: number }>[] = [];
    const measure = async (request: Request) => {
      const sizes = await request.sizes().catch(() => ({ responseHeadersSize: 0, responseBodySize: 0 }));
      return { url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize };
    };
    page.on('requestfinished', (request) => done.push(measure(request)));
    page.on('requestfailed', (request) => done.push(measure(request)));
    const { ms, urls } = await page.evaluate(([e, q, u]) => (window as unknown as PageWindow).run(e, q, u), [engine, query, indexUrl] as const);
    // Every response the query asked for has finished before evaluate returned; sizes() waits for the last bytes.
    const seen = await Promise.all(done);
    const isCode = (url: string) => /\/__engines\/(ours|minisearch)\.js$|\/pagefind\/[^/]+\.js$|\.pagefind$/.test(url);
    const code = seen.filter((s) => isCode(s.url));
    return { ms, urls, bytes: seen.reduce((n, s) => n + s.bytes, 0), requests: seen.length, codeBytes: code.reduce((n, s) => n + s.bytes, 0), indexBytes: seen.filter((s) => !isCode(s.url)).reduce((n, s) => n + s.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** Pagefind's page order for each query (first 20 results), in one page. */
export async function pagefindRanks(browser: Browser, origin: string, queries: string[]): Promise<string[][]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/__engines/blank.html`);
    return await page.evaluate((qs) => (window as unknown as PageWindow).ranks(qs), queries);
  } finally {
    await context.close();
  }
}

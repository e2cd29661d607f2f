// Crawls a served site as a reader's browser and a search engine would: every internal link,
// script, stylesheet and image of every page, each page's canonical URL, the files the client
// loads (sidebar fragment, search entry), and every sitemap entry. Each must be answered by one
// request with status 200: a redirect or an error is a problem, named with the page it is on.
// On a host with no rules (`folderRedirects`), the host's own redirect from a folder's address
// to its slash form ("/a/b" → "/a/b/") is accepted once, and "/a/b/" must then answer 200.
import { request } from 'node:http';

export interface Fetched {
  status: number;
  type: string;
  location?: string;
  body: string;
}

/** A GET of a path (percent-encoded, as in a link) that follows no redirect. */
export type Getter = (path: string) => Promise<Fetched>;

/** GET from an http origin, optionally with another Host header (a virtual-host bucket). */
export function getterFor(origin: string, host?: string): Getter {
  const { hostname, port } = new URL(origin);
  return (path) =>
    new Promise((resolve, reject) => {
      request({ host: hostname, port, path, headers: host ? { host } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
}

export interface CrawlResult {
  /** Every path requested, with its status. */
  visited: Map<string, number>;
  pages: number;
  problems: string[];
}

const ATTRIBUTE = /\s(?:href|src)="([^"]*)"/g;
/** og:url and og:image, which link to this site by its production address. */
const SHARED = /<meta property="og:(?:url|image)" content="([^"]*)"/g;

export interface CrawlOptions {
  baseUrl: string;
  siteUrl: string;
  start?: string[];
  /** Accept one redirect from "/a/b" to "/a/b/", as a static host with no rules answers a page in a folder. */
  folderRedirects?: boolean;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** GETs `path`, following the host's folder redirect ("/a/b" → "/a/b/") once when it is allowed. */
export async function getPage(get: Getter, path: string, folderRedirects = false): Promise<Fetched & { path: string }> {
  const response = await get(path);
  if (!folderRedirects || !REDIRECT.has(response.status) || !response.location) return { ...response, path };
  const next = new URL(response.location, 'http://host.invalid' + path).pathname;
  if (next !== `${path}/`) return { ...response, path };
  return { ...(await get(next)), path: next };
}

export async function crawlSite(get: Getter, options: CrawlOptions): Promise<CrawlResult> {
  const visited = new Map<string, number>();
  const problems: string[] = [];
  // The home page, and what search engines read first.
  const queue = [options.baseUrl, `${options.baseUrl}sitemap.xml`, '/robots.txt', ...(options.start ?? [])].map((path) => ({ path, from: 'the start' }));
  const origin = options.siteUrl.replace(/\/+$/, '');
  let pages = 0;
  const enqueue = (raw: string, from: string) => {
    const text = raw.replace(/&amp;/g, '&');
    if (!text || text.startsWith('#') || /^(mailto|tel|data|javascript):/i.test(text)) return;
    let url: URL;
    try {
      url = new URL(text, 'http://crawl.invalid' + from);
    } catch {
      return;
    }
    // The production origin (canonical, sitemap, og:url) is read as this host.
    if (url.origin === origin) url = new URL(url.pathname + url.search, 'http://crawl.invalid');
    if (url.origin !== 'http://crawl.invalid') return; // another site
    const path = url.pathname;
    if (!visited.has(path) && !queue.some((q) => q.path === path)) queue.push({ path, from });
  };
  while (queue.length) {
    const { path, from } = queue.shift()!;
    if (visited.has(path)) continue;
    const response = await getPage(get, path, options.folderRedirects);
    visited.set(path, response.status);
    if (response.status !== 200) {
      problems.push(`${response.path} (linked from ${from}): ${response.status}${response.location ? ` → ${response.location}` : ''}`);
      continue;
    }
    if (response.type.startsWith('text/html')) {
      pages++;
      // Relative links are read from where the page was answered ("/a/b/" after a folder redirect).
      for (const match of response.body.matchAll(ATTRIBUTE)) enqueue(match[1]!, response.path);
      for (const match of response.body.matchAll(SHARED)) enqueue(match[1]!, response.path);
      const config = /<script type="application\/json" id="helpgen-config">([^<]*)<\/script>/.exec(response.body)?.[1];
      if (config) {
        const { sidebarUrl, search } = JSON.parse(config) as { sidebarUrl?: string; search?: { indexUrl?: string } };
        for (const url of [sidebarUrl, search?.indexUrl]) if (url) enqueue(url, path);
      }
    } else if (path.endsWith('sitemap.xml')) {
      for (const match of response.body.matchAll(/<loc>([^<]*)<\/loc>/g)) enqueue(match[1]!.replace(/&amp;/g, '&'), path);
    }
  }
  return { visited, pages, problems };
}

// Fetches pages for client navigation and prefetching. Each page is fetched once and kept (the
// site is static); a failed fetch is forgotten so the next attempt tries the network again.
export interface LoadedPage {
  /** Final URL after redirects. */
  url: string;
  html: string;
  status: number;
}

const MAX_PAGES = 40;
const cache = new Map<string, Promise<LoadedPage>>();

export class PageLoadError extends Error {}

export function loadPage(url: URL): Promise<LoadedPage> {
  const key = url.pathname + url.search;
  let pending = cache.get(key);
  if (!pending) {
    pending = fetchPage(key);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    if (cache.size > MAX_PAGES) cache.delete(cache.keys().next().value!);
  }
  return pending;
}

export function isCached(url: URL): boolean {
  return cache.has(url.pathname + url.search);
}

async function fetchPage(path: string): Promise<LoadedPage> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  const type = response.headers.get('content-type') ?? '';
  // A 404 with our not-found page is a page like any other; anything else is a failure.
  if ((!response.ok && response.status !== 404) || !type.includes('text/html')) {
    throw new PageLoadError(`Loading ${path} failed: HTTP ${response.status} ${type}`);
  }
  return { url: response.url, html: await response.text(), status: response.status };
}

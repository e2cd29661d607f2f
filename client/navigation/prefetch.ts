// Prefetching: a page link is fetched ahead when the pointer rests on it (or a finger or the
// keyboard reaches it), and links in the page content are fetched when they scroll into view,
// two at a time when the browser is idle, at most 12 per page shown (a category index can list
// eighty pages). Sidebar, navbar and footer links are only fetched on hover: prefetching the
// whole sidebar on every page would download the site. Nothing is prefetched on 2g/slow-2g
// connections or with data saver on.
import { loadPage, isCached } from './page-cache.ts';
import { internalUrl } from './links.ts';
import { samePage } from './clean-url.ts';
import { prefetchAllowed } from './connection.ts';

export function prefetch(url: URL): void {
  if (!prefetchAllowed() || isCached(url) || samePage(url.pathname, location.pathname)) return;
  loadPage(url).catch(() => {
    // Navigation will try again (and fall back to a normal page load).
  });
}

let observer: IntersectionObserver | undefined;
const queue: URL[] = [];
let running = 0;
let budget = 0;
const CONCURRENCY = 2;
const IN_VIEW_LIMIT = 12;

export function initPrefetch(baseUrl: string): void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const url = link instanceof HTMLAnchorElement ? internalUrl(link, baseUrl) : undefined;
    if (url) prefetch(url);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  if ('IntersectionObserver' in window) {
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        const url = internalUrl(entry.target as HTMLAnchorElement, baseUrl);
        if (url) queue.push(url);
      }
      pump();
    });
  }
  observeLinks(baseUrl);
}

/** Watches the links of the current page content (call again after each navigation). */
export function observeLinks(baseUrl: string): void {
  if (!observer || !prefetchAllowed()) return;
  observer.disconnect();
  queue.length = 0;
  budget = IN_VIEW_LIMIT;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('#__page main a[href]')) {
    if (internalUrl(link, baseUrl)) observer.observe(link);
  }
}

function pump(): void {
  while (running < CONCURRENCY && queue.length && budget > 0) {
    const url = queue.shift()!;
    if (isCached(url)) continue;
    running++;
    budget--;
    whenIdle(() => {
      if (!prefetchAllowed()) return void running--;
      loadPage(url)
        .catch(() => undefined)
        .finally(() => {
          running--;
          pump();
        });
    });
  }
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

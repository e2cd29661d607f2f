// Pages opened at an .html address (cleaned by clean-url.ts; `helpgen serve` redirects them).
// A static host either serves the file (the page itself: the address is cleaned here), or has no
// file of that name and answers with the not-found page: that page then shows the page of the
// clean address, fetched and swapped in like a client navigation, and replaces the address.
import { cleanPathname } from './clean-url.ts';
import { loadPage } from './page-cache.ts';
import { isShellDocument } from './swap.ts';
import { navigate } from './router.ts';

/**
 * The page's own address when its canonical URL gives the other shape of `url` (a host that
 * answers both "/a" and "/a/"): the address bar then shows the address the page is linked by.
 */
function canonicalShape(doc: Document, url: URL): URL {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
  if (!canonical) return url;
  const path = new URL(canonical, location.href).pathname;
  if (path === url.pathname || path.replace(/\/+$/, '') !== url.pathname.replace(/\/+$/, '')) return url;
  const shaped = new URL(url.href);
  shaped.pathname = path;
  return shaped;
}

const isNotFoundPage = () => document.body.classList.contains('page-notFound');

/** On a page opened at an .html address, rewrites the address bar (no reload). */
export function normalizeLocation(baseUrl: string): void {
  if (isNotFoundPage()) return; // a real unknown address is left as the reader typed it
  const clean = cleanPathname(location.pathname, baseUrl);
  if (clean !== location.pathname) history.replaceState(history.state, '', clean + location.search + location.hash);
}

/**
 * On the not-found page at an .html address: shows the page of the clean address if there is
 * one (call once the router is ready). Otherwise the not-found page stays, address unchanged.
 */
export async function showPageForHtmlAddress(baseUrl: string): Promise<void> {
  const clean = cleanPathname(location.pathname, baseUrl);
  if (!isNotFoundPage() || clean === location.pathname) return;
  try {
    // The clean address first, then the same with or without its trailing slash (a site built
    // with trailingSlash has its pages in one shape only).
    const bare = clean.replace(/\/+$/, '');
    for (const path of clean.endsWith('/') ? [clean, bare] : [clean, `${bare}/`]) {
      const url = new URL(path + location.search + location.hash, location.href);
      const page = await loadPage(url).catch(() => undefined);
      if (page?.status !== 200) continue;
      const doc = new DOMParser().parseFromString(page.html, 'text/html');
      // A redirect page (a renamed page's old address) is followed like any address.
      if (!isShellDocument(doc)) location.replace(url.href);
      else await navigate(canonicalShape(doc, url), { replace: true });
      return;
    }
  } finally {
    // Nothing there either: a real unknown address, and the not-found page stays.
    document.documentElement.classList.remove('html-address-pending');
  }
}

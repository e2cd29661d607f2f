// Which links client navigation handles: same origin, under the base URL, opening in this tab,
// not a download, not a file (only page paths, or ".html" ones that are rewritten), not a
// locale switch (another build), and not marked data-no-spa.
import { cleanPathname } from './clean-url.ts';

const FILE = /\.[a-z0-9]{1,8}$/i;

export function internalUrl(link: HTMLAnchorElement, baseUrl: string): URL | undefined {
  if (link.hasAttribute('download') || link.dataset.noSpa !== undefined || link.dataset.localePrefix !== undefined) return undefined;
  const target = link.getAttribute('target');
  if (target && target !== '_self') return undefined;
  const raw = link.getAttribute('href');
  if (!raw || raw.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || !(url.pathname + '/').startsWith(baseUrl)) return undefined;
  if (url.pathname.startsWith(`${baseUrl}assets/`)) return undefined;
  const clean = cleanPathname(url.pathname, baseUrl);
  if (clean === url.pathname && FILE.test(url.pathname)) return undefined;
  url.pathname = clean;
  return url;
}

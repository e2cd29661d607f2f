// Route helpers. Routes are kept decoded ("/support/user-docs/templates/cell types/date-cell");
// hrefs are the same paths percent-encoded per segment, as they appear in HTML.
import { posix } from 'node:path';

/** Encodes each path segment for use in an href (spaces become %20, slashes stay). */
export function routeToHref(route: string): string {
  return route
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** Decodes an href path back into a route; returns undefined when it is not valid percent-encoding. */
export function hrefToRoute(href: string): string | undefined {
  try {
    return decodeURI(href);
  } catch {
    return undefined;
  }
}

/** Output file of a route under the out dir: "/support/a/b" → "support/a/b/index.html". */
export function routeToOutputFile(route: string): string {
  const trimmed = route.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** Joins a base URL and a site-relative path: ("/support/", "/a/b") → "/support/a/b". */
export function withBase(baseUrl: string, path: string): string {
  const clean = path.replace(/^\/+/, '');
  return baseUrl + clean;
}

/** Route of a doc from its path under content/ (without .md) and an optional front matter slug. */
export function docRoute(baseUrl: string, idPath: string, slug?: string): string {
  if (slug !== undefined) {
    const dir = posix.dirname(idPath);
    const target = slug.startsWith('/') ? slug : posix.join(dir === '.' ? '' : dir, slug);
    return withBase(baseUrl, posix.normalize('/' + target).replace(/^\/+/, ''));
  }
  const base = posix.basename(idPath);
  if (base === 'index' || base === 'README') {
    const dir = posix.dirname(idPath);
    return dir === '.' ? baseUrl : withBase(baseUrl, dir + '/');
  }
  return withBase(baseUrl, idPath);
}

/** The canonical form of a route as a server would see it: no trailing slash except the base. */
export function routeKey(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

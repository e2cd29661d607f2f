// The URL model: the one place that says how a source file becomes a route, how a route is
// written as an href (pages, sidebar, pagination, sitemap, search index), how an href found in
// content or in a page is read back as a route, and which output file serves a route.
//
// A route is a decoded path: "/support/user-docs/templates/cell types/C++ libs". An href is the
// same path with each segment percent-encoded by encodeURIComponent, so every character that
// means something in a URL (# ? % & + = @ $ , ; : and the space) is escaped and means nothing:
// "/support/user-docs/templates/cell%20types/C%2B%2B%20libs". Reading an href back decodes each
// segment with decodeURIComponent (decodeURI would leave %23, %2B, %26 … encoded, and the route
// would not match the page it names). Servers decode the same way when they map a request to a
// file, so the output file is the route's own path.
//
// Everything that writes or reads a page address goes through these functions; a change to how
// addresses look (a trailing-slash option, say) belongs here.
import { posix } from 'node:path';

/** Encodes each path segment for use in an href (spaces become %20, slashes stay). */
export function routeToHref(route: string): string {
  // Most routes have nothing to encode: they are their href, without an array made of them
  // (a warm build at 8,500 pages asks for each page's href several times).
  if (ENCODES_AS_ITSELF.test(route)) return route;
  return route
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** The characters encodeURIComponent leaves as they are, and the slash. */
const ENCODES_AS_ITSELF = /^[\w\-.!~*'()/]*$/;

/**
 * Decodes an href's path back into a route. Undefined when it is not valid percent-encoding or
 * a segment decodes to a slash (no page can have such a route).
 */
export function hrefToRoute(hrefPath: string): string | undefined {
  const segments = hrefPath.split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (!segment.includes('%')) continue;
    try {
      segments[i] = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (segments[i]!.includes('/')) return undefined;
  }
  return segments.join('/');
}

/** An href that points into the site, read as a route with its query and fragment (both decoded as written). */
export interface SiteHref {
  route: string;
  /** "?a=1" or "". */
  search: string;
  /** The fragment decoded ("Lock a record" for "#Lock%20a%20record"), or "" when there is none. */
  hash: string;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** True for hrefs that leave the site: "https://…", "mailto:…", "//host/…". */
export function isExternalHref(href: string): boolean {
  return SCHEME.test(href) || href.startsWith('//');
}

/**
 * Reads an href as a browser on the page at `fromHref` would (relative paths, "..", a bare
 * "#anchor"), and returns the route it names. Undefined for external hrefs and for paths that
 * are not valid percent-encoding.
 */
export function parseHref(href: string, fromHref: string): SiteHref | undefined {
  if (isExternalHref(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href, 'http://site' + fromHref);
  } catch {
    return undefined;
  }
  const route = hrefToRoute(url.pathname);
  if (route === undefined) return undefined;
  return { route, search: url.search, hash: decodeFragment(url.hash.slice(1)) };
}

/** A fragment as the id it targets: percent-decoded when that is valid, else as written. */
export function decodeFragment(fragment: string): string {
  if (!fragment.includes('%')) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * How pages are written (the config's pageFiles): "folder" puts every page in a folder of its
 * own ("/support/a/b" → "support/a/b/index.html"), which every static host serves with no rules:
 * Python's http.server, nginx's stock config, an S3 website endpoint, GitHub Pages and Netlify
 * answer "/a/b/" with the file and "/a/b" with their own redirect to it. "html" names the file
 * after the address ("support/a/b.html"), for hosts that try ".html" (GitHub Pages, Netlify,
 * Cloudflare Pages, nginx with the README's server block), which then need no redirect.
 */
export type PageFiles = 'folder' | 'html';

/** The layout a config asks for: pageFiles as set, else "html" for trailingSlash false (as Docusaurus writes it), else "folder". */
export function pageFilesOf(config: { pageFiles?: PageFiles; trailingSlash?: boolean }): PageFiles {
  return config.pageFiles ?? (config.trailingSlash === false ? 'html' : 'folder');
}

/**
 * Output file of a route under the out dir. A folder's index page ("/support/a/") is always
 * "support/a/index.html"; other pages ("/support/a/b") are "support/a/b/index.html" in the
 * "folder" layout and "support/a/b.html" in the "html" one. `helpgen deploy` stores each page
 * under its address (cli/deploy/local-files.ts), `helpgen serve` answers both shapes.
 */
export function routeToOutputFile(route: string, layout: PageFiles = 'folder'): string {
  const path = route.replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) return `${path}index.html`;
  return layout === 'folder' ? `${path}/index.html` : `${path}.html`;
}

/**
 * How page addresses end (the config's trailingSlash, as in Docusaurus): true "/a/b/", false
 * "/a/b", undefined each route as it comes (a folder's index page "/a/", other pages "/a/b").
 */
export type TrailingSlash = boolean | undefined;

/** A route (or an href, whose ?query and #hash stay) in the shape trailingSlash asks for; the base URL keeps its slash. */
export function withTrailingSlash(route: string, trailingSlash: TrailingSlash, baseUrl: string): string {
  if (trailingSlash === undefined) return route;
  const at = route.search(/[?#]/);
  const path = at === -1 ? route : route.slice(0, at);
  const rest = at === -1 ? '' : route.slice(at);
  if (path === '' || routeKey(path) === routeKey(baseUrl) || routeKey(path) === '/') return route;
  return path.replace(/\/+$/, '') + (trailingSlash ? '/' : '') + rest;
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

/**
 * Routes that only a case-sensitive store tells apart ("/a/Setup" and "/a/setup"): one file on
 * a laptop's disk, two objects in a bucket. Compared in Unicode NFC, as macOS names files.
 */
export function caseFoldKey(route: string): string {
  return routeKey(route).normalize('NFC').toLowerCase();
}

// Page addresses, cleaned and compared. Pure functions of their arguments: nothing here
// navigates or touches the page, so every part of the client (links, the router, prefetching,
// the .html address handling in normalize.ts) can use them without importing one another.
//
// ".html" and "index.html" endings are not part of any route: "/a/b.html" → "/a/b",
// "/a/index.html" → "/a/" (a folder's index page keeps its slash, as its file says:
// cli/source/routes.ts), "/support/index.html" → "/support/". `helpgen serve` redirects them.

/** `pathname` without its .html or index.html ending ("/404.html" is a file and keeps it). */
export function cleanPathname(pathname: string, baseUrl: string): string {
  let clean = pathname;
  if (clean.endsWith('/index.html')) clean = clean.slice(0, -'index.html'.length);
  else if (clean.endsWith('.html') && !clean.endsWith('/404.html')) clean = clean.slice(0, -'.html'.length);
  else return pathname;
  return clean + '/' === baseUrl || clean === '' || clean === '/' ? baseUrl : clean;
}

/**
 * True when two paths name the same page. A page in a folder of its own is answered at "/a/b"
 * and, after a static host's redirect, at "/a/b/" (no site has a page at each), so the page on
 * screen at "/a/b/" is the one its own links ("/a/b#section") name.
 */
export function samePage(a: string, b: string): boolean {
  return a === b || a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

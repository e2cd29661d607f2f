// ".html" and "/index.html" endings are not part of any route: "/a/b.html" → "/a/b",
// "/a/index.html" → "/a", "/support/index.html" → "/support/". The server redirects them; this
// covers static hosts that serve the files directly and links clicked in the page.
export function cleanPathname(pathname: string, baseUrl: string): string {
  let clean = pathname;
  if (clean.endsWith('/index.html')) clean = clean.slice(0, -'/index.html'.length);
  else if (clean.endsWith('.html') && !clean.endsWith('/404.html')) clean = clean.slice(0, -'.html'.length);
  else return pathname;
  return clean + '/' === baseUrl || clean === '' ? baseUrl : clean;
}

/** Rewrites the address bar (no reload) when the page was opened at an .html path. */
export function normalizeLocation(baseUrl: string): void {
  const clean = cleanPathname(location.pathname, baseUrl);
  if (clean !== location.pathname) history.replaceState(history.state, '', clean + location.search + location.hash);
}

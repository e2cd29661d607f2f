import { describe, expect, it } from 'vitest';
import { caseFoldKey, docRoute, hrefToRoute, pageFilesOf, parseHref, routeKey, routeToHref, routeToOutputFile } from './routes.ts';

describe('routes', () => {
  it('maps content paths to routes under the base path', () => {
    expect(docRoute('/support/', 'user-docs/records/locking')).toBe('/support/user-docs/records/locking');
    expect(docRoute('/support/', 'user-docs/templates/formulas/index')).toBe('/support/user-docs/templates/formulas/');
    expect(docRoute('/support/', 'intro', '/')).toBe('/support/');
    expect(docRoute('/support/', 'guides/start', 'begin')).toBe('/support/guides/begin');
    expect(docRoute('/support/', 'guides/start', '/elsewhere/x')).toBe('/support/elsewhere/x');
  });

  it('encodes a folder name with a space in hrefs and decodes it on disk', () => {
    const route = docRoute('/support/', 'user-docs/templates/cell types/date-cell');
    expect(route).toBe('/support/user-docs/templates/cell types/date-cell');
    expect(routeToHref(route)).toBe('/support/user-docs/templates/cell%20types/date-cell');
    expect(hrefToRoute('/support/user-docs/templates/cell%20types/date-cell')).toBe(route);
    expect(routeToOutputFile(route)).toBe('support/user-docs/templates/cell types/date-cell/index.html');
  });

  it('writes each page in a folder of its own by default, and after its address with pageFiles "html"', () => {
    expect(routeToOutputFile('/support/a/b')).toBe('support/a/b/index.html');
    expect(routeToOutputFile('/support/a/b', 'html')).toBe('support/a/b.html');
    expect(routeToOutputFile('/support/a/', 'html')).toBe('support/a/index.html');
    expect(pageFilesOf({})).toBe('folder');
    expect(pageFilesOf({ trailingSlash: true })).toBe('folder');
    expect(pageFilesOf({ trailingSlash: false })).toBe('html');
    expect(pageFilesOf({ trailingSlash: false, pageFiles: 'folder' })).toBe('folder');
    expect(pageFilesOf({ pageFiles: 'html' })).toBe('html');
  });

  it('keys routes without trailing slashes', () => {
    expect(routeKey('/support/')).toBe('/support');
    expect(routeKey('/support/a/')).toBe('/support/a');
    expect(routeToOutputFile('/support/')).toBe('support/index.html');
    expect(routeToOutputFile('/support/a/')).toBe('support/a/index.html');
    expect(routeToOutputFile('/')).toBe('index.html');
    expect(hrefToRoute('/bad%')).toBeUndefined();
  });

  it('round-trips every character that means something in a URL', () => {
    for (const name of ['C++ libs', 'R&D', 'a=b', 'x@y', '$5', 'a,b;c:d', 'what?', 'issue#12', '100%', 'café', "it's (new)!"]) {
      const route = `/support/guides/${name}`;
      const href = routeToHref(route);
      expect(href, name).not.toMatch(/[ +&=@$,;:?#]|%(?![0-9A-F]{2})/);
      expect(hrefToRoute(href), name).toBe(route);
    }
    // decodeURI would have kept these encoded, and the route would not have matched.
    expect(hrefToRoute('/support/C%2B%2B%20libs')).toBe('/support/C++ libs');
    expect(hrefToRoute('/support/issue%2312')).toBe('/support/issue#12');
    expect(hrefToRoute('/support/a%2Fb')).toBeUndefined();
  });

  it('reads an href found on a page as the browser does: relative, query, decoded fragment', () => {
    expect(parseHref('../b/C%2B%2B?x=1#Lock%20it', '/support/a/page')).toEqual({ route: '/support/b/C++', search: '?x=1', hash: 'Lock it' });
    expect(parseHref('#top', '/support/a/')).toEqual({ route: '/support/a/', search: '', hash: 'top' });
    expect(parseHref('https://example.com/', '/support/')).toBeUndefined();
    expect(parseHref('mailto:a@b.test', '/support/')).toBeUndefined();
  });

  it('folds routes that only a case-sensitive store tells apart', () => {
    expect(caseFoldKey('/support/Setup/')).toBe(caseFoldKey('/support/setup'));
    expect(caseFoldKey('/support/cafe\u0301')).toBe(caseFoldKey('/support/CAFÉ'));
  });
});

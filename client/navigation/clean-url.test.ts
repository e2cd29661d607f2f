// Page addresses: .html and index.html endings cleaned off (the address a page is linked by),
// and the two shapes of a folder page's address ("/a/b", "/a/b/") taken as the same page.
import { describe, expect, it } from 'vitest';
import { cleanPathname, samePage } from './clean-url.ts';

describe('cleanPathname', () => {
  it.each([
    ['/support/guides/locking.html', '/support/guides/locking'],
    ['/support/guides/index.html', '/support/guides/'],
    ['/support/index.html', '/support/'],
    ['/support.html', '/support/'],
    ['/support/a/b/c.html', '/support/a/b/c'],
  ])('%s → %s', (path, clean) => {
    expect(cleanPathname(path, '/support/')).toBe(clean);
  });

  it.each(['/support/guides/locking', '/support/guides/', '/support/', '/support/404.html', '/support/files/manual.pdf', '/support/guides/locking.htm'])('leaves %s as it is', (path) => {
    expect(cleanPathname(path, '/support/')).toBe(path);
  });

  it('gives the base URL for the home page at the root', () => {
    expect(cleanPathname('/index.html', '/')).toBe('/');
    expect(cleanPathname('/guides/index.html', '/')).toBe('/guides/');
    expect(cleanPathname('/guides.html', '/')).toBe('/guides');
  });
});

describe('samePage', () => {
  it('takes a path with or without its trailing slash as the same page', () => {
    expect(samePage('/support/guides/locking', '/support/guides/locking')).toBe(true);
    expect(samePage('/support/guides/locking', '/support/guides/locking/')).toBe(true);
    expect(samePage('/support/guides/', '/support/guides')).toBe(true);
  });

  it('tells other pages apart', () => {
    expect(samePage('/support/guides/locking', '/support/guides/lock')).toBe(false);
    expect(samePage('/support/guides/locking', '/support/guides/locking/more')).toBe(false);
    expect(samePage('/support/guides/locking', '/support/admin/locking')).toBe(false);
  });
});

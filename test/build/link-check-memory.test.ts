// A render worker's link check lives through the whole page phase and remembers every address
// from the site's root it has resolved: an address read from a page's HTML must not keep that
// page alive. The reader hands each href over as a view into the page's <main> (V8 makes a
// substring of 13 or more characters a view into its parent), so a remembered href held the
// whole <main> of every page checked (at 8,500 pages ~45 MB in each render worker, the largest
// item in its heap snapshot). Read from a heap snapshot, which collects all garbage first.
import { describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../cli/check/links.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { liveStringsStartingWith } from '../helpers/heap.ts';

// Built at run time (no copy of it is a constant of this file), and found by how it starts:
// the page, or its <main> without the page's own markdown (which the check reads apart).
const pageStart = `<!doctype html><html data-link-check-test="${process.pid}">`;
const mainStart = `<main data-link-check-test="${process.pid}">`;

/** Checks pages of ~60 KB, each linking to the next twice (as breadcrumbs and pagination do), half with a markdown body. */
function checkPages(checker: LinkChecker, routes: string[]): void {
  for (const [n, route] of routes.entries()) {
    const next = routes[(n + 1) % routes.length];
    const body = n % 2 === 0 ? `<p>The page's own markdown, ${n}.</p>` : undefined;
    const html = `${pageStart}<body><nav><a href="/support/">Home</a></nav>${mainStart}${body ?? ''}${'<p>Text.</p>'.repeat(5_000)}<a href="${next}">Next</a><a class="card" href="${next}/">Next</a></main></body></html>`;
    checker.check({ route, href: route, html, body, links: [] });
  }
}

describe('the link check', () => {
  it("keeps no checked page's HTML alive", async () => {
    const routes = Array.from({ length: 20 }, (_, n) => `/support/guides/a-page-with-a-long-address-${n}`);
    const reporter = new Reporter(() => undefined);
    const checker = createLinkChecker({ targets: routes.map((route) => ({ route })), files: new Set(), onBrokenLinks: 'throw', onBrokenAnchors: 'warn', reporter, layoutChecked: true });
    checkPages(checker, routes);
    // The last string a regular expression searched stays reachable (as RegExp.input): search another.
    /x/.test('x');
    // The markers themselves are alive, and small.
    const pages = [...(await liveStringsStartingWith(pageStart)), ...(await liveStringsStartingWith(mainStart))].filter((bytes) => bytes > 1_000);
    expect(reporter.diagnostics).toEqual([]);
    expect(pages).toEqual([]);
  });
});

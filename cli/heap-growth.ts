// How far V8 lets a heap grow past what is live before it collects the garbage, for the build of
// a large site: at most half again, in every thread (V8 flags are the process's).
//
// A large build's main thread keeps every page's compact data (at 50,000 pages ~600 MB live)
// while it turns the workers' results into garbage. V8 sets the next collection's limit at up to
// 4x what the last one left live, chosen from how fast it collects: the main thread's heap rose
// to 1.3-1.4 GB and the process to 2.3-2.6 GB (three 50,000-page builds, resident memory sampled
// each second), over the bench's 2 GB budget (issue 38). With the limit at 1.5x: 1.6 GB.
// V8 then collects more often, which costs time: 1,700-page builds, 5 interleaved pairs, peak
// 499-562 MB -> 419-428 MB but CPU time +7 % (medians 26.0 -> 27.9 s). Smaller sites stay far
// below the budget, so they keep V8's default and their speed.
//
// The flag is V8's own (listed by `node --v8-options`), read at each collection, so setting it
// while the process runs takes effect. Set only on V8 11 to 14 (Node 20 to 26), which have it:
// an unknown flag makes V8 print "unrecognized flag".
//
// V8's pretenuring is left on, though it costs a small site's build: after a long page V8
// allocates micromark's tokens straight in the old generation (micromark keeps every token of a
// document until it is parsed, so they all looked long-lived), where the later pages' die. With
// --no-allocation-site-pretenuring, 62 MB instead of 275 MB reached the old generation while our
// site built, and its markdown phase (in the main thread) took 0.99-1.10 s instead of 1.16-1.36 s
// (5 alternating pairs). But at 1,700 and 8,500 pages, rendered on workers, it gained nothing
// beyond noise (3 pairs each), and at 50,000 pages the build took 170 s instead of 152 s.
import { setFlagsFromString } from 'node:v8';

/** From this many pages a production build keeps its heaps near what is live. */
export const LARGE_SITE_PAGES = 20_000;

/**
 * Whether a site of `pages` pages is large in this sense. `HELPGEN_LARGE_SITE_FROM` sets the
 * size from which it is (tests use a small one to build a small site the way a large one is).
 */
export function isLargeSite(pages: number): boolean {
  return pages >= largeSiteFrom();
}

/** The size from which a site is large (LARGE_SITE_PAGES unless HELPGEN_LARGE_SITE_FROM says otherwise). */
export function largeSiteFrom(): number {
  const set = Number(process.env.HELPGEN_LARGE_SITE_FROM);
  return Number.isInteger(set) && set > 0 ? set : LARGE_SITE_PAGES;
}

/** The most a heap then grows past what its last full collection left live, in percent. */
export const HEAP_GROWING_PERCENT = 50;

/** Called once a production build's pages are listed; whether it set the limit. */
export function keepHeapsNearLive(pages: number): boolean {
  const v8Major = Number(process.versions.v8.split('.')[0]);
  if (!isLargeSite(pages) || v8Major < 11 || v8Major > 14) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

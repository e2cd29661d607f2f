// Pages stream through a production build (issue 38): once a page's markdown is done, its body,
// its page body and its source text are kept in the build's spill file (cli/pipeline/text-spill.ts),
// not in the heap, and read back when a later stage makes that page; what stays in memory for
// every page is the compact part. The pages read that way are the pages a build that keeps
// everything in memory (dev) makes. Byte-identical output before and after is
// warm-equals-cold.test.ts's and determinism.test.ts's.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteBuild } from '../../cli/pipeline/site-build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { DocPageData, PageData } from '../../shared/types.ts';
import { heldInMemory } from '../../cli/pipeline/text-spill.ts';
import { fixture } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';

const docPages = (pages: PageData[]) => pages.filter((page): page is DocPageData => page.kind === 'doc');

describe('pages streaming through a production build', () => {
  it(
    'keeps every doc page body out of the heap, and reads back the body a dev build keeps',
    async () => {
      const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-stream-'));
      cpSync(fixture('basic-site'), siteDir, { recursive: true });
      const production = await new SiteBuild({ siteDir, cache: false }).compile(new Reporter(() => {}));
      const dev = await new SiteBuild({ siteDir, mode: 'development', cache: false }).compile(new Reporter(() => {}));
      const streamed = docPages(production.pages);
      expect(streamed.length).toBeGreaterThan(3);
      const kept = new Map(docPages(dev.pages).map((page) => [page.route, page.html]));
      for (const page of streamed) expect(page.html, page.route).toBe(kept.get(page.route));
      // Read through the spill, not a string held by the page, once made.
      for (const page of streamed) expect(heldInMemory(page, 'html'), page.route).toBe(false);
      // The dev server compares pages from one save to the next: its pages keep their bodies.
      for (const page of docPages(dev.pages)) expect(heldInMemory(page, 'html'), page.route).toBe(true);
    },
    LONG_MS,
  );

  // What the main thread keeps of every page through the page phase is small (issue 38): a
  // getter made per page (its closures, their context) turned each page's data into a dictionary
  // of its own, ~1 KB a page at 8,500 pages, and each page had its own copies of its folder's
  // breadcrumbs.
  it(
    "keeps each doc page's data a fast object, sharing its body's getter and its folder's crumbs",
    async () => {
      setFlagsFromString('--allow-natives-syntax');
      const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
      const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-stream-'));
      cpSync(fixture('basic-site'), siteDir, { recursive: true });
      const pages = docPages((await new SiteBuild({ siteDir, cache: false }).compile(new Reporter(() => {}))).pages);
      const getters = new Set(pages.map((page) => Object.getOwnPropertyDescriptor(page, 'html')?.get));
      expect(getters.size).toBe(1);
      for (const page of pages) expect(hasFastProperties(page), page.route).toBe(true);
      const guides = pages.filter((page) => page.route.includes('/guides/'));
      expect(guides.length).toBe(2);
      expect(guides[0]!.breadcrumbs.length).toBe(2);
      expect(guides[0]!.breadcrumbs[0]).toBe(guides[1]!.breadcrumbs[0]);
    },
    LONG_MS,
  );
});

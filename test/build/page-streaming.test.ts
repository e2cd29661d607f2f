// Pages stream through a production build (issue 38): once a page's markdown is done, its body,
// its page body and its source text are kept in the build's spill file (cli/pipeline/text-spill.ts),
// not in the heap, and read back when a later stage makes that page; what stays in memory for
// every page is the compact part. The pages read that way are the pages a build that keeps
// everything in memory (dev) makes. Byte-identical output before and after is
// warm-equals-cold.test.ts's and determinism.test.ts's.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteBuild } from '../../cli/pipeline/site-build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { DocPageData, PageData } from '../../shared/types.ts';
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
      for (const page of streamed) {
        // Read through the spill, not a string held by the page.
        expect(Object.getOwnPropertyDescriptor(page, 'html')?.get, page.route).toBeTypeOf('function');
      }
      const kept = new Map(docPages(dev.pages).map((page) => [page.route, page.html]));
      for (const page of streamed) expect(page.html, page.route).toBe(kept.get(page.route));
      // The dev server compares pages from one save to the next: its pages keep their bodies.
      for (const page of docPages(dev.pages)) expect(Object.getOwnPropertyDescriptor(page, 'html')?.value).toBeTypeOf('string');
    },
    LONG_MS,
  );
});

// helpgen check: linkinator crawls the served site; a broken link makes it fail.
import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlSite } from '../../cli/commands/check.ts';
import { buildOnce, fixture, copyFixture } from '../helpers/site.ts';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';

describe('helpgen check', () => {
  it('crawls every page of a built site and finds nothing broken', async () => {
    const result = await buildOnce(fixture('basic-site'));
    const crawl = await crawlSite(result.outDir, '/support/', false);
    expect(crawl.broken).toEqual([]);
    expect(crawl.checked).toBeGreaterThan(15);
  });

  it('reports a link that broke after the build', async () => {
    const { dir, cleanup } = copyFixture('basic-site');
    try {
      const result = await build({ siteDir: dir, reporter: new Reporter(() => {}) });
      const page = join(result.outDir, 'support', 'guides', 'start', 'index.html');
      appendFileSync(page, '<a href="/support/vanished">gone</a>');
      expect(readFileSync(page, 'utf8')).toContain('vanished');
      const crawl = await crawlSite(result.outDir, '/support/', false);
      expect(crawl.broken.map((b) => [new URL(b.url).pathname, b.status])).toEqual([['/support/vanished', 404]]);
    } finally {
      cleanup();
    }
  });
});

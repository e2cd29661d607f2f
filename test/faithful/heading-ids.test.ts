// Issue 33, item 3: the heading a page's title comes from keeps its id (generated or {#id}) in
// the page header, the "On this page" list points only at ids the page has, and the link check
// verifies every #fragment against the ids of the built target page.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import type { DocPageData } from '../../shared/types.ts';
import { writeSite } from '../helpers/temp-site.ts';
import { CONFIG } from './build-site.ts';
import { crawlOutput, findPage } from './output-crawl.ts';

const FILES = {
  'help.config.ts': CONFIG.replace('};', ", onBrokenAnchors: 'warn' };"),
  'content/intro.md': '# Start here\n\nRead [slices](slices.md#the-slice-type), [ranges](ranges.md#ranges-custom), [install](install.md#installation) and [nothing](slices.md#nowhere).\n',
  'content/slices.md': '# The Slice Type\n\nText.\n\n## Strings\n\nBack to [the top](#the-slice-type).\n',
  'content/ranges.md': '<!-- a comment -->\n\n# Ranges {#ranges-custom}\n\nText.\n\n## Open ranges\n',
  'content/install.md': '## Installation\n\nmdBook chapters start at level 2.\n\n## Next steps\n\nMore.\n',
};

describe('the heading that gives the title', () => {
  it('keeps its id in the page header, and the On this page list links only to ids that exist', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'helpgen-faithful-out-'));
    const reporter = new Reporter(() => {});
    const result = await build({ siteDir: writeSite(FILES, 'helpgen-faithful-'), outDir, cache: false, reporter });
    const crawl = crawlOutput(outDir);
    expect(findPage('/support/slices', crawl.pages)?.ids).toContain('the-slice-type');
    expect(findPage('/support/ranges', crawl.pages)?.ids).toContain('ranges-custom');
    expect(findPage('/support/install', crawl.pages)?.ids).toContain('installation');
    expect(crawl.dead).toEqual(['/support/ -> /support/slices#nowhere (no id "nowhere" in /support/slices/)']);
    const install = result.pages.find((p) => p.route === '/support/install') as DocPageData;
    expect(install.toc.map((item) => item.id)).toEqual(['next-steps']);
    // The build's own check agrees with the crawl: exactly the one dead fragment.
    expect(reporter.diagnostics.filter((d) => d.code === 'broken-anchor').map((d) => d.message)).toEqual([
      'link "nothing" points to #nowhere, which does not exist on /support/slices',
    ]);
  });
});

// Pages whose file names hold characters that mean something in a URL (+ & = @ $ , ; ? # % and
// spaces) build with no broken link, and every place that writes their address (sidebar,
// pagination, breadcrumbs, body links, sitemap, search index) writes the same href, which the
// server maps back to the page. Routes that differ only in case are an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { build, type BuildResult } from '../../cli/pipeline/build.ts';
import { Reporter } from '../../cli/diagnostics/reporter.ts';
import { HelpgenAggregateError } from '../../cli/diagnostics/errors.ts';
import { routeToHref, routeToOutputFile } from '../../cli/source/routes.ts';
import { serveBuilt, type ServedSite } from '../helpers/site.ts';
import { writeSite } from '../helpers/temp-site.ts';

const page = (title: string, body = '') => `---\ntitle: ${title}\ndescription: About ${title}.\n---\n\n${body}\n`;

// File name under content/guides/ → the route it gets.
const ODD_NAMES: Record<string, string> = {
  'C++-Standard-Libraries.md': '/support/guides/C++-Standard-Libraries',
  'R&D notes.md': '/support/guides/R&D notes',
  'what?.md': '/support/guides/what?',
  'issue#12.md': '/support/guides/issue#12',
  '100%.md': '/support/guides/100%',
  'a=b@c$d,e;f:g.md': '/support/guides/a=b@c$d,e;f:g',
  'café.md': '/support/guides/café',
};

const LINKS = [
  '[plus](C++-Standard-Libraries.md)',
  '[plus encoded](C%2B%2B-Standard-Libraries.md#top)',
  '[plus page](C++-Standard-Libraries)',
  '[amp](<R&D notes.md>)',
  '[amp encoded](R%26D%20notes.md)',
  '[question](what%3F.md)',
  '[hash](issue%2312.md)',
  '[percent](100%25.md)',
  '[others](a=b@c$d,e;f:g.md)',
  '[accent](café.md)',
  '[absolute](/guides/R%26D%20notes)',
].join('\n\n');

let result: BuildResult;
let served: ServedSite;

beforeAll(async () => {
  const files: Record<string, string> = {
    'content/index.md': page('Home', 'Start with [the guides](guides/links.md).'),
    'content/guides/links.md': page('Links', LINKS),
  };
  for (const name of Object.keys(ODD_NAMES)) files[`content/guides/${name}`] = page(name.replace(/\.md$/, ''), '## Top\n\nText.');
  const siteDir = writeSite(files, 'helpgen-url-model-');
  result = await build({ siteDir, outDir: mkdtempSync(join(tmpdir(), 'helpgen-url-model-out-')), strict: true, reporter: new Reporter(() => {}) });
  served = await serveBuilt(result);
});
afterAll(() => served?.close());

describe('the URL model', () => {
  it('builds pages with + & = @ $ , ; : ? # % and spaces in their names with no broken link (--strict)', () => {
    expect(result.reporter.diagnostics).toEqual([]);
    for (const route of Object.values(ODD_NAMES)) {
      expect(result.pages.some((p) => p.route === route), route).toBe(true);
      expect(existsSync(join(result.outDir, routeToOutputFile(route))), route).toBe(true);
    }
  });

  it('writes one href per page everywhere: sidebar, pagination, body links, sitemap and search index', () => {
    const hrefs = Object.values(ODD_NAMES).map(routeToHref);
    expect(hrefs).toContain('/support/guides/C%2B%2B-Standard-Libraries');
    expect(hrefs).toContain('/support/guides/issue%2312');
    const links = readFileSync(join(result.outDir, 'support/guides/links/index.html'), 'utf8');
    const sitemap = readFileSync(join(result.outDir, 'support/sitemap.xml'), 'utf8');
    const search = fg.sync('support/assets/search/**/*.json', { cwd: result.outDir }).map((f) => readFileSync(join(result.outDir, f), 'utf8')).join('\n');
    const sidebar = fg.sync('support/assets/sidebar.*.json', { cwd: result.outDir }).map((f) => readFileSync(join(result.outDir, f), 'utf8')).join('\n');
    expect(search.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const attribute = `href="${href.replace(/&/g, '&amp;')}"`;
      expect(links, href).toContain(attribute);
      expect(sitemap, href).toContain(`<loc>${result.config.url!.replace(/\/+$/, '')}${href.replace(/&/g, '&amp;')}</loc>`);
      expect(search, href).toContain(JSON.stringify(href).slice(1, -1));
      expect(sidebar + links, href).toContain(JSON.stringify(attribute).slice(1, -1));
    }
    // The body links, however they were spelled, became the same hrefs.
    expect(links).toContain('href="/support/guides/C%2B%2B-Standard-Libraries#top"');
    expect(links.match(/href="\/support\/guides\/C%2B%2B-Standard-Libraries"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(links).not.toMatch(/href="[^"]*(?:C\+\+|R&amp;D|%3F\.md)/);
  });

  it('serves every page at the href the site links it with', async () => {
    for (const route of Object.values(ODD_NAMES)) {
      const response = await fetch(served.origin + routeToHref(route));
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('Text.');
    }
  });

  it('refuses two routes that differ only in case, naming both files', async () => {
    const siteDir = writeSite({ 'content/index.md': page('Home'), 'content/guides/Setup.md': page('Setup'), 'content/guides/setup.md': page('Set up') });
    const error = await build({ siteDir, write: false, reporter: new Reporter(() => {}) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HelpgenAggregateError);
    expect((error as HelpgenAggregateError).problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'route-case-conflict',
        message: 'the route /support/guides/setup differs from /support/guides/Setup (content/guides/Setup.md) only in case',
        // The route comes from the file name, so the error points at the top of the file.
        position: { file: 'content/guides/setup.md', line: 1, column: 1 },
        hint: expect.stringContaining('Rename one of them'),
      }),
    ]);
  });
});

// A page with `sidebar_hidden: true` is left out of the sidebar and of prev/next only: it is
// still written at its address, linked, searchable and in the sitemap (as Starlight's
// sidebar.hidden), and its breadcrumbs still show where it lives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { buildOnce, fixture } from '../helpers/site.ts';
import { LONG_MS } from '../helpers/patience.ts';
import { engineFor, fileText, firstPage } from '../search/helpers.ts';

const siteDir = mkdtempSync(join(tmpdir(), 'helpgen-sidebar-hidden-'));
let result: BuildResult;

beforeAll(async () => {
  cpSync(fixture('basic-site'), siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'content', 'guides', 'beta.md'), '---\ntitle: Beta switches\nsidebar_hidden: true\n---\n\nTurn on the zebracorn beta for one account.\n');
  // Something links to it, as a hidden page is reached: the link check must find it built.
  writeFileSync(join(siteDir, 'content', 'intro.md'), `${readFileSync(join(siteDir, 'content', 'intro.md'), 'utf8')}\nTesters: [beta switches](guides/beta.md).\n`);
  result = await buildOnce(siteDir, { strict: true });
}, LONG_MS);
afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

const html = (path: string) => readFileSync(join(result.outDir, 'support', path), 'utf8');
const sidebarOf = (page: string) => /<nav class="menu" aria-label="Docs"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '';

describe('a page with sidebar_hidden: true', () => {
  it('is in no page\'s sidebar and no neighbour\'s prev/next, yet built, linked, in the sitemap and searchable', () => {
    // Pages in Guides carry its entries; the others load them from the sidebar file when opened.
    for (const page of ['guides/start/index.html', 'guides/advanced/index.html']) {
      expect(sidebarOf(html(page)), page).toContain('href="/support/guides/start"');
      expect(sidebarOf(html(page)), page).not.toContain('/support/guides/beta');
    }
    const lazyEntries = result.files.find((file) => /^support\/assets\/sidebar\.[^/]+\.json$/.test(file.path));
    expect(lazyEntries && fileText(result, lazyEntries.path)).toContain('/support/guides/advanced');
    expect(lazyEntries && fileText(result, lazyEntries.path)).not.toContain('/support/guides/beta');
    expect(html('category/guides/index.html')).toContain('href="/support/guides/advanced"');
    expect(html('category/guides/index.html')).not.toContain('/support/guides/beta');
    // Advanced was the last page of Guides before it: its next page is the next category's.
    expect(/pagination-nav__link--next" href="([^"]*)"/.exec(html('guides/advanced/index.html'))?.[1]).toBe('/support/category/reference');
    // Left out of the lists only: a link to it finds it built (a strict build with no errors).
    expect(result.reporter.diagnostics).toEqual([]);
    expect(html('guides/beta/index.html')).toContain('zebracorn');
    expect(html('index.html')).toContain('href="/support/guides/beta"');
    expect(html('sitemap.xml')).toContain('<loc>https://acme.test/support/guides/beta</loc>');
    expect(firstPage(engineFor(result).engine, 'zebracorn')).toBe('/support/guides/beta');
  });

  it('shows no active sidebar item and no prev/next on itself, and keeps its breadcrumbs', () => {
    const page = html('guides/beta/index.html');
    expect(sidebarOf(page)).not.toContain('aria-current');
    expect(sidebarOf(page)).not.toContain('menu__link--active');
    expect(sidebarOf(page)).not.toContain('/support/guides/beta');
    expect(page).not.toContain('pagination-nav');
    expect(page).toMatch(/<a class="breadcrumbs__link" href="\/support\/category\/guides">Guides<\/a>/);
  });
});

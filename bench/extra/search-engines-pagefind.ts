// Pagefind in the comparison (./search-engines.ts): the `pagefind` npm package, whose Node API
// drives the Rust binary it carries (@pagefind/<platform>), indexing the built HTML of the same
// doc pages. Set up as Starlight sets it up: only the article is indexed (data-pagefind-body),
// without the page's chrome (breadcrumbs, copy button, feedback, footer, pagination) and, as
// our records do, without code blocks. Each page keeps our URL. Front matter keywords are not
// in the HTML, so Pagefind does not see them (our index does), unless `keywords` puts them in
// the article, weighted as an h2 (data-pagefind-weight).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { BuiltPage } from './search-engines-pages.ts';

const EXCLUDE = ['.breadcrumbs-nav', '.copy-page', '.feedback', '.doc-footer', '.pagination-nav', '.hash-link', 'pre', 'nav', 'button', 'svg', 'template'];

const BATCH = 32;

export interface PagefindBuild {
  buildMs: number;
  /** The folder holding `pagefind/` (served at /pagefind/). */
  dir: string;
}

/** Indexes the pages with Pagefind into `<dir>/pagefind/`; times everything from starting the service to the files written. */
export async function buildPagefind(outDir: string, pages: BuiltPage[], dir: string, keywords = false): Promise<PagefindBuild> {
  rmSync(join(dir, 'pagefind'), { recursive: true, force: true });
  const start = performance.now();
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE, forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // A few files in flight at once, as Pagefind's own directory walk reads them (all at once
  // would hold every page's HTML: 300 MB at 8,500 pages).
  for (let i = 0; i < pages.length; i += BATCH) {
    await Promise.all(pages.slice(i, i + BATCH).map(async (page) => {
      let content = readFileSync(join(outDir, page.file), 'utf8').replace('<article class="doc-article"', '<article data-pagefind-body class="doc-article"');
      if (keywords && page.keywords.length) content = content.replace('<div class="markdown-body">', `<div class="markdown-body"><p data-pagefind-weight="5">${escapeHtml(page.keywords.join(', '))}</p>`);
      const added = await index.addHTMLFile({ url: page.href, content });
      if (added.errors.length) throw new Error(`Pagefind: ${page.href}: ${added.errors.join('; ')}`);
    }));
  }
  const written = await index.writeFiles({ outputPath: join(dir, 'pagefind') });
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  const buildMs = performance.now() - start;
  await index.deleteIndex();
  return { buildMs, dir };
}

export async function closePagefind(): Promise<void> {
  await pagefind.close();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// The doc pages of a built site, read back from its output folder, for the search-engine
// comparison (./search-engines.ts): each page as the build hands it to the search stage (href,
// title, top sidebar category, description, keywords, records), in the build's page order, and
// its HTML file as Pagefind indexes it. Reading them from the output lets every engine index the
// very same build, built once (an 8,500-page build takes minutes on the shared machine).
//
// The order and the hrefs come from the local index's own page files; title, category,
// description and body from each page's HTML; keywords from the source's front matter (the
// HTML does not carry them). ./search-engines.ts checks the result: the local index built
// from these pages must be byte-identical to the one the build wrote.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { extractRecords } from '../../cli/search/records.ts';
import type { IndexedPage } from '../../cli/search/local-index.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';

export interface BuiltPage extends IndexedPage {
  /** The page's HTML file, relative to the output folder. */
  file: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };

function unescapeHtml(text: string): string {
  return text.replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/** Where the local index of a built site is: `<out>/<base>/assets/search/index.json`. */
export function searchDirOf(outDir: string): string {
  const base = readdirSync(outDir, { withFileTypes: true }).find((d) => d.isDirectory() && existsSync(join(outDir, d.name, 'assets/search/index.json')));
  if (!base) throw new Error(`${outDir}: no local search index (assets/search/index.json) in the build`);
  return join(outDir, base.name, 'assets/search');
}

/** The hrefs of the indexed pages in the build's order (block by block, place by place). */
function indexedHrefs(searchDir: string): string[] {
  const entry = JSON.parse(readFileSync(join(searchDir, 'index.json'), 'utf8')) as EntryFile;
  const width = entry.blockHashes.length / entry.blockPages.length;
  const hrefs: string[] = [];
  entry.blockPages.forEach((count, block) => {
    const hash = entry.blockHashes.slice(block * width, (block + 1) * width);
    for (let place = 0; place < count; place++) hrefs.push((JSON.parse(readFileSync(join(searchDir, 'pages', `${hash}.${place}.json`), 'utf8')) as [string])[0]);
  });
  return hrefs;
}

function frontMatter(file: string): { keywords?: unknown; slug?: unknown } {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, 'utf8'))?.[1];
  return (front ? (loadYaml(front) as { keywords?: unknown; slug?: unknown } | null) : null) ?? {};
}

/** The source of a page whose front matter sets `slug: /` (the home page, whose Markdown twin is index.md). */
function homeSource(siteDir: string): string | undefined {
  const content = join(siteDir, 'content');
  const top = readdirSync(content).filter((name) => /\.mdx?$/.test(name)).sort();
  return top.map((name) => join(content, name)).find((file) => frontMatter(file).slug === '/');
}

/** The front matter `keywords` of the page's source (its Markdown twin names it: data-src). */
function keywordsOf(siteDir: string, html: string): string[] {
  const twin = /data-src="\/[^/"]+\/([^"]+)\.md"/.exec(html)?.[1];
  if (!twin) return [];
  const rel = decodeURIComponent(twin);
  const source = ['.md', '.mdx'].map((ext) => join(siteDir, 'content', rel + ext)).find((f) => existsSync(f)) ?? (rel === 'index' ? homeSource(siteDir) : undefined);
  const keywords = source ? frontMatter(source).keywords : undefined;
  return Array.isArray(keywords) ? keywords.map(String) : [];
}

function pageFromHtml(outDir: string, siteDir: string, href: string): BuiltPage {
  const file = join(decodeURI(href).replace(/^\/+/, ''), 'index.html');
  const html = readFileSync(join(outDir, file), 'utf8');
  const title = unescapeHtml(/<header class="doc-header"><h1>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
  const description = unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
  const section = unescapeHtml(/menu__list-item--level1"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--active"[^>]*>([^<]*)</.exec(html)?.[1] ?? title); // a page outside any category is its own
  const start = html.indexOf('<div class="markdown-body">');
  const end = html.lastIndexOf('</div></div>', html.indexOf('<footer class="doc-footer">'));
  const body = start >= 0 && end > start ? html.slice(start + '<div class="markdown-body">'.length, end) : '';
  const page = { href, title, section, description, keywords: keywordsOf(siteDir, html), html: body };
  return { href, title, section, description, keywords: page.keywords, records: extractRecords(page), file };
}

/** Every indexed doc page of the build in `outDir` (sources in `siteDir`), in the build's order. */
export function readBuiltPages(outDir: string, siteDir: string): BuiltPage[] {
  return indexedHrefs(searchDirOf(outDir)).map((href) => pageFromHtml(outDir, siteDir, href));
}

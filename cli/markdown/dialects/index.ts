// The dialects of the generators writers come from, rewritten before remark reads the page
// (see docs/markdown.md, "Coming from another generator"). Each rewrite has a module of its own;
// lines keep their written origin (./source-lines.ts) so diagnostics stay true.
//
// The order matters; a new dialect goes where its generator runs it:
// 1. includes first: mdBook, snippets and markdown-include insert files before anything reads
//    the markdown, so what they bring in is rewritten like the page's own lines;
// 2. Jekyll's Liquid and kramdown lines: Liquid runs before kramdown;
// 3. MkDocs' indented blocks, then component blocks (<Tabs>, <details>): both write the
//    ":::name" containers that ../preprocess.ts and remark-directive read afterwards.
import type { MarkdownSite } from '../context.ts';
import { expandIncludes } from './includes.ts';
import { rewriteJekyll } from './jekyll.ts';
import { rewriteJsxBlocks } from './jsx-blocks.ts';
import { rewriteMkdocs } from './mkdocs.ts';
import { DialectReport, type SourceLine, originsOf, toLines } from './source-lines.ts';

export interface DialectPage {
  relPath: string;
  displayPath: string;
}

export interface RewrittenPage {
  text: string;
  /** Where each line of `text` was written, when some moved (for ../plugins/remark-source-positions.ts). */
  origins?: SourceLine[];
}

// Cheap tests of the whole page first: most pages have none of these, and skip the rewrite.
const INCLUDE = /\{\{#|--8<--|\{!/;
const JEKYLL = /\{%|\{:/;
const MKDOCS = /^ *(?:!!!|\?\?\?|===)/m;
const COMPONENT = /^\s*(?:<[A-Za-z]|import\s|>\s*<[A-Z])/m;

export function rewriteDialects(source: string, site: Pick<MarkdownSite, 'contentDir' | 'isFile' | 'report' | 'includes'>, page: DialectPage): RewrittenPage {
  const has = { include: INCLUDE.test(source), jekyll: JEKYLL.test(source), mkdocs: MKDOCS.test(source), component: COMPONENT.test(source) };
  if (!has.include && !has.jekyll && !has.mkdocs && !has.component) return { text: source };
  const report = new DialectReport(site, page.displayPath);
  let lines = toLines(source);
  if (has.include) lines = expandIncludes(lines, { contentDir: site.contentDir, relPath: page.relPath, isFile: (abs) => site.isFile(abs), includes: (abs) => site.includes?.(abs), report });
  // What an include brings in is rewritten too, so a page with includes goes through every pass.
  if (has.jekyll || has.include) lines = rewriteJekyll(lines, report);
  if (has.mkdocs || has.include) lines = rewriteMkdocs(lines);
  if (has.component || has.include) lines = rewriteJsxBlocks(lines, report);
  report.flush();
  return { text: lines.map((l) => l.text).join('\n'), origins: originsOf(lines) };
}

// Walks content/ and turns it into docs and categories: front matter, routes, labels, order.
import { existsSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { listFiles, type ListedFile } from './list-files.ts';
import type { ContentListing } from './content-listing.ts';
import { assertNesting, assertPageSize } from './markdown-limits.ts';
import { assertParseCost } from './parse-cost-limits.ts';
import { z } from 'zod';
import { HelpgenAggregateError, HelpgenError, lineAndColumn, type Diagnostic } from '../diagnostics/errors.ts';
import { frontMatterKeyPosition, parseFrontMatter } from './frontmatter.ts';
import { assertRouteInsideOutput } from '../output/output-path.ts';
import { compareDiagnostics } from '../diagnostics/reporter.ts';
import { readUtf8 } from './read-text.ts';
import { titleFromMarkdown } from './page-title.ts';
import { substituteText, type PlaceholderValues, type TextEdit } from './placeholders.ts';
import { holdsText, readSourceText, readTextWhenAsked, sourceHashOf } from './source-text.ts';
import type { ScanCache } from './scan-cache.ts';
import { docOf, pageDir, type PageReading, type SourceSpill } from './page-doc.ts';
import { caseFoldKey, docRoute, routeKey, withBase, withTrailingSlash } from './routes.ts';
import { checkGroupValues } from './category-groups.ts';
import type { CategoryGrouping, SiteSource, SourceCategory, SourceDoc } from './source-types.ts';
import { duplicateRouteHint, type RouteClaimant } from './route-conflict-hints.ts';
import { SUMMARY_FILE, parseSummary } from './mdbook-summary.ts';
import { settleFolderPages } from './folder-pages.ts';
import { addGeneratedIndexes } from './generated-index.ts';
import { outputClaimConflicts } from './output-claims.ts';

export type { SiteSource, SourceCategory, SourceDoc } from './source-types.ts';
export { ScanCache } from './scan-cache.ts';

const categorySchema = z.looseObject({
  label: z.string().optional(),
  position: z.number().optional(),
  description: z.string().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  link: z
    .union([
      z.looseObject({
        type: z.literal('generated-index'),
        slug: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
        groupBy: z.string().min(1).optional(),
        groups: z.array(z.string()).optional(),
      }),
      z.looseObject({ type: z.literal('doc'), id: z.string() }),
    ])
    .nullable()
    .optional(),
});

export interface ScanOptions {
  /** Docs read by a previous scan, reused while their file keeps its stamp (./scan-cache.ts). */
  cache?: ScanCache;
  siteDir: string;
  baseUrl: string;
  /** The shape of page addresses (config trailingSlash). */
  trailingSlash?: boolean;
  exclude: string[];
  /** What `{{product}}` and the other placeholders stand for (./placeholders.ts); none when absent. */
  placeholders?: PlaceholderValues;
  report: (diagnostic: Diagnostic) => void;
  /** Pages larger than this are an error (default: no limit). */
  maxPageBytes?: number;
  /** Told how many markdown files there are as soon as they are listed, before they are read. */
  onListed?: (pages: number) => void;
  /** The last listing of content/, reused when only known files changed (dev). */
  listing?: ContentListing;
  /**
   * A production build's spill (../pipeline/text-spill.ts): each page's source text goes there as
   * soon as the page is read, and is read back when the page is rendered (and for its markdown
   * twin). Held in the heap from the scan to the pages, every page's text was ~55 MB at 8,500
   * pages, ~330 MB at 50,000.
   */
  spill?: SourceSpill;
}

/**
 * Pages read between two turns of the event loop (pages the scan cache still holds cost nothing
 * and do not count). The pages are read synchronously (see readUtf8), a few milliseconds' worth
 * at a time, so that the loop still turns during a long scan: a scan that never yielded made
 * `helpgen dev` on a 1,700-page site see saves and answer the browser 1–2 s late.
 */
const PAGES_BETWEEN_TURNS = 32;

export async function scanContent(options: ScanOptions): Promise<SiteSource> {
  const contentDir = join(options.siteDir, 'content');
  if (!existsSync(contentDir)) {
    throw new HelpgenError(`no content/ folder in ${options.siteDir}`, {
      hint: 'A site folder holds content/ with markdown pages (and optionally help.config.ts). To start a new site here, run: npx helpgen init (or create content/intro.md, the home page).',
    });
  }
  if (!statSync(contentDir).isDirectory()) {
    throw new HelpgenError(`${contentDir} is a file, not a folder`, {
      position: { file: 'content' },
      hint: 'content/ must be a folder holding the markdown pages. Rename the file and create the folder.',
    });
  }
  // Every file that cannot be read (bad front matter, JSON, a name that is not UTF-8) is
  // reported, not only the first: the build stops after the scan with all of them.
  const problems: Diagnostic[] = [];
  const unlessInvalid = <T>(code: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof HelpgenError)) throw error;
      problems.push({ severity: 'error', code, message: error.message, position: error.position, hint: error.hint });
      return undefined;
    }
  };
  // Listed asynchronously, and read in slices that let the event loop turn (PAGES_BETWEEN_TURNS).
  // A scan that never yielded (fg.sync, then every page with readFileSync) made `helpgen dev`
  // on a 1,700-page site see saves 1–2 s late, edit after edit, instead of ~0.2 s
  // (save-to-reload medians 1.2–1.5 s against ~0.2 s, bench and repeated runs of 16 edits).
  const listContent = (report: (d: Diagnostic) => void) =>
    listFiles({
      dir: contentDir,
      siteDir: options.siteDir,
      keep: (path) => path.endsWith('.md') || posix.basename(path) === '_category_.json',
      ignore: ['**/node_modules/**', '**/_*.md', ...options.exclude],
      report,
    });
  const report = (d: Diagnostic) => (d.severity === 'error' ? problems.push(d) : options.report(d));
  // Before anything is listed or read: a page changed after this may not show in its stamp (file-stamp.ts, isRacy).
  options.cache?.startScan(scanSettingsKey(options));
  const entries = options.listing ? await options.listing.list(contentDir, report, listContent) : await listContent(report);
  const mdFiles = entries.filter((f) => f.path.endsWith('.md'));
  options.onListed?.(mdFiles.length);
  const categoryFiles = entries.filter((f) => f.path.endsWith('_category_.json')).map((f) => f.path);

  const read = await readPages(contentDir, mdFiles, options, unlessInvalid);
  const settled = spilled(settleFolderPages(read, options.baseUrl, options.report), options);
  const summaryDoc = settled.find((doc) => doc.relPath === SUMMARY_FILE);
  const docs = summaryDoc ? settled.filter((doc) => doc !== summaryDoc) : settled;
  const pageRelPaths = new Set(docs.map((doc) => doc.relPath));
  const summary = summaryDoc && parseSummary(summaryDoc.source, summaryDoc.displayPath, (relPath) => pageRelPaths.has(relPath), options.report);
  options.cache?.retain(new Set(mdFiles.map((f) => f.path)));
  const categories = new Map<string, SourceCategory>();
  for (const relPath of categoryFiles) {
    const category = unlessInvalid('invalid-category', () => readCategory(contentDir, relPath, options));
    if (category) categories.set(category.dir, category);
  }
  // Every folder holding pages is a category, even without a _category_.json; pages kept out of
  // the sidebar make none (a folder of them alone would be an empty section with an empty index).
  for (const doc of docs) {
    if (doc.frontMatter.sidebar_hidden === true) continue;
    for (let dir = doc.dir; dir; dir = parentDir(dir)) {
      if (!categories.has(dir)) {
        categories.set(dir, { dir, label: labelFromName(posix.basename(dir)), description: '', collapsed: false });
      }
    }
  }
  addGeneratedIndexes(docs, categories, options);
  problems.push(...routeConflicts(docs, categories), ...outputClaimConflicts(docs, categories, options));
  if (problems.length) {
    throw new HelpgenAggregateError(`${problems.length} problem(s) in content/ stopped the build before any page was rendered`, problems.sort(compareDiagnostics));
  }
  checkGroupValues(docs, categories, options.report);
  return { contentDir, docs, categories, ...(summary && { summary }) };
}

/**
 * Each listed page's doc: from the scan's cache while its file keeps its stamp or its text (its
 * warnings said again), else read. `unlessInvalid` reports a page that cannot be read (and gives no doc).
 */
async function readPages(contentDir: string, mdFiles: ListedFile[], options: ScanOptions, unlessInvalid: <T>(code: string, read: () => T) => T | undefined): Promise<SourceDoc[]> {
  const read: SourceDoc[] = [];
  let readSinceTurn = 0;
  const open = (relPath: string, reading: PageReading, edits: TextEdit[]) => unreadDoc(contentDir, relPath, reading, edits);
  const sameText = (relPath: string, edits: readonly TextEdit[], sourceHash: string) => holdsText(join(contentDir, relPath), posix.join('content', relPath), edits, sourceHash);
  for (const { path: relPath, stats: { size }, stamp } of mdFiles) {
    const rehashedBefore = options.cache?.rehashed;
    const cached = options.cache?.take(relPath, stamp, open, sameText);
    // A page hashed again was read too: it counts towards the next turn of the event loop.
    if (options.cache && options.cache.rehashed !== rehashedBefore && ++readSinceTurn > PAGES_BETWEEN_TURNS) {
      readSinceTurn = 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (cached) {
      for (const d of cached.diagnostics) options.report(d);
      read.push(cached.doc);
      continue;
    }
    if (++readSinceTurn > PAGES_BETWEEN_TURNS) {
      readSinceTurn = 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const diagnostics: Diagnostic[] = [];
    const edits: TextEdit[] = [];
    const doc = unlessInvalid('invalid-page', () => {
      if (options.maxPageBytes !== undefined) assertPageSize(posix.join('content', relPath), size, options.maxPageBytes);
      const report = (d: Diagnostic) => {
        diagnostics.push(d);
        options.report(d);
      };
      return readDoc(contentDir, relPath, { ...options, report }, edits);
    });
    if (doc && options.cache) options.cache.keep(relPath, stamp, { doc, diagnostics, edits });
    if (doc) read.push(doc);
  }
  return read;
}

/** Docs whose text went to the spill (ScanOptions.spill): a folder's page moved to the folder's address is a copy of its doc, holding its text again. */
function spilled(docs: SourceDoc[], { spill }: ScanOptions): SourceDoc[] {
  for (const doc of docs) spill?.move(doc, 'source');
  return docs;
}

/** `edits` is told what filling in the placeholders replaced. */
function readDoc(contentDir: string, relPath: string, options: ScanOptions, edits?: TextEdit[]): SourceDoc {
  const absPath = join(contentDir, relPath);
  const displayPath = posix.join('content', relPath);
  const source = readSourceText(absPath, displayPath, options.placeholders ?? {}, options.report, edits);
  assertNesting(displayPath, source);
  assertParseCost(displayPath, source);
  const { data } = parseFrontMatter(source, displayPath);
  const idPath = relPath.replace(/\.md$/, '');
  const dir = pageDir(relPath);
  const route = withTrailingSlash(docRoute(options.baseUrl, data.id ? posix.join(dir, data.id) : idPath, data.slug), options.trailingSlash, options.baseUrl);
  const routeFrom = data.slug !== undefined ? 'slug' : data.id ? 'id' : 'file name';
  const written = data.slug ?? data.id;
  assertRouteInsideOutput(route, routeFrom, { file: displayPath, ...(frontMatterKeyPosition(source, routeFrom) ?? { line: 1, column: 1 }) }, written === undefined ? undefined : { value: written, dir });
  let title = data.title?.trim();
  const hasExplicitTitle = Boolean(title);
  if (!title) {
    const h1 = titleFromMarkdown(source);
    title = h1 ?? labelFromName(posix.basename(idPath));
    // A heading is a title as good as front matter's (every mdBook, VitePress and GitHub page has one).
    if (!h1) {
      options.report({
        severity: 'warning',
        code: 'missing-title',
        message: `page has no title: no heading and no "title:" in its front matter; using "${title}" from its file name`,
        position: { file: displayPath, line: 1, column: 1 },
        hint: 'Start the page with a "# Title" heading, or add "title: …" to the front matter.',
      });
    }
  }
  // Out of the heap as soon as it is read (ScanOptions.spill).
  return docOf(contentDir, relPath, { sourceHash: sourceHashOf(source), frontMatter: data, route, title, hasExplicitTitle }, source, options.spill);
}

/** A doc the scan took from its cache: its text is read from its file if a later stage asks for it (./source-text.ts). */
function unreadDoc(contentDir: string, relPath: string, reading: PageReading, edits: TextEdit[]): SourceDoc {
  const doc = docOf(contentDir, relPath, reading, '');
  readTextWhenAsked(doc, edits);
  return doc;
}

/** Everything besides a page's file that the doc the scan makes of it depends on (the build cache also names helpgen's version). */
export function scanSettingsKey(options: ScanOptions): string {
  const { siteDir, baseUrl, trailingSlash, exclude, placeholders, maxPageBytes } = options;
  return JSON.stringify([siteDir, baseUrl, trailingSlash ?? null, exclude, placeholders ?? {}, maxPageBytes ?? null]);
}

function readCategory(contentDir: string, relPath: string, options: ScanOptions): SourceCategory {
  const displayPath = posix.join('content', relPath);
  const text = substituteText(readUtf8(join(contentDir, relPath), displayPath, options.report), options.placeholders ?? {});
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const { line, column } = jsonErrorPosition(text, error as Error);
    throw new HelpgenError(`invalid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*/, '')}`, {
      position: { file: displayPath, line, column },
      hint: 'A _category_.json holds {"label": "…", "position": 1, "link": {"type": "generated-index"}}.',
    });
  }
  const parsed = categorySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HelpgenError(`"${issue.path.join('.')}": ${issue.message}`, { position: { file: displayPath } });
  }
  const data = parsed.data;
  const dir = posix.dirname(relPath) === '.' ? '' : posix.dirname(relPath);
  const label = data.label ?? labelFromName(posix.basename(dir));
  let indexRoute: string | undefined;
  let linkDocId: string | undefined;
  let groupBy: CategoryGrouping | undefined;
  let linkSlug: SourceCategory['linkSlug'];
  let description = data.description ?? '';
  if (data.link?.type === 'generated-index') {
    const slug = data.link.slug ?? `/category/${slugify(label)}`;
    indexRoute = withTrailingSlash(withBase(options.baseUrl, slug.replace(/^\/+/, '')), options.trailingSlash, options.baseUrl);
    const slugAt = /"slug"\s*:/.exec(text);
    const slugPosition = slugAt ? lineAndColumn(text, slugAt.index) : undefined;
    assertRouteInsideOutput(indexRoute, 'link.slug', { file: displayPath, ...slugPosition }, { value: slug, dir: '' });
    if (data.link.slug !== undefined) linkSlug = { value: data.link.slug, position: slugPosition };
    description = data.link.description ?? description;
    if (data.link.groupBy) groupBy = { field: data.link.groupBy, order: data.link.groups ?? [] };
  } else if (data.link?.type === 'doc') {
    linkDocId = posix.join(dir, data.link.id);
  }
  return {
    dir,
    label,
    position: data.position,
    description,
    collapsed: data.collapsed ?? false,
    indexRoute,
    linkDocId,
    ...(data.link === null && { noLink: true }),
    groupBy,
    displayPath,
    linkSlug,
  };
}

/**
 * Every route claimed twice, and every pair of routes that differ only in case: on a laptop's
 * disk they are one file (the second build overwrites the first), in a bucket two objects.
 */
function routeConflicts(docs: SourceDoc[], categories: Map<string, SourceCategory>): Diagnostic[] {
  const conflicts: Diagnostic[] = [];
  const owners = new Map<string, { route: string; owner: string; claimant: RouteClaimant }>();
  // Where a claim is written is worked out only for a conflict: it may need the page's text, which an unchanged page does not hold.
  const claim = (route: string, claimant: RouteClaimant, at: () => { line: number; column: number }) => {
    const owner = claimant.displayPath;
    const key = caseFoldKey(route);
    const previous = owners.get(key);
    if (!previous) {
      owners.set(key, { route, owner, claimant });
    } else if (routeKey(previous.route) === routeKey(route)) {
      conflicts.push({
        severity: 'error',
        code: 'duplicate-route',
        message: `two files claim the route ${route}: ${previous.owner} and ${owner}`,
        position: { file: owner, ...at() },
        hint: duplicateRouteHint(previous.claimant, claimant),
      });
    } else {
      conflicts.push({
        severity: 'error',
        code: 'route-case-conflict',
        message: `the route ${route} differs from ${previous.route} (${previous.owner}) only in case`,
        position: { file: owner, ...at() },
        hint: 'Case-insensitive disks (macOS, Windows) keep one file for both, so one page would replace the other. Rename one of them.',
      });
    }
  };
  // At the front matter key the route comes from, else at the top of the file, whose name gives it.
  const start = { line: 1, column: 1 };
  for (const doc of docs) {
    const routeFrom = doc.frontMatter.slug !== undefined ? 'slug' : doc.frontMatter.id ? 'id' : undefined;
    claim(doc.route, { kind: 'page', displayPath: doc.displayPath }, () => (routeFrom && frontMatterKeyPosition(doc.source, routeFrom)) || start);
  }
  for (const category of categories.values()) {
    if (category.indexRoute) claim(category.indexRoute, { kind: 'category', displayPath: category.displayPath ?? `content/${category.dir}/_category_.json` }, () => start);
  }
  return conflicts;
}

function jsonErrorPosition(text: string, error: Error): { line: number; column: number } {
  const match = /position (\d+)/.exec(error.message);
  const lineCol = /line (\d+) column (\d+)/.exec(error.message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  return match ? lineAndColumn(text, Number(match[1])) : { line: 1, column: 1 };
}

export function parentDir(dir: string): string {
  const parent = posix.dirname(dir);
  return parent === '.' ? '' : parent;
}

export function labelFromName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

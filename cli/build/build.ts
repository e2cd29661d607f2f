// A production build: load → scan → markdown → render → check → write.
// Nothing is written until every page rendered and every check passed.
import { resolve, relative, join, posix } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import fg from 'fast-glob';
import { loadConfig } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { HelpgenAggregateError } from '../diagnostics/errors.ts';
import { Reporter } from '../diagnostics/reporter.ts';
import { scanContent, type SiteSource, type SourceDoc } from '../source/scan.ts';
import { buildSidebar, breadcrumbsFor, paginationFor, type SidebarModel } from '../source/sidebar.ts';
import { routeToHref, routeToOutputFile, withBase } from '../source/routes.ts';
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import type { MarkdownSite, PageMarkdownData } from '../markdown/context.ts';
import { buildClientAssets } from '../render/assets.ts';
import { createSiteData } from '../render/site-data.ts';
import { renderPage } from '../../templates/render.tsx';
import type { CategoryPageData, DocPageData, PageData, SiteData, SidebarItem } from '../../templates/types.ts';
import { checkLinks, type CheckedPage } from '../check/links.ts';
import { buildSearchArtifacts, type SearchablePage } from '../search/artifacts.ts';
import { lastUpdatedDates } from './git-dates.ts';
import { writeOutput, type OutputFile } from './output.ts';
import { sitemapXml, robotsTxt } from './seo.ts';

export interface BuildOptions {
  siteDir: string;
  outDir?: string;
  strict?: boolean;
  /** Dev builds report broken links as warnings and never throw on them. */
  mode?: 'production' | 'development';
  reporter?: Reporter;
  /** Write the output (default true); tests may inspect the result instead. */
  write?: boolean;
}

export interface BuildResult {
  config: ResolvedConfig;
  outDir: string;
  pages: PageData[];
  files: OutputFile[];
  reporter: Reporter;
  durationMs: number;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const siteDir = resolve(options.siteDir);
  const outDir = resolve(siteDir, options.outDir ?? 'dist');
  const reporter = options.reporter ?? new Reporter();
  const { config } = await loadConfig(siteDir);
  const mode = options.mode ?? 'production';
  const substitute = makeSubstitute(config);

  const source = await scanContent({
    siteDir,
    baseUrl: config.baseUrl,
    exclude: config.docs.exclude,
    substitute,
    report: (d) => reporter.add(d),
  });
  const homeRoute = config.baseUrl;
  const sidebar = buildSidebar(source, homeRoute);
  const [assets, dates] = await Promise.all([
    buildClientAssets(config.baseUrl),
    config.docs.showLastUpdateTime ? lastUpdatedDates(siteDir, source.contentDir) : Promise.resolve(new Map<string, string>()),
  ]);

  const assetFiles = new Map<string, OutputFile>();
  const markdownSite: MarkdownSite = {
    baseUrl: config.baseUrl,
    contentDir: source.contentDir,
    routeByRelPath: new Map(source.docs.map((d) => [d.relPath, d.route])),
    tocMinLevel: config.toc.minHeadingLevel,
    tocMaxLevel: config.toc.maxHeadingLevel,
    addAsset: (abs) => addContentAsset(abs, config.baseUrl, assetFiles),
    report: (d) => reporter.add(d),
    onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
  };
  const renderMarkdown = createMarkdownRenderer(markdownSite);
  const rendered = new Map<string, { html: string; data: PageMarkdownData }>();
  for (const doc of source.docs) {
    rendered.set(doc.id, await renderMarkdown(doc.source, { relPath: doc.relPath, displayPath: doc.displayPath, route: doc.route }));
  }

  const docPages = source.docs.map((doc) => docPageData(doc, rendered.get(doc.id)!, sidebar, config, dates));
  const categoryPages = categoryPageData(source, sidebar);
  const searchPage: PageData = { kind: 'search', route: withBase(config.baseUrl, 'search'), href: withBase(config.baseUrl, 'search'), title: 'Search the documentation', description: `Search the ${config.title}.`, noindex: true };
  const notFound: PageData = { kind: 'notFound', route: withBase(config.baseUrl, '404.html'), href: withBase(config.baseUrl, '404.html'), title: 'Page Not Found', description: 'The page you were looking for does not exist.', noindex: true };
  const pages: PageData[] = [...docPages, ...categoryPages, searchPage];

  const searchable: SearchablePage[] = docPages.map((p) => ({ route: p.route, href: p.href, title: p.title, description: p.description, keywords: p.keywords, section: p.section, html: p.html }));
  const search = await buildSearchArtifacts(config, searchable);

  const routeByDocId = new Map(source.docs.map((d) => [d.id, d.route]));
  const site: SiteData = createSiteData({ config, routeByDocId, sidebar: sidebar.items, assets: { css: assets.css, js: assets.js }, search: search.client });

  const files: OutputFile[] = [];
  const checked: CheckedPage[] = [];
  for (const page of pages) {
    const html = renderPage(site, page, sidebar.items);
    files.push({ path: routeToOutputFile(page.route), contents: html });
    const doc = page.kind === 'doc' ? source.docs.find((d) => d.route === page.route) : undefined;
    const md = doc ? rendered.get(doc.id) : undefined;
    checked.push({
      route: page.route,
      href: page.href,
      displayPath: doc?.displayPath,
      html,
      links: md?.data.links ?? [],
      anchors: md ? new Set([...md.data.anchors]) : page.kind === 'category' ? new Set() : undefined,
    });
  }
  const notFoundHtml = renderPage(site, notFound, sidebar.items);
  files.push({ path: posix.join(config.baseUrl.replace(/^\/+/, ''), '404.html'), contents: notFoundHtml });
  files.push({ path: '404.html', contents: notFoundHtml });
  checked.push({ route: notFound.route, href: notFound.href, html: notFoundHtml, links: [] });

  const indexable = pages.filter((p) => !p.noindex);
  files.push({ path: posix.join(config.baseUrl.replace(/^\/+/, ''), 'sitemap.xml'), contents: sitemapXml(config, indexable.map((p) => p.href)) });
  files.push({ path: 'robots.txt', contents: robotsTxt(config) });
  files.push(...assets.files, ...assetFiles.values(), ...search.files, ...(await staticFiles(siteDir, config.baseUrl)));

  const filePaths = new Set(files.filter((f) => !f.path.endsWith('/index.html') && f.path !== 'index.html').map((f) => '/' + f.path));
  checkLinks({
    pages: checked,
    files: filePaths,
    onBrokenLinks: mode === 'development' && config.onBrokenLinks === 'throw' ? 'warn' : config.onBrokenLinks,
    onBrokenAnchors: config.onBrokenAnchors,
    reporter,
  });

  const failures = reporter.errors.length + (options.strict ? reporter.warnings.length : 0);
  if (failures > 0) {
    const what = options.strict && reporter.warnings.length ? `${reporter.errors.length} error(s) and ${reporter.warnings.length} warning(s) (--strict)` : `${reporter.errors.length} error(s)`;
    throw new HelpgenAggregateError(`build failed with ${what}; ${relative(process.cwd(), outDir) || outDir} was left unchanged`, reporter.diagnostics);
  }

  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (options.write !== false) await writeOutput(outDir, files);
  return { config, outDir, pages: [...pages, notFound], files, reporter, durationMs: performance.now() - started };
}

function makeSubstitute(config: ResolvedConfig): (text: string) => string {
  const values: Record<string, string> = {
    product: config.product.name,
    'product.name': config.product.name,
    'product.slug': config.product.slug,
    tagline: config.tagline,
    title: config.title,
  };
  return (text) => text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

function docPageData(
  doc: SourceDoc,
  md: { html: string; data: PageMarkdownData },
  sidebar: SidebarModel,
  config: ResolvedConfig,
  dates: Map<string, string>,
): DocPageData {
  const href = routeToHref(doc.route);
  const fm = doc.frontMatter;
  const paging = paginationFor(sidebar, href);
  const chain = sidebar.categoryChain(doc.dir);
  const prev = fm.pagination_prev === null ? undefined : paging.prev;
  const next = fm.pagination_next === null ? undefined : paging.next;
  return {
    kind: 'doc',
    route: doc.route,
    href,
    activeHref: href,
    title: doc.title,
    description: doc.description,
    html: stripLeadingTitle(md.html, doc),
    toc: md.data.toc,
    hideToc: fm.hide_table_of_contents ?? false,
    breadcrumbs: breadcrumbsFor(sidebar, doc.dir, doc.sidebarLabel),
    tags: fm.tags ?? [],
    keywords: fm.keywords ?? [],
    prev,
    next,
    editUrl: config.editUrl ? config.editUrl.replace(/\/?$/, '/') + doc.relPath.split('/').map(encodeURIComponent).join('/') : undefined,
    lastUpdated: dates.get(doc.relPath),
    section: chain[0]?.label ?? doc.title,
  };
}

/** A page whose markdown starts with "# Title" would show the title twice: drop that h1. */
function stripLeadingTitle(html: string, doc: SourceDoc): string {
  if (doc.hasExplicitTitle) return html;
  return html.replace(/^\s*<h1[^>]*>[\s\S]*?<\/h1>\s*/, '');
}

function categoryPageData(source: SiteSource, sidebar: SidebarModel): CategoryPageData[] {
  const pages: CategoryPageData[] = [];
  const findCategoryItem = (items: SidebarItem[], href: string): Extract<SidebarItem, { type: 'category' }> | undefined => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href === href) return item;
      const inner = findCategoryItem(item.items, href);
      if (inner) return inner;
    }
    return undefined;
  };
  const docByHref = new Map(source.docs.map((d) => [routeToHref(d.route), d]));
  const categoryByHref = new Map([...source.categories.values()].filter((c) => c.indexRoute).map((c) => [routeToHref(c.indexRoute!), c]));
  for (const category of [...source.categories.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1))) {
    if (!category.indexRoute) continue;
    const href = routeToHref(category.indexRoute);
    const item = findCategoryItem(sidebar.items, href);
    const cards = (item?.items ?? []).map((child) => {
      if (child.type === 'doc') {
        const doc = docByHref.get(child.href);
        return { title: child.label, href: child.href, description: doc?.description ?? '', kind: 'doc' as const };
      }
      const sub = child.href ? categoryByHref.get(child.href) : undefined;
      return { title: child.label, href: child.href ?? href, description: sub?.description ?? '', kind: 'category' as const, count: countDocs(child.items) };
    });
    const chain = sidebar.categoryChain(category.dir);
    pages.push({
      kind: 'category',
      route: category.indexRoute,
      href,
      activeHref: href,
      title: category.label,
      description: category.description,
      breadcrumbs: breadcrumbsFor(sidebar, posix.dirname(category.dir) === '.' ? '' : posix.dirname(category.dir), category.label),
      cards,
      ...paginationFor(sidebar, href),
      section: chain[0]?.label ?? category.label,
    });
  }
  return pages;
}

function countDocs(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + (item.type === 'doc' ? 1 : countDocs(item.items)), 0);
}

function addContentAsset(abs: string, baseUrl: string, registry: Map<string, OutputFile>): string {
  const data = readFileSync(abs);
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 10);
  const name = posix.basename(abs.split('\\').join('/'));
  const dot = name.lastIndexOf('.');
  const hashed = dot > 0 ? `${name.slice(0, dot)}.${hash}${name.slice(dot)}` : `${name}.${hash}`;
  const rel = `assets/files/${hashed}`;
  const path = posix.join(baseUrl.replace(/^\/+/, ''), rel);
  registry.set(path, { path, copyFrom: abs });
  return routeToHref(baseUrl + rel);
}

/** Files in the site's static/ folder are copied as they are under the base path. */
async function staticFiles(siteDir: string, baseUrl: string): Promise<OutputFile[]> {
  const dir = join(siteDir, 'static');
  if (!existsSync(dir)) return [];
  const found = await fg('**/*', { cwd: dir, onlyFiles: true, dot: false });
  return found.sort().map((rel) => ({ path: posix.join(baseUrl.replace(/^\/+/, ''), rel), copyFrom: join(dir, rel) }));
}

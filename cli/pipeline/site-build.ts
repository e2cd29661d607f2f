// One site's build state. `compile()` turns content/ into output files; called again (by the
// dev server) it reuses everything whose inputs did not change: unchanged files are not
// re-read, unchanged markdown is not re-rendered, and a page's HTML is re-rendered only when
// its own data or the shared chrome (sidebar, navbar, site settings) changed. Across processes
// the rendered markdown and the search stage come from the build cache on disk
// (./build-cache.ts), checked entry by entry against the same keys.
import { resolve, join, posix } from 'node:path';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { listFilesSync } from '../source/list-files.ts';
import { loadConfig } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { Reporter } from '../diagnostics/reporter.ts';
import { scanContent, type ScanCache, type SiteSource, type SourceDoc } from '../source/scan.ts';
import { buildSidebar, breadcrumbsFor, homeHref, paginationFor, type SidebarModel } from '../source/sidebar.ts';
import { groupCards, groupValue } from '../source/category-groups.ts';
import { routeToHref, routeToOutputFile, withBase } from '../source/routes.ts';
import { createMarkdownRenderer, type MarkdownRenderer, type RenderedMarkdown } from '../markdown/pipeline.ts';
import type { MarkdownSite } from '../markdown/context.ts';
import { buildClientAssets } from '../render/assets.ts';
import { createSiteData } from '../render/site-data.ts';
import * as defaultTemplates from '../../templates/render.tsx';
import type { CategoryPageData, DocPageData, PageData, SiteData, SidebarItem } from '../../shared/types.ts';
import { createLinkChecker } from '../check/links.ts';
import { buildSearchArtifacts, clientSearchConfig, exportSearchCache, importSearchCache, primeRecords, storeRecords, SEARCH_ASSETS_DIR, type SearchablePage, type SearchCache } from '../search/artifacts.ts';
import { lastUpdatedDates, shallowCloneNotice, type GitDates } from './git-dates.ts';
import type { OutputFile } from '../output/output.ts';
import { contentAsset, isPublishableFile, type ContentAsset } from './content-assets.ts';
import { pageBody } from './page-body.ts';
import { pageFailure, templateFailure } from '../diagnostics/page-failure.ts';
import { BuildCache, diskCacheAvailable } from './build-cache.ts';
import { renderOnWorkers, workerScript } from './render-pool.ts';
import { IndexFeed } from '../search/index-feed.ts';
import { extractRecords } from '../search/records.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import type { Root as HastRoot } from 'hast';
import type { IndexedPage } from '../search/local-index.ts';
import { sitemapXml, robotsTxt } from './seo.ts';
import { silentProgress, type Progress } from '../diagnostics/progress.ts';

/**
 * Below this many pages, workers cost more than they save: each starts cold (module load, JIT,
 * shiki). Measured on the 2-core machine: 182 pages 4.5 s in one thread vs 4.8 s with two
 * workers; 1,823 pages 57.9 s vs 51.4 s.
 */
const PARALLEL_THRESHOLD = 500;
/** How many rendered pages may wait for their code blocks before the build waits for the oldest. */
const PAGES_AWAITING_CODE = 100;

/** What the build renders with: templates/render.tsx (the dev server swaps in recompiled ones). */
export type Templates = Pick<typeof defaultTemplates, 'renderPage' | 'renderSidebarFragment'>;

export interface SiteBuildOptions {
  siteDir: string;
  outDir?: string;
  /** Dev builds report broken links as warnings and keep search file names stable. */
  mode?: 'production' | 'development';
  /** Templates to render with (the dev server swaps in freshly compiled ones). */
  templates?: Templates;
  /** Reuse and update the build cache on disk (default true; the dev server stores only its first build). */
  cache?: boolean;
}

export interface CompileResult {
  pages: PageData[];
  files: OutputFile[];
  /** Routes whose HTML was rendered in this compile (all of them the first time). */
  renderedRoutes: string[];
  /** True when the shared chrome changed, so every page changed. */
  structureChanged: boolean;
  /** The markdown file of each doc page, by route (for messages about a page). */
  sourceFiles: Map<string, string>;
  /** Dev builds: the search files, built on request after the pages are served. */
  searchFiles?: () => Promise<OutputFile[]>;
}

/** Where a production build that writes sends its files while it compiles. */
export interface CompileOutput {
  /** Told, once the content is scanned, the paths of files it will get (so their folders can be made meanwhile). */
  expect(paths: string[]): void;
  /** Takes a page as soon as it is checked; the result then leaves it out of its files. */
  page(file: OutputFile): Promise<void>;
  /** Takes another file as soon as it is ready; the result still lists it. */
  file(file: OutputFile): void;
}

interface MarkdownEntry {
  key: string;
  result: RenderedMarkdown;
  diagnostics: Diagnostic[];
  /** Files under content/ the page links or embeds; a hit needs them unchanged too. */
  assets: ContentAsset[];
  /** Files the page refers to that did not exist; a hit needs them still missing. */
  missing: string[];
  /** Markdown files the page links to and their routes then (null: none); a hit needs the same. */
  routes: [string, string | null][];
}

/** What the build cache on disk holds: markdown entries without their trees, and the search stage. */
interface StoredBuild {
  markdown: [string, Omit<MarkdownEntry, 'result'> & { result: Omit<RenderedMarkdown, 'tree'> }][];
  search: SearchCache;
}

export class SiteBuild {
  readonly siteDir: string;
  readonly outDir: string;
  readonly mode: 'production' | 'development';
  config!: ResolvedConfig;
  templates: Templates;
  /** Told what the compile is doing (the CLI shows it; the dev server only for its first build). */
  progress: Progress = silentProgress;

  private readonly scanCache: ScanCache = new Map();
  private readonly markdownCache = new Map<string, MarkdownEntry>();
  private readonly htmlCache = new Map<string, { key: string; html: string }>();
  private readonly bodyHashes = new Map<string, { html: string; hash: string }>();
  private readonly contentAssets = new Map<string, OutputFile>();
  private markdownSite!: MarkdownSite;
  private renderMarkdown!: MarkdownRenderer;
  /** Last-updated dates from one `git log`, which runs while the content is scanned and rendered. */
  private dates: Promise<GitDates> = Promise.resolve({ dates: new Map(), cutOff: 0 });
  private structureKey = '';
  private readonly useDiskCache: boolean;
  private diskCache?: BuildCache<StoredBuild>;
  /** Assets registered, and files looked for but missing, while one page's markdown renders. */
  private pageAssets: ContentAsset[] = [];
  private pageMissing: string[] = [];
  private pageRoutes: [string, string | null][] = [];
  private markdownMisses = 0;
  private storedSearchKey?: string;
  private savedOnce = false;

  constructor(options: SiteBuildOptions) {
    this.siteDir = resolve(options.siteDir);
    this.outDir = resolve(this.siteDir, options.outDir ?? 'dist');
    this.mode = options.mode ?? 'production';
    this.templates = options.templates ?? defaultTemplates;
    this.useDiskCache = options.cache !== false && diskCacheAvailable();
  }

  /** Loads (or reloads) help.config.ts and everything derived from it. */
  async loadConfig(): Promise<void> {
    this.config = (await loadConfig(this.siteDir)).config;
    this.markdownCache.clear();
    this.htmlCache.clear();
    this.scanCache.clear();
    this.markdownSite = {
      baseUrl: this.config.baseUrl,
      contentDir: join(this.siteDir, 'content'),
      routeByRelPath: new Map(),
      routeFor: (relPath) => {
        const route = this.markdownSite.routeByRelPath.get(relPath);
        this.pageRoutes.push([relPath, route ?? null]);
        return route;
      },
      tocMinLevel: this.config.toc.minHeadingLevel,
      tocMaxLevel: this.config.toc.maxHeadingLevel,
      addAsset: (abs) => this.addContentAsset(abs),
      isFile: (abs) => {
        if (isPublishableFile(abs, this.markdownSite.contentDir)) return true;
        this.pageMissing.push(abs);
        return false;
      },
      report: () => {},
      onBrokenMarkdownLinks: this.config.onBrokenMarkdownLinks,
    };
    this.renderMarkdown = createMarkdownRenderer(this.markdownSite);
    if (this.useDiskCache) {
      const { baseUrl, toc, onBrokenMarkdownLinks } = this.config;
      this.diskCache = new BuildCache(this.siteDir, JSON.stringify([baseUrl, toc, onBrokenMarkdownLinks, this.markdownSite.contentDir]));
      const stored = this.diskCache.load();
      if (stored) {
        for (const [relPath, entry] of stored.markdown) this.markdownCache.set(relPath, entry);
        importSearchCache(stored.search);
        this.storedSearchKey = stored.search.siteKey;
      }
    }
    this.dates = this.config.docs.showLastUpdateTime ? lastUpdatedDates(this.siteDir, this.markdownSite.contentDir) : Promise.resolve({ dates: new Map(), cutOff: 0 });
  }

  /** Forgets rendered HTML (after the templates changed). */
  invalidateHtml(): void {
    this.htmlCache.clear();
    this.structureKey = '';
  }

  /** `output`, when given (production builds that write), takes files while the build goes on. */
  async compile(reporter: Reporter, output?: CompileOutput): Promise<CompileResult> {
    const timings = new PhaseTimer();
    if (!this.config) await this.loadConfig();
    const config = this.config;
    this.progress.phase('Scanning content/');
    const source = await scanContent({
      siteDir: this.siteDir,
      baseUrl: config.baseUrl,
      exclude: config.docs.exclude,
      substitute: makeSubstitute(config),
      report: (d) => reporter.add(d),
      cache: this.scanCache,
      maxPageBytes: config.maxPageSizeKB * 1024,
    });
    timings.mark('scan');
    const sidebar = buildSidebar(source, config.baseUrl);
    const categoryPages = categoryPageData(source, sidebar);
    const searchPage: PageData = { kind: 'search', route: withBase(config.baseUrl, 'search'), href: withBase(config.baseUrl, 'search'), title: 'Search the documentation', description: `Search the ${config.title}.`, noindex: true };
    const base = config.baseUrl.replace(/^\/+/, '');
    output?.expect([
      ...[...source.docs, ...categoryPages, searchPage].map((page) => routeToOutputFile(page.route)),
      // The search fragments' folder (their names are hashes, known only once they are built).
      ...(config.search.provider === 'local' ? [posix.join(base, SEARCH_ASSETS_DIR, 'pages', 'fragment.json')] : []),
    ]);
    const assetsPromise = buildClientAssets(config.baseUrl);

    // Markdown: a page depends on the routes of the pages it links to, which each entry records.
    this.markdownSite.routeByRelPath = new Map(source.docs.map((d) => [d.relPath, d.route]));
    const stale = new Set(source.docs.filter((doc) => !this.isFresh(doc, this.markdownCache.get(doc.relPath))).map((doc) => doc.relPath));
    this.progress.phase('Rendering markdown', source.docs.length);
    const parallel = this.mode === 'production' && (await this.renderInParallel(source.docs, stale, sidebar));
    const rendered = new Map<string, RenderedMarkdown>();
    // Pages wait here, oldest first, while their code blocks are highlighted on the highlight
    // worker; the main thread meanwhile parses the next ones. Their search records are taken
    // from the tree at once, so no tree outlives its page: trees kept waiting got promoted to
    // the old generation, which made every young collection copy them first.
    const waiting: { doc: SourceDoc; finished: Promise<RenderedMarkdown>; records?: SearchRecord[] }[] = [];
    // A cold production build indexes each page for search on a worker, fed in page order as
    // soon as each page's records exist. (Feeding pages only once their code blocks were back
    // left the last hundred to arrive together at the end, and the build waited for them.)
    const feed = this.mode === 'production' && config.search.provider === 'local' && stale.size > 0 ? IndexFeed.start(this.mode) : undefined;
    const finishOldest = async () => {
      const { doc, finished, records: extracted } = waiting.shift()!;
      const md = await finished;
      // Records taken from the tree are kept under the page's final HTML, as the search stage looks them up.
      if (extracted) storeRecords(searchFields(doc, md.html, sidebar), extracted);
      rendered.set(doc.id, md);
    };
    for (const doc of source.docs) {
      const { tree, finished } = await this.markdown(doc, stale.has(doc.relPath), reporter);
      const fields = searchFields(doc, '', sidebar);
      const extracted = tree && extractRecords({ ...fields, tree });
      if (feed) {
        // A page read from the cache has no tree, but its HTML is there already.
        const records = extracted ?? primeRecords(searchFields(doc, (await finished).html, sidebar));
        feed.add({ href: fields.href, title: fields.title, section: fields.section, description: doc.description, keywords: doc.frontMatter.keywords ?? [], records });
      }
      waiting.push({ doc, finished, records: extracted });
      this.progress.count(waiting.length + rendered.size);
      if (waiting.length > PAGES_AWAITING_CODE) await finishOldest();
      // Let the event loop run after each page parsed. Parsing never waits for I/O, so without
      // this nothing started earlier would advance until the loop ends: the output folders being
      // made (each level of a recursive mkdir needs a turn) and the highlighted code blocks.
      if (tree) await new Promise((resolve) => setImmediate(resolve));
    }
    while (waiting.length) await finishOldest();
    timings.mark(parallel ? 'markdown (worker threads)' : 'markdown');
    for (const relPath of this.markdownCache.keys()) if (!this.markdownSite.routeByRelPath.has(relPath)) this.markdownCache.delete(relPath);

    const { dates, cutOff } = await this.dates;
    const shallow = shallowCloneNotice(cutOff);
    if (shallow) process.stderr.write(shallow + '\n');
    const docPages = source.docs.map((doc) => docPageData(doc, rendered.get(doc.id)!, sidebar, config, dates));
    const notFound: PageData = { kind: 'notFound', route: withBase(config.baseUrl, '404.html'), href: withBase(config.baseUrl, '404.html'), title: 'Page Not Found', description: 'The page you were looking for does not exist.', noindex: true };
    const pages: PageData[] = [...docPages, ...categoryPages, searchPage];

    const searchable: SearchablePage[] = docPages.map((p) => ({ route: p.route, href: p.href, title: p.title, description: p.description, keywords: p.keywords, section: p.section, html: p.html }));
    // In dev the search index is built after the reload has been sent (its file name is fixed
    // there, so pages do not depend on it); a production build waits for it.
    const searchFiles = () => buildSearchArtifacts(config, searchable, { mode: this.mode }).then((s) => s.files);
    let indexedOnWorker = false;
    const prebuilt = feed && (async (pages: IndexedPage[]) => {
      const files = await feed.filesFor(pages);
      indexedOnWorker = files !== undefined;
      return files;
    });
    if (this.mode === 'production') this.progress.phase('Building the search index');
    const [assets, search] = await Promise.all([
      assetsPromise,
      this.mode === 'development'
        ? { client: clientSearchConfig(config, config.search.provider === 'local' ? `${config.baseUrl}${SEARCH_ASSETS_DIR}/index.dev.json` : undefined), files: [] }
        : buildSearchArtifacts(config, searchable, { mode: this.mode, prebuilt }).finally(() => feed?.close()),
    ]);
    timings.mark(indexedOnWorker ? 'search index (indexed on a worker) and client assets' : 'search index and client assets');
    const routeByDocId = new Map(source.docs.map((d) => [d.id, d.route]));
    const home = homeHref(source, sidebar, config.baseUrl);
    if (home.missing) reporter.add({ severity: 'warning', code: 'no-home-page', message: `no page is the home page (${config.baseUrl}): the logo and home links go to the first page, ${home.href}, and ${config.baseUrl} itself shows the not-found page`, hint: 'Add content/index.md, or give a page "slug: /" in its front matter.' });
    const sidebarFragment = this.templates.renderSidebarFragment(sidebar.items);
    const sidebarFile = posix.join(config.baseUrl.replace(/^\/+/, ''), 'assets', `sidebar.${hash(sidebarFragment).slice(0, 10)}.json`);
    const site: SiteData = {
      ...createSiteData({ config, routeByDocId, sidebar: sidebar.items, assets: { css: assets.css, js: assets.js }, search: search.client, homeHref: home.href }),
      sidebarUrl: '/' + sidebarFile,
    };

    const structureKey = hash(JSON.stringify(sidebar.items) + JSON.stringify(site));
    const structureChanged = structureKey !== this.structureKey;
    this.structureKey = structureKey;

    // Every file besides the pages, first: the link check needs to know them all.
    const indexable = pages.filter((p) => !p.noindex);
    const files: OutputFile[] = [
      { path: posix.join(base, 'sitemap.xml'), contents: sitemapXml(config, indexable.map((p) => p.href)) },
      { path: 'robots.txt', contents: robotsTxt(config) },
      { path: sidebarFile, contents: sidebarFragment },
      ...assets.files,
      ...this.contentAssets.values(),
      ...search.files,
      ...staticFiles(this.siteDir, config.baseUrl, (d) => reporter.add(d)),
    ];
    const filePaths = new Set([...files.map((f) => '/' + f.path), `/${base}404.html`, '/404.html']);
    // They can be written while the pages render (they stay in the result's files).
    if (output) for (const file of files) output.file(file);

    const docByRoute = new Map(source.docs.map((d) => [d.route, d]));
    const targetOf = (page: PageData) => {
      const doc = page.kind === 'doc' ? docByRoute.get(page.route) : undefined;
      const md = doc ? rendered.get(doc.id) : undefined;
      return { doc, md, anchors: md ? md.data.anchors : page.kind === 'category' ? new Set<string>() : undefined };
    };
    const checker = createLinkChecker({
      targets: [...pages, notFound].map((page) => ({ route: page.route, anchors: targetOf(page).anchors })),
      files: filePaths,
      onBrokenLinks: this.mode === 'development' && config.onBrokenLinks === 'throw' ? 'warn' : config.onBrokenLinks,
      onBrokenAnchors: config.onBrokenAnchors,
      reporter,
    });
    // In dev only freshly rendered pages are checked; the rest were checked when they were.
    const checkAll = this.mode === 'production' || structureChanged;

    // Pages: rendered (or reused in dev), link-checked, then kept or handed to `output`, which
    // writes them at once so a large site's HTML never has to fit in memory together.
    const renderedRoutes: string[] = [];
    this.progress.phase(output ? 'Writing HTML' : 'Rendering HTML', pages.length + 1);
    let pagesDone = 0;
    for (const page of [...pages, notFound]) {
      this.progress.count(++pagesDone);
      const key = structureKey + this.pageKey(page);
      const cachedHtml = this.htmlCache.get(page.route);
      let html = cachedHtml?.key === key ? cachedHtml.html : undefined;
      if (html === undefined) {
        try {
          html = this.templates.renderPage(site, page, sidebar.items);
        } catch (error) {
          throw templateFailure({ route: page.route, file: docByRoute.get(page.route)?.displayPath }, error);
        }
        if (this.mode === 'development') this.htmlCache.set(page.route, { key, html });
        renderedRoutes.push(page.route);
      }
      const { doc, md, anchors } = targetOf(page);
      if (checkAll || renderedRoutes.at(-1) === page.route) {
        checker.check({ route: page.route, href: page.href, displayPath: doc?.displayPath, html, body: page.kind === 'doc' ? page.html : undefined, links: md?.data.links ?? [], anchors });
      }
      const paths = page.kind === 'notFound' ? [posix.join(base, '404.html'), '404.html'] : [routeToOutputFile(page.route)];
      for (const path of paths) {
        if (output) await output.page({ path, contents: html });
        else files.push({ path, contents: html });
      }
    }
    // The fragment holds the sidebar links pages no longer carry in full.
    if (checkAll) checker.check({ route: '/' + sidebarFile, href: config.baseUrl, html: (JSON.parse(sidebarFragment) as { html: string }).html, links: [], fragment: true });
    const live = new Set([...pages, notFound].map((p) => p.route));
    for (const route of this.htmlCache.keys()) if (!live.has(route)) this.htmlCache.delete(route);
    for (const route of this.bodyHashes.keys()) if (!live.has(route)) this.bodyHashes.delete(route);

    timings.mark(output ? 'render, check and write pages' : 'render and check pages');
    // The dev server stores its first build only: writing the cache after every save would
    // cost more than the rebuild.
    if (this.mode === 'production' || !this.savedOnce) this.saveDiskCache();
    this.savedOnce = true;
    timings.mark('cache');
    timings.print();
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const sourceFiles = new Map(source.docs.map((d) => [d.route, d.displayPath]));
    return { pages: [...pages, notFound], files, renderedRoutes, structureChanged, sourceFiles, searchFiles: this.mode === 'development' ? searchFiles : undefined };
  }

  /** Whether a cached entry still holds for the doc: same source, linked routes, files. */
  private isFresh(doc: SourceDoc, cached: MarkdownEntry | undefined): cached is MarkdownEntry {
    if (!cached || cached.key !== hash(doc.source)) return false;
    const routes = this.markdownSite.routeByRelPath;
    if (cached.routes.some(([relPath, route]) => (routes.get(relPath) ?? null) !== route)) return false;
    return !cached.missing.some((abs) => isPublishableFile(abs, this.markdownSite.contentDir)) && this.assetsUnchanged(cached.assets);
  }

  /**
   * A doc's rendered markdown: from the cache unless `render` (it is stale), else rendered and
   * cached. Returns once the page's own work is done (its links, assets and diagnostics are
   * recorded); `finished` settles when its code blocks are highlighted too.
   */
  private async markdown(doc: SourceDoc, render: boolean, reporter: Reporter): Promise<{ tree?: HastRoot; finished: Promise<RenderedMarkdown> }> {
    const cached = this.markdownCache.get(doc.relPath);
    if (!render && cached) {
      for (const d of cached.diagnostics) reporter.add(d);
      return { finished: Promise.resolve(cached.result) };
    }
    this.markdownMisses++;
    const diagnostics: Diagnostic[] = [];
    this.markdownSite.report = (d) => {
      diagnostics.push(d);
      reporter.add(d);
    };
    this.pageAssets = [];
    this.pageMissing = [];
    this.pageRoutes = [];
    const { tree, finished } = await this.renderMarkdown.start(doc.source, { relPath: doc.relPath, displayPath: doc.displayPath, route: doc.route }).catch((error: unknown) => {
      throw pageFailure(doc.displayPath, error);
    });
    const entry = { key: hash(doc.source), diagnostics, assets: this.pageAssets, missing: this.pageMissing, routes: this.pageRoutes };
    const done = finished.then((result) => {
      this.markdownCache.set(doc.relPath, { ...entry, result });
      return result;
    });
    // Whoever awaits it gets the error; pages still waiting when a build stops must not crash it.
    done.catch(() => undefined);
    return { tree, finished: done };
  }

  /**
   * Large production builds render their stale markdown on worker threads first; the results
   * land in the markdown cache and leave `stale`, so the in-order pass below only collects them.
   */
  private async renderInParallel(docs: SourceDoc[], stale: Set<string>, sidebar: SidebarModel): Promise<boolean> {
    const script = workerScript();
    const todo = docs.filter((doc) => stale.has(doc.relPath));
    if (!script || todo.length < PARALLEL_THRESHOLD) return false;
    const byRelPath = new Map(todo.map((doc) => [doc.relPath, doc]));
    const results = await renderOnWorkers(
      script,
      {
        baseUrl: this.config.baseUrl,
        contentDir: this.markdownSite.contentDir,
        routes: [...this.markdownSite.routeByRelPath],
        tocMinLevel: this.config.toc.minHeadingLevel,
        tocMaxLevel: this.config.toc.maxHeadingLevel,
        onBrokenMarkdownLinks: this.config.onBrokenMarkdownLinks,
      },
      (done) => this.progress.count(done),
      todo.map((doc) => {
        const { href, title, section } = searchFields(doc, '', sidebar);
        return { relPath: doc.relPath, displayPath: doc.displayPath, route: doc.route, source: doc.source, search: { href, title, section, hasExplicitTitle: doc.hasExplicitTitle } };
      }),
    );
    for (const result of results) {
      // A page that failed in a worker is rendered again in the main thread, which reports it.
      if (result.error !== undefined || result.html === undefined) continue;
      const doc = byRelPath.get(result.relPath)!;
      for (const asset of result.assets) this.contentAssets.set(asset.path, { path: asset.path, copyFrom: asset.abs });
      this.markdownMisses++;
      stale.delete(result.relPath);
      this.markdownCache.set(result.relPath, {
        assets: result.assets,
        missing: result.missing,
        routes: result.routes,
        key: hash(doc.source),
        result: { html: result.html, data: { toc: result.toc ?? [], anchors: new Set(result.anchors), links: result.links ?? [] } },
        diagnostics: result.diagnostics,
      });
      // The worker took the search records from its tree (sending trees back cost more than
      // rendering them).
      if (result.records) storeRecords(searchFields(doc, result.html, sidebar), result.records);
    }
    return true;
  }

  /** What a page's HTML depends on besides the shared chrome. */
  private pageKey(page: PageData): string {
    if (page.kind !== 'doc') return JSON.stringify(page);
    const { html, toc, ...rest } = page;
    // An unchanged page's body is the very same string from the markdown cache: hash it once.
    let body = this.bodyHashes.get(page.route);
    if (body?.html !== html) this.bodyHashes.set(page.route, (body = { html, hash: hash(html) }));
    return body.hash + JSON.stringify(toc) + JSON.stringify(rest);
  }

  private addContentAsset(abs: string): string {
    const asset = contentAsset(abs, this.config.baseUrl);
    this.contentAssets.set(asset.path, { path: asset.path, copyFrom: abs });
    this.pageAssets.push(asset);
    return asset.href;
  }

  /** True when every file a cached page used still has the content (hash) it had; re-registers them. */
  private assetsUnchanged(assets: ContentAsset[]): boolean {
    const now = [];
    for (const asset of assets) {
      if (!isPublishableFile(asset.abs, this.markdownSite.contentDir)) return false;
      const current = contentAsset(asset.abs, this.config.baseUrl);
      if (current.href !== asset.href) return false;
      now.push(current);
    }
    for (const asset of now) this.contentAssets.set(asset.path, { path: asset.path, copyFrom: asset.abs });
    return true;
  }

  /**
   * Stores this build's markdown and search results for the next build. Pages with warnings are
   * left out: what they warned about (a missing file, say) may be fixed without touching them.
   */
  private saveDiskCache(): void {
    const search = exportSearchCache();
    if (!this.diskCache || (!this.markdownMisses && search.siteKey === this.storedSearchKey)) return;
    this.markdownMisses = 0;
    this.storedSearchKey = search.siteKey;
    const markdown: StoredBuild['markdown'] = [];
    for (const [relPath, { result, ...entry }] of this.markdownCache) {
      if (entry.diagnostics.length) continue;
      markdown.push([relPath, { ...entry, result: { html: result.html, data: result.data } }]);
    }
    this.diskCache.save({ markdown, search });
  }
}

function hash(data: string | Uint8Array): string {
  return createHash('sha1').update(data).digest('hex');
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

/** The parts of a doc page its search records depend on (also what docPageData uses for them). */
function searchFields(doc: SourceDoc, markdownHtml: string, sidebar: SidebarModel): { href: string; title: string; section: string; html: string } {
  return {
    href: routeToHref(doc.route),
    title: doc.title,
    section: sidebar.categoryChain(doc.dir)[0]?.label ?? doc.title,
    html: pageBody(markdownHtml, doc.hasExplicitTitle),
  };
}

function docPageData(doc: SourceDoc, md: RenderedMarkdown, sidebar: SidebarModel, config: ResolvedConfig, dates: Map<string, string>): DocPageData {
  const { href, title, section, html } = searchFields(doc, md.html, sidebar);
  const fm = doc.frontMatter;
  const paging = paginationFor(sidebar, href);
  return {
    kind: 'doc',
    route: doc.route,
    href,
    activeHref: href,
    title,
    description: doc.description,
    html,
    toc: md.data.toc,
    hideToc: fm.hide_table_of_contents ?? false,
    breadcrumbs: breadcrumbsFor(sidebar, doc.dir, doc.sidebarLabel),
    tags: fm.tags ?? [],
    keywords: fm.keywords ?? [],
    prev: fm.pagination_prev === null ? undefined : paging.prev,
    next: fm.pagination_next === null ? undefined : paging.next,
    editUrl: config.editUrl ? config.editUrl.replace(/\/?$/, '/') + doc.relPath.split('/').map(encodeURIComponent).join('/') : undefined,
    lastUpdated: dates.get(doc.relPath),
    section,
  };
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
        return { title: child.label, href: child.href, description: docByHref.get(child.href)?.description ?? '', kind: 'doc' as const };
      }
      const sub = child.href ? categoryByHref.get(child.href) : undefined;
      return { title: child.label, href: child.href ?? href, description: sub?.description ?? '', kind: 'category' as const, count: countDocs(child.items) };
    });
    const chain = sidebar.categoryChain(category.dir);
    const grouping = category.groupBy;
    const groups = grouping && groupCards(cards, (card) => groupValue(docByHref.get(card.href), grouping.field), grouping.order);
    pages.push({
      kind: 'category',
      route: category.indexRoute,
      href,
      activeHref: href,
      title: category.label,
      description: category.description,
      breadcrumbs: breadcrumbsFor(sidebar, posix.dirname(category.dir) === '.' ? '' : posix.dirname(category.dir), category.label),
      cards,
      ...(groups && { groups }),
      ...paginationFor(sidebar, href),
      section: chain[0]?.label ?? category.label,
    });
  }
  return pages;
}

function countDocs(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + (item.type === 'doc' ? 1 : countDocs(item.items)), 0);
}

/**
 * Files in the site's static/ folder are copied as they are under the base path. (Listed
 * synchronously, like the client sources in ../render/assets.ts.)
 */
function staticFiles(siteDir: string, baseUrl: string, report: (d: Diagnostic) => void): OutputFile[] {
  const dir = join(siteDir, 'static');
  if (!existsSync(dir)) return [];
  const found = listFilesSync({ dir, siteDir, keep: () => true, report });
  return found.map(({ path }) => ({ path: posix.join(baseUrl.replace(/^\/+/, ''), path), copyFrom: join(dir, path) }));
}

/** HELPGEN_TIMINGS=1 prints how long each phase of a compile took (for profiling by hand). */
class PhaseTimer {
  private last = performance.now();
  private readonly phases: [string, number][] = [];
  mark(phase: string): void {
    const now = performance.now();
    this.phases.push([phase, now - this.last]);
    this.last = now;
  }
  print(): void {
    if (!process.env.HELPGEN_TIMINGS) return;
    process.stderr.write(this.phases.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ') + '\n');
  }
}

// One site's build. `compile()` turns content/ into output files through a short list of
// stages (./stages/), each handing its result to the next; the kinds of page it writes are
// listed in ./page-kinds/registry.ts. Called again (by the dev server) it reuses everything
// whose inputs did not change: unchanged files are not re-read, unchanged markdown is not
// re-rendered, and a page's HTML is re-rendered only when its own data or the shared chrome
// (sidebar, navbar, site settings) changed. Across processes the rendered markdown and the
// search stage come from the build cache on disk (./build-cache.ts), checked entry by entry
// against the same keys.
import { basename, join, resolve } from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { Reporter } from '../diagnostics/reporter.ts';
import { silentProgress, type Progress } from '../diagnostics/progress.ts';
import { ScanCache, type StoredScan } from '../source/scan-cache.ts';
import { laterReads } from '../source/source-text.ts';
import { ContentListing } from '../source/content-listing.ts';
import { pageFilesOf, routeToOutputFile } from '../source/routes.ts';
import { buildClientAssets } from '../render/assets.ts';
import { configFeatures } from '../render/chunk-gates.ts';
import { SEARCH_ASSETS_DIR } from '../search/artifacts.ts';
import { SearchStage, type SearchablePage } from '../search/search-stage.ts';
import type { OutputFile } from '../output/output.ts';
import * as defaultTemplates from '../../templates/render.tsx';
import type { DocPageData, PageData } from '../../shared/types.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { lastUpdatedDates, shallowCloneNotice, type GitDates } from './git-dates.ts';
import { BuildCache, diskCacheAvailable } from './build-cache.ts';
import { PhaseTimer, type BuildContext, type BuildMode, type CompileOutput, type Templates } from './context.ts';
import { PAGE_KINDS } from './page-kinds/registry.ts';
import type { PageKind, PageSources } from './page-kinds/page-kind.ts';
import { scanStage, type ScannedSite } from './stages/scan.ts';
import { MarkdownStage, type RenderedDocs, type StoredMarkdownEntry } from './stages/markdown.ts';
import type { RenderedMarkdown } from '../markdown/pipeline.ts';
import { markdownSettings, markdownSettingsKey } from '../markdown/settings.ts';
import { sharedChrome, type FragmentMemo, type SharedChrome } from './stages/site-data.ts';
import { otherFiles, type OtherFiles } from './stages/files.ts';
import { markdownTwinFiles, TwinCache, twinInput } from './markdown-twins.ts';
import { HEAP_GROWING_PERCENT, keepHeapsNearLive, largeSiteFrom } from '../heap-growth.ts';
import { twinsOfWritingBuild } from './kept-twins.ts';
import { PagesStage, type StoredPages, type WrittenPages } from './stages/pages.ts';
import { FileStore } from './file-store.ts';
import { SearchCache, type CachedSearch } from './stored-search.ts';
import { TextSpill } from './text-spill.ts';
import { chooseRuntime } from './runtime/choose-runtime.ts';

/** The search stage's result: its files and, when asked for, every doc page's records. */
interface Searched {
  files: OutputFile[];
  records?: SearchRecord[];
}

export interface SiteBuildOptions {
  siteDir: string;
  outDir?: string;
  /** Dev builds report broken links as warnings and keep search file names stable. */
  mode?: BuildMode;
  /** Templates to render with (the dev server swaps in freshly compiled ones). */
  templates?: Templates;
  /** Reuse and update the build cache on disk (default true; the dev server stores only its first build). */
  cache?: boolean;
  /** Keep every doc page's search records for the result (`helpgen search push`); else a large site's records are not held. */
  searchRecords?: boolean;
}

export interface CompileResult {
  pages: PageData[];
  files: OutputFile[];
  /** Routes whose HTML was rendered in this compile (all of them the first time). */
  renderedRoutes: string[];
  /** Pages copied from the last production build (./file-store.ts) or left in the output as they were, instead of rendered. */
  copiedPages: number;
  /** Of those, the pages left in the output folder as they were (an update in place). */
  keptPages: number;
  /** True when the shared chrome changed, so every page changed. */
  structureChanged: boolean;
  /** The markdown file of each doc page, by route (for messages about a page). */
  sourceFiles: Map<string, string>;
  /** Production builds asked for them (`searchRecords`): every doc page's search records, in page order (`helpgen search push`). */
  searchRecords?: SearchRecord[];
  /** Dev builds: the search files, built on request after the pages are served. */
  searchFiles?: () => Promise<OutputFile[]>;
}

/** What the build cache on disk holds: the scan's docs without their texts, markdown entries without their trees, and the search stage's last result (its files beside it). */
interface StoredBuild {
  scan?: StoredScan;
  markdown: [string, StoredMarkdownEntry][];
  search?: CachedSearch;
}

export class SiteBuild {
  readonly siteDir: string;
  readonly outDir: string;
  readonly mode: BuildMode;
  config!: ResolvedConfig;
  /** The config file's name ("help.config.ts"), or undefined when the defaults apply. */
  configFile?: string;
  templates: Templates;
  /** Told what the compile is doing (the CLI shows it; the dev server only for its first build). */
  progress: Progress = silentProgress;

  private readonly scanCache = new ScanCache();
  /** Dev builds: the last listing of content/, reused when the dev server knows only some files changed. */
  private readonly listing?: ContentListing;
  private markdown!: MarkdownStage;
  private readonly search: SearchStage;
  private readonly pagesStage = new PagesStage();
  /** Dev builds: the markdown twins of unchanged pages are kept from one rebuild to the next. */
  private readonly twinCache?: TwinCache;
  private twinStore?: FileStore; // production builds with the build cache: twins by key (./kept-twins.ts)
  /** Last-updated dates from one `git log`, which runs while the content is scanned and rendered. */
  private dates: Promise<GitDates> = Promise.resolve({ dates: new Map(), cutOff: 0 });
  private readonly useDiskCache: boolean;
  private readonly keepSearchRecords: boolean;
  private diskCache?: BuildCache<StoredBuild>;
  private searchCache?: SearchCache;
  private savedOnce = false;

  constructor(options: SiteBuildOptions) {
    this.siteDir = resolve(options.siteDir);
    this.outDir = resolve(this.siteDir, options.outDir ?? 'dist');
    this.mode = options.mode ?? 'production';
    this.templates = options.templates ?? defaultTemplates;
    this.useDiskCache = options.cache !== false && diskCacheAvailable();
    this.keepSearchRecords = options.searchRecords === true;
    this.search = new SearchStage(this.mode, this.mode === 'development' || this.useDiskCache, this.keepSearchRecords);
    if (this.mode === 'development') {
      this.twinCache = new TwinCache();
      this.listing = new ContentListing();
    }
  }

  /** Loads (or reloads) help.config.ts and everything derived from it. */
  async loadConfig(): Promise<void> {
    const loaded = await loadConfig(this.siteDir);
    this.config = loaded.config;
    this.configFile = loaded.file && basename(loaded.file);
    const settings = markdownSettings(this.config, this.siteDir);
    // Cached pages hold only while every setting they were rendered with is the same.
    this.diskCache = this.useDiskCache ? new BuildCache(this.siteDir, markdownSettingsKey(settings)) : undefined;
    // The build cache on disk keeps each page's records, in files of their own.
    const recordFiles = this.diskCache && new FileStore(this.diskCache.recordsDir, '.json');
    this.search.indexMemo = this.diskCache && { dir: this.diskCache.indexDir, salt: this.diskCache.pagesSalt };
    // And each page's rendered markdown body (./markdown-bodies.ts).
    const bodyFiles = this.diskCache && new FileStore(this.diskCache.markdownDir, '.html');
    this.searchCache = this.diskCache && new SearchCache(this.diskCache.searchDir);
    this.markdown = new MarkdownStage(settings, this.useDiskCache || this.keepSearchRecords, { recordFiles, bodyFiles, rebuilds: this.mode === 'development' });
    this.pagesStage.invalidate();
    this.scanCache.clear();
    this.listing?.clear();
    if (this.diskCache) {
      const stored = this.diskCache.load();
      if (stored) {
        // A production build reads only the pages whose files changed; dev reads them all once and keeps their texts.
        if (this.mode === 'production') this.scanCache.import(stored.scan);
        this.markdown.importEntries(stored.markdown);
        this.search.import(stored.search && this.searchCache?.load(stored.search));
      }
    }
    this.dates = this.config.docs.showLastUpdateTime ? lastUpdatedDates(this.siteDir, this.markdown.contentDir) : Promise.resolve({ dates: new Map(), cutOff: 0 });
  }

  /** The next compile may take the last listing of content/: only these files (paths under content/) changed, none was added or removed. */
  onlyChanged(contentPaths: string[]): void {
    this.listing?.onlyChanged(contentPaths);
  }

  /** Forgets the markdown twins kept between dev rebuilds (a file their links may point at changed). */
  forgetTwins(): void {
    this.twinCache?.clear();
  }

  /** Forgets rendered HTML (after the templates changed). */
  invalidateHtml(): void {
    this.pagesStage.invalidate();
  }

  /**
   * One compile: six stages over one context, each handing its result to the next and timed
   * (HELPGEN_TIMINGS=1). `output`, when given (production builds that write), takes files while
   * the build goes on. Which thread does the work, and whether the search index is finished
   * before the pages or while they render, is the runtime's to say (ctx.runtime).
   */
  async compile(reporter: Reporter, output?: CompileOutput): Promise<CompileResult> {
    if (!this.config) await this.loadConfig();
    const ctx = this.context(reporter, output);
    try {
      // 1. Scan: content/ read, the sidebar built, the pages that need no markdown collected.
      // A production build keeps its pages' texts out of the heap until it makes each page (./text-spill.ts).
      const spill = this.mode === 'production' ? TextSpill.open() : undefined;
      const scanned = await scanStage(ctx, this.scanCache, this.listing, (count) => this.pagesListed(ctx, count), spill);
      const [scanRead, scanRehashed, laterBefore] = [this.scanCache.read, this.scanCache.rehashed, laterReads.count];
      ctx.timings.note(() => `pages read: ${scanRead} of ${scanned.source.docs.length} by the scan (${scanRehashed} more hashed: new stamp, same text), ${laterReads.count - laterBefore} later for their text`);
      const early = this.earlyPages(ctx, scanned);
      const assets = buildClientAssets(ctx.config.baseUrl); // esbuild, while the markdown renders
      // 2. Markdown: each doc's HTML, toc, links and search records.
      const docs = await this.markdown.run(ctx, scanned, this.search, spill);
      // 3. Pages: every page's data, kind by kind (./page-kinds/registry.ts).
      const { pages, sources } = await this.pageData(ctx, scanned, docs.markdown, early);
      // 4. Search: the index, finished while the pages render or, when the largest sites rendered
      // many pages' markdown, first (./runtime/build-runtime.ts says why).
      const searchable = searchablePages(pages, scanned, docs);
      const search = this.searchStage(ctx, searchable);
      const searchedFirst = ctx.runtime.indexBeforePages(pages.length, docs.renderedPages) ? await this.awaitSearch(ctx, search) : undefined;
      // 5. Site data: the chrome every page shares, and every file besides the pages.
      const { chrome, other } = await this.sharedFiles(ctx, scanned, pages, docs.markdown, assets);
      // 6. Render, check and write each page.
      const stored = this.storedPages();
      const written = await this.pagesStage.run(ctx, pages, sources, chrome, other, stored);
      const searched = searchedFirst ?? (await this.awaitSearch(ctx, search));
      await Promise.all([stored?.store.finish(), this.twinStore?.finish()]);
      return this.finishCompile(ctx, scanned, pages, other, written, searchable, searched);
    } finally {
      await ctx.runtime.close();
    }
  }

  /**
   * Told how many pages there are as soon as the scan has listed them (before it reads them):
   * the runtime's helpers warm up meanwhile, the index worker of a production build with the
   * local index loading the build cache's memo. (A warm build that renders no page's markdown
   * then stops that worker unused: a build's helpers cannot know yet whether a page changed.)
   * The runtime is told how many pages the build cache holds rendered: a warm build renders few.
   */
  private pagesListed(ctx: BuildContext, pages: number): void {
    ctx.runtime.pagesListed(pages, this.markdown.cachedPages);
    if (this.mode === 'production' && keepHeapsNearLive(pages)) ctx.timings.note(() => `a large site (${largeSiteFrom().toLocaleString('en-US')} pages or more): heaps kept within ${1 + HEAP_GROWING_PERCENT / 100}x of their live data, each render worker highlights its own code`);
    const memo = this.search.indexMemo;
    if (memo && this.mode === 'production' && ctx.config.search.provider === 'local') ctx.runtime.startIndexFeed(memo);
  }

  /**
   * The search files join the other files only now: no page links to them (their names are
   * known only once they are built), so the link check did not need them, as in dev, where the
   * index is built after the pages are served.
   */
  private async finishCompile(ctx: BuildContext, scanned: ScannedSite, pages: PageData[], other: OtherFiles, written: WrittenPages, searchable: SearchablePage[], searched: Searched): Promise<CompileResult> {
    for (const file of searched.files) other.files.push(file);
    await this.saveDiskCache();
    ctx.timings.mark('cache');
    if (this.diskCache) ctx.timings.note(() => `build cache: ${this.markdown.bodiesRead} markdown bodies read`);
    ctx.timings.print();
    return {
      pages,
      files: [...other.files, ...written.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      renderedRoutes: written.renderedRoutes,
      copiedPages: written.copied,
      keptPages: written.kept,
      structureChanged: written.structureChanged,
      sourceFiles: new Map(scanned.source.docs.map((d) => [d.route, d.displayPath])),
      searchRecords: searched.records,
      searchFiles: this.mode === 'development' ? () => this.search.build(ctx.config, searchable).then((s) => s.files) : undefined,
    };
  }

  private context(reporter: Reporter, output: CompileOutput | undefined): BuildContext {
    const { config, configFile, mode, siteDir, templates, progress } = this;
    // The workers load the bundled templates: with others (the dev server's) they render no HTML.
    const runtime = chooseRuntime(mode, templates === defaultTemplates);
    return { siteDir, config, configFile, mode, reporter, output, progress, templates, runtime, timings: new PhaseTimer(), base: config.baseUrl.replace(/^\/+/, '') };
  }

  /**
   * The pages of the kinds that need no markdown, collected as soon as the content is scanned;
   * the output is told every file the pages will be written to, so their folders are made meanwhile.
   */
  private earlyPages(ctx: BuildContext, scanned: ScannedSite): Map<PageKind, PageData[]> {
    const from: PageSources = { config: ctx.config, scanned, markdown: new Map(), dates: new Map() };
    const early = new Map(PAGE_KINDS.filter((kind) => !kind.afterMarkdown).map((kind) => [kind, kind.collect(from)]));
    ctx.output?.expect(plannedPaths(ctx, scanned, [...early.values()].flat()));
    return early;
  }

  /** Every page's data, in the order of PAGE_KINDS, and what the page kinds made it from. */
  private async pageData(ctx: BuildContext, scanned: ScannedSite, markdown: PageSources['markdown'], early: Map<PageKind, PageData[]>): Promise<{ pages: PageData[]; sources: PageSources }> {
    const { dates, cutOff } = await this.dates;
    const shallow = shallowCloneNotice(cutOff);
    if (shallow) process.stderr.write(shallow + '\n');
    const sources: PageSources = { config: ctx.config, scanned, markdown, dates };
    return { pages: PAGE_KINDS.flatMap((kind) => early.get(kind) ?? kind.collect(sources)), sources };
  }

  /**
   * The shared chrome and every file besides the pages and the search index, made (and, when
   * writing, handed to the output) in a frame of its own: arrays of them held in compile()'s
   * frame stayed reachable while the pages rendered (heap snapshot at 1,700 pages: the markdown
   * twins, llms-full.txt and the search index files, ~45 MB).
   */
  private async sharedFiles(ctx: BuildContext, scanned: ScannedSite, pages: PageData[], markdown: Map<string, RenderedMarkdown>, assets: ReturnType<typeof buildClientAssets>): Promise<{ chrome: SharedChrome; other: OtherFiles }> {
    const client = await assets;
    const chrome = sharedChrome(ctx, scanned, client, this.search.client(ctx.config), this.fragmentMemo());
    const twins = await this.twinFiles(ctx, scanned, pages);
    // A dev build keeps every client chunk: a writer may add a diagram at any moment.
    const clientFiles = this.mode === 'production' ? client.filesFor(clientFeatures(ctx.config, markdown.values())) : client.files;
    const other = otherFiles(ctx, pages, scanned.source.docs, [chrome.sidebarFile, ...clientFiles, ...(await this.markdown.assetFiles()), ...twins]);
    // Twins made while the output writes them (markdownTwinFiles) read the sources until then.
    if (this.mode === 'production' && !this.twinsWhileWritten(ctx)) this.releaseSources(scanned);
    ctx.timings.mark('client assets and shared files');
    return { chrome, other };
  }

  /** The markdown twins and llms files: a production build that writes with the build cache keeps those the output holds (./kept-twins.ts). */
  private twinFiles(ctx: BuildContext, scanned: ScannedSite, pages: PageData[]): OutputFile[] | Promise<OutputFile[]> {
    const input = twinInput(ctx.config, scanned, pages, this.markdown.contentDir);
    if (this.mode !== 'production' || !ctx.output) return markdownTwinFiles(input, this.twinCache);
    if (!this.diskCache) {
      const twins = { made: 0 };
      ctx.timings.note(() => `markdown twins: ${twins.made} made for ${input.docs.length + input.categories.length} twins and llms-full.txt`);
      return markdownTwinFiles(input, undefined, twins); // see twinsWhileWritten
    }
    const store = (this.twinStore = new FileStore(this.diskCache.twinsDir, '.md'));
    return twinsOfWritingBuild(ctx, input, ctx.output, { recordFile: join(this.diskCache.pagesDir, 'twin-record.json'), salt: this.diskCache.pagesSalt, store, llmsDir: this.diskCache.llmsDir });
  }

  /**
   * A production build that writes without the build cache makes each twin as the output writes
   * it (markdownTwinFiles): its sources are read until then. From the spill they cost no memory;
   * only where no spill could be made (a read-only disk) do they stay in the heap until the end.
   */
  private twinsWhileWritten(ctx: BuildContext): boolean {
    return this.mode === 'production' && ctx.output !== undefined && !this.diskCache;
  }

  /**
   * The search stage's result. A production build says on the progress line that it waits for
   * the index (it may still be in the making) and times the wait; dev has nothing to wait for.
   */
  private async awaitSearch(ctx: BuildContext, search: ReturnType<SiteBuild['searchStage']>): Promise<Searched> {
    if (this.mode === 'development') return search;
    if (ctx.config.search.provider === 'local') ctx.progress.phase('Finishing the search index');
    const { files, records, indexedOnWorker } = await search;
    ctx.timings.mark(indexedOnWorker ? 'search index (indexed on a worker)' : 'search index');
    return { files, records };
  }

  /**
   * Lets the pages' markdown go once the twins and redirects are made: nothing after them reads
   * it, and it sat in memory through the page phase (at 8,500 pages ~55 MB of the main thread's
   * heap, at 50,000 ~300 MB). Production builds only: a production SiteBuild compiles once,
   * while dev compares each file's text on every save.
   */
  private releaseSources(scanned: ScannedSite): void {
    // The scan cache holds the same docs (for the build cache on disk): their texts go with these.
    for (const doc of scanned.source.docs) doc.source = '';
  }

  /**
   * In dev the search index is built after the reload has been sent, on request. A production
   * build makes it while the pages render (see compile), and hands its files to the output as
   * soon as they are made (then lists them by path only, as the other files): held until the
   * pages were written, they would add to the page phase's memory.
   */
  private searchStage(ctx: BuildContext, searchable: SearchablePage[]): Promise<Searched & { indexedOnWorker?: boolean }> {
    const search = this.buildSearch(ctx, searchable);
    search.catch(() => undefined); // thrown where it is awaited, after the pages
    return search;
  }

  private async buildSearch(ctx: BuildContext, searchable: SearchablePage[]): Promise<Searched & { indexedOnWorker?: boolean }> {
    if (this.mode === 'development') return { files: [] };
    const output = ctx.output;
    const cache = this.searchCache;
    const { files, records, indexedOnWorker } = await this.search.build(
      ctx.config,
      searchable,
      output && ((file) => output.file(file)),
      cache && ((file) => cache.keepFile(file)),
    );
    if (!output) return { files, records, indexedOnWorker };
    // Those written already are listed by path only: handing them over again writes nothing.
    for (const file of files) output.file(file);
    return { files: files.map(({ path }) => ({ path })), records, indexedOnWorker };
  }

  /** A production build with the build cache on disk copies unchanged pages from the last one (./file-store.ts). */
  private storedPages(): StoredPages | undefined {
    if (this.mode !== 'production' || !this.diskCache) return undefined;
    return { store: new FileStore(this.diskCache.pagesDir, '.html'), salt: this.diskCache.pagesSalt };
  }

  /** Where a production build with the build cache keeps the sidebar fragment (rendered by helpgen's own templates, which its salt names). */
  private fragmentMemo(): FragmentMemo | undefined {
    if (this.mode !== 'production' || !this.diskCache || this.templates !== defaultTemplates) return undefined;
    return { file: join(this.diskCache.pagesDir, 'sidebar-fragment.json'), salt: this.diskCache.pagesSalt };
  }

  /** Where the build cache records the output folder this site's last production build left (../output/output-record.ts). */
  outputRecordFile(): string | undefined {
    return this.mode === 'production' && this.diskCache ? join(this.diskCache.pagesDir, 'output-record.json') : undefined;
  }

  /**
   * Stores this build's markdown and search results for the next build. The dev server stores
   * its first build only: writing the cache after every save would cost more than the rebuild.
   */
  private async saveDiskCache(): Promise<void> {
    if (this.mode === 'development' && this.savedOnce) return;
    this.savedOnce = true;
    const search = this.search.export();
    // Saved also when only the scan read a page (a file touched, not changed): else every next build would read it again.
    if (!this.diskCache || !this.searchCache || (!this.markdown.misses && !this.scanCache.read && this.searchCache.holds(search))) return;
    this.markdown.misses = 0;
    this.scanCache.read = 0;
    // The search files are written before the cache file that names them.
    const cachedSearch = this.searchCache.save(search);
    await this.searchCache.finish();
    this.diskCache.save({ scan: this.scanCache.export(), markdown: this.markdown.exportEntries(), search: cachedSearch });
    await this.markdown.finishFiles();
  }
}

/** Every file the pages will be written to, known once the content is scanned (so their folders can be made meanwhile). */
function plannedPaths(ctx: BuildContext, { source }: ScannedSite, early: PageData[]): string[] {
  return [
    ...source.docs.map((doc) => routeToOutputFile(doc.route, pageFilesOf(ctx.config))),
    ...early.filter((page) => page.kind !== 'notFound').map((page) => routeToOutputFile(page.route, pageFilesOf(ctx.config))),
    // The search index's folders (their files' names are known only once they are built).
    ...(ctx.config.search.provider === 'local' ? ['terms', 'pages'].map((folder) => `${ctx.base}${SEARCH_ASSETS_DIR}/${folder}/file.json`) : []),
  ];
}

/** What the pages make the browser load besides the shell: the search provider, diagram types, layouts, math. */
function clientFeatures(config: ResolvedConfig, rendered: Iterable<RenderedMarkdown>): Set<string> {
  const features = new Set(configFeatures(config));
  for (const { data } of rendered) for (const feature of data.clientFeatures ?? []) features.add(feature);
  return features;
}

/** Doc pages as the search stage takes them, each with its records. */
function searchablePages(pages: PageData[], { source }: ScannedSite, docs: Pick<RenderedDocs, 'records' | 'recordsKey'>): SearchablePage[] {
  const byRoute = new Map(source.docs.map((doc) => [doc.route, doc]));
  return pages
    .filter((page): page is DocPageData => page.kind === 'doc')
    .map((page) => ({
      href: page.href,
      title: page.title,
      description: page.description,
      keywords: page.keywords,
      section: page.section,
      records: () => docs.records(byRoute.get(page.route)!),
      recordsKey: () => docs.recordsKey(byRoute.get(page.route)!),
    }));
}

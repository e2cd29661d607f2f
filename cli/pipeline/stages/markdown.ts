// Stage 2: every doc's markdown, rendered or taken from the cache. A page is rendered again only
// when its text changed, or what it used did: the routes of the pages it links to, the files it
// embeds, a file it looked for that was missing. Pages are rendered in order on the main thread
// while their code blocks are highlighted on the markdown worker; the build's runtime may render
// them elsewhere instead (ctx.runtime.shareMarkdown: a large site's production build renders them
// on worker threads), and then the main thread collects them in order. Each page's search records are taken from its tree while it
// still has one. They are handed to the search index worker at once and kept only when something
// reads them later (the build cache on disk, `search push`, an index built in this thread): at
// 8,500 pages they were ~265 MB of the main thread's heap, and a large site's peak memory grows
// with what the main thread holds.
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import type { Root as HastRoot } from 'hast';
import type { MarkdownSettings } from '../../markdown/settings.ts';
import { isHelpgenError, type Diagnostic } from '../../diagnostics/errors.ts';
import type { Reporter } from '../../diagnostics/reporter.ts';
import { pageFailure } from '../../diagnostics/page-failure.ts';
import { suggestRoute } from '../../check/suggest.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../markdown/pipeline.ts';
import type { SourceDoc } from '../../source/scan.ts';
import type { SidebarModel } from '../../source/sidebar.ts';
import { extractRecords } from '../../search/records.ts';
import type { SearchStage } from '../../search/search-stage.ts';
import type { KeptRecordsFile } from '../../search/fed-page.ts';
import type { SearchRecord } from '../../../shared/search/record.ts';
import type { OutputFile } from '../../output/output.ts';
import { sanitizeSvg } from '../../output/svg-sanitize.ts';
import { contentAsset, isPublishableFile, type ContentAsset } from '../content-assets.ts';
import { recordingSite, type PageRecord, type RecordingSite } from '../recording-site.ts';
import { unpackRenderedPage, type RenderedPage, type WorkerInit } from '../page-transfer.ts';
import { docLabels } from '../page-kinds/doc.ts';
import { madeFor, recordsFor, recordsFromBody, RecordsKeeper, type StoredRecords } from '../doc-records.ts';
import type { FileStore } from '../file-store.ts';
import type { TextSpill } from '../text-spill.ts';
import { SharedParts } from '../shared-parts.ts';
import { MarkdownBodies } from '../markdown-bodies.ts';
import { bodyFacts, type DocMarkdown } from '../body-facts.ts';
import type { BuildContext } from '../context.ts';
import type { ScannedSite } from './scan.ts';
import type { MarkdownShare } from '../runtime/build-runtime.ts';

/** How many rendered pages may wait for their code blocks before the build waits for the oldest. */
const PAGES_AWAITING_CODE = 100;

/** A page's rendered markdown, what it used (see PageRecord), and its search records. */
export interface MarkdownEntry extends PageRecord {
  /** Hash of the page's source (its doc's sourceHash, made by the scan). */
  key: string;
  /** Its facts (../body-facts.ts) are worked out when the page is finished. */
  result: DocMarkdown;
  /** Its records, and the address, title and section they were made for. */
  records?: StoredRecords;
  /** The file of the build cache's that holds its body, once stored (../markdown-bodies.ts). */
  body?: string;
}

/** What the build cache on disk keeps of an entry: no tree, and its body only when it has no file of its own. */
export type StoredMarkdownEntry = Omit<MarkdownEntry, 'result'> & { result: Pick<DocMarkdown, 'data' | 'facts'> & { html?: string } };

/** The markdown stage's result: each doc's body and its search records. */
export interface RenderedDocs {
  /** Each doc's rendered markdown with its facts; an unchanged page's body is read from the build cache only when asked. */
  markdown: Map<string, DocMarkdown>;
  /** A doc's records (taken from the page's tree when it was rendered, relabelled if its address, title or section changed since). */
  records(doc: SourceDoc): SearchRecord[];
  /** Names a doc's records: the same name for the same records (the search stage's key). */
  recordsKey(doc: SourceDoc): string;
  /** How many docs' markdown was stale, so rendered in this run (the rest came from the cache). */
  renderedPages: number;
}

export class MarkdownStage {
  private readonly cache = new Map<string, MarkdownEntry>();
  /** Files pages link or embed, published under assets/files/. */
  private readonly contentAssets = new Map<string, OutputFile>();
  /** Sanitized SVG pictures by output path, kept for dev rebuilds. */
  private readonly svgs = new Map<string, Promise<OutputFile>>();
  private readonly recording: RecordingSite;
  private readonly render: MarkdownRenderer;
  /** Whether this run keeps each page's records (see the top of this file). */
  private keepingRecords = true;
  /** Pages rendered since the build cache was last written. */
  misses = 0;
  /** The entries as the build cache gave them, handed back as they are while unchanged (so it writes only the others: ../cache-delta.ts). */
  private readonly imported = new Map<string, StoredMarkdownEntry>();

  /** Each kept page's records as parsed last (dev only: see recordsOf). */
  private readonly parsedRecords?: WeakMap<StoredRecords, SearchRecord[]>;
  private readonly keeper: RecordsKeeper;
  /** Equal parts of the entries, shared (../shared-parts.ts). */
  private readonly parts = new SharedParts();
  /** The build cache's bodies, when there is one. */
  private readonly bodies?: MarkdownBodies;
  /** The build cache's folders of bodies and records, listed once per run (../file-store.ts). */
  private readonly fileStores: FileStore[];

  /**
   * `keepRecords`: keep every page's records even when the index worker took them (for the build
   * cache on disk, or `search push`), in `recordFiles` when given (the build cache's); `rebuilds`:
   * a dev server's stage, which compiles again and again.
   */
  constructor(
    readonly settings: MarkdownSettings,
    private readonly keepRecords: boolean,
    options: { recordFiles?: FileStore; bodyFiles?: FileStore; rebuilds?: boolean } = {},
  ) {
    if (options.rebuilds) this.parsedRecords = new WeakMap();
    if (options.bodyFiles) this.bodies = new MarkdownBodies(options.bodyFiles, options.rebuilds === true);
    this.keeper = new RecordsKeeper(options.recordFiles);
    this.fileStores = [options.bodyFiles, options.recordFiles].filter((store) => store !== undefined);
    this.recording = recordingSite({ ...settings, routeByRelPath: new Map() }, (asset) => this.publish(asset));
    this.render = createMarkdownRenderer(this.recording.site);
  }

  get contentDir(): string {
    return this.recording.site.contentDir;
  }

  /** Doc route by path under content/, as of the last run. */
  get routeByRelPath(): Map<string, string> {
    return this.recording.site.routeByRelPath;
  }

  /** The files pages link or embed, to publish: SVG pictures sanitized (../../output/svg-sanitize.ts), the rest as they are. */
  assetFiles(): Promise<OutputFile[]> {
    return Promise.all([...this.contentAssets.values()].map((file) => (isSvg(file.path) ? this.sanitizedSvg(file) : file)));
  }

  /** An SVG's published text, made once per content (its output name holds its hash). */
  private sanitizedSvg({ path, copyFrom }: OutputFile): Promise<OutputFile> {
    let made = this.svgs.get(path);
    if (!made) {
      made = readFile(copyFrom!, 'utf8').then(async (text) => ({ path, contents: (await sanitizeSvg(text)).svg }));
      this.svgs.set(path, made);
      made.catch(() => this.svgs.delete(path));
    }
    return made;
  }

  /** `spill`: a production build's, which takes each page's body once its markdown is done (../text-spill.ts); dev keeps them (it compares them on every save). */
  async run(ctx: BuildContext, { source, sidebar }: ScannedSite, search: SearchStage, spill?: TextSpill): Promise<RenderedDocs> {
    // A page depends on the routes of the pages it links to, which each entry records.
    this.recording.site.routeByRelPath = new Map(source.docs.map((d) => [d.relPath, d.route]));
    for (const store of this.fileStores) store.relist();
    const stale = new Set(source.docs.filter((doc) => !this.isFresh(doc, this.cache.get(doc.relPath))).map((doc) => doc.relPath));
    ctx.progress.phase('Rendering markdown', source.docs.length);
    const shared = this.share(ctx, source.docs, stale, sidebar);
    const rendered = new Map<string, DocMarkdown>();
    // Each compile's entries are captured here (a later compile may replace them in the cache,
    // and a page that failed to render is not cached at all).
    const entries = new Map<string, MarkdownEntry>();
    // Pages wait here, oldest first, while their code blocks are highlighted on the markdown
    // worker; the main thread meanwhile parses the next ones. Their search records are taken
    // from the tree at once, so no tree outlives its page: trees kept waiting got promoted to
    // the old generation, which made every young collection copy them first.
    const waiting: { doc: SourceDoc; finished: Promise<MarkdownEntry>; records?: string }[] = [];
    search.startFeed(ctx.config, stale.size > 0, () => ctx.runtime.indexFeed());
    // Records the index worker takes are dropped after; should it fail, the search stage makes
    // them again from the pages' markdown HTML (../doc-records.ts).
    this.keepingRecords = this.keepRecords || !search.feeding;
    const finishOldest = async () => {
      const { doc, finished, records } = waiting.shift()!;
      const entry = await finished;
      // Equal parts of different pages shared (../shared-parts.ts says why only a page rendered now).
      if (stale.has(doc.relPath)) this.parts.rendered(entry.routes, entry.result.data.links);
      if (records) entry.records = this.keeper.keep(docLabels(doc, sidebar), records);
      // A page rendered now has its facts worked out while its body is in memory (a cached
      // page brings them from the cache), and its body stored for the next build at once, in
      // the background: all of them written when the cache is (first build of 8,500 pages) took 21 s there.
      entry.result.facts ??= bodyFacts(entry.result, doc.hasExplicitTitle, this.bodies !== undefined);
      if (this.bodies && entry.body === undefined && entry.diagnostics.length === 0) entry.body = this.bodies.store(entry.result.html, entry.result.facts.hash);
      // What is left of the page in memory is what later stages need of every page; its body
      // is read back from the spill when the page itself is made.
      // (A copy given its body by the spill, so it stays a fast object: ../text-spill.ts.)
      if (spill && !Object.getOwnPropertyDescriptor(entry.result, 'html')?.get) entry.result = spill.add({ data: entry.result.data, facts: entry.result.facts }, 'html', entry.result.html);
      spill?.move(entry.result, 'html');
      rendered.set(doc.id, entry.result);
      entries.set(doc.id, entry);
    };
    for (const doc of source.docs) {
      // A page the worker rendered is in the cache by now, and is taken from there.
      const fromWorker = stale.has(doc.relPath) ? await this.takeShared(doc, shared?.take(doc), sidebar) : undefined;
      const { tree, finished } = await this.markdown(doc, stale.has(doc.relPath) && !fromWorker, ctx.reporter);
      const fields = docLabels(doc, sidebar);
      const extracted = tree && JSON.stringify(extractRecords({ ...fields, html: '', tree }));
      if (search.feeding) {
        // A page read from the cache has no tree, but its records are there already.
        const records = extracted ?? fromWorker?.recordsJson ?? this.recordsToFeed(doc, await finished, sidebar);
        search.feedPage({ href: fields.href, title: fields.title, section: fields.section, description: doc.description, keywords: doc.frontMatter.keywords ?? [], records });
      }
      waiting.push({ doc, finished, records: this.keepingRecords ? extracted : undefined });
      ctx.progress.count(waiting.length + rendered.size);
      if (waiting.length > PAGES_AWAITING_CODE) await finishOldest();
      // Let the event loop run after each page parsed. Parsing never waits for I/O, so without
      // this nothing started earlier would advance until the loop ends: the output folders being
      // made (each level of a recursive mkdir needs a turn) and the highlighted code blocks.
      if (tree) await new Promise((resolve) => setImmediate(resolve));
    }
    while (waiting.length) await finishOldest();
    ctx.timings.mark(shared ? 'markdown (worker threads)' : 'markdown');
    for (const relPath of this.cache.keys()) if (!this.routeByRelPath.has(relPath)) this.cache.delete(relPath);
    return {
      markdown: rendered,
      records: (doc) => this.recordsOf(doc, entries.get(doc.id)!, sidebar),
      recordsKey: (doc) => this.recordsKeyOf(doc, entries.get(doc.id)!, sidebar),
      renderedPages: stale.size,
    };
  }

  /** Entries worth keeping on disk: pages with warnings are left out (what they warned about may be fixed without touching them). */
  exportEntries(): [string, StoredMarkdownEntry][] {
    const stored: [string, StoredMarkdownEntry][] = [];
    for (const [relPath, cached] of this.cache) {
      const { result, ...entry } = cached;
      if (entry.diagnostics.length) continue;
      // A page's body is stored once, in a file of its own (only pages rendered since are written).
      if (this.bodies) cached.body ??= this.bodies.store(result.html, result.facts?.hash);
      const { data, facts } = result;
      const entryNow: StoredMarkdownEntry = { ...entry, body: cached.body, result: this.bodies ? { data, facts } : { html: result.html, data, facts } };
      const imported = this.imported.get(relPath);
      stored.push([relPath, imported && sameEntry(imported, entryNow) ? imported : entryNow]);
    }
    return stored;
  }

  importEntries(stored: [string, StoredMarkdownEntry][]): void {
    this.imported.clear();
    for (const [relPath, imported] of stored) {
      this.imported.set(relPath, imported);
      const { result, ...entry } = imported;
      // The body is read only when a stage needs it (../markdown-bodies.ts): a page whose body's file is gone is rendered again.
      if (result.html !== undefined) this.cache.set(relPath, { ...entry, result: { html: result.html, data: result.data, facts: result.facts } });
      else if (entry.body !== undefined && this.bodies) this.cache.set(relPath, { ...entry, result: Object.assign(this.bodies.stored(entry.body, result.data), { facts: result.facts }) });
    }
  }

  /** Pages whose rendered markdown the stage holds (from the build cache, or rendered by an earlier compile). */
  get cachedPages(): number {
    return this.cache.size;
  }

  /** Bodies read from the build cache's files so far (HELPGEN_TIMINGS prints it; tests count them). */
  get bodiesRead(): number {
    return this.bodies?.reads ?? 0;
  }

  /**
   * A page's records: those made with it, relabelled if its address, title or section changed
   * since. A dev server gets the same list for an unchanged page on every rebuild (its index
   * re-reads only pages whose records changed, ../../search/dev-index.ts).
   */
  private recordsOf(doc: SourceDoc, entry: MarkdownEntry, sidebar: SidebarModel): SearchRecord[] {
    const fields = docLabels(doc, sidebar);
    const stored = entry.records;
    const same = stored !== undefined && madeFor(stored, fields);
    let list = same ? this.parsedRecords?.get(stored) : undefined;
    // Kept as they are unless relabelled, or their file is gone (then kept again).
    let keepAgain = !same;
    if (!list) {
      const kept = stored && this.keeper.kept(stored);
      list = kept ? recordsFor(kept, fields) : recordsFromBody(fields, entry.result.html, doc.hasExplicitTitle);
      keepAgain ||= !kept;
    }
    entry.records = !this.keepingRecords ? undefined : keepAgain ? this.keeper.keep(fields, JSON.stringify(list)) : stored;
    if (entry.records) this.parsedRecords?.set(entry.records, list);
    return list;
  }

  /** A page's records as JSON text: as kept when they were made for its fields, without parsing them. */
  /**
   * A page's records for the index worker: the build cache's file of them when they were made for
   * the page as it is (the worker reads it only if its memo does not know the page), else as text.
   * A file gone meanwhile fails the worker, and the search stage then indexes every page itself.
   */
  private recordsToFeed(doc: SourceDoc, entry: MarkdownEntry, sidebar: SidebarModel): string | KeptRecordsFile {
    const stored = entry.records;
    const file = stored && madeFor(stored, docLabels(doc, sidebar)) ? this.keeper.fileOf(stored) : undefined;
    return file ?? this.recordsJsonOf(doc, entry, sidebar);
  }

  /**
   * The SHA-1 of a page's records' JSON: the name of their file when they are kept in one and fit
   * the page as it is, so an unchanged page's records are neither read nor hashed again.
   */
  private recordsKeyOf(doc: SourceDoc, entry: MarkdownEntry, sidebar: SidebarModel): string {
    const stored = entry.records;
    const fitting = stored && madeFor(stored, docLabels(doc, sidebar)) ? stored : undefined;
    if (fitting?.file !== undefined) return fitting.file;
    const json = fitting?.json ?? JSON.stringify(this.recordsOf(doc, entry, sidebar));
    return createHash('sha1').update(json).digest('hex');
  }

  private recordsJsonOf(doc: SourceDoc, entry: MarkdownEntry, sidebar: SidebarModel): string {
    const kept = entry.records && madeFor(entry.records, docLabels(doc, sidebar)) ? this.keeper.kept(entry.records) : undefined;
    return kept?.json ?? JSON.stringify(this.recordsOf(doc, entry, sidebar));
  }

  /** Once the build cache is written: removes the records and bodies files no entry names. */
  async finishFiles(): Promise<void> {
    const entries = [...this.cache.values()];
    await this.keeper.finish(entries.map((entry) => entry.records));
    await this.bodies?.finish(entries.map((entry) => entry.body));
  }

  /** Whether a cached entry still holds for the doc: same source, linked routes, files. */
  private isFresh(doc: SourceDoc, cached: MarkdownEntry | undefined): cached is MarkdownEntry {
    if (!cached || cached.key !== doc.sourceHash) return false;
    const routes = this.routeByRelPath;
    if (cached.routes.some(([relPath, route]) => (routes.get(relPath) ?? null) !== route)) return false;
    return !cached.missing.some((abs) => isPublishableFile(abs, this.contentDir)) && this.assetsUnchanged(cached.assets);
  }

  /**
   * A doc's rendered markdown: from the cache unless `render` (it is stale), else rendered and
   * cached. Returns once the page's own work is done (its links, assets and diagnostics are
   * recorded); `finished` settles when its code blocks are highlighted too.
   */
  private async markdown(doc: SourceDoc, render: boolean, reporter: Reporter): Promise<{ tree?: HastRoot; finished: Promise<MarkdownEntry> }> {
    const cached = this.cache.get(doc.relPath);
    if (!render && cached && this.bodyThere(cached)) {
      for (const d of cached.diagnostics) reporter.add(this.withSuggestion(d));
      return { finished: Promise.resolve(cached) };
    }
    this.misses++;
    const record = this.recording.begin((d: Diagnostic) => reporter.add(this.withSuggestion(d)));
    // A page that cannot be rendered (nested too deep, a block that fails to highlight) is
    // reported and left empty, so the build goes on and reports every such page, then fails.
    // A bug in helpgen still stops the build, with its stack trace under --debug.
    const failed = (error: unknown): MarkdownEntry => {
      const failure = pageFailure(doc.displayPath, error, doc.source);
      if (!isHelpgenError(error) && !(error instanceof RangeError)) throw failure;
      reporter.add({ severity: 'error', code: 'page-failed', message: failure.message, position: failure.position, hint: failure.hint });
      return { key: '', ...record, result: { html: '', data: { toc: [], anchors: new Set(), links: [] } } };
    };
    let started: Awaited<ReturnType<MarkdownRenderer['start']>>;
    try {
      started = await this.render.start(doc.source, { relPath: doc.relPath, displayPath: doc.displayPath, route: doc.route });
    } catch (error) {
      return { finished: Promise.resolve(failed(error)) };
    }
    const { tree, finished } = started;
    const done = finished.then((result) => {
      const entry: MarkdownEntry = { key: doc.sourceHash, ...record, result };
      this.cache.set(doc.relPath, entry);
      return entry;
    }, failed);
    // Whoever awaits it gets the error; pages still waiting when a build stops must not crash it.
    done.catch(() => undefined);
    return { tree, finished: done };
  }

  /**
   * Whether a cached entry's body is at hand: in memory, or in its file of the build cache,
   * which is read only when a later stage needs the body (the page is rendered). False when the
   * file is gone since the cache was loaded (another build of the site pruned it): the page is
   * rendered again, here, where it still can be.
   */
  private bodyThere(entry: MarkdownEntry): boolean {
    return !this.bodies?.isStored(entry.result) || this.bodies.exists(entry.body!);
  }

  /**
   * Offers the stale pages to the build's runtime, which renders them elsewhere when it can
   * (../runtime/build-runtime.ts), each page's renderer told this build's settings and routes.
   */
  private share(ctx: BuildContext, docs: SourceDoc[], stale: Set<string>, sidebar: SidebarModel): MarkdownShare | undefined {
    const init: WorkerInit = { settings: this.settings, routes: [...this.routeByRelPath] };
    return ctx.runtime.shareMarkdown(
      docs.filter((doc) => stale.has(doc.relPath)),
      init,
      (doc) => {
        const { href, title, section } = docLabels(doc, sidebar);
        return { relPath: doc.relPath, displayPath: doc.displayPath, route: doc.route, source: doc.source, search: { href, title, section, hasExplicitTitle: doc.hasExplicitTitle } };
      },
    );
  }

  /**
   * Puts a page rendered elsewhere into the cache, as if read from there, and returns it;
   * undefined when the page was not rendered elsewhere, or it failed there (then the main
   * thread renders it, and reports why it fails).
   */
  private async takeShared(doc: SourceDoc, shared: ReturnType<MarkdownShare['take']>, sidebar: SidebarModel): Promise<RenderedPage | undefined> {
    const page = unpackRenderedPage(await shared);
    if (!page) return undefined;
    for (const asset of page.record.assets) this.publish(asset);
    this.misses++;
    const records = this.keepingRecords ? this.keeper.keep(docLabels(doc, sidebar), page.recordsJson) : undefined;
    page.result.data.anchors = this.parts.anchors(page.result.data.anchors, page.result.data.toc);
    this.cache.set(doc.relPath, { ...page.record, key: doc.sourceHash, result: page.result, records });
    return page;
  }

  /**
   * A link to a missing page gets "Did you mean" the closest page of this build, as a broken
   * link does in the link check (which leaves such a link: one mistake, one diagnostic). Added
   * here, not where the page is rendered, because a cached page's diagnostic must follow pages
   * added or renamed since.
   */
  private withSuggestion(diagnostic: Diagnostic): Diagnostic {
    if (diagnostic.missingTarget === undefined) return diagnostic;
    const close = suggestRoute(diagnostic.missingTarget, this.routeByRelPath.values());
    return close ? { ...diagnostic, hint: [`Did you mean ${close}?`, diagnostic.hint].filter(Boolean).join(' ') } : diagnostic;
  }

  private publish(asset: ContentAsset): void {
    this.contentAssets.set(asset.path, { path: asset.path, copyFrom: asset.abs });
  }

  /** True when every file a cached page used still has the content (hash) it had; publishes them again. */
  private assetsUnchanged(assets: ContentAsset[]): boolean {
    const now = [];
    for (const asset of assets) {
      if (!isPublishableFile(asset.abs, this.contentDir)) return false;
      const current = contentAsset(asset.abs, this.settings.baseUrl);
      if (current.href !== asset.href) return false;
      now.push(current);
    }
    for (const asset of now) this.publish(asset);
    return true;
  }
}

/** Whether two stored entries hold the very same parts (entries are never changed in place, only given new parts). */
function sameEntry(a: StoredMarkdownEntry, b: StoredMarkdownEntry): boolean {
  const keys = Object.keys(b) as (keyof StoredMarkdownEntry)[];
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every((key) => (key === 'result' ? a.result.data === b.result.data && a.result.html === b.result.html && a.result.facts === b.result.facts : a[key] === b[key]));
}

function isSvg(path: string): boolean {
  return path.toLowerCase().endsWith('.svg');
}

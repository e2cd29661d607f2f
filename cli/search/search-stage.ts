// Stage 4 of a compile (../pipeline/site-build.ts), the build's search stage: the local index
// (local provider), the settings the browser needs, and, when asked (`helpgen search push`), the
// DocSearch records of every doc page.
// The records are not written to the output: no page asks for them (the push builds the site
// itself), and as one JSON file they were 2.6 MB at 170 pages and 25.8 MB at 1,700.
// Files get content-hashed names under assets/search/, so they can be cached forever (dev
// builds keep fixed names, so a rebuild does not change every page's settings).
//
// One stage per SiteBuild, owned by it: it remembers its last result, so a dev rebuild of an
// unchanged site reuses it whole (the index build is the costly part), and the build cache on
// disk keeps it between builds (export/import). Each page brings its own records (taken by the
// markdown stage from the page's tree while it still had it); a cold production build instead
// feeds them, page by page as they are rendered, to the index worker (./index-feed.ts), and the
// main thread does not keep them.
import { posix } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import type { ClientSearchConfig } from '../../shared/types.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import type { OutputFile } from '../output/output.ts';
import { contentHash } from './content-hash.ts';
import { LocalIndexBuilder, type LocalIndexFiles } from './local-index.ts';
import { IndexFeed, type FedPage, type FeedPage } from './index-feed.ts';
import { DevSearchIndex } from './dev-index.ts';
import { clientSearchConfig, SEARCH_ASSETS_DIR } from './artifacts.ts';

/** A doc page as the search stage takes it. */
export interface SearchablePage {
  href: string;
  title: string;
  description: string;
  keywords: string[];
  /** Top-level sidebar category (lvl0). */
  section: string;
  /** The page body (HTML): what its records were made from. */
  html: string;
  records(): SearchRecord[];
}

export interface SearchArtifacts {
  client: ClientSearchConfig;
  files: OutputFile[];
}

/** What the build cache on disk keeps of the stage. */
export interface StoredSearch {
  siteKey: string;
  result: SearchArtifacts;
}

export class SearchStage {
  private last?: StoredSearch;
  private feed?: IndexFeed;
  /** Dev: the index, kept and updated page by page. */
  readonly devIndex?: DevSearchIndex;

  /**
   * `remember`: keep the last result, for a dev rebuild or the build cache on disk to reuse. A
   * production build without the cache lets it go once its files are written (at 8,500 pages
   * 65,695 files, 62 MB). `withRecords`: `build` answers every page's records too.
   */
  constructor(
    private readonly mode: 'production' | 'development',
    private readonly remember: boolean,
    private readonly withRecords = false,
  ) {
    if (mode === 'development') this.devIndex = new DevSearchIndex();
  }

  /**
   * The browser's settings, known before the index is built: the entry keeps one name (in dev
   * too, where the index is built on request), so the pages can be rendered while the index is
   * still being made.
   */
  client(config: ResolvedConfig): ClientSearchConfig {
    return clientSearchConfig(config, config.search.provider === 'local' ? `${config.baseUrl}${SEARCH_ASSETS_DIR}/${this.entryFile()}` : undefined);
  }

  /**
   * The entry file every page names keeps one name (and is revalidated, not cached for a year):
   * an edit to one page then changes that page, the entry and its shards and page files, not
   * the HTML of every page, which a deploy would upload again and a CDN serve afresh.
   */
  private entryFile(): string {
    return this.mode === 'development' ? 'index.dev.json' : 'index.json';
  }

  /**
   * A cold production build with the local index indexes each page on a worker as soon as its
   * records exist (feeding pages only once their code blocks were back left the last hundred
   * to arrive together at the end, and the build waited for them). `startFeed` gives the feed,
   * or none when the build runs without threads (the build's runtime decides).
   */
  startFeed(config: ResolvedConfig, renderingPages: boolean, startFeed: () => IndexFeed | undefined = IndexFeed.start): void {
    this.feed = this.mode === 'production' && config.search.provider === 'local' && renderingPages ? startFeed() : undefined;
  }

  get feeding(): boolean {
    return this.feed !== undefined;
  }

  /** Hands a rendered page to the index worker, in page order (its records as objects or as JSON text). */
  feedPage(page: FeedPage): void {
    this.feed?.add(page);
  }

  /**
   * The search files and the browser's settings for these pages; `indexedOnWorker` tells where
   * the index was built; `records`, when the stage was asked for them, every page's records in
   * page order (what `helpgen search push` uploads).
   */
  async build(config: ResolvedConfig, pages: SearchablePage[]): Promise<SearchArtifacts & { indexedOnWorker: boolean; records?: SearchRecord[] }> {
    const feed = this.feed;
    this.feed = undefined;
    try {
      const records = this.withRecords ? pages.flatMap((page) => page.records()) : undefined;
      // The key is a hash of every page's HTML (~0.5 s at 8,500 pages, on the main thread while
      // the index worker waits to finish): made only when a result is kept or to compare with.
      const siteKey = this.remember || this.last ? contentHash(JSON.stringify([this.mode, config.baseUrl, config.product.slug, config.search, pages.map(pageKey), pages.map((p) => [p.description, p.keywords])])) : undefined;
      if (this.last && this.last.siteKey === siteKey) return { ...this.last.result, records, indexedOnWorker: false };
      const dir = posix.join(config.baseUrl.replace(/^\/+/, ''), SEARCH_ASSETS_DIR);
      const files: OutputFile[] = [];

      let indexedOnWorker = false;
      if (config.search.provider === 'local') {
        const fed = pages.map(({ href, title, section, description, keywords }) => ({ href, title, section, description, keywords }));
        const prebuilt = await feed?.filesFor(fed);
        indexedOnWorker = prebuilt !== undefined;
        // Dev updates its kept index page by page; a production build without the worker
        // reads each page's records only as it indexes that page.
        const built = prebuilt ?? this.devIndex?.update(fed.map((page, i) => ({ ...page, records: pages[i]!.records() }))) ?? buildLocalIndexFiles(fed, (i) => pages[i]!.records());
        const file = this.entryFile();
        // One push per file, not push(...all): a 50,000-page site has some 400,000 index files,
        // more arguments than a call can take ("Maximum call stack size exceeded").
        files.push({ path: posix.join(dir, file), contents: built.indexJson });
        for (const f of built.files) files.push({ path: posix.join(dir, f.path), contents: f.json });
      }
      const result = { client: this.client(config), files };
      this.last = this.remember && siteKey ? { siteKey, result } : undefined;
      return { ...result, records, indexedOnWorker };
    } finally {
      feed?.close();
    }
  }

  export(): StoredSearch | undefined {
    return this.last;
  }

  import(stored: StoredSearch | undefined): void {
    this.last = stored;
  }
}

/** The index of `pages` built in this thread, each page's records asked for in turn (so they need not all be held at once). */
export function buildLocalIndexFiles(pages: FedPage[], recordsOf: (i: number) => SearchRecord[]): LocalIndexFiles {
  const builder = new LocalIndexBuilder();
  pages.forEach((page, i) => {
    builder.addPage({ ...page, records: recordsOf(i) });
  });
  return builder.finish();
}

/** Names a page's search content (its records follow from it). */
function pageKey(page: SearchablePage): string {
  return contentHash(JSON.stringify([page.href, page.title, page.section, page.html]));
}

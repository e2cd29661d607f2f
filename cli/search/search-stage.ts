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
import type { EngineFile, RenderedPage, SearchEngineBuild, StartIndexFeed } from './engine.ts';
import { IndexFeed } from './index-feed.ts';
import type { MemoPlace } from './index-memo.ts';
import { engineBuildFor, type SearchEngineName } from './engines.ts';
import { SEARCH_ASSETS_DIR } from './artifacts.ts';

export { buildLocalIndexFiles } from './local-engine.ts';

/** A doc page as the search stage takes it. */
export interface SearchablePage {
  href: string;
  title: string;
  description: string;
  keywords: string[];
  /** Top-level sidebar category (lvl0). */
  section: string;
  records(): SearchRecord[];
  /** Names its records (the same name for the same records), which the index is made of with the fields above. */
  recordsKey(): string;
}

/** Keeps a search file the stage's result names (see `SearchStage.build`): answers how the result holds it. */
export type KeepSearchFile = (file: OutputFile & { contents: string | Uint8Array }) => OutputFile;

export interface SearchArtifacts {
  client: ClientSearchConfig;
  files: OutputFile[];
}

/** What the build cache on disk keeps of the stage. */
export interface StoredSearch {
  siteKey: string;
  result: SearchArtifacts;
  /** False when the result can no longer be used (the build cache lost a file of it): the index is built again. */
  usable?: () => boolean;
}

export class SearchStage {
  private last?: StoredSearch;
  /**
   * Where the build cache keeps what the index worker worked out of each page (./index-memo.ts),
   * so that a warm build analyses only the pages that changed; none without the cache.
   */
  indexMemo?: MemoPlace;
  /** The engine fed during this build, if any. */
  private feeding_?: SearchEngineBuild;
  /** One per engine named in the config, kept for the stage's life (a dev server keeps its index in it). */
  private readonly engines = new Map<SearchEngineName, SearchEngineBuild>();

  /**
   * `remember`: keep the last result, for a dev rebuild or the build cache on disk to reuse. A
   * production build without the cache lets it go once its files are written (at 8,500 pages
   * 65,695 files, 62 MB). `withRecords`: `build` answers every page's records too.
   */
  constructor(
    private readonly mode: 'production' | 'development',
    private readonly remember: boolean,
    private readonly withRecords = false,
  ) {}

  /** The configured engine's build side (./engines.ts). */
  private engine(config: ResolvedConfig): SearchEngineBuild {
    const name = config.search.provider;
    let engine = this.engines.get(name);
    if (!engine) this.engines.set(name, (engine = engineBuildFor(name, this.mode)));
    return engine;
  }

  /**
   * The browser's settings, known before the index is built: the local index's entry keeps one
   * name (in dev too, where the index is built on request), so the pages can be rendered while
   * the index is still being made.
   */
  client(config: ResolvedConfig): ClientSearchConfig {
    return this.engine(config).client(config);
  }

  /**
   * Lets the engine index each page as it is rendered (ours does, on a worker, in a cold
   * production build). `startIndexFeed` gives that worker, or none when the build runs without
   * threads: the build's runtime decides (../pipeline/runtime/).
   */
  startFeed(config: ResolvedConfig, renderingPages: boolean, startIndexFeed: StartIndexFeed = IndexFeed.start): void {
    const engine = this.engine(config);
    const memo = this.indexMemo;
    const start = memo
      ? () => {
          const feed = startIndexFeed();
          feed?.loadMemo(memo);
          return feed;
        }
      : startIndexFeed;
    this.feeding_ = engine.startFeed(config, renderingPages, start) ? engine : undefined;
  }

  get feeding(): boolean {
    return this.feeding_ !== undefined;
  }

  /** Hands a rendered page to the engine, in page order (its records as objects or as JSON text). */
  feedPage(page: RenderedPage): void {
    this.feeding_?.feedPage(page);
  }

  /**
   * The search files and the browser's settings for these pages; `indexedOnWorker` tells where
   * the index was built; `records`, when the stage was asked for them, every page's records in
   * page order (what `helpgen search push` uploads). `write`, when given, takes files as soon
   * as they are made, and the answer lists them by path only, so the main thread never holds
   * them all (at 50,000 pages ~210 MB); a stage that keeps its result then keeps each as `keep`
   * answers it (the build cache's copy, ../pipeline/stored-search.ts), or else is not handed them.
   */
  async build(config: ResolvedConfig, pages: SearchablePage[], write?: (file: OutputFile) => Promise<void>, keep?: KeepSearchFile): Promise<SearchArtifacts & { indexedOnWorker: boolean; records?: SearchRecord[] }> {
    const fed = this.feeding_;
    this.feeding_ = undefined;
    const engine = this.engine(config);
    try {
      const records = this.withRecords ? pages.flatMap((page) => page.records()) : undefined;
      // The key names every page's fields and records (their records by the name the build cache
      // keeps them under: hashing every page's HTML took ~0.4 s at 8,500 pages, on the main
      // thread while the index worker waited to finish): made only when a result is kept or to compare with.
      const siteKey = this.remember || this.last ? contentHash(JSON.stringify([this.mode, config.baseUrl, config.product.slug, config.search, pages.map(pageKey), pages.map((p) => [p.description, p.keywords])])) : undefined;
      if (this.last && this.last.siteKey === siteKey && (this.last.usable?.() ?? true)) return { ...this.last.result, records, indexedOnWorker: false };
      const dir = posix.join(config.baseUrl.replace(/^\/+/, ''), SEARCH_ASSETS_DIR);
      const input = pages.map(({ href, title, section, description, keywords }) => ({ href, title, section, description, keywords }));
      const kept = new Map<string, OutputFile>();
      const handOver =
        write && (!this.remember || keep)
          ? (file: EngineFile) => {
              const out = { path: posix.join(dir, file.path), contents: file.contents };
              if (!this.remember) return write(out);
              // The kept copy is named by its hash, which the output then need not work out again.
              const copy = keep!(out);
              kept.set(out.path, copy);
              return write({ ...out, holds: copy.holds });
            }
          : undefined;
      const built = await engine.build(config, { pages: input, recordsOf: (i) => pages[i]!.records() }, handOver);
      // The files handed to `write` are listed by path only (written already); the result kept holds `keep`'s copies of them.
      const files: OutputFile[] = [];
      const keptFiles: OutputFile[] = [];
      for (const f of built.files) {
        const path = posix.join(dir, f.path);
        const file = f.contents === undefined ? { path } : { path, contents: f.contents };
        files.push(file);
        if (this.remember) keptFiles.push(kept.get(path) ?? file);
      }
      const client = this.client(config);
      this.last = this.remember && siteKey ? { siteKey, result: { client, files: keptFiles } } : undefined;
      return { client, files, records, indexedOnWorker: built.indexedWhileRendering };
    } finally {
      fed?.stopFeed();
    }
  }

  export(): StoredSearch | undefined {
    return this.last;
  }

  import(stored: StoredSearch | undefined): void {
    this.last = stored;
  }
}

/** Names a page's search content. */
function pageKey(page: SearchablePage): string {
  return JSON.stringify([page.href, page.title, page.section, page.recordsKey()]);
}

// Our own engine's build side (the default, `search.provider: 'local'`): the sharded index of
// ./local-index.ts, built on a worker while the pages render (./index-feed.ts), in this thread
// otherwise, or kept and updated page by page by the dev server (./dev-index.ts). Its browser
// side is client/search/providers/local.ts with client/search/engine/.
import type { ResolvedConfig } from '../config/schema.ts';
import type { SearchRecord } from '../../shared/search/record.ts';
import { clientSearchConfig, SEARCH_ASSETS_DIR } from './artifacts.ts';
import { DevSearchIndex } from './dev-index.ts';
import type { EngineBuildInput, EngineBuildOutput, EngineFile, EnginePage, RenderedPage, SearchEngineBuild, SearchEngineMode, StartIndexFeed } from './engine.ts';
import type { IndexFeed } from './index-feed.ts';
import { LocalIndexBuilder, type LocalIndexFiles } from './local-index.ts';

export class LocalEngineBuild implements SearchEngineBuild {
  private feed?: IndexFeed;
  /** Dev: the index, kept and updated page by page. */
  private readonly devIndex?: DevSearchIndex;

  constructor(private readonly mode: SearchEngineMode) {
    if (mode === 'development') this.devIndex = new DevSearchIndex();
  }

  client(config: ResolvedConfig) {
    return clientSearchConfig(config, `${config.baseUrl}${SEARCH_ASSETS_DIR}/${this.entryFile()}`);
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
   * A cold production build indexes each page on a worker as soon as its records exist
   * (feeding pages only once their code blocks were back left the last hundred to arrive
   * together at the end, and the build waited for them).
   */
  startFeed(_config: ResolvedConfig, renderingPages: boolean, startIndexFeed: StartIndexFeed): boolean {
    this.feed = this.mode === 'production' && renderingPages ? startIndexFeed() : undefined;
    return this.feed !== undefined;
  }

  feedPage(page: RenderedPage): void {
    this.feed?.add(page);
  }

  stopFeed(): void {
    this.feed?.close();
    this.feed = undefined;
  }

  async build(_config: ResolvedConfig, { pages, recordsOf }: EngineBuildInput, write?: (file: EngineFile) => Promise<void>): Promise<EngineBuildOutput> {
    const feed = this.feed;
    this.feed = undefined;
    // One push per file, not push(...all): a 50,000-page site has some 400,000 index files,
    // more arguments than a call can take ("Maximum call stack size exceeded").
    const files: EngineBuildOutput['files'] = [];
    const handed = handOver(files, write);
    const prebuilt = feed && (await feed.filesFor(pages, handed.take));
    // Files of a worker that failed half-way are written before they are made again here.
    await handed.written();
    if (prebuilt) {
      files.unshift({ path: this.entryFile(), contents: prebuilt.indexJson });
      return { files, indexedWhileRendering: true };
    }
    // Dev updates its kept index page by page; a production build without the worker reads
    // each page's records only as it indexes that page.
    const built = this.devIndex?.update(pages.map((page, i) => ({ ...page, records: recordsOf(i) }))) ?? buildLocalIndexFiles(pages, recordsOf);
    const made: EngineBuildOutput['files'] = [{ path: this.entryFile(), contents: built.indexJson }];
    for (const f of built.files) made.push({ path: f.path, contents: f.json });
    return { files: made, indexedWhileRendering: false };
  }
}

/**
 * What takes each part of the files the index worker hands over: `write`, when given, which the
 * files go to as they come (then listed by path only: the main thread does not keep them), else
 * the list. A part waits until the part before it is written, so that at most two parts are
 * held at once, however large the site (the worker makes the next meanwhile).
 */
function handOver(files: EngineBuildOutput['files'], write: ((file: EngineFile) => Promise<void>) | undefined) {
  let writing: Promise<unknown> = Promise.resolve();
  const take = async (part: { path: string; json: Uint8Array }[]): Promise<void> => {
    if (!write) {
      for (const f of part) files.push({ path: f.path, contents: f.json });
      return;
    }
    await writing;
    writing = Promise.all(part.map((f) => write({ path: f.path, contents: f.json })));
    for (const f of part) files.push({ path: f.path });
  };
  return { take, written: () => writing };
}

/** The index of `pages` built in this thread, each page's records asked for in turn (so they need not all be held at once). */
export function buildLocalIndexFiles(pages: EnginePage[], recordsOf: (i: number) => SearchRecord[]): LocalIndexFiles {
  const builder = new LocalIndexBuilder();
  pages.forEach((page, i) => {
    builder.addPage({ ...page, records: recordsOf(i) });
  });
  return builder.finish();
}

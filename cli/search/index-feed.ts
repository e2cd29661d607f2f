// Builds the local search index on a worker thread while the build is still rendering pages.
// Indexing costs ~0.3 s of main-thread time on a cold build of our site, and the index needs
// nothing but each page's records and metadata, which are known as soon as the page is
// rendered. So the build hands each page to the feed in page order, the worker indexes it
// meanwhile, and the search stage takes the finished files, but only if the pages it would
// index are exactly the pages that were fed; otherwise it builds the index itself, as it does
// whenever there is no worker (from the TypeScript sources, in dev, or with HELPGEN_WORKERS=0).
import { isMainThread } from 'node:worker_threads';
import { workerScript } from '../runtime.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import type { IndexedPage, LocalIndexFiles } from './local-index.ts';

/**
 * Pages travel as JSON, eight to a message: posting each page's records as objects, one
 * message per page, cost the main thread ~0.7 ms a page (measured: 117 ms for our site; as
 * JSON one page at a time 80 ms, eight at a time 40 ms). "pages" answers nothing, "finish"
 * the index files.
 */
export type IndexFeedMessage = { type: 'pages'; json: string } | { type: 'finish' };

/** Pages sent to the worker per message. */
const PAGES_PER_MESSAGE = 8;

export class IndexFeed {
  private readonly fed: IndexedPage[] = [];
  /** Pages fed but not sent yet, as JSON. */
  private unsent: string[] = [];
  /** Set once the worker failed or was stopped: nothing more is sent to it. */
  private stopped = false;

  private constructor(private readonly pool: WorkerPool<IndexFeedMessage, LocalIndexFiles | undefined>) {}

  /** A feed for a production build, when helpgen runs from its compiled form. */
  static start(): IndexFeed | undefined {
    const script = isMainThread ? workerScript('index-worker') : undefined;
    return script ? new IndexFeed(new WorkerPool(script)) : undefined;
  }

  add(page: IndexedPage): void {
    if (this.stopped) return;
    this.fed.push(page);
    this.unsent.push(JSON.stringify(page));
    if (this.unsent.length >= PAGES_PER_MESSAGE) this.send();
  }

  private send(): void {
    if (!this.unsent.length) return;
    const message: IndexFeedMessage = { type: 'pages', json: `[${this.unsent.join(',')}]` };
    this.unsent = [];
    // A page the worker could not index (or a dead worker) means the search stage indexes all.
    this.pool.run(message, () => void (this.stopped = true)).catch(() => (this.stopped = true));
  }

  /** The index files, if `pages` are the pages fed (same order, same records); then stops the worker. */
  async filesFor(pages: IndexedPage[]): Promise<LocalIndexFiles | undefined> {
    try {
      if (this.stopped || !samePages(pages, this.fed)) return undefined;
      this.send();
      const files = await this.pool.run({ type: 'finish' }, () => undefined).catch(() => undefined);
      return this.stopped ? undefined : files;
    } finally {
      this.close();
    }
  }

  close(): void {
    this.stopped = true;
    void this.pool.close();
  }
}

function samePages(a: IndexedPage[], b: IndexedPage[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((page, i) => {
    const other = b[i]!;
    return (
      page.records === other.records &&
      page.href === other.href &&
      page.title === other.title &&
      page.section === other.section &&
      page.description === other.description &&
      JSON.stringify(page.keywords) === JSON.stringify(other.keywords)
    );
  });
}

// The runtime with worker threads (see ./build-runtime.ts), for a production build of the
// compiled CLI. It renders on the markdown worker (which highlights the main thread's code blocks
// anyway, so it has shiki loaded and warm) and, for a large site, one more per remaining core:
// the markdown of stale pages (./markdown-share.ts) and the pages' HTML (./html-share.ts). The
// extra workers start as soon as the scan has listed enough pages the build cache does not hold
// (they load their modules while the main thread reads the pages) and stop when the compile
// ends, so the page phase finds them warm instead of starting cold ones. Below 20,000 pages the
// extra workers send their code blocks to the markdown worker (../highlight-channel.ts), so
// shiki starts in one thread only; a larger site's highlight their own (see startExtraWorker).
// The search index is built on a worker of its own (../../search/index-feed.ts) while the pages
// are rendered.
import { MessageChannel } from 'node:worker_threads';
import type { PageData } from '../../../shared/types.ts';
import type { SourceDoc } from '../../source/scan.ts';
import { IndexFeed } from '../../search/index-feed.ts';
import type { MemoPlace } from '../../search/index-memo.ts';
import { sharedMarkdownWorker } from '../../markdown/highlight/highlighter.ts';
import { MarkdownWorker } from '../render-pool.ts';
import { isLargeSite } from '../../heap-growth.ts';
import type { WorkerInit, WorkerTask } from '../page-transfer.ts';
import type { PageHtmlInit, PageHtmlTask } from '../page-html.ts';
import { indexBeforePages, type BuildRuntime, type HtmlShare, type MarkdownShare } from './build-runtime.ts';
import { RenderOnWorkers, WORKERS_THRESHOLD, extraWorkerCount, workersStartEarly } from './markdown-share.ts';
import { PagesOnWorkers } from './html-share.ts';

export class ThreadedRuntime implements BuildRuntime {
  private extra?: MarkdownWorker[];
  /** The pages shared out for their HTML, which `close` waits for: the workers may be writing them into the output. */
  private htmlShare?: PagesOnWorkers;
  /** The index feed started while the content is scanned, until the markdown stage takes it. */
  private earlyFeed?: IndexFeed;

  /** `htmlOnWorkers`: the compile renders with the bundled templates, which the workers load (the dev server's recompiled ones exist only in the main thread). */
  constructor(private readonly htmlOnWorkers: boolean) {}

  pagesListed(pages: number, cached: number): void {
    if (this.htmlOnWorkers && workersStartEarly(pages, cached)) this.workersFor(pages);
  }

  shareMarkdown(docs: SourceDoc[], init: WorkerInit, task: (doc: SourceDoc) => WorkerTask): MarkdownShare | undefined {
    const workers = this.workersFor(docs.length);
    if (workers.length === 0) return undefined;
    for (const worker of workers) worker.setup(init);
    return new RenderOnWorkers(docs, workers, task);
  }

  shareHtml(pages: PageData[], from: number, init: PageHtmlInit, task: (page: PageData) => PageHtmlTask): HtmlShare | undefined {
    const workers = this.htmlOnWorkers ? this.workersFor(pages.length) : [];
    if (workers.length === 0) return undefined;
    this.htmlShare = new PagesOnWorkers(pages, from, workers, init, task);
    return this.htmlShare;
  }

  startIndexFeed(memo: MemoPlace): void {
    this.earlyFeed ??= IndexFeed.start();
    this.earlyFeed?.loadMemo(memo);
  }

  indexFeed(): IndexFeed | undefined {
    const early = this.earlyFeed;
    this.earlyFeed = undefined;
    return early ?? IndexFeed.start();
  }

  indexBeforePages(pages: number, renderedMarkdown: number): boolean {
    return indexBeforePages(pages, renderedMarkdown);
  }

  /**
   * Stops the extra workers (the markdown worker stays, for the next build) and an index feed
   * nobody took, once the pages the workers were given are done (a build that failed removes its
   * output after this).
   */
  async close(): Promise<void> {
    await this.htmlShare?.stop();
    this.htmlShare = undefined;
    this.earlyFeed?.close();
    this.earlyFeed = undefined;
    const extra = this.extra ?? [];
    this.extra = undefined;
    await Promise.all(extra.map((worker) => worker.close()));
  }

  /** The workers to share `pages` pages of work between, or none: no worker, or too few pages for a worker's cold start to pay. */
  private workersFor(pages: number): MarkdownWorker[] {
    const shared = sharedMarkdownWorker();
    if (!shared || pages < WORKERS_THRESHOLD) return [];
    this.extra ??= Array.from({ length: extraWorkerCount(pages) }, () => startExtraWorker(shared, pages)).filter((worker) => worker !== undefined);
    return [shared, ...this.extra].filter((worker) => worker.alive);
  }
}

/**
 * An extra render worker. Its code blocks go to the markdown worker `highlighter`: shiki starts
 * in one thread only, which at 1,680 pages saves ~4 % of the build's time (3 interleaved pairs,
 * 4.57 s against 4.78 s). A large site's extra worker (../../heap-growth.ts) highlights its own
 * instead. While its pages wait for the answers, their trees outlive two young collections and
 * move to the old generation; with heaps kept near their live data (the large site's memory
 * budget), that worker ran a full collection about every 140 ms. At 50,000 pages the build took
 * 250 s that way, 174 s with V8's default heap growth (but 2.2 GiB), 160 s with a shiki in each
 * worker (1.6 GiB). At 8,500 pages the two ways take the same time.
 */
function startExtraWorker(highlighter: MarkdownWorker, pages: number): MarkdownWorker | undefined {
  if (isLargeSite(pages)) return MarkdownWorker.start({ rendersPages: true });
  const { port1, port2 } = new MessageChannel();
  const worker = MarkdownWorker.start({ rendersPages: true, highlighter: port2 });
  if (worker) highlighter.serveHighlights(port1);
  else port1.close();
  return worker;
}

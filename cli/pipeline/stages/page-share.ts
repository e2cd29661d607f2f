// How a production build of a large site renders its pages' HTML on worker threads: the page
// phase used to run on the main thread alone (React's renderToString, then the link check)
// while the workers that had rendered the markdown sat idle. Now the markdown worker and the
// extra render workers (./render-share.ts) take small batches of pages in order, a new one each
// time they hand one back; the main thread takes each page's HTML in order, reports what its
// check found, and writes it. Which thread renders a page does not change its HTML or its
// diagnostics (test/build/workers.test.ts).
import type { PageData } from '../../../shared/types.ts';
import type { MarkdownWorker } from '../render-pool.ts';
import type { PageHtmlInit, PageHtmlResult, PageHtmlTask } from '../page-html.ts';

/** Batches a worker holds at once: the next is waiting there when one is done. */
const BATCHES_IN_HAND = 2;
/** Pages per batch at most. */
const MAX_BATCH = 8;

export class PagesOnWorkers {
  private next: number;
  private readonly results: { promise: Promise<PageHtmlResult | undefined>; resolve: (result: PageHtmlResult | undefined) => void }[];
  private readonly batch: number;

  /** Shares pages[from…] out; `task` says what a worker needs of a page. */
  constructor(
    private readonly pages: PageData[],
    from: number,
    private readonly workers: MarkdownWorker[],
    init: PageHtmlInit,
    private readonly task: (page: PageData) => PageHtmlTask,
  ) {
    this.next = from;
    this.results = pages.map(() => {
      let resolve!: (result: PageHtmlResult | undefined) => void;
      const promise = new Promise<PageHtmlResult | undefined>((done) => (resolve = done));
      return { promise, resolve };
    });
    for (let index = 0; index < from; index++) this.results[index]!.resolve(undefined);
    this.batch = Math.max(1, Math.min(MAX_BATCH, Math.ceil((pages.length - from) / (workers.length * 6))));
    for (const worker of workers) worker.setupHtml(init);
    for (const worker of workers) for (let n = 0; n < BATCHES_IN_HAND; n++) this.sendBatch(worker);
  }

  /**
   * The worker's HTML and diagnostics for page `index` (asked in page order); undefined when no
   * worker rendered it: the main thread then renders and checks it itself.
   */
  take(index: number): Promise<PageHtmlResult | undefined> {
    return this.results[index]!.promise;
  }

  private sendBatch(worker: MarkdownWorker): void {
    if (this.next >= this.pages.length) return;
    const start = this.next;
    const batch = this.pages.slice(start, start + this.batch);
    this.next += batch.length;
    void worker
      .html(batch.map(this.task))
      .catch(() => [] as PageHtmlResult[])
      .then((results) => {
        for (let offset = 0; offset < batch.length; offset++) this.results[start + offset]!.resolve(results[offset]);
        // A worker that died renders nothing more; the pages left go to the others, or to the
        // main thread when none is left.
        if (worker.alive) this.sendBatch(worker);
        else if (!this.workers.some((other) => other.alive)) this.leaveRestToMainThread();
      });
  }

  private leaveRestToMainThread(): void {
    for (let index = this.next; index < this.pages.length; index++) this.results[index]!.resolve(undefined);
    this.next = this.pages.length;
  }
}

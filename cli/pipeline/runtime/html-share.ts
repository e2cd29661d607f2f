// How a production build of a large site renders its pages' HTML on worker threads: the page
// phase used to run on the main thread alone (React's renderToString, then the link check)
// while the workers that had rendered the markdown sat idle. Now the markdown worker and the
// extra render workers (./markdown-share.ts) take small batches of pages in order, a new one each
// time they hand one back; the main thread takes each page's HTML in order, reports what its
// check found, and writes it. Which thread renders a page does not change its HTML or its
// diagnostics (test/build/workers.test.ts).
import type { PageData } from '../../../shared/types.ts';
import type { MarkdownWorker } from '../render-pool.ts';
import type { PageHtmlInit, PageHtmlResult, PageHtmlTask } from '../page-html.ts';
import type { HtmlShare } from './build-runtime.ts';

/** Batches a worker holds at once: the next is waiting there when one is done. */
const BATCHES_IN_HAND = 2;
/** Pages per batch at most. */
const MAX_BATCH = 8;
/**
 * Batches per worker rendered ahead of the page the main thread is writing, at most. Workers
 * render faster than the main thread writes: unchecked, every page's HTML piled up on the main
 * thread (a 50,000-page site ran out of heap in this phase).
 */
const MAX_AHEAD_BATCHES = 4;

type Resolve = (result: PageHtmlResult | undefined) => void;

export class PagesOnWorkers implements HtmlShare {
  private next: number;
  /** Per page, until the main thread takes it: then the page's HTML is no longer held here. */
  private readonly results: (Promise<PageHtmlResult | undefined> | undefined)[];
  /** Per page, until its result arrives (a page may be taken before it is rendered). */
  private readonly resolvers: (Resolve | undefined)[];
  private readonly batch: number;
  /** Pages the main thread has taken (it takes them in order). */
  private taken = 0;
  /** Workers waiting for the main thread to catch up before their next batch. */
  private readonly parked: MarkdownWorker[] = [];
  /** The batches sent and not answered yet. */
  private readonly sent = new Set<Promise<unknown>>();

  /** Shares pages[from…] out; `task` says what a worker needs of a page. */
  constructor(
    private readonly pages: PageData[],
    from: number,
    private readonly workers: MarkdownWorker[],
    init: PageHtmlInit,
    private readonly task: (page: PageData) => PageHtmlTask,
  ) {
    this.next = from;
    this.resolvers = [];
    this.results = pages.map((_, index) => new Promise<PageHtmlResult | undefined>((resolve) => (this.resolvers[index] = resolve)));
    for (let index = 0; index < from; index++) this.settle(index, undefined);
    this.batch = Math.max(1, Math.min(MAX_BATCH, Math.ceil((pages.length - from) / (workers.length * 6))));
    for (const worker of workers) worker.setupHtml(init);
    for (const worker of workers) for (let n = 0; n < BATCHES_IN_HAND; n++) this.sendBatch(worker);
  }

  /**
   * The worker's HTML and diagnostics for page `index` (asked in page order); undefined when no
   * worker rendered it: the main thread then renders and checks it itself.
   */
  take(index: number): Promise<PageHtmlResult | undefined> {
    const result = this.results[index]!;
    this.results[index] = undefined;
    this.taken = index + 1;
    while (this.parked.length > 0 && !this.farAhead()) this.sendBatch(this.parked.shift()!);
    return result;
  }

  async stop(): Promise<void> {
    this.leaveRestToMainThread();
    this.parked.length = 0;
    await Promise.all(this.sent);
  }

  private settle(index: number, result: PageHtmlResult | undefined): void {
    const resolve = this.resolvers[index];
    this.resolvers[index] = undefined;
    resolve?.(result);
  }

  private farAhead(): boolean {
    return this.next - this.taken >= this.batch * this.workers.length * MAX_AHEAD_BATCHES;
  }

  private sendBatch(worker: MarkdownWorker): void {
    if (this.next >= this.pages.length) return;
    if (this.farAhead()) {
      this.parked.push(worker);
      return;
    }
    const start = this.next;
    const batch = this.pages.slice(start, start + this.batch);
    this.next += batch.length;
    const answered = worker
      .html(batch.map(this.task))
      .catch(() => [] as PageHtmlResult[])
      .then((results) => {
        this.sent.delete(answered);
        for (let offset = 0; offset < batch.length; offset++) this.settle(start + offset, results[offset]);
        // A worker that died renders nothing more; the pages left go to the others, or to the
        // main thread when none is left.
        if (worker.alive) this.sendBatch(worker);
        else if (!this.workers.some((other) => other.alive)) this.leaveRestToMainThread();
      });
    this.sent.add(answered);
  }

  private leaveRestToMainThread(): void {
    for (let index = this.next; index < this.pages.length; index++) this.settle(index, undefined);
    this.next = this.pages.length;
  }
}

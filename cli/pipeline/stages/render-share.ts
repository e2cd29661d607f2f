// How a production build shares the pages to render between the main thread and the markdown
// worker, so both cores parse markdown for the whole stage.
//
// The main thread renders the pages from the front, in order, as it always has (it also reports
// them, feeds them to the search index and so on, in page order). The worker takes small
// batches from the back, a new one each time it hands one back, until the two meet. A page is
// never rendered twice, and which thread renders it does not change its output
// (test/build/workers.test.ts). The main thread reaches the worker's pages last, by which time
// they are done but for the batch the worker is still on.
//
// Only sites with many pages to render share them. Before, a large site was rendered on two
// render workers while the main thread waited (each worker loading and warming up shiki and the
// markdown processor for itself) and indexed for search only afterwards; now the main thread
// renders, and feeds the index worker, while one worker (which highlights anyway) renders too.
// A small site is parsed in the main thread alone: a second thread that parses must warm up its
// own copy of the parser (V8 compiles micromark again for its isolate), which on our site (182
// pages) cost more CPU than it moved off the main thread, on 2 cores whose second core was not
// idle anyway (V8's compiler and GC threads, the highlight and index workers).
import type { MarkdownWorker, WorkerResult, WorkerTask } from '../render-pool.ts';
import type { SourceDoc } from '../../source/scan.ts';

/** Batches a worker holds at once: the next is waiting there when one is done, so it never idles for a message. */
const BATCHES_IN_HAND = 2;
/** Pages per batch at most; batches shrink as the two threads near each other, so neither waits long for the other at the end. */
const MAX_BATCH = 8;
/**
 * Below this many pages to render, the main thread renders them alone. Measured per thread (CPU
 * time of a cold build of our site, 182 pages, on the loaded 2-core machine): shared, the main
 * thread's 2.4 s fell to 2.0 s, but the worker's rose from 0.6 to 1.5 s and V8's helper threads'
 * from 1.5 to 1.9 s: 0.9 s more in all, on a machine already CPU-bound (4.7 s of CPU in a 3.6 s
 * build). At 1,700 pages the CPU was the same both ways (24.2 vs 24.6 s) and the main thread no
 * longer waits for the workers and then indexes alone. The cost of the second parser is fixed
 * and its gain grows with the pages, so a threshold remains; where exactly the lines cross on a
 * quiet machine was not measured again (the earlier threshold, 500, stays).
 */
export const SHARE_THRESHOLD = 500;

export class RenderShare {
  /** Stale pages the main thread has taken, from the front. */
  private front = 0;
  /** Stale pages from this index on are the worker's. */
  private back: number;
  private readonly results = new Map<string, Promise<WorkerResult | undefined>>();

  constructor(
    private readonly pages: SourceDoc[],
    private readonly worker: MarkdownWorker,
    private readonly task: (doc: SourceDoc) => WorkerTask,
  ) {
    this.back = pages.length;
    for (let batch = 0; batch < BATCHES_IN_HAND; batch++) this.sendBatch();
  }

  /**
   * Called by the main thread for each stale page, in order: undefined when the page is the main
   * thread's to render, else the worker's result (undefined when the worker could not render it,
   * which leaves it to the main thread too).
   */
  take(doc: SourceDoc): Promise<WorkerResult | undefined> | undefined {
    const result = this.results.get(doc.relPath);
    if (!result) this.front++;
    this.results.delete(doc.relPath); // the caller keeps what it needs of the page
    return result;
  }

  private sendBatch(): void {
    const left = this.back - this.front;
    // Leave the page the main thread is about to take (and a little more) to it.
    if (left <= 1 || !this.worker.alive) return;
    const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(left / 4)));
    const batch = this.pages.slice(this.back - size, this.back);
    this.back -= size;
    const rendered = this.worker.render(batch.map(this.task)).catch(() => [] as WorkerResult[]);
    const byPath = rendered.then((results) => new Map(results.map((result) => [result.relPath, result])));
    for (const doc of batch) this.results.set(doc.relPath, byPath.then((results) => results.get(doc.relPath)));
    void rendered.then(() => this.sendBatch());
  }
}

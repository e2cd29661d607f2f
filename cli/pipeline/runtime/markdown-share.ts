// How a production build of a large site renders its pages on worker threads: the markdown
// worker (which highlights the main thread's code blocks anyway, so it has shiki loaded and
// warm) and one more per remaining core take small batches in page order, a new one each time
// they hand one back. The main thread collects the pages in order as they come, and meanwhile
// reports them, feeds them to the search index worker and so on, as for pages it renders
// itself. Which thread renders a page does not change its output (test/build/workers.test.ts).
//
// Why the main thread does not render a share itself: measured on the loaded 2-core machine
// (5 alternating cold builds of 1,700 pages, user+sys CPU), the main thread rendering half the
// pages from the front while one worker took the rest from the back cost 26.9 s of CPU against
// 25.1 s for two render workers: the main thread's heap holds every page rendered so far, so its
// garbage collections (and V8's concurrent marking) cost more per page parsed than a worker's
// small heap does. On our site (182 pages) sharing moved 0.44 s off the main thread but cost
// 0.9 s more CPU (a second isolate warming up micromark), on a machine whose second core was
// already busy with V8's compiler and GC threads and the helper workers; so small sites are still
// parsed in the main thread alone.
import { availableParallelism } from 'node:os';
import type { MarkdownWorker } from '../render-pool.ts';
import type { WorkerResult, WorkerTask } from '../page-transfer.ts';
import type { MarkdownShare } from './build-runtime.ts';
import type { SourceDoc } from '../../source/scan.ts';

/** Batches a worker holds at once: the next is waiting there when one is done, so it never idles for a message. */
const BATCHES_IN_HAND = 2;
/** Pages per batch at most. */
const MAX_BATCH = 8;
/**
 * Batches per worker rendered ahead of the page the main thread is collecting, at most. A
 * rendered page waits in the main thread's heap (its HTML and its records) until the build
 * takes it; when the main thread falls behind (it also finishes, stores and feeds every page),
 * unchecked workers would fill its heap with pages it is not ready for.
 */
export const MAX_AHEAD_BATCHES = 4;
/**
 * From this many pages to render, they are rendered on workers. Below it a worker's cold start
 * (loading the markdown processor, warming up its own copy of the parser) costs more than it
 * saves: measured when this threshold was set, 182 pages 4.5 s in one thread vs 4.8 s with two
 * workers; 1,823 pages 57.9 s vs 51.4 s.
 */
export const WORKERS_THRESHOLD = 500;

/**
 * Whether the render workers start as soon as the scan has listed the pages, `cached` of which
 * the build cache holds rendered: when the pages it may have to render are enough for workers.
 * A warm build's cache holds most pages, and after a few edits renders too few: started anyway,
 * the extra worker took ~0.3 s of CPU at 8,500 pages while the main thread and the index worker
 * needed both cores (a warm build that does render many starts them when it asks, cold).
 */
export function workersStartEarly(pages: number, cached: number): boolean {
  return pages - cached >= WORKERS_THRESHOLD;
}

/** Render workers besides the markdown worker: one per remaining core, at most 7 in all. */
export function extraWorkerCount(pages: number): number {
  return Math.max(0, Math.min(availableParallelism(), 8, Math.ceil(pages / 16)) - 1);
}

export class RenderOnWorkers implements MarkdownShare {
  /** Pages handed out so far, from the front. */
  private next = 0;
  /**
   * Each page's result until the build takes it, and how to settle it until a worker has: kept
   * apart so that a taken page is forgotten at once (held to the end, the results kept every
   * page's HTML and records alive through the markdown stage).
   */
  private readonly results = new Map<string, Promise<WorkerResult | undefined>>();
  private readonly settle = new Map<string, (result: WorkerResult | undefined) => void>();
  private readonly batch: number;
  /** Pages the build has taken (it takes them in order). */
  private taken = 0;
  /** Workers waiting for the main thread to catch up before their next batch. */
  private readonly parked: MarkdownWorker[] = [];

  constructor(
    private readonly pages: SourceDoc[],
    private readonly workers: MarkdownWorker[],
    private readonly task: (doc: SourceDoc) => WorkerTask,
  ) {
    for (const doc of pages) {
      this.results.set(doc.relPath, new Promise<WorkerResult | undefined>((done) => this.settle.set(doc.relPath, done)));
    }
    this.batch = Math.max(1, Math.min(MAX_BATCH, Math.ceil(pages.length / (workers.length * 6))));
    for (const worker of workers) for (let n = 0; n < BATCHES_IN_HAND; n++) this.sendBatch(worker);
  }

  /**
   * The worker's result for a page the build renders (called in page order), or undefined when
   * no worker could render it: the main thread then renders it, and reports why it fails.
   */
  take(doc: SourceDoc): Promise<WorkerResult | undefined> | undefined {
    const result = this.results.get(doc.relPath);
    if (!result) return undefined;
    this.results.delete(doc.relPath);
    this.taken++;
    while (this.parked.length > 0 && !this.farAhead()) this.sendBatch(this.parked.shift()!);
    return result;
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
    const batch = this.pages.slice(this.next, this.next + this.batch);
    this.next += batch.length;
    void worker
      .render(batch.map(this.task))
      .catch(() => [] as WorkerResult[])
      .then((results) => {
        const byPath = new Map(results.map((result) => [result.relPath, result]));
        for (const doc of batch) this.settlePage(doc, byPath.get(doc.relPath));
        // A worker that died renders nothing more; the pages left go to the others, or to the
        // main thread when none is left.
        if (worker.alive) this.sendBatch(worker);
        else if (!this.workers.some((other) => other.alive)) this.leaveRestToMainThread();
      });
  }

  private leaveRestToMainThread(): void {
    for (const doc of this.pages.slice(this.next)) this.settlePage(doc, undefined);
    this.next = this.pages.length;
  }

  private settlePage(doc: SourceDoc, result: WorkerResult | undefined): void {
    this.settle.get(doc.relPath)?.(result);
    this.settle.delete(doc.relPath);
  }
}

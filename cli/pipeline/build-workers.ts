// The worker threads one production build renders on: the markdown worker (which highlights the
// main thread's code blocks anyway, so it has shiki loaded and warm) and, for a large site, one
// more per remaining core. The markdown stage renders its stale pages on them
// (./stages/render-share.ts) and the page phase the pages' HTML (./stages/page-share.ts). The
// extra workers start as soon as the scan has listed enough pages (they load their modules
// while the main thread reads the pages) and stop when the build ends, so the page phase finds
// them warm instead of starting cold ones.
import { sharedMarkdownWorker } from '../markdown/highlight/highlighter.ts';
import { MarkdownWorker } from './render-pool.ts';
import { WORKERS_THRESHOLD, extraWorkerCount } from './stages/render-share.ts';

export class BuildWorkers {
  private extra?: MarkdownWorker[];

  /**
   * Starts the extra workers for a site of `pages` pages, when it is large enough for the
   * build to use them (every production build of that size renders its pages' HTML on them).
   */
  prepare(pages: number): void {
    this.for(pages);
  }

  /** The workers to share `pages` pages of work between, or none: no worker, or too few pages for a worker's cold start to pay. */
  for(pages: number): MarkdownWorker[] {
    const shared = sharedMarkdownWorker();
    if (!shared || pages < WORKERS_THRESHOLD) return [];
    this.extra ??= Array.from({ length: extraWorkerCount(pages) }, () => MarkdownWorker.start({ rendersPages: true })).filter((worker) => worker !== undefined);
    return [shared, ...this.extra].filter((worker) => worker.alive);
  }

  /** Stops the extra workers (the markdown worker stays, for the next build). */
  async close(): Promise<void> {
    const extra = this.extra ?? [];
    this.extra = undefined;
    await Promise.all(extra.map((worker) => worker.close()));
  }
}

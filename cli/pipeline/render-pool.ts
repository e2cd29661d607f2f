// Renders markdown on worker threads, one per core, handing out small batches so that a few
// long pages do not leave a core idle. Used by production builds of larger sites when running
// from the compiled CLI (the worker needs the bundled render-worker.mjs, see ../runtime.ts).
import { availableParallelism } from 'node:os';
import { workerScript as bundledWorker } from '../runtime.ts';
import { WorkerPool } from './worker-pool.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { RecordedLink } from '../markdown/context.ts';
import type { TocItem } from '../../shared/types.ts';
import type { ContentAsset } from './content-assets.ts';
import type { SearchRecord } from '../../shared/search/record.ts';

export interface WorkerInit {
  baseUrl: string;
  contentDir: string;
  routes: [string, string][];
  tocMinLevel: number;
  tocMaxLevel: number;
  onBrokenMarkdownLinks: 'ignore' | 'log' | 'warn' | 'throw';
}

export interface WorkerTask {
  relPath: string;
  displayPath: string;
  route: string;
  source: string;
  /** What the page's search records need besides its markdown. */
  search: { href: string; title: string; section: string; hasExplicitTitle: boolean };
}

export interface WorkerResult {
  relPath: string;
  html?: string;
  records?: SearchRecord[];
  toc?: TocItem[];
  anchors?: string[];
  componentsDropped?: boolean;
  /** What the page makes the browser load (PageMarkdownData.clientFeatures). */
  clientFeatures?: string[];
  links?: RecordedLink[];
  error?: string;
  diagnostics: Diagnostic[];
  assets: ContentAsset[];
  missing: string[];
  /** The routes of linked markdown files the page looked up, and what they were (null: none). */
  routes: [string, string | null][];
}

/** The bundled render worker, when helpgen runs from its compiled form. */
export function workerScript(): string | undefined {
  return bundledWorker('render-worker');
}

/**
 * `onProgress` hears how many pages are done so far. Pages a worker could not render (it died)
 * are left out of the results: the caller renders them in the main thread, as every page
 * without a worker.
 */
export async function renderOnWorkers(script: string, init: WorkerInit, onProgress: (done: number) => void, tasks: WorkerTask[]): Promise<WorkerResult[]> {
  const count = Math.max(1, Math.min(availableParallelism(), 8, Math.ceil(tasks.length / 16)));
  const batch = Math.max(1, Math.min(8, Math.ceil(tasks.length / (count * 6))));
  const batches = Array.from({ length: Math.ceil(tasks.length / batch) }, (_, i) => tasks.slice(i * batch, (i + 1) * batch));
  // One batch per worker at a time: the next goes to whichever worker finishes first.
  const pool = new WorkerPool<WorkerTask[], WorkerResult[]>(script, { size: count, perWorker: 1, workerData: init });
  const results: WorkerResult[] = [];
  try {
    await Promise.all(
      batches.map(async (pages) => {
        results.push(...(await pool.run(pages, () => [])));
        onProgress(results.length);
      }),
    );
  } finally {
    await pool.close();
  }
  return results;
}

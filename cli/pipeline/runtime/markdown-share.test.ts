import { describe, expect, it } from 'vitest';
import type { SourceDoc } from '../../source/scan.ts';
import type { MarkdownWorker } from '../render-pool.ts';
import type { WorkerResult, WorkerTask } from '../page-transfer.ts';
import { MAX_AHEAD_BATCHES, RenderOnWorkers, WORKERS_THRESHOLD, workersStartEarly } from './markdown-share.ts';

/** A worker that renders every page it is sent at once, and counts them. */
function instantWorker() {
  const worker = {
    alive: true,
    sent: 0,
    async render(tasks: WorkerTask[]): Promise<WorkerResult[]> {
      worker.sent += tasks.length;
      return tasks.map((task) => ({ relPath: task.relPath, html: `<p>${task.relPath}</p>`, recordsJson: '[]', diagnostics: [], assets: [], missing: [], routes: [] }));
    },
  };
  return worker;
}

const docs = Array.from({ length: 2_000 }, (_, n) => ({ relPath: `page-${n}.md`, source: '' }) as SourceDoc);
const task = (doc: SourceDoc) => ({ relPath: doc.relPath }) as WorkerTask;
/** Every answer the workers gave so far has been handled (promise callbacks all run before the next macrotask). */
const handled = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderOnWorkers', () => {
  it('renders no further ahead of the page the build takes than a few batches per worker', async () => {
    const workers = [instantWorker(), instantWorker()];
    const share = new RenderOnWorkers(docs, workers as unknown as MarkdownWorker[], task);
    await handled();
    const bound = 8 * workers.length * MAX_AHEAD_BATCHES;
    const sent = () => workers[0]!.sent + workers[1]!.sent;
    expect(sent()).toBe(bound);
    // Each page taken lets the workers go on, still within the bound (give or take the batch under way).
    for (const doc of docs.slice(0, 100)) expect((await share.take(doc))?.relPath).toBe(doc.relPath);
    await handled();
    expect(sent()).toBeGreaterThanOrEqual(100);
    expect(sent()).toBeLessThanOrEqual(100 + bound + 8);
    // And every page is rendered in the end, in order.
    for (const doc of docs.slice(100)) expect((await share.take(doc))?.relPath).toBe(doc.relPath);
    expect(sent()).toBe(docs.length);
  });

  it('leaves the pages to the main thread when every worker has died', async () => {
    const dead = { alive: false, render: async () => [] as WorkerResult[] };
    const share = new RenderOnWorkers(docs.slice(0, 50), [dead as unknown as MarkdownWorker], task);
    for (const doc of docs.slice(0, 50)) expect(await share.take(doc)).toBeUndefined();
  });
});

describe('workersStartEarly', () => {
  it('starts the render workers while the scan reads the pages when the build may render many', () => {
    expect(workersStartEarly(8500, 0)).toBe(true); // a cold build
    expect(workersStartEarly(8500, 8500 - WORKERS_THRESHOLD)).toBe(true); // a cache that holds too few
  });

  it('leaves them unstarted when the build cache holds all but a few pages, or the site is small', () => {
    expect(workersStartEarly(8500, 8500)).toBe(false);
    expect(workersStartEarly(8500, 8500 - WORKERS_THRESHOLD + 1)).toBe(false);
    expect(workersStartEarly(WORKERS_THRESHOLD - 1, 0)).toBe(false);
  });
});

// A worker thread that renders markdown pages. Production builds of large sites spread pages
// over one worker per core; each worker builds the unified processor (and shiki) once.
import { workerData } from 'node:worker_threads';
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import { pageBody } from './page-body.ts';
import { recordingSite } from './recording-site.ts';
import { extractRecords } from '../search/records.ts';
import { serveTasks } from './worker-pool.ts';
import type { WorkerInit, WorkerResult, WorkerTask } from './render-pool.ts';

const { routes, ...settings } = workerData as WorkerInit;
const recording = recordingSite({ ...settings, routeByRelPath: new Map(routes) });
const render = createMarkdownRenderer(recording.site);

serveTasks(async (tasks: WorkerTask[]) => {
  const results: WorkerResult[] = [];
  for (const task of tasks) {
    const record = recording.begin();
    try {
      const { html, data, tree } = await render(task.source, { relPath: task.relPath, displayPath: task.displayPath, route: task.route });
      const { hasExplicitTitle, ...page } = task.search;
      const records = extractRecords({ ...page, html: pageBody(html, hasExplicitTitle), tree });
      results.push({ relPath: task.relPath, html, records, toc: data.toc, anchors: [...data.anchors], componentsDropped: data.componentsDropped, clientFeatures: data.clientFeatures, links: data.links, ...record });
    } catch (error) {
      results.push({ relPath: task.relPath, error: error instanceof Error ? error.message : String(error), ...record });
    }
  }
  return results;
});

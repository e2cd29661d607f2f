// A worker thread that renders markdown pages. Production builds of large sites spread pages
// over one worker per core; each worker builds the unified processor (and shiki) once.
import { parentPort, workerData } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import type { MarkdownSite } from '../markdown/context.ts';
import { contentAsset, isPublishableFile, type ContentAsset } from './content-assets.ts';
import { pageBody } from './page-body.ts';
import { extractRecords } from '../search/records.ts';
import type { WorkerInit, WorkerResult, WorkerTask } from './render-pool.ts';

const init = workerData as WorkerInit;
let diagnostics: Diagnostic[] = [];
let assets: ContentAsset[] = [];
let missing: string[] = [];
let routes: [string, string | null][] = [];
const site: MarkdownSite = {
  baseUrl: init.baseUrl,
  contentDir: init.contentDir,
  routeByRelPath: new Map(init.routes),
  routeFor(relPath) {
    const route = this.routeByRelPath.get(relPath);
    routes.push([relPath, route ?? null]);
    return route;
  },
  tocMinLevel: init.tocMinLevel,
  tocMaxLevel: init.tocMaxLevel,
  onBrokenMarkdownLinks: init.onBrokenMarkdownLinks,
  report: (d) => diagnostics.push(d),
  isFile: (abs) => {
    if (isPublishableFile(abs, init.contentDir)) return true;
    missing.push(abs); // remembered, so the build cache notices when it appears
    return false;
  },
  addAsset: (abs) => {
    const asset = contentAsset(abs, init.baseUrl);
    assets.push(asset);
    return asset.href;
  },
};
const render = createMarkdownRenderer(site);

parentPort!.on('message', async (tasks: WorkerTask[]) => {
  const results: WorkerResult[] = [];
  for (const task of tasks) {
    diagnostics = [];
    assets = [];
    missing = [];
    routes = [];
    try {
      const { html, data, tree } = await render(task.source, { relPath: task.relPath, displayPath: task.displayPath, route: task.route });
      const { hasExplicitTitle, ...page } = task.search;
      const records = extractRecords({ ...page, html: pageBody(html, hasExplicitTitle), tree });
      results.push({ relPath: task.relPath, html, records, toc: data.toc, anchors: [...data.anchors], links: data.links, diagnostics, assets, missing, routes });
    } catch (error) {
      results.push({ relPath: task.relPath, error: error instanceof Error ? error.message : String(error), diagnostics, assets, missing, routes });
    }
  }
  parentPort!.postMessage(results);
});

// Renders whole pages in the markdown worker (./render-worker.ts), loaded there only once a build
// gives it pages: a worker that only highlights never loads the markdown processor.
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import type { CodeHighlighter } from '../markdown/highlight/highlighter.ts';
import { pageBody } from './page-body.ts';
import { recordingSite } from './recording-site.ts';
import { extractRecords } from '../search/records.ts';
import { packRenderedPage, type WorkerInit, type WorkerResult, type WorkerTask } from './page-transfer.ts';

/** Renders pages of the site `init` describes, their code blocks with `highlighter`. */
export function pageRenderer({ routes, settings }: WorkerInit, highlighter: CodeHighlighter): (tasks: WorkerTask[]) => Promise<WorkerResult[]> {
  const recording = recordingSite({ ...settings, routeByRelPath: new Map(routes) });
  const render = createMarkdownRenderer(recording.site, highlighter);
  return async (tasks) => {
    const results: WorkerResult[] = [];
    for (const task of tasks) {
      const record = recording.begin();
      try {
        const { html, data, tree } = await render(task.source, { relPath: task.relPath, displayPath: task.displayPath, route: task.route });
        const { hasExplicitTitle, ...page } = task.search;
        // The records are taken from the tree here: sending trees back would cost more than
        // rendering them. They travel as JSON text, the form the index worker takes them in: as
        // objects, the main thread paid to copy each record in and to serialize it again.
        const records = extractRecords({ ...page, html: pageBody(html, hasExplicitTitle), tree });
        results.push(packRenderedPage(task.relPath, record, { result: { html, data }, recordsJson: JSON.stringify(records) }));
      } catch (error) {
        results.push(packRenderedPage(task.relPath, record, { error }));
      }
    }
    return results;
  };
}

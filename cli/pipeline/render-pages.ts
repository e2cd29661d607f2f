// Renders whole pages in the markdown worker (./render-worker.ts), loaded there only once a build
// gives it pages: a worker that only highlights never loads the markdown processor.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createMarkdownRenderer } from '../markdown/pipeline.ts';
import type { CodeHighlighter } from '../markdown/highlight/highlighter.ts';
import { recordingSite } from './recording-site.ts';
import { extractRecords } from '../search/records.ts';
import { packRenderedPage, type MarkdownBody, type WorkerInit, type WorkerResult, type WorkerTask } from './page-transfer.ts';

type Outcome = { result: MarkdownBody; recordsJson: string } | { error: unknown };

/**
 * Renders pages of the site `init` describes, their code blocks with `highlighter`. A batch's
 * pages are parsed one after another without waiting for their code blocks, which may be
 * highlighted on another thread meanwhile (./highlight-channel.ts); the batch is answered when
 * the last block is in. Between pages the event loop gets a turn, so the markdown worker answers
 * the code blocks other threads sent it while it renders pages of its own.
 */
export function pageRenderer({ routes, settings }: WorkerInit, highlighter: CodeHighlighter): (tasks: WorkerTask[]) => Promise<WorkerResult[]> {
  const recording = recordingSite({ ...settings, routeByRelPath: new Map(routes) });
  const render = createMarkdownRenderer(recording.site, highlighter);
  return async (tasks) => {
    const pages: { task: WorkerTask; record: ReturnType<typeof recording.begin>; outcome: Promise<Outcome> }[] = [];
    for (const task of tasks) {
      const record = recording.begin();
      let outcome: Promise<Outcome>;
      try {
        const { tree, finished } = await render.start(task.source, { relPath: task.relPath, displayPath: task.displayPath, route: task.route });
        const { hasExplicitTitle: _, ...page } = task.search;
        // The records are taken from the tree here (its code blocks are placeholders, which
        // records skip): sending trees back would cost more than rendering them. They travel
        // as JSON text, the form the index worker takes them in: as objects, the main thread
        // paid to copy each record in and to serialize it again.
        const recordsJson = JSON.stringify(extractRecords({ ...page, html: '', tree }));
        outcome = finished.then(({ html, data }) => ({ result: { html, data }, recordsJson }), (error: unknown) => ({ error }));
      } catch (error) {
        outcome = Promise.resolve({ error });
      }
      pages.push({ task, record, outcome });
      await nextTurn();
    }
    return Promise.all(pages.map(async ({ task, record, outcome }) => packRenderedPage(task.relPath, record, await outcome)));
  };
}

// PagesOnWorkers.stop (./html-share.ts): a build that stops early removes its output only once
// the pages its workers were given are done, since they write those pages into it.
import { expect, it } from 'vitest';
import type { PageData } from '../../../shared/types.ts';
import type { MarkdownWorker } from '../render-pool.ts';
import type { PageHtmlInit, PageHtmlResult, PageHtmlTask } from '../page-html.ts';
import { PagesOnWorkers } from './html-share.ts';

/** A worker whose batches are answered only when the test says. */
function heldWorker() {
  const batches: { tasks: PageHtmlTask[]; answer: (results: PageHtmlResult[]) => void }[] = [];
  const worker = {
    alive: true,
    batches,
    setupHtml() {},
    html: (tasks: PageHtmlTask[]) => new Promise<PageHtmlResult[]>((answer) => batches.push({ tasks, answer })),
  };
  return worker;
}

const pages = Array.from({ length: 40 }, (_, n) => ({ route: `/page-${n}` }) as PageData);
const written = (tasks: PageHtmlTask[]) => tasks.map(() => ({ written: { size: 1, sha256: 'x' }, diagnostics: [] }));
const handled = () => new Promise((resolve) => setImmediate(resolve));

it('stops sending pages, and settles only once the batches sent are answered', async () => {
  const worker = heldWorker();
  const share = new PagesOnWorkers(pages, 0, [worker as unknown as MarkdownWorker], {} as PageHtmlInit, (page) => ({ page }) as PageHtmlTask);
  expect(worker.batches).toHaveLength(2); // two batches in hand
  let stopped = false;
  const stopping = share.stop().then(() => (stopped = true));
  await handled();
  expect(stopped).toBe(false);
  worker.batches[0]!.answer(written(worker.batches[0]!.tasks));
  await handled();
  expect(stopped).toBe(false);
  worker.batches[1]!.answer(written(worker.batches[1]!.tasks));
  await stopping;
  // No batch was sent after the stop, and a page never sent is the main thread's to render.
  expect(worker.batches).toHaveLength(2);
  expect(await share.take(pages.length - 1)).toBeUndefined();
  expect(await share.take(0)).toEqual({ written: { size: 1, sha256: 'x' }, diagnostics: [] });
});

// The markdown worker's entry point (see ./render-pool.ts): highlights the main thread's code
// blocks and, when a build shares its pages (./stages/render-share.ts), renders whole pages, in
// the order the requests arrive.
import { getHighlighter, highlightCode } from '../markdown/highlight/shiki.ts';
import { lowerThreadPriority, restoreThreadPriority } from './thread-priority.ts';
import { serveTasks } from './worker-pool.ts';
import type { MarkdownWorkerTask, WorkerResult, WorkerTask } from './render-pool.ts';
import type { PageHtmlResult, PageHtmlTask } from './page-html.ts';

// While it only highlights, the worker yields to the V8 threads compiling the main thread's
// parser (see ./thread-priority.ts); given pages, it is as urgent as the main thread.
lowerThreadPriority();
getHighlighter().catch(() => undefined); // start compiling shiki's WebAssembly before the first block arrives

let renderPages: Promise<(tasks: WorkerTask[]) => Promise<WorkerResult[]>> | undefined;
let renderHtml: Promise<(tasks: PageHtmlTask[]) => PageHtmlResult[]> | undefined;

serveTasks(async (task: MarkdownWorkerTask): Promise<string | WorkerResult[] | PageHtmlResult[] | undefined> => {
  if (task.kind === 'highlight') return highlightCode(task.request);
  if (task.kind === 'render') {
    if (!renderPages) throw new Error('render-worker: pages sent before the site was set up');
    return (await renderPages)(task.pages);
  }
  if (task.kind === 'html') {
    if (!renderHtml) throw new Error('render-worker: page HTML asked for before the chrome was set up');
    return (await renderHtml)(task.pages);
  }
  if (task.kind === 'setup-html') {
    const { init } = task;
    restoreThreadPriority();
    renderHtml = import('./page-html.ts').then(({ pageHtmlRenderer }) => pageHtmlRenderer(init));
    return undefined;
  }
  restoreThreadPriority();
  renderPages = import('./render-pages.ts').then(({ pageRenderer }) => pageRenderer(task.init, { highlight: highlightCode }));
  return undefined;
});

// The markdown worker's entry point (see ./render-pool.ts): highlights the main thread's code
// blocks and, when a build shares its pages (./runtime/markdown-share.ts), renders whole pages, in
// the order the requests arrive. An extra render worker runs the same entry, and sends its code
// blocks to the markdown worker (./highlight-channel.ts), so shiki is loaded and warmed up in one
// thread of the process only.
import { lowerThreadPriority, restoreThreadPriority } from './thread-priority.ts';
import { workerData } from 'node:worker_threads';
import { serveTasks, Transferring } from './worker-pool.ts';
import { highlightOverPort, serveHighlights } from './highlight-channel.ts';
import type { MarkdownWorkerOptions, MarkdownWorkerTask } from './render-pool.ts';
import type { WorkerResult, WorkerTask } from './page-transfer.ts';
import type { PageHtmlResult, PageHtmlTask } from './page-html.ts';
import type { CodeRequest } from '../markdown/highlight/shiki.ts';

const options = workerData as MarkdownWorkerOptions | undefined;
const shiki = () => import('../markdown/highlight/shiki.ts');
const highlightHere = async (request: CodeRequest) => (await shiki()).highlightCode(request);
const highlighter = options?.highlighter ? highlightOverPort(options.highlighter, highlightHere) : { highlight: highlightHere };

// Start compiling shiki's WebAssembly before the first block arrives (not in a worker that has another thread highlight).
if (!options?.highlighter) {
  shiki()
    .then(({ getHighlighter }) => getHighlighter())
    .catch(() => undefined);
}
if (options?.rendersPages) {
  // An extra render worker starts while the main thread scans the site: it loads what it will
  // run then, instead of after the scan, when the pages are waiting for it.
  import('./render-pages.ts').catch(() => undefined);
  import('./page-html.ts').catch(() => undefined);
} else {
  // While it only highlights, the markdown worker yields to the V8 threads compiling the main
  // thread's parser (see ./thread-priority.ts); given pages, it is as urgent as the main thread.
  lowerThreadPriority();
}

let renderPages: Promise<(tasks: WorkerTask[]) => Promise<WorkerResult[]>> | undefined;
let renderHtml: Promise<(tasks: PageHtmlTask[]) => Promise<PageHtmlResult[]>> | undefined;

serveTasks<MarkdownWorkerTask, string | WorkerResult[] | PageHtmlResult[] | undefined>(async (task) => {
  if (task.kind === 'highlight') return highlightHere(task.request);
  if (task.kind === 'render') {
    if (!renderPages) throw new Error('render-worker: pages sent before the site was set up');
    return (await renderPages)(task.pages);
  }
  if (task.kind === 'html') {
    if (!renderHtml) throw new Error('render-worker: page HTML asked for before the chrome was set up');
    const results = await (await renderHtml)(task.pages);
    return new Transferring(results, results.flatMap((result) => ('html' in result ? [result.html.buffer as ArrayBuffer] : [])));
  }
  if (task.kind === 'serve-highlights') {
    serveHighlights(task.port, highlightHere);
    return undefined;
  }
  if (task.kind === 'setup-html') {
    const { init } = task;
    restoreThreadPriority();
    renderHtml = import('./page-html.ts').then(({ pageHtmlRenderer }) => pageHtmlRenderer(init));
    return undefined;
  }
  restoreThreadPriority();
  renderPages = import('./render-pages.ts').then(({ pageRenderer }) => pageRenderer(task.init, highlighter));
  return undefined;
});

// Where code blocks get highlighted. Highlighting is the one part of rendering markdown that
// needs no page context, and on a cold build shiki costs ~0.45 s of main-thread time (compiling
// grammars and warming up). So when helpgen runs from its compiled form, the main thread hands
// its code blocks to the markdown worker (../../pipeline/render-pool.ts), which highlights them
// while the main thread goes on parsing pages, and renders pages of its own in between; the
// pages collect the results at the end (see PendingCode in ../plugins/rehype-code.ts). From the
// TypeScript sources (tests), in the worker itself, or with HELPGEN_WORKERS=0, it highlights in
// the calling thread.
import { MarkdownWorker } from '../../pipeline/render-pool.ts';
import type { CodeRequest } from './shiki.ts';

export type { CodeRequest } from './shiki.ts';

export interface CodeHighlighter {
  /** The block's <pre> element as HTML. */
  highlight(request: CodeRequest): Promise<string>;
}

// Shiki is loaded only by a thread that highlights: with the worker, the main thread never
// needs it (loading it cost a cold build ~70 ms before the first page).
const shiki = () => import('./shiki.ts');
const inThread: CodeHighlighter = { highlight: async (request) => (await shiki()).highlightCode(request) };

let shared: CodeHighlighter | undefined;
let sharedWorker: MarkdownWorker | undefined;

/** The process's highlighter, started now so shiki is ready by the first code block. */
export function sharedHighlighter(): CodeHighlighter {
  if (shared) return shared;
  const worker = (sharedWorker = MarkdownWorker.start());
  if (worker) {
    // A worker that crashed or could not start: its unfinished blocks are done here instead.
    shared = { highlight: (request) => worker.highlight(request, inThread.highlight) };
  } else {
    // Shiki's WebAssembly compiles off the main thread; a failure surfaces at the first block.
    shiki()
      .then(({ getHighlighter }) => getHighlighter())
      .catch(() => undefined);
    shared = inThread;
  }
  return shared;
}

/**
 * Stops the shared worker. A production build does so once its markdown is rendered: nothing
 * after that highlights code, and the idle worker's heap (about 100 MB at 8,500 pages, where
 * it rendered pages) sat beside the page phase's peak. Renderers made before highlight in
 * their own thread from then on; the next `sharedHighlighter()` starts a new worker.
 */
export async function closeSharedMarkdownWorker(): Promise<void> {
  const worker = sharedWorker;
  shared = undefined;
  sharedWorker = undefined;
  await worker?.close();
}

/** The worker that highlights the main thread's code blocks, if there is one: it also takes whole pages. */
export function sharedMarkdownWorker(): MarkdownWorker | undefined {
  sharedHighlighter();
  return sharedWorker?.alive ? sharedWorker : undefined;
}

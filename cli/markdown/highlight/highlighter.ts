// Where code blocks get highlighted. Highlighting is the one part of rendering markdown that
// needs no page context, and on a cold build shiki costs ~0.45 s of main-thread time (compiling
// grammars and warming up). So when helpgen runs from its compiled form it hands code blocks
// to one worker thread, which highlights while the main thread goes on parsing pages; the
// pages collect the results at the end (see PendingCode in ../plugins/rehype-code.ts). From the
// TypeScript sources (tests), in a render worker, or with HELPGEN_WORKERS=0, it highlights in
// the calling thread.
import { isMainThread } from 'node:worker_threads';
import { workerScript } from '../../runtime.ts';
import { WorkerPool } from '../../pipeline/worker-pool.ts';
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
let sharedPool: WorkerPool<CodeRequest, string> | undefined;

/** The process's highlighter, started now so shiki is ready by the first code block. */
export function sharedHighlighter(): CodeHighlighter {
  if (shared) return shared;
  // Render workers (large sites) are already one per core: they highlight their own blocks.
  const script = isMainThread ? workerScript('highlight-worker') : undefined;
  if (script) {
    // A worker that crashed or could not start: its unfinished blocks are done here instead.
    const pool = (sharedPool = new WorkerPool<CodeRequest, string>(script));
    shared = { highlight: (request) => pool.run(request, inThread.highlight) };
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
 * Stops the highlight worker while it has nothing to do: a large production build renders its
 * markdown on render workers, which highlight their own blocks, and the idle worker's heap (shiki
 * and its grammars) would otherwise stay in memory to the end of the build. A renderer still
 * holding it highlights in its own thread from then on (the pool's fallback); the next
 * sharedHighlighter() starts a new one.
 */
export async function stopSharedHighlighter(): Promise<void> {
  const pool = sharedPool;
  if (!pool?.idle) return;
  shared = sharedPool = undefined;
  await pool.close();
}

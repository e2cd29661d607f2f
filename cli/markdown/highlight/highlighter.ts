// Where code blocks get highlighted. Highlighting is the one part of rendering markdown that
// needs no page context, and on a cold build shiki costs ~0.45 s of main-thread time (compiling
// grammars and warming up). So when helpgen runs from its compiled form it hands code blocks
// to one worker thread, which highlights while the main thread goes on parsing pages; the
// pages collect the results at the end (see PendingCode in ../plugins/rehype-code.ts). From the
// TypeScript sources (tests), in a render worker, or with HELPGEN_WORKERS=0, it highlights in
// the calling thread.
import { Worker, isMainThread } from 'node:worker_threads';
import { bundledWorker } from '../../pipeline/bundled-worker.ts';
import type { CodeRequest } from './shiki.ts';

export type { CodeRequest } from './shiki.ts';

export interface CodeHighlighter {
  /** The block's <pre> element as HTML. */
  highlight(request: CodeRequest): Promise<string>;
}

/** Messages between the main thread and the highlight worker. */
export type HighlightReply = { id: number; html: string } | { id: number; error: string };

// Shiki is loaded only by a thread that highlights: with the worker, the main thread never
// needs it (loading it cost a cold build ~70 ms before the first page).
const shiki = () => import('./shiki.ts');
const inThread: CodeHighlighter = { highlight: async (request) => (await shiki()).highlightCode(request) };

let shared: CodeHighlighter | undefined;

/** The process's highlighter, started now so shiki is ready by the first code block. */
export function sharedHighlighter(): CodeHighlighter {
  if (shared) return shared;
  // Render workers (large sites) are already one per core: they highlight their own blocks.
  const script = isMainThread ? bundledWorker('highlight-worker') : undefined;
  if (script) {
    shared = new WorkerHighlighter(script);
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
 * holding it highlights in its own thread from then on; the next sharedHighlighter() starts a new one.
 */
export async function stopSharedHighlighter(): Promise<void> {
  const worker = shared instanceof WorkerHighlighter ? shared : undefined;
  if (!worker?.idle) return;
  shared = undefined;
  await worker.stop();
}

class WorkerHighlighter implements CodeHighlighter {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { request: CodeRequest; resolve: (html: string) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  /** Set when the worker died; everything after that is highlighted in this thread. */
  private failed = false;

  constructor(script: string) {
    this.worker = new Worker(script);
    this.worker.on('message', (reply: HighlightReply) => {
      const job = this.pending.get(reply.id);
      if (!job) return;
      this.settle(reply.id);
      if ('html' in reply) job.resolve(reply.html);
      else job.reject(new Error(reply.error));
    });
    this.worker.on('error', () => this.fallBack());
    this.worker.on('exit', () => this.fallBack());
    // An idle worker must not keep the process alive; one with work in hand must. (After the
    // listeners: adding a 'message' listener refs the worker's port again.)
    this.worker.unref();
  }

  highlight(request: CodeRequest): Promise<string> {
    if (this.failed) return inThread.highlight(request);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { request, resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }

  get idle(): boolean {
    return this.pending.size === 0;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** A worker that crashed or could not start: its unfinished blocks are done here instead. */
  private fallBack(): void {
    if (this.failed) return;
    this.failed = true;
    for (const [id, job] of this.pending) {
      this.settle(id);
      inThread.highlight(job.request).then(job.resolve, job.reject);
    }
  }
}

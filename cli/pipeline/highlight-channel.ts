// One highlighter per process: an extra render worker (./runtime/threaded.ts) sends its pages'
// code blocks to the markdown worker over a MessageChannel instead of loading shiki itself.
// Shiki's start in a thread (its modules, the Oniguruma WebAssembly, each grammar's regular
// expressions compiled on first use, the tokenizer warming up) cost each render worker ~0.4 s
// of CPU and its memory at 1,680 pages, for the same blocks one thread highlights in less time
// than two. Either end of the channel may go away: a markdown worker that dies or is closed
// closes the port, and the blocks still unanswered, and every block after, are highlighted in
// the calling thread (`fallback`), as the worker pool does with a dead worker's tasks.
import type { MessagePort } from 'node:worker_threads';
import type { CodeHighlighter, CodeRequest } from '../markdown/highlight/highlighter.ts';

type Request = { id: number; request: CodeRequest };
type Reply = { id: number; html: string } | { id: number; error: string };

/** In the thread that highlights: answers each request that comes through `port` with `highlight`. */
export function serveHighlights(port: MessagePort, highlight: (request: CodeRequest) => Promise<string>): void {
  port.on('message', async ({ id, request }: Request) => {
    let reply: Reply;
    try {
      reply = { id, html: await highlight(request) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  // The channel alone must not keep the thread alive: its owner ends it (a worker is terminated).
  port.unref();
}

interface Pending {
  request: CodeRequest;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

/** In a thread that renders pages: a highlighter that asks the thread at the other end of `port`, or `fallback` once it is gone. */
export function highlightOverPort(port: MessagePort, fallback: (request: CodeRequest) => Promise<string>): CodeHighlighter {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;
  const inThisThread = (job: Pending) => fallback(job.request).then(job.resolve, job.reject);
  port.on('message', (reply: Reply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.html);
    if (pending.size === 0) port.unref();
  });
  port.on('close', () => {
    closed = true;
    const orphans = [...pending.values()];
    pending.clear();
    for (const job of orphans) void inThisThread(job);
  });
  port.unref();
  return {
    highlight(request) {
      return new Promise<string>((resolve, reject) => {
        const job = { request, resolve, reject };
        if (closed) return void inThisThread(job);
        const id = nextId++;
        pending.set(id, job);
        // Held while an answer is awaited, so the thread waits for it.
        port.ref();
        port.postMessage({ id, request } satisfies Request);
      });
    },
  };
}

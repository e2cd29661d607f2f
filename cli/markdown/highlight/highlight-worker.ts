// The highlight worker's entry point (see ./highlighter.ts): highlights code blocks in the
// order they arrive and answers each by its id.
import { parentPort } from 'node:worker_threads';
import { getHighlighter, highlightCode, type CodeRequest } from './shiki.ts';
import type { HighlightReply } from './highlighter.ts';
import { lowerThreadPriority } from '../../pipeline/thread-priority.ts';

lowerThreadPriority();
getHighlighter().catch(() => undefined); // start compiling shiki's WebAssembly before the first block arrives

parentPort!.on('message', async ({ id, request }: { id: number; request: CodeRequest }) => {
  let reply: HighlightReply;
  try {
    reply = { id, html: await highlightCode(request) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});

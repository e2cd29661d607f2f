// The search index worker's entry point (see ./index-feed.ts): adds each page to the local
// index as it arrives, and on "finish" answers with the index files.
import { parentPort, workerData } from 'node:worker_threads';
import { LocalIndexBuilder, type IndexedPage } from './local-index.ts';
import type { IndexFeedMessage, IndexFeedReply } from './index-feed.ts';
import { lowerThreadPriority } from '../pipeline/thread-priority.ts';

lowerThreadPriority();
const builder = new LocalIndexBuilder(workerData as 'production' | 'development');

parentPort!.on('message', (message: IndexFeedMessage) => {
  let reply: IndexFeedReply | undefined;
  try {
    if (message.type === 'pages') for (const page of JSON.parse(message.json) as IndexedPage[]) builder.addPage(page);
    else reply = { files: builder.finish() };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  if (reply) parentPort!.postMessage(reply);
});

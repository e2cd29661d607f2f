// The search index worker's entry point (see ./index-feed.ts): adds each page to the local
// index as it arrives, and on "finish" answers with the index files, packed (./packed-files.ts).
import { LocalIndexBuilder, type IndexedPage } from './local-index.ts';
import type { IndexFeedMessage } from './index-feed.ts';
import { lowerThreadPriority, restoreThreadPriority } from '../pipeline/thread-priority.ts';
import { serveTasks, Transferring } from '../pipeline/worker-pool.ts';
import { packedBuffers, packIndexFiles } from './packed-files.ts';
import { timeLastTask } from './worker-timing.ts';

lowerThreadPriority();
const builder = new LocalIndexBuilder();

serveTasks((message: IndexFeedMessage) => {
  if (message.type === 'finish') {
    const timing = timeLastTask('search index worker');
    // The finish is on the build's critical path, not background work: the pages render
    // meanwhile (they need only the entry's fixed name), or on the largest sites wait for it.
    // At a lower priority it would wait for the render workers.
    restoreThreadPriority();
    const packed = packIndexFiles(builder.finish());
    timing.print();
    return new Transferring(packed, packedBuffers(packed));
  }
  for (const page of JSON.parse(message.json) as IndexedPage[]) builder.addPage(page);
  return undefined;
});

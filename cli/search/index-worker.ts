// The search index worker's entry point (see ./index-feed.ts): adds each page to the local
// index as it arrives, and on "finish" answers with the index files, packed (./packed-files.ts).
// Given the build cache's index memo first (./index-memo.ts), it takes from there every page it
// was handed before, and when it finishes leaves the memo of this build's pages there.
import { getHeapStatistics } from 'node:v8';
import { LocalIndexBuilder } from './local-index.ts';
import type { IndexFeedMessage } from './index-feed.ts';
import { IndexMemo } from './index-memo.ts';
import { lowerThreadPriority, restoreThreadPriority } from '../pipeline/thread-priority.ts';
import { serveTasks, Transferring } from '../pipeline/worker-pool.ts';
import { packedBuffers, packIndexFiles } from './packed-files.ts';
import { timeLastTask } from './worker-timing.ts';

lowerThreadPriority();
let builder: LocalIndexBuilder | undefined;
/** Under HELPGEN_TIMINGS, the most the worker's heap held (garbage included) after a message, reported at the finish. */
const measuring = process.env.HELPGEN_TIMINGS !== undefined;
let heapPeak = 0;

serveTasks((message: IndexFeedMessage) => {
  if (message.type === 'memo') {
    if (!builder) builder = new LocalIndexBuilder(IndexMemo.load(message.place));
    return undefined;
  }
  builder ??= new LocalIndexBuilder();
  if (message.type === 'finish') {
    const timing = timeLastTask('search index worker');
    // The finish is on the build's critical path, not background work: the pages render
    // meanwhile (they need only the entry's fixed name), or on the largest sites wait for it.
    // At a lower priority it would wait for the render workers.
    restoreThreadPriority();
    const packed = { ...packIndexFiles(builder.finish()), analysedPages: builder.analysedPages };
    // Before answering: the worker stops once it has answered, and its memory goes with it (the
    // memo of a one-page edit is a small delta, ./index-memo.ts), before the build's peak.
    builder.saveMemo();
    const [written, terms] = builder.writtenTerms;
    const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
    const heap = `heap up to ${mb(heapPeak)} while fed, ${mb(getHeapStatistics().used_heap_size)} finished`;
    timing.print(`${builder.analysedPages} of ${builder.fedPages} pages analysed, ${written} of ${terms} terms' postings written, ${heap}`);
    return new Transferring(packed, packedBuffers(packed));
  }
  for (const page of message.pages) builder.addFedPage(page);
  if (measuring) heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
  return undefined;
});

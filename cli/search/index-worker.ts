// The search index worker's entry point (see ./index-feed.ts): adds each page to the local
// index as it arrives, and on "finish" answers with the index files, packed (./packed-files.ts).
// Given the build cache's index memo first (./index-memo.ts), it takes from there every page it
// was handed before, and when it finishes (or on "save", right after) leaves the memo of this
// build's pages there.
import { getHeapStatistics } from 'node:v8';
import { LocalIndexBuilder } from './local-index.ts';
import type { IndexFeedMessage } from './index-feed.ts';
import { IndexMemo } from './index-memo.ts';
import { lowerThreadPriority, restoreThreadPriority } from '../pipeline/thread-priority.ts';
import { serveTasks, Transferring } from '../pipeline/worker-pool.ts';
import { packedBuffers, packIndexFiles, type PackedIndexFiles } from './packed-files.ts';
import { timeLastTask } from './worker-timing.ts';

lowerThreadPriority();
let builder: LocalIndexBuilder | undefined;
/** Under HELPGEN_TIMINGS, the most the worker's heap held (garbage included) after a message, reported at the finish. */
const measuring = process.env.HELPGEN_TIMINGS !== undefined;
let heapPeak = 0;
/**
 * Set when a page could not be indexed: the feed no longer waits for the pages' answers before
 * it asks for the files (./index-feed.ts), so the finish refuses, and no memo is left of an
 * index that lacks a page.
 */
let pageFailed = false;
/** Set once the memo was saved (at the finish, or when the feed asks for it after the files). */
let memoSaved = false;
let timing: ReturnType<typeof timeLastTask> | undefined;

serveTasks((message: IndexFeedMessage) => {
  if (message.type === 'memo') {
    if (!builder) builder = new LocalIndexBuilder(IndexMemo.load(message.place));
    return undefined;
  }
  builder ??= new LocalIndexBuilder();
  if (message.type === 'finish') return finish(builder);
  if (message.type === 'save') {
    saveMemo(builder);
    return undefined;
  }
  try {
    for (const page of message.pages) builder.addFedPage(page);
  } catch (error) {
    pageFailed = true;
    throw error;
  }
  if (measuring) heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
  return undefined;
});

function finish(builder: LocalIndexBuilder): Transferring<PackedIndexFiles> {
  if (pageFailed) throw new Error('a page could not be indexed: no index files');
  timing = timeLastTask('search index worker');
  // The finish is on the build's critical path, not background work: the pages render
  // meanwhile (they need only the entry's fixed name), or on the largest sites wait for it.
  // At a lower priority it would wait for the render workers.
  restoreThreadPriority();
  const packed = { ...packIndexFiles(builder.finish()), analysedPages: builder.analysedPages };
  // A new base memo (a cold build, a change to many pages: at 8,500 pages ~130 MB written) is
  // saved before answering: the worker stops once it has answered, and its memory goes with it
  // before the build's peak, the pages. A delta (a one-page edit: ~8 MB, ~0.15 s) waits for
  // the "save" the feed sends behind "finish": the main thread, which waited for the files,
  // takes them meanwhile.
  if (!builder.memoSavesLittle) saveMemo(builder);
  return new Transferring(packed, packedBuffers(packed));
}

function saveMemo(builder: LocalIndexBuilder): void {
  if (memoSaved || pageFailed) return;
  memoSaved = true;
  builder.saveMemo();
  const [written, terms] = builder.writtenTerms;
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const heap = `heap up to ${mb(heapPeak)} while fed, ${mb(getHeapStatistics().used_heap_size)} finished`;
  timing?.print(`${builder.analysedPages} of ${builder.fedPages} pages analysed, ${written} of ${terms} terms' postings written, ${heap}`);
}

// The search index worker's entry point (see ./index-feed.ts): adds each page to the local
// index as it arrives, and on "finish" answers with the first part of the index files, packed
// (./packed-files.ts), and on each "more" with the next, made meanwhile: neither thread holds
// every file at once.
// Given the build cache's index memo first (./index-memo.ts), it takes from there every page it
// was handed before, and when it finishes (or on "save", right after) leaves the memo of this
// build's pages there.
import { getHeapStatistics } from 'node:v8';
import { LocalIndexBuilder } from './local-index.ts';
import type { IndexFeedMessage } from './index-feed.ts';
import { IndexMemo } from './index-memo.ts';
import { lowerThreadPriority, restoreThreadPriority } from '../pipeline/thread-priority.ts';
import { serveTasks, Transferring } from '../pipeline/worker-pool.ts';
import { nextPart, packedBuffers, type PackedIndexFiles } from './packed-files.ts';
import type { IndexFile } from './shards.ts';
import { timeLastTask } from './worker-timing.ts';

lowerThreadPriority();
let builder: LocalIndexBuilder | undefined;
/** Under HELPGEN_TIMINGS, the most the worker's heap held (garbage included) after a message, reported at the finish. */
const measuring = process.env.HELPGEN_TIMINGS !== undefined;
let heapPeak = 0;
/** The same while the files were made, part by part. */
let finishPeak = 0;
/**
 * Set when a page could not be indexed: the feed no longer waits for the pages' answers before
 * it asks for the files (./index-feed.ts), so the finish refuses, and no memo is left of an
 * index that lacks a page.
 */
let pageFailed = false;
/** Set once the memo was saved (at the finish, or when the feed asks for it after the files). */
let memoSaved = false;
let timing: ReturnType<typeof timeLastTask> | undefined;
/** The files still to hand over, from "finish" until the last part. */
let made: Generator<IndexFile, string> | undefined;
/** Set when "save" came before the last part: the memo is saved once the files are all made. */
let saveWhenMade: (() => void) | undefined;

serveTasks((message: IndexFeedMessage) => {
  if (message.type === 'memo') {
    if (!builder) builder = new LocalIndexBuilder(IndexMemo.load(message.place));
    return undefined;
  }
  builder ??= new LocalIndexBuilder();
  if (message.type === 'finish') return finish(builder);
  if (message.type === 'more') return part(builder);
  if (message.type === 'save') {
    if (!made) saveMemo(builder);
    return made ? new Promise<undefined>((resolve) => (saveWhenMade = () => resolve(undefined))) : undefined;
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
  made = builder.finishInTurn();
  return part(builder);
}

/** The next part of the files; the last one with the entry, once the memo is saved if it must be first. */
function part(builder: LocalIndexBuilder): Transferring<PackedIndexFiles> {
  if (!made) throw new Error('the index files were asked for before the finish');
  let packed: PackedIndexFiles;
  try {
    packed = nextPart(made);
  } catch (error) {
    made = undefined;
    pageFailed = true;
    saveWhenMade?.();
    throw error;
  }
  if (measuring) finishPeak = Math.max(finishPeak, getHeapStatistics().used_heap_size);
  if (packed.indexJson !== undefined) {
    made = undefined;
    packed.analysedPages = builder.analysedPages;
    // A new base memo (a cold build, a change to many pages: at 8,500 pages ~130 MB written) is
    // saved before answering: the worker stops once it has answered, and its memory goes with it
    // before the build's peak, the pages. A delta (a one-page edit: ~8 MB, ~0.15 s) waits for
    // the "save" the feed sends behind "finish": the main thread, which waited for the files,
    // takes them meanwhile.
    if (!builder.memoSavesLittle) saveMemo(builder);
    // A "save" that came meanwhile is done once this part is on its way.
    const saved = saveWhenMade;
    if (saved) {
      setImmediate(() => {
        saveMemo(builder);
        saved();
      });
    }
  }
  return new Transferring(packed, packedBuffers(packed));
}

function saveMemo(builder: LocalIndexBuilder): void {
  if (memoSaved || pageFailed) return;
  memoSaved = true;
  builder.saveMemo();
  const [written, terms] = builder.writtenTerms;
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const heap = `heap up to ${mb(heapPeak)} while fed, ${mb(finishPeak)} while finishing, ${mb(getHeapStatistics().used_heap_size)} finished`;
  timing?.print(`${builder.analysedPages} of ${builder.fedPages} pages analysed, ${written} of ${terms} terms' postings written, ${heap}`);
}

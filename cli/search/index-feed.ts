// Builds the local search index on a worker thread while the build is still rendering pages.
// Indexing costs ~0.3 s of main-thread time on a cold build of our site, and the index needs
// nothing but each page's records and metadata, which are known as soon as the page is
// rendered. So the build hands each page to the feed in page order, the worker indexes it
// meanwhile, and the search stage takes the finished files, but only if the pages it would
// index are exactly the pages that were fed; otherwise it builds the index itself, as it does
// whenever there is no worker (from the TypeScript sources, in dev, or with HELPGEN_WORKERS=0).
import { isMainThread } from 'node:worker_threads';
import { workerScript } from '../runtime.ts';
import { WorkerPool } from '../pipeline/worker-pool.ts';
import { pageFieldsKey, type IndexedPage } from './local-index.ts';
import { unpackIndexFiles, type PackedIndexFiles, type WorkerIndexFiles } from './packed-files.ts';
import type { MemoPlace } from './index-memo.ts';
import type { FedPageMessage, KeptRecordsFile } from './fed-page.ts';

/**
 * Pages travel as JSON, eight to a message (each page's text apart: the worker's index memo
 * knows a page by its text, ./index-memo.ts): posting each page's records as objects, one
 * message per page, cost the main thread ~0.7 ms a page (measured: 117 ms for our site; as
 * JSON one page at a time 80 ms, eight at a time 40 ms). A page rendered on a render worker
 * brings its records as JSON text already (../pipeline/render-pages.ts), which goes into the
 * message as it is. "pages" answers nothing, "finish" the first part of the index files and
 * "more" the next (the last part holds the entry), "save" (sent right behind "finish") nothing
 * once the worker saved its memo, if it had not before answering.
 */
export type IndexFeedMessage = { type: 'memo'; place: MemoPlace } | { type: 'pages'; pages: FedPageMessage[] } | { type: 'finish' } | { type: 'more' } | { type: 'save' };

/** What the index worker answers once every part of the files was taken. */
export interface IndexEntry {
  indexJson: string;
  /** Pages the worker analysed (the others it took from the index memo, ./index-memo.ts). */
  analysedPages?: number;
}

/** Pages sent to the worker per message. */
const PAGES_PER_MESSAGE = 8;
/**
 * Pages per message when their records are in the build cache's files (a warm build's
 * unchanged pages), which go whatever the worker holds: such a page is its fields and a file's
 * path, a few hundred bytes, which the worker takes from its memo in ~0.03 ms. Sent like the
 * others, eight to a message and two messages in flight, the pages of a warm build of 8,500
 * pages needed a thousand round trips, each waiting for a turn of the main thread while it made
 * the shared files and the pages: the worker had the last pages only once the pages were done,
 * and the main thread then waited ~1 s for the index.
 */
const FILE_PAGES_PER_MESSAGE = 1024;
/**
 * Messages with records inline the worker holds at once. Pages wait in `waiting` until the worker takes them:
 * serialized up front, every page waited as JSON on the main thread and again in the worker's
 * queue whenever the worker fell behind (at 8,500 pages fed at once after the render workers,
 * ~0.5 GB).
 */
const MESSAGES_IN_FLIGHT = 2;

/** What the feed asks of the index worker's pool (../pipeline/worker-pool.ts). */
export type IndexWorker = Pick<WorkerPool<IndexFeedMessage, PackedIndexFiles | undefined>, 'run' | 'close'>;

/** What the feed remembers of a page it sent: not its records, which the main thread need not keep once the worker has them. */
export type FedPage = Omit<IndexedPage, 'records'>;

/** A page to feed: its records as objects, as their JSON text, or as the file that holds that text. */
export type FeedPage = FedPage & { records: IndexedPage['records'] | string | KeptRecordsFile };

export class IndexFeed {
  /** Each page fed, as its key (see `pageFieldsKey`), in order. */
  private readonly fed: string[] = [];
  /** Pages fed and not sent yet. */
  private readonly waiting: FeedPage[] = [];
  private inFlight = 0;
  /** Of those, messages with records inline (MESSAGES_IN_FLIGHT holds for these). */
  private inlineInFlight = 0;
  /** How many of the first pages waiting have their records in files (as last counted). */
  private filesFirst = 0;
  /** Set by `filesFor`: the last pages go even if they do not fill a message. */
  private finishing = false;
  private drained?: () => void;
  /** Set once the worker failed or was stopped: nothing more is sent to it. */
  private stopped = false;
  /** The worker's answer to "finish", once asked, and to the "save" behind it. */
  private finished?: Promise<PackedIndexFiles | undefined>;
  private saved?: Promise<void>;
  /** Set once the worker was given a memo (it takes one only). */
  private memoGiven = false;

  /** `pool`: the index worker (./index-worker.ts), or in the tests what stands for it. */
  constructor(private readonly pool: IndexWorker) {}

  /** A feed for a production build, when helpgen runs from its compiled form. */
  static start(): IndexFeed | undefined {
    const script = isMainThread ? workerScript('index-worker') : undefined;
    return script ? new IndexFeed(new WorkerPool(script)) : undefined;
  }

  /**
   * Has the worker take the pages it analysed in an earlier build from the build cache's index
   * memo, and leave this build's there (before the first page).
   */
  loadMemo(place: MemoPlace): void {
    if (this.stopped || this.memoGiven || this.fed.length > 0) return;
    this.memoGiven = true;
    this.pool.run({ type: 'memo', place }, () => void (this.stopped = true)).catch(() => (this.stopped = true));
  }

  add(page: FeedPage): void {
    if (this.stopped) return;
    this.fed.push(pageFieldsKey(page));
    this.waiting.push(page);
    this.send();
  }

  /** Sends the next pages while the worker has room for them, and at the end asks for the files. */
  private send(): void {
    while (!this.stopped) {
      const size = this.nextMessageSize();
      if (size === 0) break;
      const pages = this.waiting.splice(0, size);
      this.filesFirst = 0;
      const inline = !pages.every((page) => isRecordsFile(page.records));
      this.inFlight++;
      if (inline) this.inlineInFlight++;
      // A page the worker could not index (or a dead worker) means the search stage indexes all.
      this.pool
        .run({ type: 'pages', pages: pages.map(fedPageMessage) }, () => void (this.stopped = true))
        .catch(() => (this.stopped = true))
        .finally(() => {
          this.inFlight--;
          if (inline) this.inlineInFlight--;
          this.send();
        });
    }
    // "finish" right behind the last page, not once the pages' answers are back: the worker
    // takes messages in order, and the answers wait for a turn of the main thread, which makes
    // the shared files and the pages meanwhile (a warm build of 8,500 pages: ~1 s later). A
    // page that fails answers first, and the files are then not used.
    if (this.finishing && !this.finished && !this.stopped && this.waiting.length === 0) {
      this.finished = this.pool.run({ type: 'finish' }, () => undefined).catch(() => undefined);
      // The worker stops once it has saved its memo, whenever the feed closes (see `close`).
      this.saved = this.pool.run({ type: 'save' }, () => undefined).then(
        () => undefined,
        () => undefined,
      );
    }
    if (this.inFlight === 0 && (this.stopped || this.waiting.length === 0)) this.drained?.();
  }

  /** How many of the waiting pages the next message takes now (0: none yet). */
  private nextMessageSize(): number {
    const waiting = this.waiting;
    // Counted on from where the last count stopped: `add` calls this for every page.
    let files = Math.min(this.filesFirst, waiting.length);
    while (files < waiting.length && files < FILE_PAGES_PER_MESSAGE && isRecordsFile(waiting[files]!.records)) files++;
    this.filesFirst = files;
    // Pages whose records are in files go once a message is full, or before a page of the other kind, or at the end.
    if (files > 0) return files === FILE_PAGES_PER_MESSAGE || files < waiting.length || this.finishing ? files : 0;
    if (this.inlineInFlight >= MESSAGES_IN_FLIGHT || waiting.length === 0 || (waiting.length < PAGES_PER_MESSAGE && !this.finishing)) return 0;
    return PAGES_PER_MESSAGE;
  }

  /**
   * If `pages` are the pages fed, in the same order (their records are made from the very pages
   * fed, in the same compile): hands `take` the index files part by part as the worker makes
   * them (the next part is asked for while `take` has one), and answers the entry; then stops
   * the worker. Undefined when the worker gave no index (`take` may have had some of its files:
   * the caller then makes them all itself).
   */
  async filesFor(pages: FedPage[], take: (files: WorkerIndexFiles['files']) => Promise<void> | void): Promise<IndexEntry | undefined> {
    try {
      if (this.stopped || pages.length !== this.fed.length || !pages.every((page, i) => pageFieldsKey(page) === this.fed[i])) return undefined;
      this.finishing = true;
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        this.send();
      });
      let packed = await this.finished;
      while (packed && !this.stopped) {
        const { files, indexJson, analysedPages } = unpackIndexFiles(packed);
        const next = indexJson === undefined ? this.pool.run({ type: 'more' }, () => undefined).catch(() => undefined) : undefined;
        packed = undefined;
        await take(files);
        if (indexJson !== undefined) return { indexJson, analysedPages };
        packed = await next;
      }
      return undefined;
    } finally {
      this.close();
    }
  }

  /** Sends nothing more, and stops the worker (once it saved its memo, when it was asked to). */
  close(): void {
    this.stopped = true;
    this.waiting.length = 0;
    void (this.saved ?? Promise.resolve()).then(() => this.pool.close());
  }
}

function isRecordsFile(records: FeedPage['records']): records is KeptRecordsFile {
  return typeof records === 'object' && !Array.isArray(records);
}

/** The page as the worker takes it: records' JSON text or file as they are. */
export function fedPageMessage({ records, ...page }: FeedPage): FedPageMessage {
  const { href, title, section, description, keywords } = page;
  const fields = JSON.stringify({ href, title, section, description, keywords });
  if (typeof records === 'string') return { fields, records };
  if (!isRecordsFile(records)) return { fields, records: JSON.stringify(records) };
  return { fields, recordsFile: records };
}

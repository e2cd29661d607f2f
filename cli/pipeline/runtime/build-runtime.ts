// How a compile's work is run: on which threads, in what batches, how far ahead, and in what
// order the search index and the pages are finished. The stages (../stages/) say what to make
// and ask the runtime for help with it; whether the help comes from worker threads is the
// runtime's business alone. A production build from the compiled CLI gets the threaded runtime
// (./threaded.ts: render workers, the search index worker, their batching and back-pressure in
// ./markdown-share.ts and ./html-share.ts, their heap limits and priorities in ../render-pool.ts
// and ../thread-priority.ts); dev builds, builds from the TypeScript sources and
// HELPGEN_WORKERS=0 get the threadless one (./threadless.ts), which answers every request with
// "do it yourself", so the same stage code runs either way. Code blocks are highlighted apart
// from this, on the process's markdown worker wherever there is one (dev included: it outlives
// each compile), by ../../markdown/highlight/highlighter.ts.
import type { PageData } from '../../../shared/types.ts';
import type { SourceDoc } from '../../source/scan.ts';
import type { IndexFeed } from '../../search/index-feed.ts';
import type { MemoPlace } from '../../search/index-memo.ts';
import type { WorkerInit, WorkerResult, WorkerTask } from '../page-transfer.ts';
import type { PageHtmlInit, PageHtmlResult, PageHtmlTask } from '../page-html.ts';

/** Pages the runtime renders elsewhere, handed back one by one in page order. */
export interface MarkdownShare {
  /** The rendered page, or undefined when it was not rendered elsewhere (the stage then renders it, and reports why it fails). */
  take(doc: SourceDoc): Promise<WorkerResult | undefined> | undefined;
}

/** Pages whose HTML the runtime renders and checks elsewhere, handed back by index in page order. */
export interface HtmlShare {
  /** The page's HTML and diagnostics, or undefined when it was not rendered elsewhere (the stage then renders and checks it). */
  take(index: number): Promise<PageHtmlResult | undefined>;
  /**
   * Sends no more pages, and settles once the pages sent are done: a build that stops early waits
   * for it before it removes its output, into which the workers may be writing pages.
   */
  stop(): Promise<void>;
}

export interface BuildRuntime {
  /**
   * Told how many pages the site has as soon as the scan has listed them (before it reads them),
   * so helpers can start warming up, and of how many the build cache holds the rendered markdown.
   */
  pagesListed(pages: number, cached: number): void;
  /** Renders these pages' markdown elsewhere, each made a task by `task`; undefined when the stage renders them all itself. */
  shareMarkdown(docs: SourceDoc[], init: WorkerInit, task: (doc: SourceDoc) => WorkerTask): MarkdownShare | undefined;
  /** Renders and checks pages[from…] elsewhere; undefined when the stage renders them all itself. */
  shareHtml(pages: PageData[], from: number, init: PageHtmlInit, task: (page: PageData) => PageHtmlTask): HtmlShare | undefined;
  /**
   * Starts the search index's feed now, with the build cache's index memo, so the worker loads
   * the memo (at 8,500 pages 66 MB, ~0.3 s) while the content is scanned instead of when the
   * first page is fed; `indexFeed` then hands this feed over, and `close` stops it if nobody took it.
   */
  startIndexFeed(memo: MemoPlace): void;
  /** A feed that indexes pages for search elsewhere while they are rendered; undefined when the search stage indexes them itself. */
  indexFeed(): IndexFeed | undefined;
  /** Whether the search index is finished before the pages are rendered, rather than meanwhile (see `indexBeforePages`). */
  indexBeforePages(pages: number, renderedMarkdown: number): boolean;
  /** Stops what the runtime started for this compile. */
  close(): Promise<void>;
}

/** From this many pages, the search index may be finished before the pages are rendered, not meanwhile. */
const INDEX_BEFORE_PAGES_FROM = 5000;

/**
 * The pages need only the search entry's name, which is fixed, so the index is finished while
 * they render (its error, if any, is thrown after them), and its single-threaded finish no
 * longer leaves a core idle. The largest sites finish it first, before the markdown twins and
 * the pages are made, when the build rendered the markdown of a tenth of the pages or more (a
 * cold build, a change to every page): the finish is then the build's memory peak, and what the main thread makes
 * meanwhile adds to it (at 8,500 pages the page phase took the peak from 1,264 to 1,488 MB, the
 * twins to 1,396-1,472 MB). A warm build that rendered fewer has neither peak: the
 * index worker takes the other pages from its memo (../../search/index-memo.ts) and the pages
 * stage copies or keeps most pages, so the main thread makes the shared files and the pages
 * while the worker finishes (at 8,500 pages after a one-page edit, the main thread waited ~1 s
 * for the index). `HELPGEN_INDEX_FIRST_FROM` sets the site size from which the rule applies
 * (tests use a small one to see it on a small site).
 */
export function indexBeforePages(pages: number, renderedMarkdown: number): boolean {
  return pages >= indexFirstFrom() && renderedMarkdown * 10 >= pages;
}

function indexFirstFrom(): number {
  const set = Number(process.env.HELPGEN_INDEX_FIRST_FROM);
  return Number.isInteger(set) && set > 0 ? set : INDEX_BEFORE_PAGES_FROM;
}

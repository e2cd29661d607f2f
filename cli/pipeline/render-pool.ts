// The markdown worker, as the main thread sees it: one worker thread (./render-worker.ts) that
// highlights the code blocks of the pages the main thread renders, and renders whole pages
// itself (highlighting their code too) when the markdown stage hands it some
// (./runtime/markdown-share.ts). One thread for both jobs: shiki, its grammars and the markdown
// processor are loaded and warmed up once, not once per job. It starts as soon as a build's
// markdown stage exists, so it has loaded its modules by the time the first page is parsed.
import { isMainThread, type MessagePort } from 'node:worker_threads';
import { workerScript as bundledWorker } from '../runtime.ts';
import { WorkerPool } from './worker-pool.ts';
import type { CodeRequest } from '../markdown/highlight/shiki.ts';
import type { WorkerInit, WorkerResult, WorkerTask } from './page-transfer.ts';
import type { PageHtmlInit, PageHtmlResult, PageHtmlTask } from './page-html.ts';

/**
 * What the worker is asked. "setup" gives it the site (the routes of this build's pages) before
 * the pages of a build; "render" answers WorkerResult[], "highlight" the block's HTML.
 * "setup-html" gives it the shared chrome and the link targets before the page phase;
 * "html" answers PageHtmlResult[] (./page-html.ts). "serve-highlights" hands it one end of a
 * channel on which another render worker sends its code blocks (./highlight-channel.ts).
 */
export type MarkdownWorkerTask =
  | { kind: 'highlight'; request: CodeRequest }
  | { kind: 'setup'; init: WorkerInit }
  | { kind: 'render'; pages: WorkerTask[] }
  | { kind: 'setup-html'; init: PageHtmlInit }
  | { kind: 'html'; pages: PageHtmlTask[] }
  | { kind: 'serve-highlights'; port: MessagePort };

export interface MarkdownWorkerOptions {
  /** It will render pages (an extra render worker): it loads the markdown processor and the templates as it starts, while the site is still being scanned. */
  rendersPages?: boolean;
  /**
   * An extra render worker's end of a channel to the markdown worker, which highlights its code
   * blocks (./highlight-channel.ts): it loads shiki only if the markdown worker is gone.
   */
  highlighter?: MessagePort;
}

/**
 * A render worker's young generation, a little larger than V8's default. Parsing a page keeps
 * its micromark events and trees alive for the whole page, so every scavenge of a small young
 * generation copies them again; at 1,700 pages each render worker ran ~300 scavenges of ~4 ms.
 * 64 MB was measured first (1,700 pages 20.3 -> 19.6 s of CPU); 32 MB costs no CPU we could
 * measure, and less memory: the bench's 8,500 pages, 3 interleaved cold builds each (after the link
 * check stopped keeping pages alive), peak RSS 970/1,005/807 MiB with 64 MB against
 * 788/887/796 MiB with 32 MB, CPU (user+sys) medians 72.0 and 72.6 s. 16 MB saved ~120 MB
 * more but cost 20-24 % of the CPU. The search index worker keeps V8's default.
 */
const RENDER_WORKER_YOUNG_GENERATION_MB = 32;

export class MarkdownWorker {
  private readonly pool: WorkerPool<MarkdownWorkerTask, unknown>;

  constructor(script: string, options: MarkdownWorkerOptions = {}) {
    this.pool = new WorkerPool(script, {
      workerData: options,
      transferList: options.highlighter ? [options.highlighter] : undefined,
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_WORKER_YOUNG_GENERATION_MB },
    });
  }

  /** A worker from the bundled render-worker script, when helpgen runs from its compiled form (in the main thread only). */
  static start(options: MarkdownWorkerOptions = {}): MarkdownWorker | undefined {
    const script = isMainThread ? bundledWorker('render-worker') : undefined;
    return script ? new MarkdownWorker(script, options) : undefined;
  }

  /** False once the worker died (or was closed): its work then goes to the fallbacks. */
  get alive(): boolean {
    return this.pool.alive;
  }

  highlight(request: CodeRequest, fallback: (request: CodeRequest) => Promise<string>): Promise<string> {
    return this.pool.run({ kind: 'highlight', request }, () => fallback(request)) as Promise<string>;
  }

  /**
   * Has the worker highlight the code blocks another render worker sends through `port` (the
   * other end of its channel). Should this worker be gone, the port is closed, and the other
   * worker highlights its blocks itself.
   */
  serveHighlights(port: MessagePort): void {
    this.pool.run({ kind: 'serve-highlights', port }, () => port.close(), [port]).catch(() => port.close());
  }

  /** Tells the worker the site whose pages come next. */
  setup(init: WorkerInit): void {
    this.pool.run({ kind: 'setup', init }, () => undefined).catch(() => undefined);
  }

  /**
   * The rendered pages. Pages the worker could not render (it died) are left out: the caller
   * renders them in the main thread, as every page without a worker.
   */
  async render(pages: WorkerTask[]): Promise<WorkerResult[]> {
    return (await this.pool.run({ kind: 'render', pages }, () => [])) as WorkerResult[];
  }

  /** Tells the worker the shared chrome and link targets of the pages whose HTML comes next. */
  setupHtml(init: PageHtmlInit): void {
    this.pool.run({ kind: 'setup-html', init }, () => undefined).catch(() => undefined);
  }

  /**
   * The pages rendered through the templates and checked, in order. Empty when the worker died:
   * the caller then renders them in the main thread.
   */
  async html(pages: PageHtmlTask[]): Promise<PageHtmlResult[]> {
    return (await this.pool.run({ kind: 'html', pages }, () => [])) as PageHtmlResult[];
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

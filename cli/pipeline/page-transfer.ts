// What the markdown stage and a render worker (./render-worker.ts) send each other: the site's
// settings before a build's pages, each page to render, and each rendered page back. A rendered
// page crosses the thread boundary through one pair of functions: packRenderedPage in the
// worker, unpackRenderedPage in the main thread, so both ends agree on what a page carries
// (structured clone keeps neither a Set nor a class, so the anchors travel as an array).
import type { Diagnostic } from '../diagnostics/errors.ts';
import type { PageMarkdownData, RecordedLink } from '../markdown/context.ts';
import type { MarkdownSettings } from '../markdown/settings.ts';
import type { TocItem } from '../../shared/types.ts';
import type { ContentAsset } from './content-assets.ts';
import type { PageRecord } from './recording-site.ts';

/** What a worker is told before a build's pages: the markdown settings, as the main thread derived them, and the routes of the pages. */
export interface WorkerInit {
  settings: MarkdownSettings;
  routes: [string, string][];
}

export interface WorkerTask {
  relPath: string;
  displayPath: string;
  route: string;
  source: string;
  /** What the page's search records need besides its markdown. */
  search: { href: string; title: string; section: string; hasExplicitTitle: boolean };
}

/** A rendered page (or why it failed) as it travels from the worker: made only by packRenderedPage. */
export interface WorkerResult {
  relPath: string;
  html?: string;
  /**
   * The page's search records as JSON text: the main thread hands the text on to the search
   * index worker as it is (../search/index-feed.ts) and parses it only when it keeps the records.
   */
  recordsJson?: string;
  toc?: TocItem[];
  anchors?: string[];
  componentsDropped?: boolean;
  /** What the page makes the browser load (PageMarkdownData.clientFeatures). */
  clientFeatures?: string[];
  links?: RecordedLink[];
  error?: string;
  diagnostics: Diagnostic[];
  assets: ContentAsset[];
  missing: string[];
  /** The routes of linked markdown files the page looked up, and what they were (null: none). */
  routes: [string, string | null][];
}

/** A page's rendered markdown (RenderedMarkdown without its tree: trees stay in the thread that made them). */
export interface MarkdownBody {
  html: string;
  data: PageMarkdownData;
}

/** A page as the main thread takes it back: what it used, its rendered markdown, its records as JSON text. */
export interface RenderedPage {
  record: PageRecord;
  result: MarkdownBody;
  recordsJson: string;
}

/** In the worker: a rendered page, or the error that stopped it, with what it used. */
export function packRenderedPage(relPath: string, record: PageRecord, outcome: { result: MarkdownBody; recordsJson: string } | { error: unknown }): WorkerResult {
  if ('error' in outcome) return { relPath, error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error), ...record };
  const { html, data } = outcome.result;
  return { relPath, html, recordsJson: outcome.recordsJson, toc: data.toc, anchors: [...data.anchors], componentsDropped: data.componentsDropped, clientFeatures: data.clientFeatures, links: data.links, ...record };
}

/** In the main thread: the page as it was rendered; undefined when it failed there (the main thread then renders it, and reports why). */
export function unpackRenderedPage(message: WorkerResult | undefined): RenderedPage | undefined {
  if (!message || message.error !== undefined || message.html === undefined || message.recordsJson === undefined) return undefined;
  const { html, recordsJson, toc, anchors, componentsDropped, clientFeatures, links, diagnostics, assets, missing, routes } = message;
  return {
    record: { diagnostics, assets, missing, routes },
    result: { html, data: { toc: toc ?? [], anchors: new Set(anchors), componentsDropped, clientFeatures, links: links ?? [] } },
    recordsJson,
  };
}

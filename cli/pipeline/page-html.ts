// Renders pages through the templates and checks their links, in the markdown worker
// (./render-worker.ts), for a production build that shares its page phase
// (./stages/pages.ts). Loaded there only when a build first asks: a worker that only highlights
// or renders markdown never loads React and the templates.
//
// The output is the same as the main thread's: the same templates render the same page data,
// and the checker is the same, told every page and file of the site at setup. The main thread
// checks the first page itself (the layout around <main> is checked in full there, once), so
// the workers read only each page's <main>; diagnostics travel back with each page and the main
// thread reports them in page order.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { renderPage } from '../../templates/render.tsx';
import type { DocPageData, PageData, SidebarItem, SiteData } from '../../shared/types.ts';
import { createLinkChecker, type LinkTarget } from '../check/links.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { Reporter, type ReportSetting } from '../diagnostics/reporter.ts';
import type { RecordedLink } from '../markdown/context.ts';
import type { FileHolds } from '../output/build-manifest.ts';
import { docPageBody, type DocBodyParts } from './page-body.ts';
import { readSpilled } from './text-spill.ts';

/** What a worker is told once per build before it renders pages. */
export interface PageHtmlInit {
  site: SiteData;
  sidebar: SidebarItem[];
  /** Every page as a link target, and every other file's URL path (see LinkCheckOptions). */
  targets: LinkTarget[];
  files: Set<string>;
  redirects: Map<string, string>;
  onBrokenLinks: ReportSetting;
  onBrokenAnchors: ReportSetting;
}

/** A page to render and check. */
export interface PageHtmlTask {
  /** The page, or a doc page without its body, which is then made here from `body` (./page-kinds/doc.ts: bodyMadeElsewhere). */
  page: PageData | Omit<DocPageData, 'html'>;
  body?: DocBodyParts;
  /** The markdown file it comes from, for messages. */
  displayPath?: string;
  /** True when the page's markdown body (whose links are `links`) is `page.html` (doc pages). */
  bodyIsPageHtml: boolean;
  links: RecordedLink[];
  /**
   * Where to write the page's HTML, when the output lets this thread write it (absolute files in
   * the output's staging folder, whose folders the output has made or is making: see
   * CompileOutput.writableFiles). The HTML then stays here.
   */
  writeTo?: string[];
}

/**
 * The page's HTML, as the UTF-8 bytes written to disk, and what its check reported; or, when the
 * task said where, that its HTML is written there, with its size; or why the templates threw
 * (the main thread then renders it, to report it with its stack). `sha256` is the bytes' hash,
 * which the output's manifest records: worked out here, where it costs ~26 µs a page, rather
 * than on the main thread, which at 50,000 pages is the page phase's bottleneck.
 *
 * Why a worker writes the pages it renders: every page's bytes that reached the main thread were
 * memory outside V8's heap, and V8 answered about every 60 MB of it with a full garbage collection
 * of the main thread's heap, which holds every page's compact data. At 8,500 pages the page phase
 * ran 6 of them (1 when no bytes came back); at 50,000 pages, with 2.8 GB of HTML and ten times
 * the heap, they made the phase's CPU time per page about twice 8,500 pages'. The bytes moved
 * rather than copied before that, and as strings before that: strings reached the main thread's
 * old generation and were collected only when it filled up (at 8,500 pages its heap grew from
 * 450 MB to 1.26 GB). The main thread still writes a page a worker could not (its folder was not
 * there yet, or the write failed): the page then comes back as bytes.
 */
export type PageHtmlResult = { html: Uint8Array; sha256: string; diagnostics: Diagnostic[] } | { written: FileHolds; diagnostics: Diagnostic[] } | { error: string };

const utf8 = new TextEncoder();

/** Renders and checks pages of the site `init` describes, and writes those the output lets it write. */
export function pageHtmlRenderer(init: PageHtmlInit): (tasks: PageHtmlTask[]) => Promise<PageHtmlResult[]> {
  const reporter = new Reporter(() => undefined);
  const checker = createLinkChecker({ ...init, reporter, layoutChecked: true });
  // A doc page sent without its body gets it here, made as the main thread makes it (DocBody in ./page-kinds/doc.ts).
  const pageOf = ({ page, body }: PageHtmlTask): PageData => (body ? { ...(page as Omit<DocPageData, 'html'>), html: docPageBody(readSpilled(body.markdown), body.hasExplicitTitle, init.sidebar, page.href) } : (page as PageData));
  const renderOne = (task: PageHtmlTask): PageHtmlResult => {
    const { displayPath, bodyIsPageHtml, links } = task;
    const page = pageOf(task);
    let html: string;
    try {
      html = renderPage(init.site, page, init.sidebar);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
    const reported = reporter.diagnostics.length;
    const body = bodyIsPageHtml && page.kind === 'doc' ? page.html : undefined;
    checker.check({ route: page.route, href: page.href, displayPath, html, body, links });
    // encode() gives each page a buffer of its own, so transferring it moves nothing else.
    const bytes = utf8.encode(html);
    return { html: bytes, sha256: createHash('sha256').update(bytes).digest('hex'), diagnostics: reporter.diagnostics.slice(reported) };
  };
  // Rendered one after another, then written at once: the writes run while the next batch renders.
  return (tasks) => Promise.all(tasks.map(renderOne).map((result, at) => writeWhere(tasks[at]!.writeTo, result)));
}

/** The result once its HTML is written where the task said; as it is when it said nowhere, or the write failed. */
export async function writeWhere(files: string[] | undefined, result: PageHtmlResult): Promise<PageHtmlResult> {
  if (!files?.length || !('html' in result)) return result;
  const { html, sha256, diagnostics } = result;
  try {
    // No folder is made here: a write that found none comes back, and the main thread writes it
    // (a folder made here after a failed build removed the staging folder would leave it behind).
    for (const file of files) await writeFile(file, html);
  } catch {
    return result;
  }
  return { written: { size: html.byteLength, sha256 }, diagnostics };
}

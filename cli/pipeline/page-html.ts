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
import { renderPage } from '../../templates/render.tsx';
import type { DocPageData, PageData, SidebarItem, SiteData } from '../../shared/types.ts';
import { createLinkChecker, type LinkTarget } from '../check/links.ts';
import type { Diagnostic } from '../diagnostics/errors.ts';
import { Reporter, type ReportSetting } from '../diagnostics/reporter.ts';
import type { RecordedLink } from '../markdown/context.ts';
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
}

/**
 * The page's HTML, as the UTF-8 bytes written to disk, and what its check reported; or why the
 * templates threw (the main thread then renders it, to report it with its stack). The bytes'
 * buffer moves to the main thread rather than being copied (./render-worker.ts): sent as
 * strings, every page's HTML landed in the main thread's heap, where it survived long enough to
 * reach the old generation, and was collected only when that filled up (at 8,500 pages the
 * main thread's heap grew from 450 MB to 1.26 GB during the page phase without one full
 * collection, and that was the build's peak memory). `sha256` is the bytes' hash, which the
 * output's manifest records: worked out here, where it costs ~26 µs a page, rather than on the
 * main thread, which at 50,000 pages is the page phase's bottleneck (hashing there took 3.7 s
 * of its 55 s while the render workers sat two-thirds idle, profiled).
 */
export type PageHtmlResult = { html: Uint8Array; sha256: string; diagnostics: Diagnostic[] } | { error: string };

const utf8 = new TextEncoder();

/** Renders and checks pages of the site `init` describes. */
export function pageHtmlRenderer(init: PageHtmlInit): (tasks: PageHtmlTask[]) => PageHtmlResult[] {
  const reporter = new Reporter(() => undefined);
  const checker = createLinkChecker({ ...init, reporter, layoutChecked: true });
  // A doc page sent without its body gets it here, made as the main thread makes it (DocBody in ./page-kinds/doc.ts).
  const pageOf = ({ page, body }: PageHtmlTask): PageData => (body ? { ...(page as Omit<DocPageData, 'html'>), html: docPageBody(readSpilled(body.markdown), body.hasExplicitTitle, init.sidebar, page.href) } : (page as PageData));
  return (tasks) =>
    tasks.map((task) => {
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
    });
}

// Checks every internal link of every built page against the routes and output files.
//
// Links are taken from real trees, never from a text search over the HTML (which took
// `<img src="/logo.png">` written in inline code for an image): the page body's links were
// recorded from its markdown tree, with their source positions (see rehype-links), and the
// links the templates wrote around it (navbar, sidebar, breadcrumbs, pagination, footer) are
// read with an HTML tokenizer from the page with the body cut out. A broken link is reported at
// its markdown source (file:line) with its text and, when a route is close, a suggestion; links
// from the templates say where they come from (the config or the content folders). Missing #anchors on existing pages are reported separately (onBrokenAnchors).
import type { Reporter, ReportSetting } from '../diagnostics/reporter.ts';
import { USER_CONTENT_PREFIX, type RecordedLink } from '../markdown/context.ts';
import { isExternalHref, parseHref, routeKey } from '../source/routes.ts';
import { ownCopy } from '../../shared/own-copy.ts';
import { suggestRoute } from './suggest.ts';
import { templateLinks, type TemplateLink } from './template-links.ts';

export interface CheckedPage {
  route: string;
  href: string;
  /** Markdown source of the page, when it has one. */
  displayPath?: string;
  /** The whole page as written. */
  html: string;
  /** The page's markdown body exactly as it appears in `html`; its links are `links`. */
  body?: string;
  links: RecordedLink[];
  /** Ids on the page (for #anchor checks); undefined means "don't check anchors here". */
  anchors?: Set<string>;
  /** A piece of layout (the sidebar fragment): checked in full, never a link target. */
  fragment?: boolean;
}

/** A page as a link target: its route, and its ids when #anchors to it are checked. */
export type LinkTarget = Pick<CheckedPage, 'route' | 'anchors' | 'fragment'>;

export interface LinkCheckOptions {
  /** Every page of the site, as a link target (pages are then checked one by one). */
  targets: LinkTarget[];
  /** URL paths of every other output file (assets, sitemap.xml …), decoded. */
  files: Set<string>;
  onBrokenLinks: ReportSetting;
  onBrokenAnchors: ReportSetting;
  reporter: Reporter;
  /** Old addresses of renamed pages (route keys) and where they lead: a link there is a warning. */
  redirects?: Map<string, string>;
  /** True when the layout around <main> was checked already (by another thread, on the first page). */
  layoutChecked?: boolean;
}

export interface LinkChecker {
  /** Checks one page's links (pages may come one at a time, as they are rendered). */
  check(page: CheckedPage): void;
}

/** A checker that knows every page and file of the site up front and takes pages one by one. */
export function createLinkChecker({ targets, files, onBrokenLinks, onBrokenAnchors, reporter, redirects, layoutChecked = false }: LinkCheckOptions): LinkChecker {
  const byRoute = new Map<string, LinkTarget>();
  for (const page of targets) if (!page.fragment) byRoute.set(routeKey(page.route), page);
  const routes = [...byRoute.keys()];

  // The layout around <main> (navbar, sidebar, footer) is the same on every page but for the
  // active marks, so it is checked in full on the first page only; every page's <main> is
  // checked. This keeps the check linear in the size of the site instead of quadratic.
  let layoutDone = layoutChecked;
  // An address from the site's root ("/support/…", most links the templates write) means the
  // same on every page, and many pages link to the same ones (breadcrumbs, neighbours): each is
  // parsed once. Parsing a URL per link was a seventh of the check at 8,500 pages (profiled).
  // Each is kept under a copy of its text: the href read from a page is a slice of that page's
  // HTML, and V8 keeps a sliced string's whole parent alive, so as a key it held every checked
  // page's <main> for the rest of the build (~10 KB a page: at 8,500 pages 45 MB in each render
  // worker).
  const fromRoot = new Map<string, ReturnType<typeof parseHref>>();
  const resolve = (href: string, from: string) => {
    if (!href.startsWith('/')) return parseHref(href, from);
    if (!fromRoot.has(href)) fromRoot.set(ownCopy(href), parseHref(href, from));
    return fromRoot.get(href);
  };
  const check = (page: CheckedPage) => {
    // A link the templates repeat (a category in the sidebar and its card) is checked once; one
    // written twice in the markdown is reported at each place the writer has to fix.
    const templateHrefs = new Set<string>();
    const checkLink = (raw: string, source: RecordedLink | undefined, from?: TemplateLink) => {
      if (!raw || raw.startsWith('#') || isExternalHref(raw) || source?.missingMarkdown) return;
      if (from) {
        if (templateHrefs.has(raw)) return;
        templateHrefs.add(raw);
      }
      const target = resolve(raw, page.href);
      if (target && (byRoute.has(routeKey(target.route)) || files.has(target.route) || files.has(routeKey(target.route)))) return;
      // A link of the page's own the templates repeat (an image in a heading, copied into the
      // table of contents) is reported once, at the line of the markdown that wrote it.
      if (from && target && page.links.some((link) => resolve(link.href, page.href)?.route === target.route)) return;
      const key = target && routeKey(target.route);
      const moved = key === undefined ? undefined : redirects?.get(key);
      if (moved !== undefined) {
        reporter.add({
          severity: 'warning',
          code: 'redirected-link',
          message: `link${source?.text ? ` "${source.text}"` : ''} to ${raw}, an old address that redirects to ${moved}`,
          position: source?.line !== undefined ? { file: page.displayPath ?? page.route, line: source.line, column: source.column } : { file: page.displayPath ?? page.route },
          hint: `Link to ${moved} instead: readers then skip the redirect.`,
        });
        return;
      }
      const suggestion = key ? suggestRoute(key, routes) : undefined;
      reporter.addBySetting(onBrokenLinks, {
        code: 'broken-link',
        message: `broken link${source?.text ? ` "${source.text}"` : ''} to ${raw}: no page or file at ${target?.route ?? raw}`,
        position: source?.line !== undefined
          ? { file: page.displayPath ?? page.route, line: source.line, column: source.column }
          : { file: page.displayPath ?? page.route },
        hint: [suggestion ? `Did you mean ${suggestion}?` : undefined, from ? templateHint(from, page) : undefined].filter(Boolean).join(' ') || undefined,
      });
    };

    for (const link of page.links) checkLink(link.href, link);
    const layoutToo = page.fragment || !layoutDone;
    if (!page.fragment) layoutDone = true;
    for (const link of templateLinks(page.html, { layout: layoutToo, body: page.body })) checkLink(link.href, undefined, link);

    // Anchors: only for links written in markdown, where the writer can fix them.
    for (const link of page.links) {
      if (link.missingMarkdown) continue;
      const target = resolve(link.href, page.href);
      if (!target?.hash) continue;
      const targetPage = byRoute.get(routeKey(target.route));
      if (!targetPage?.anchors || anchorFound(targetPage.anchors, target.hash)) continue;
      reporter.addBySetting(onBrokenAnchors, {
        code: 'broken-anchor',
        message: `link${link.text ? ` "${link.text}"` : ''} points to #${target.hash}, which does not exist on ${targetPage.route}`,
        position: { file: page.displayPath ?? page.route, line: link.line, column: link.column },
        hint: suggestAnchor(target.hash, targetPage.anchors),
      });
    }
  };
  return { check };
}

/**
 * Whether a page with these ids has the one a #fragment names. An id written in raw HTML
 * carries the user-content- prefix; the page's script finds it for #id as GitHub's does
 * (client/navigation/hash-target.ts).
 */
export function anchorFound(anchors: Set<string>, hash: string): boolean {
  return anchors.has(hash) || anchors.has(USER_CONTENT_PREFIX + hash);
}

/** Where a broken link the templates wrote comes from, so the writer knows what to fix. */
function templateHint(link: TemplateLink, page: CheckedPage): string {
  if (page.fragment) return 'The link is in the docs sidebar, which comes from the content/ folders and their _category_.json files.';
  if (link.inMain) {
    return `The link is in the page's breadcrumbs, pagination or category cards, which come from the content/ folders and their _category_.json files (seen on ${page.route}).`;
  }
  return `The link is in the page layout (navbar, footer or announcement bar in help.config.ts), seen on ${page.route}.`;
}

function suggestAnchor(id: string, anchors: Set<string>): string {
  const close = suggestRoute(id, anchors);
  return close ? `Did you mean #${close}?` : 'Anchors are heading texts in lower case with hyphens, e.g. #lock-a-record.';
}

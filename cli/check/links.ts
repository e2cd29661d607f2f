// Checks every internal href and src of every built page against the routes and output files.
// A broken link is reported at its markdown source (file:line) with its text and, when a route
// is close, a suggestion; links from the layout (navbar, footer) name the config instead.
// Missing #anchors on existing pages are reported separately (onBrokenAnchors).
import type { Reporter, ReportSetting } from '../diagnostics/reporter.ts';
import type { RecordedLink } from '../markdown/context.ts';
import { hrefToRoute, routeKey } from '../source/routes.ts';
import { suggestRoute } from './suggest.ts';

export interface CheckedPage {
  route: string;
  href: string;
  /** Markdown source of the page, when it has one. */
  displayPath?: string;
  html: string;
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
}

const ATTR = /\s(?:href|src)="([^"]*)"/g;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export interface LinkChecker {
  /** Checks one page's links (pages may come one at a time, as they are rendered). */
  check(page: CheckedPage): void;
}

/** A checker that knows every page and file of the site up front and takes pages one by one. */
export function createLinkChecker({
  targets,
  files,
  onBrokenLinks,
  onBrokenAnchors,
  reporter,
}: LinkCheckOptions): LinkChecker {
  const byRoute = new Map<string, LinkTarget>();
  for (const page of targets) if (!page.fragment) byRoute.set(routeKey(page.route), page);
  const routes = [...byRoute.keys()];

  // The layout around <main> (navbar, sidebar, footer) is the same on every page but for the
  // active marks, so it is checked in full on the first page only; every page's <main> is
  // checked. This keeps the check linear in the size of the site instead of quadratic.
  let layoutChecked = false;
  const check = (page: CheckedPage) => {
    const recorded = new Map<string, RecordedLink>();
    for (const link of page.links) if (!recorded.has(link.href)) recorded.set(link.href, link);
    const seenOnPage = new Set<string>();
    const scanned = layoutChecked && !page.fragment ? mainOf(page.html) : page.html;
    if (!page.fragment) layoutChecked = true;
    for (const match of scanned.matchAll(ATTR)) {
      const raw = decodeEntities(match[1]!);
      if (!raw || raw.startsWith('#') || SCHEME.test(raw) || raw.startsWith('//')) continue;
      if (seenOnPage.has(raw)) continue;
      seenOnPage.add(raw);
      const url = new URL(raw, 'http://site' + page.href);
      const route = hrefToRoute(url.pathname);
      const key = route === undefined ? undefined : routeKey(route);
      if (key !== undefined && (byRoute.has(key) || files.has(route!) || files.has(key))) continue;
      const source = recorded.get(raw);
      const suggestion = key ? suggestRoute(key, routes) : undefined;
      reporter.addBySetting(onBrokenLinks, {
        code: 'broken-link',
        message: `broken link${source?.text ? ` "${source.text}"` : ''} to ${raw}: no page or file at ${route ?? url.pathname}`,
        position: source
          ? { file: page.displayPath ?? page.route, line: source.line, column: source.column }
          : { file: page.displayPath ?? page.route },
        hint: [
          suggestion ? `Did you mean ${suggestion}?` : undefined,
          source || page.fragment ? undefined : `The link is in the page layout (navbar, footer or announcement bar in help.config.ts), seen on ${page.route}.`,
          page.fragment ? 'The link is in the docs sidebar, which comes from the content/ folders and their _category_.json files.' : undefined,
        ]
          .filter(Boolean)
          .join(' ') || undefined,
      });
    }

    // Anchors: only for links written in markdown, where the writer can fix them.
    for (const link of page.links) {
      const hashAt = link.href.indexOf('#');
      if (hashAt === -1) continue;
      const id = decodeURIComponentSafe(link.href.slice(hashAt + 1));
      if (!id) continue;
      const route = hrefToRoute(new URL(link.href.slice(0, hashAt) || page.href, 'http://site' + page.href).pathname);
      const target = route === undefined ? undefined : byRoute.get(routeKey(route));
      if (!target?.anchors || target.anchors.has(id)) continue;
      reporter.addBySetting(onBrokenAnchors, {
        code: 'broken-anchor',
        message: `link${link.text ? ` "${link.text}"` : ''} points to #${id}, which does not exist on ${target.route}`,
        position: { file: page.displayPath ?? page.route, line: link.line, column: link.column },
        hint: suggestAnchor(id, target.anchors),
      });
    }
  };
  return { check };
}

/** The <main> element of a page (the whole page when it has none). */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start === -1 || end === -1 ? html : html.slice(start, end);
}

function suggestAnchor(id: string, anchors: Set<string>): string {
  const close = suggestRoute(id, anchors);
  return close ? `Did you mean #${close}?` : 'Anchors are heading texts in lower case with hyphens, e.g. #lock-a-record.';
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

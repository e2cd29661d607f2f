// Doc pages: one per markdown file under content/, its body rendered by the markdown stage.
import type { DocPageData } from '../../../shared/types.ts';
import type { SourceDoc } from '../../source/scan.ts';
import { breadcrumbsFor, paginationFor, type SidebarModel } from '../../source/sidebar.ts';
import { routeToHref, routeToOutputFile } from '../../source/routes.ts';
import { pageBody, titleHeadingId } from '../page-body.ts';
import { fillDocCardLists } from '../doc-card-list.ts';
import { idsInHtml } from '../../check/page-ids.ts';
import type { PageKind } from './page-kind.ts';
import { spillOf } from '../text-spill.ts';

export const docPageKind: PageKind<DocPageData> = {
  kind: 'doc',
  afterMarkdown: true,
  collect: ({ config, scanned: { source, sidebar }, markdown, dates }) =>
    source.docs.map((doc) => {
      const md = markdown.get(doc.id)!;
      // Read once: a production build reads it from a file (../text-spill.ts, ../markdown-bodies.ts).
      const markdownHtml = md.html;
      const { href, title, section, html } = docFields(doc, markdownHtml, sidebar);
      const titleId = titleHeadingId(markdownHtml, doc.hasExplicitTitle);
      const fm = doc.frontMatter;
      const paging = paginationFor(sidebar, href);
      const page: DocPageData = {
        kind: 'doc',
        route: doc.route,
        href,
        activeHref: href,
        title,
        titleId,
        description: doc.description,
        html,
        // The heading that became the page title is the page header, not a section of the page.
        toc: titleId === undefined ? md.data.toc : md.data.toc.filter((item) => item.id !== titleId),
        hideToc: fm.hide_table_of_contents ?? false,
        breadcrumbs: breadcrumbsFor(sidebar, doc.dir, doc.sidebarLabel),
        tags: fm.tags ?? [],
        keywords: fm.keywords ?? [],
        prev: fm.pagination_prev === null ? undefined : paging.prev,
        next: fm.pagination_next === null ? undefined : paging.next,
        editUrl: config.editUrl ? config.editUrl.replace(/\/?$/, '/') + doc.relPath.split('/').map(encodeURIComponent).join('/') : undefined,
        lastUpdated: dates.get(doc.relPath),
        section,
      };
      // A production build keeps the page's body where it keeps its markdown's (../text-spill.ts).
      spillOf(md)?.move(page, 'html');
      return page;
    }),
  outputPaths: (page, _base, layout) => [routeToOutputFile(page.route, layout)],
  linkCheck: (page, { scanned, markdown }) => {
    const doc = docByRoute(scanned.source.docs).get(page.route);
    const md = doc && markdown.get(doc.id);
    // The ids the built page really has: its body's and its header's.
    const anchors = md?.data.componentsDropped ? undefined : idsInHtml(page.html, page.titleId === undefined ? [] : [page.titleId]);
    // The body is read when the page is checked, not held for every page meanwhile.
    return {
      source: doc,
      get body() {
        return page.html;
      },
      links: md?.data.links ?? [],
      anchors,
    };
  },
};

/** The parts of a doc page its search records depend on too: its address, title, top section and body. */
export function docFields(doc: SourceDoc, markdownHtml: string, sidebar: SidebarModel): { href: string; title: string; section: string; html: string } {
  return {
    href: routeToHref(doc.route),
    title: doc.title,
    section: sidebar.categoryChain(doc.dir)[0]?.label ?? doc.title,
    html: fillDocCardLists(pageBody(markdownHtml, doc.hasExplicitTitle), sidebar.items, routeToHref(doc.route)),
  };
}

// One lookup table per compile's list of docs (the link check asks once per page).
const byRoute = new WeakMap<SourceDoc[], Map<string, SourceDoc>>();
function docByRoute(docs: SourceDoc[]): Map<string, SourceDoc> {
  let map = byRoute.get(docs);
  if (!map) byRoute.set(docs, (map = new Map(docs.map((d) => [d.route, d]))));
  return map;
}

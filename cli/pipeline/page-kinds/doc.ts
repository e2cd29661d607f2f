// Doc pages: one per markdown file under content/, its body rendered by the markdown stage.
import type { DocPageData } from '../../../shared/types.ts';
import type { SourceDoc } from '../../source/scan.ts';
import { breadcrumbsFor, paginationFor, type SidebarModel } from '../../source/sidebar.ts';
import { routeToHref, routeToOutputFile } from '../../source/routes.ts';
import { docPageBody, type DocBodyParts } from '../page-body.ts';
import { fillDocCardLists } from '../doc-card-list.ts';
import { DOC_CARDS_MARKER } from '../../markdown/plugins/remark-doc-cards.ts';
import type { LinkCheckView, PageKind } from './page-kind.ts';
import type { RecordedLink } from '../../markdown/context.ts';
import { lazyText, spilledAt, spillOf, unmadeText, type TextMaker, type TextSpill } from '../text-spill.ts';
import { bodyFacts, pageIds, type BodyFacts, type DocMarkdown } from '../body-facts.ts';

export const docPageKind: PageKind<DocPageData> = {
  kind: 'doc',
  afterMarkdown: true,
  collect: ({ config, scanned: { source, sidebar }, markdown, dates }) =>
    source.docs.map((doc) => {
      const md = markdown.get(doc.id)!;
      const facts = factsOf(md, doc.hasExplicitTitle);
      const { href, title, section } = docLabels(doc, sidebar);
      const titleId = facts.titleId;
      const fm = doc.frontMatter;
      const paging = paginationFor(sidebar, href);
      const page: Omit<DocPageData, 'html'> = {
        kind: 'doc',
        route: doc.route,
        href,
        activeHref: href,
        title,
        titleId,
        description: doc.description,
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
      // The body is made when a stage first reads it (the page is rendered): an unchanged page
      // kept from the last build never reads its markdown back (../markdown-bodies.ts). A
      // production build then keeps it where it keeps its markdown's (../text-spill.ts).
      lazyText(page, 'html', new DocBody(doc, md, sidebar));
      if (facts.hash !== undefined) bodyKeys.set(page as DocPageData, bodyKey(facts, sidebar, href));
      return page as DocPageData;
    }),
  outputPaths: (page, _base, layout) => [routeToOutputFile(page.route, layout)],
  linkCheck: (page, { scanned, markdown }) => {
    const doc = docByRoute(scanned.source.docs).get(page.route);
    const md = doc && markdown.get(doc.id);
    // The ids the built page really has: its body's and its header's (worked out when its markdown was rendered).
    const anchors = !md || md.data.componentsDropped ? undefined : pageIds(factsOf(md, doc!.hasExplicitTitle), md);
    return new DocLinkView(page, doc, md?.data.links ?? [], anchors);
  },
};

/** A doc page's body, made from its markdown when first read (lazyText). */
class DocBody implements TextMaker {
  constructor(
    readonly doc: SourceDoc,
    readonly md: DocMarkdown,
    private readonly sidebar: SidebarModel,
  ) {}

  make(): string {
    return docFields(this.doc, this.md.html, this.sidebar).html;
  }

  spill(): TextSpill | undefined {
    return spillOf(this.md);
  }
}

/**
 * A doc page whose body no one has made yet, without it, and what the body is made of, when its
 * markdown is in a spill: a render worker makes the body itself (../page-html.ts). Made here,
 * then sent, each page's body was read back from the spill, made, written to the spill again and
 * copied into the message on the main thread, which at 50,000 pages is the page phase's
 * bottleneck. Undefined otherwise: the page goes with its body.
 */
export function bodyMadeElsewhere(page: DocPageData): { page: Omit<DocPageData, 'html'>; body: DocBodyParts } | undefined {
  const maker = unmadeText(page, 'html');
  if (!(maker instanceof DocBody)) return undefined;
  const markdown = spilledAt(maker.md, 'html');
  if (!markdown) return undefined;
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(page) as (keyof DocPageData)[]) if (key !== 'html') rest[key] = page[key];
  return { page: rest as Omit<DocPageData, 'html'>, body: { markdown, hasExplicitTitle: maker.doc.hasExplicitTitle } };
}

/** What the link check knows of a doc page; its body is read when the page is checked, not held for every page meanwhile. */
class DocLinkView implements LinkCheckView {
  constructor(
    private readonly page: DocPageData,
    readonly source: SourceDoc | undefined,
    readonly links: RecordedLink[],
    readonly anchors: Set<string> | undefined,
  ) {}

  get body(): string {
    return this.page.html;
  }
}

/**
 * What a doc page's body and table of contents are made of, for its key in the page store
 * (../stages/pages.ts): the same key means the same `page.html` and `page.toc`, without reading
 * or stringifying them. The body is the rendered markdown (named by its hash) without the
 * heading that became the title, with the cards of its card lists, which come from the sidebar;
 * the table of contents is the markdown's (named by its hash) without that heading. Undefined for
 * a page whose markdown has no hashes (a build without the build cache): they are hashed instead.
 */
export function docBodyKey(page: DocPageData): string | undefined {
  return bodyKeys.get(page);
}

const bodyKeys = new WeakMap<DocPageData, string>();

function bodyKey(facts: BodyFacts, sidebar: SidebarModel, href: string): string {
  const cards = facts.cards ? fillDocCardLists(DOC_CARDS_MARKER, sidebar.items, href) : '';
  return `${facts.hash}:${facts.toc}:${facts.explicitTitle ? 1 : 0}:${cards}`;
}

/** A doc's body facts, as the markdown stage worked them out (else from its body, read here). */
function factsOf(md: DocMarkdown, explicitTitle: boolean): BodyFacts {
  return md.facts?.explicitTitle === explicitTitle ? md.facts : bodyFacts(md, explicitTitle, false);
}

/** The parts of a doc page its search records depend on too: its address, title, top section and body. */
export function docFields(doc: SourceDoc, markdownHtml: string, sidebar: SidebarModel): DocLabels & { html: string } {
  const labels = docLabels(doc, sidebar);
  return { ...labels, html: docPageBody(markdownHtml, doc.hasExplicitTitle, sidebar.items, labels.href) };
}

/** A doc page's address, title and top section. */
export interface DocLabels {
  href: string;
  title: string;
  section: string;
}

/**
 * A doc's labels, worked out once per doc and sidebar: the markdown and search stages ask for
 * them several times per page (the records' fields), and every page's took ~50 ms at 8,500 pages.
 * The object is shared: read it, never change it.
 */
export function docLabels(doc: SourceDoc, sidebar: SidebarModel): DocLabels {
  const known = labelsOf.get(doc);
  if (known?.sidebar === sidebar) return known.labels;
  const labels = { href: routeToHref(doc.route), title: doc.title, section: sidebar.categoryChain(doc.dir)[0]?.label ?? doc.title };
  labelsOf.set(doc, { sidebar, labels });
  return labels;
}

const labelsOf = new WeakMap<SourceDoc, { sidebar: SidebarModel; labels: DocLabels }>();

// One lookup table per compile's list of docs (the link check asks once per page).
const byRoute = new WeakMap<SourceDoc[], Map<string, SourceDoc>>();
function docByRoute(docs: SourceDoc[]): Map<string, SourceDoc> {
  let map = byRoute.get(docs);
  if (!map) byRoute.set(docs, (map = new Map(docs.map((d) => [d.route, d]))));
  return map;
}

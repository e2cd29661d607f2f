// Builds the one sidebar from the folder tree (position, then name; the home page first unless the
// config leaves it out; pages with `sidebar_hidden: true` left out unless SUMMARY.md names them),
// and derives what depends on its order: prev/next pagination, breadcrumbs and each page's
// top-level section.
import { posix } from 'node:path';
import type { SidebarItem, SidebarCategoryItem, Crumb, PageLink } from '../../shared/types.ts';
import type { SiteSource, SourceDoc, SourceCategory } from './scan.ts';
import { routeKey, routeToHref } from './routes.ts';
import { type SummaryEntry, summaryItems, summaryPages } from './mdbook-summary.ts';

export interface SidebarModel {
  items: SidebarItem[];
  /** Every linkable entry in reading order (docs and category index pages). */
  order: PageLink[];
  /** Categories from the top down to the folder, for breadcrumbs. */
  categoryChain(dir: string): SourceCategory[];
}

interface Node {
  category?: SourceCategory;
  doc?: SourceDoc;
  position?: number;
  name: string;
}

export interface SidebarOptions {
  /** Whether the home page leads the sidebar (config docs.sidebar.home); else only the logo links it. */
  home: boolean;
}

export function buildSidebar(source: SiteSource, homeRoute: string, options: SidebarOptions = { home: true }): SidebarModel {
  const docsByDir = new Map<string, SourceDoc[]>();
  for (const doc of source.docs) {
    if (!options.home && doc.route === homeRoute && doc.dir === '') continue;
    const list = docsByDir.get(doc.dir) ?? [];
    list.push(doc);
    docsByDir.set(doc.dir, list);
  }
  const childDirs = new Map<string, SourceCategory[]>();
  for (const category of source.categories.values()) {
    const parent = posix.dirname(category.dir) === '.' ? '' : posix.dirname(category.dir);
    const list = childDirs.get(parent) ?? [];
    list.push(category);
    childDirs.set(parent, list);
  }

  const build = (dir: string): SidebarItem[] => {
    const nodes: Node[] = [
      ...(docsByDir.get(dir) ?? [])
        // A category's own page stays its link, hidden or not: hiding removes the page as an item.
        .filter((doc) => !isCategoryLinkDoc(source, doc) && doc.frontMatter.sidebar_hidden !== true)
        .map((doc) => ({ doc, position: doc.position, name: posix.basename(doc.relPath) })),
      ...(childDirs.get(dir) ?? []).map((category) => ({
        category,
        position: category.position,
        name: posix.basename(category.dir),
      })),
    ];
    nodes.sort(compareNodes);
    // The home page leads the sidebar (as Docusaurus's docs home does), whatever its position.
    const home = nodes.findIndex((node) => node.doc?.route === homeRoute && node.doc.dir === '');
    if (home > 0) nodes.unshift(...nodes.splice(home, 1));
    return nodes.flatMap((node): SidebarItem[] => {
      if (node.doc) return [{ type: 'doc', id: node.doc.id, label: node.doc.sidebarLabel, href: routeToHref(node.doc.route) }];
      const category = node.category!;
      const linkDoc = category.linkDocId ? source.docs.find((d) => d.id === category.linkDocId) : undefined;
      const indexRoute = category.indexRoute ?? linkDoc?.route;
      const item: SidebarCategoryItem = {
        type: 'category',
        label: category.label,
        collapsed: category.collapsed,
        items: build(category.dir),
      };
      if (indexRoute) item.href = routeToHref(indexRoute);
      // A folder whose pages are all hidden, with no page of its own, would be an empty heading.
      return item.items.length || item.href ? [item] : [];
    });
  };

  const items = source.summary ? withSummary(source, source.summary, build('')) : build('');
  const order: PageLink[] = [];
  const walk = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'doc') order.push({ title: item.label, href: item.href });
      else {
        if (item.href) order.push({ title: item.label, href: item.href });
        walk(item.items);
      }
    }
  };
  walk(items);

  const categoryChain = (dir: string): SourceCategory[] => {
    const chain: SourceCategory[] = [];
    for (let d = dir; d; d = posix.dirname(d) === '.' ? '' : posix.dirname(d)) {
      const category = source.categories.get(d);
      if (category) chain.unshift(category);
    }
    return chain;
  };
  return { items, order, categoryChain };
}

/** The summary's entries first, then what the folder tree has that the summary does not name. */
function withSummary(source: SiteSource, summary: SummaryEntry[], folderItems: SidebarItem[]): SidebarItem[] {
  const docByRelPath = new Map(source.docs.map((d) => [d.relPath, d]));
  const named = new Set([...summaryPages(summary)].map((relPath) => docByRelPath.get(relPath)?.id));
  const rest = (list: SidebarItem[]): SidebarItem[] =>
    list.flatMap((item): SidebarItem[] => {
      if (item.type === 'doc') return named.has(item.id) ? [] : [item];
      const items = rest(item.items);
      // A folder all of whose pages the summary placed is left out with them.
      return items.length || (item.href && !item.items.length) ? [{ ...item, items }] : [];
    });
  return [...summaryItems(summary, docByRelPath), ...rest(folderItems)];
}

function isCategoryLinkDoc(source: SiteSource, doc: SourceDoc): boolean {
  const category = source.categories.get(doc.dir);
  return category?.linkDocId === doc.id;
}

function compareNodes(a: Node, b: Node): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa - pb;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Breadcrumbs for a page in a folder: each category (linked to its index) then the page. */
export function breadcrumbsFor(model: SidebarModel, dir: string, title: string): Crumb[] {
  return [...categoryCrumbs(model, dir), { label: title }];
}

/**
 * The crumbs of a folder's categories, made once per folder and sidebar and shared by its pages
 * (never changed in place): every page's copies were ~3 MB of the main thread's heap at 8,500
 * pages, held through the page phase (issue 38).
 */
const crumbsByDir = new WeakMap<SidebarModel, Map<string, readonly Crumb[]>>();

function categoryCrumbs(model: SidebarModel, dir: string): readonly Crumb[] {
  let byDir = crumbsByDir.get(model);
  if (!byDir) crumbsByDir.set(model, (byDir = new Map()));
  let crumbs = byDir.get(dir);
  if (!crumbs) {
    crumbs = model.categoryChain(dir).map((category) => (category.indexRoute ? { label: category.label, href: routeToHref(category.indexRoute) } : { label: category.label }));
    byDir.set(dir, crumbs);
  }
  return crumbs;
}

/** Prev/next links around an href in sidebar order. */
export function paginationFor(model: SidebarModel, href: string): { prev?: PageLink; next?: PageLink } {
  const index = orderIndex(model.order).get(href);
  if (index === undefined) return {};
  return { prev: model.order[index - 1], next: model.order[index + 1] };
}

/**
 * Each href's first place in sidebar order, made once per sidebar: every doc page asks, and
 * searching the order for each made collecting the pages quadratic in the site (at 8,500 pages,
 * 36 million comparisons on the main thread; every dev rebuild asked again).
 */
const orderIndexes = new WeakMap<PageLink[], Map<string, number>>();

function orderIndex(order: PageLink[]): Map<string, number> {
  let index = orderIndexes.get(order);
  if (!index) {
    index = new Map();
    for (const [at, entry] of order.entries()) if (!index.has(entry.href)) index.set(entry.href, at);
    orderIndexes.set(order, index);
  }
  return index;
}

/**
 * Where the logo and the breadcrumbs' home link go: the base URL when a page is there, else the
 * first page in reading order (as mdBook makes its first chapter the index).
 */
export function homeHref(source: SiteSource, model: SidebarModel, baseUrl: string): { href: string; missing: boolean } {
  if (source.docs.some((doc) => routeKey(doc.route) === routeKey(baseUrl))) return { href: baseUrl, missing: false };
  return { href: model.order[0]?.href ?? baseUrl, missing: true };
}

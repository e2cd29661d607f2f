// Category index pages (`"link": {"type": "generated-index"}` in _category_.json): a card per
// page or subcategory in the folder, in sidebar order, optionally under group headings.
import { posix } from 'node:path';
import type { CategoryPageData, SidebarItem } from '../../../shared/types.ts';
import { breadcrumbsFor, paginationFor } from '../../source/sidebar.ts';
import { groupCards, groupValue } from '../../source/category-groups.ts';
import { routeToHref, routeToOutputFile } from '../../source/routes.ts';
import type { PageKind, PageSources } from './page-kind.ts';

export const categoryPageKind: PageKind<CategoryPageData> = {
  kind: 'category',
  afterMarkdown: false,
  collect: categoryPages,
  outputPaths: (page, _base, layout) => [routeToOutputFile(page.route, layout)],
  // Group headings have ids, but links into a category page are not checked for anchors.
  linkCheck: () => ({ links: [], anchors: new Set<string>() }),
};

function categoryPages({ scanned: { source, sidebar } }: PageSources): CategoryPageData[] {
  const pages: CategoryPageData[] = [];
  const docByHref = new Map(source.docs.map((d) => [routeToHref(d.route), d]));
  const categoryByHref = new Map([...source.categories.values()].filter((c) => c.indexRoute).map((c) => [routeToHref(c.indexRoute!), c]));
  const itemByHref = categoryItemsByHref(sidebar.items);
  for (const category of [...source.categories.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1))) {
    if (!category.indexRoute) continue;
    const href = routeToHref(category.indexRoute);
    const item = itemByHref.get(href);
    const cards = (item?.items ?? []).map((child) => {
      if (child.type === 'doc') {
        return { title: child.label, href: child.href, description: docByHref.get(child.href)?.description ?? '', kind: 'doc' as const };
      }
      const sub = child.href ? categoryByHref.get(child.href) : undefined;
      return { title: child.label, href: child.href ?? href, description: sub?.description ?? '', kind: 'category' as const, count: countDocs(child.items) };
    });
    const chain = sidebar.categoryChain(category.dir);
    const grouping = category.groupBy;
    const groups = grouping && groupCards(cards, (card) => groupValue(docByHref.get(card.href), grouping.field), grouping.order);
    pages.push({
      kind: 'category',
      route: category.indexRoute,
      href,
      activeHref: href,
      title: category.label,
      description: category.description,
      breadcrumbs: breadcrumbsFor(sidebar, posix.dirname(category.dir) === '.' ? '' : posix.dirname(category.dir), category.label),
      cards,
      ...(groups && { groups }),
      ...paginationFor(sidebar, href),
      section: chain[0]?.label ?? category.label,
    });
  }
  return pages;
}

type CategoryItem = Extract<SidebarItem, { type: 'category' }>;

/**
 * The sidebar's categories by address, the first in sidebar order where two share one, found in
 * one walk: a walk of the sidebar per category page grew with the square of the site (~0.5 s of
 * the main thread at 50,000 pages).
 */
function categoryItemsByHref(items: SidebarItem[], found = new Map<string, CategoryItem>()): Map<string, CategoryItem> {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href !== undefined && !found.has(item.href)) found.set(item.href, item);
    categoryItemsByHref(item.items, found);
  }
  return found;
}

function countDocs(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + (item.type === 'doc' ? 1 : countDocs(item.items)), 0);
}

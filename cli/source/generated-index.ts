// A category with no page of its own (a folder without _category_.json, or one without a "link")
// gets a generated index page, as `"link": {"type": "generated-index"}` would give it: a card per
// page, at /category/<its folder path>. Pages carry only the sidebar branch they are in
// (templates/components/Sidebar.tsx), and a reader without JavaScript reaches the pages of every
// other category through its link; a category without one would have to be carried in full by
// every page (the whole sidebar, for a site with no _category_.json files: 1.5 MB a page at
// 8,400 pages). An index page, rather than a link to the category's first page, keeps the
// label's meaning (the whole category, as a breadcrumb says) and lists every page at once.
import { caseFoldKey, withBase, withTrailingSlash } from './routes.ts';
import type { SourceCategory, SourceDoc } from './source-types.ts';

export interface IndexRouteOptions {
  baseUrl: string;
  trailingSlash?: boolean;
}

/** Gives every category without a link (and not "link": null) an index route no other page has. */
export function addGeneratedIndexes(docs: SourceDoc[], categories: Map<string, SourceCategory>, options: IndexRouteOptions): void {
  const taken = new Set([...docs.map((d) => d.route), ...[...categories.values()].flatMap((c) => (c.indexRoute ? [c.indexRoute] : []))].map(caseFoldKey));
  const linkless = [...categories.values()].filter((c) => !c.indexRoute && !c.linkDocId && !c.noLink).sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  for (const category of linkless) {
    const slug = slugify(category.dir) || 'category';
    let route = '';
    for (let n = 1; !route || taken.has(caseFoldKey(route)); n++) {
      route = withTrailingSlash(withBase(options.baseUrl, `category/${slug}${n > 1 ? `-${n}` : ''}`), options.trailingSlash, options.baseUrl);
    }
    taken.add(caseFoldKey(route));
    category.indexRoute = route;
  }
}

/** "user-docs/templates/cell types" → "user-docs-templates-cell-types": letters, digits and dashes, so it stays inside the output folder. */
function slugify(dir: string): string {
  return dir
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

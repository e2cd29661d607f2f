// What the markdown stage keeps of every page through the build (issue 38): the routes its
// links looked up (for the build cache's freshness check), its links (for the link check and
// the page keys) and its ids (for #anchor checks). A page rendered on a worker thread brings its
// own copy of every string, and most links lead to a few pages: at 8,500 pages the route pairs
// alone were ~82,000 arrays and strings, ~10 MB of the main thread's heap. Equal parts of
// different pages are one shared value instead. Shared values are never changed in place, and
// every replacement is equal to what it replaces, so no reader can tell.
import type { RecordedLink } from '../markdown/context.ts';
import type { TocItem } from '../../shared/types.ts';

export type RoutePair = [relPath: string, route: string | null];

export class SharedParts {
  /** The pairs seen so far, by relPath (a path has one route in a build, so the list is short). */
  private readonly pairs = new Map<string, RoutePair[]>();
  /** One string per link address. */
  private readonly hrefs = new Map<string, string>();

  /**
   * Shares the parts of a page rendered in this build. One from the build cache comes as the
   * cold build saved it: its route pairs shared already (v8's format writes an object once), its
   * links' addresses copies, a few MB at 8,500 pages, left as they are (sharing them again was
   * ~0.15 s of every warm build's main thread).
   */
  rendered(routes: RoutePair[], links: RecordedLink[]): void {
    this.routes(routes);
    this.links(links);
  }

  /** Replaces each pair of `routes` with the equal pair seen first; returns `routes`. */
  routes(routes: RoutePair[]): RoutePair[] {
    for (let index = 0; index < routes.length; index++) {
      const [relPath, route] = routes[index]!;
      let known = this.pairs.get(relPath);
      if (!known) this.pairs.set(relPath, (known = []));
      const same = known.find((pair) => pair[1] === route);
      if (same) routes[index] = same;
      else known.push(routes[index]!);
    }
    return routes;
  }

  /** Gives the links' equal addresses one string. */
  links(links: RecordedLink[]): void {
    for (const link of links) {
      const known = this.hrefs.get(link.href);
      if (known === undefined) this.hrefs.set(link.href, link.href);
      else link.href = known;
    }
  }

  /**
   * A page's ids with the strings of its headings' ids, which are the same text (a page rendered
   * elsewhere brings the two as separate copies); `anchors` itself when it holds none of them.
   */
  anchors(anchors: Set<string>, toc: TocItem[]): Set<string> {
    if (toc.length === 0) return anchors;
    const tocIds = new Map(toc.map((item) => [item.id, item.id]));
    const shared = new Set<string>();
    for (const id of anchors) shared.add(tocIds.get(id) ?? id);
    return shared;
  }
}

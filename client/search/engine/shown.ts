// Which hits a view grouping by lvl0 shows, and in what order (the same rules as
// client/search/hits.ts groupHits, worked out from section ids before any page file is
// fetched): the engine fetches the text of those alone, and of the first screenful first.

/** What the rules need of a section: its lvl0 group and its page. */
export interface Placement {
  groupIndex(id: number): number;
  pageIndex(id: number): number;
}

/** The hits a view showing at most `max` of each group keeps (rank order). */
export function keptPerGroup(ids: readonly number[], max: number | undefined, place: Placement): number[] {
  if (max === undefined) return [...ids];
  const counts = new Map<number, number>();
  return ids.filter((id) => {
    const count = counts.get(place.groupIndex(id)) ?? 0;
    counts.set(place.groupIndex(id), count + 1);
    return count < max;
  });
}

/**
 * The hits in the order a grouped view shows them: groups in order of their best hit, within
 * a group its pages in order of their best hit, within a page by rank. The first n rows of a
 * list that keeps only some of the hits are the same as the full list's when the kept hits are
 * its first n rows: a view can show the first screenful, then the rest below it.
 */
export function displayOrder(ids: readonly number[], place: Placement): number[] {
  const groups = new Map<number, Map<number, number[]>>();
  for (const id of ids) {
    let pages = groups.get(place.groupIndex(id));
    if (!pages) groups.set(place.groupIndex(id), (pages = new Map()));
    let hits = pages.get(place.pageIndex(id));
    if (!hits) pages.set(place.pageIndex(id), (hits = []));
    hits.push(id);
  }
  return [...groups.values()].flatMap((pages) => [...pages.values()].flat());
}

// The rows the modal's combobox moves through, in display order, with the ids its listboxes and
// options carry (DocSearch's): with no query, the recent searches then the favourites; with
// one, the hits of each lvl0 group, numbered across groups.
import type { HitGroup } from '../hits.ts';
import type { StoredHit } from '../stored-searches.ts';
import type { SearchHit } from '../types.ts';

export interface Item {
  id: string;
  hit: SearchHit | StoredHit;
  source: 'hits' | 'recent' | 'favorite';
}

export const RECENT_LIST_ID = 'docsearch-recentSearches-list';
export const FAVORITE_LIST_ID = 'docsearch-favoriteSearches-list';

export interface ItemSources {
  query: string;
  recent: StoredHit[];
  favorites: StoredHit[];
  groups: HitGroup[];
}

export function modalItems({ query, recent, favorites, groups }: ItemSources): Item[] {
  if (!query.trim()) {
    return [
      ...recent.map((hit, i): Item => ({ id: `docsearch-recentSearches-item-${i}`, hit, source: 'recent' })),
      ...favorites.map((hit, j): Item => ({ id: `docsearch-favoriteSearches-item-${recent.length + j}`, hit, source: 'favorite' })),
    ];
  }
  const list: Item[] = [];
  groups.forEach((group, g) => {
    for (const hit of group.hits) list.push({ id: `docsearch-hits${g}-item-${list.length}`, hit, source: 'hits' });
  });
  return list;
}

/** The ids of the listboxes on screen, for the combobox's aria-controls. */
export function listIds({ query, recent, favorites, groups }: ItemSources): string[] {
  if (query.trim()) return groups.map((_, g) => `docsearch-hits${g}-list`);
  return [recent.length ? RECENT_LIST_ID : '', favorites.length ? FAVORITE_LIST_ID : ''].filter(Boolean);
}

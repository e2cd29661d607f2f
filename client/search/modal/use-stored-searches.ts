// The modal's recent and favourite searches (../stored-searches.ts) as React state: what the
// start screen lists, and the changes the reader makes to them. The recent limit is decided
// once per opening (7, or 4 when there are favourites).
import { useMemo, useState } from 'react';
import { openStores, type StoredHit } from '../stored-searches.ts';
import type { Item } from './items.ts';

export type StoredSearchState = ReturnType<typeof useStoredSearches>;

export function useStoredSearches(indexName: string) {
  const stores = useMemo(() => openStores(indexName), [indexName]);
  const [recent, setRecent] = useState<StoredHit[]>(() => stores.recent.all());
  const [favorites, setFavorites] = useState<StoredHit[]>(() => stores.favorites.all());
  return {
    recent,
    favorites,
    /** Remembers an opened item among the recent searches, unless it is a favourite. */
    save(item: Item) {
      if (item.source === 'favorite' || stores.favorites.has(item.hit as StoredHit)) return;
      stores.recent.add(item.hit);
      setRecent(stores.recent.all());
    },
    /** Moves a recent search to the favourites. */
    favorite(hit: StoredHit) {
      stores.favorites.add(hit);
      stores.recent.remove(hit);
      setFavorites(stores.favorites.all());
      setRecent(stores.recent.all());
    },
    removeRecent(hit: StoredHit) {
      stores.recent.remove(hit);
      setRecent(stores.recent.all());
    },
    removeFavorite(hit: StoredHit) {
      stores.favorites.remove(hit);
      setFavorites(stores.favorites.all());
    },
  };
}

// Recent and favourite searches, per index, under DocSearch's keys
// (__DOCSEARCH_RECENT_SEARCHES__<index>, __DOCSEARCH_FAVORITE_SEARCHES__<index>). Each is a JSON
// array, newest first, of hits without their highlight and snippet data. Storage goes through
// client/storage.ts: when the browser blocks it, one warning is logged and nothing is saved.
import { storage } from '../storage.ts';
import type { SearchHit } from './types.ts';

export type StoredHit = Omit<SearchHit, '_highlightResult' | '_snippetResult'>;

export const RECENT_LIMIT = 7;
export const RECENT_LIMIT_WITH_FAVORITES = 4;
export const FAVORITE_LIMIT = 10;

export const recentKey = (indexName: string) => `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
export const favoriteKey = (indexName: string) => `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;

export function toStored(hit: SearchHit | StoredHit): StoredHit {
  const { objectID, type, url, hierarchy, content } = hit;
  return { objectID, type, url, hierarchy, content };
}

export class StoredSearches {
  constructor(
    private readonly key: string,
    readonly limit: number,
  ) {}

  /** The stored items, newest first, at most `limit` of them (a list saved under a larger limit is cut). */
  all(): StoredHit[] {
    return this.stored().slice(0, this.limit);
  }

  private stored(): StoredHit[] {
    const raw = storage.get(this.key);
    if (!raw) return [];
    try {
      const list = JSON.parse(raw) as unknown;
      // Anything that is not a list of hits (an old or foreign value) reads as empty.
      return Array.isArray(list) ? (list.filter((x) => x && typeof x === 'object' && typeof (x as StoredHit).objectID === 'string' && typeof (x as StoredHit).url === 'string') as StoredHit[]) : [];
    } catch {
      return [];
    }
  }

  /** Puts the item first (once) and keeps at most `limit`. */
  add(item: SearchHit | StoredHit): void {
    const stored = toStored(item);
    const list = [stored, ...this.all().filter((x) => x.objectID !== stored.objectID)].slice(0, this.limit);
    storage.set(this.key, JSON.stringify(list));
  }

  remove(item: StoredHit): void {
    storage.set(this.key, JSON.stringify(this.all().filter((x) => x.objectID !== item.objectID)));
  }

  has(item: StoredHit): boolean {
    return this.all().some((x) => x.objectID === item.objectID);
  }
}

/** The two lists for one modal opening: the recent limit is fixed when the modal opens. */
export function openStores(indexName: string): { recent: StoredSearches; favorites: StoredSearches } {
  const favorites = new StoredSearches(favoriteKey(indexName), FAVORITE_LIMIT);
  const recent = new StoredSearches(recentKey(indexName), favorites.all().length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT);
  return { recent, favorites };
}

// @vitest-environment jsdom
// Recent and favourite searches in localStorage: newest first, each once, at most the limit,
// without highlight data, under DocSearch's per-index keys; anything else stored there reads
// as an empty list.
import { beforeEach, describe, expect, it } from 'vitest';
import { FAVORITE_LIMIT, RECENT_LIMIT, RECENT_LIMIT_WITH_FAVORITES, StoredSearches, favoriteKey, openStores, recentKey } from './stored-searches.ts';
import type { SearchHit } from './types.ts';

function hit(n: number): SearchHit {
  return {
    objectID: `/support/guides/page-${n}`,
    url: `/support/guides/page-${n}`,
    type: 'lvl1',
    hierarchy: { lvl0: 'Guides', lvl1: `Page ${n}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    _highlightResult: { hierarchy: { lvl1: { value: `<mark>Page</mark> ${n}`, matchLevel: 'full', matchedWords: ['page'] } } },
  } as SearchHit;
}

const ids = (store: StoredSearches) => store.all().map((stored) => stored.objectID.replace('/support/guides/', ''));

beforeEach(() => localStorage.clear());

describe('StoredSearches', () => {
  it('puts what is added first, once, and keeps at most its limit', () => {
    const store = new StoredSearches('k', 4);
    for (const n of [1, 2, 3]) store.add(hit(n));
    expect(ids(store)).toEqual(['page-3', 'page-2', 'page-1']);
    store.add(hit(1));
    expect(ids(store)).toEqual(['page-1', 'page-3', 'page-2']);
    store.add(hit(4));
    store.add(hit(5));
    expect(ids(store)).toEqual(['page-5', 'page-4', 'page-1', 'page-3']);
    expect(JSON.parse(localStorage.getItem('k')!)).toHaveLength(4);
  });

  it('stores hits without their highlight and snippet data', () => {
    new StoredSearches('k', 3).add(hit(1));
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual([{ objectID: '/support/guides/page-1', url: '/support/guides/page-1', type: 'lvl1', hierarchy: hit(1).hierarchy, content: null }]);
  });

  it('removes an item and tells whether it holds one', () => {
    const store = new StoredSearches('k', 5);
    for (const n of [1, 2, 3]) store.add(hit(n));
    store.remove(hit(2));
    expect(ids(store)).toEqual(['page-3', 'page-1']);
    expect(store.has(hit(1))).toBe(true);
    expect(store.has(hit(2))).toBe(false);
  });

  it('cuts a list saved under a larger limit', () => {
    localStorage.setItem('k', JSON.stringify([1, 2, 3, 4, 5].map(hit)));
    expect(ids(new StoredSearches('k', 2))).toEqual(['page-1', 'page-2']);
  });

  it('reads anything but a list of hits as empty, and skips entries that are not hits', () => {
    for (const value of ['not json', '{"objectID":"x","url":"/x"}', '"text"', 'null']) {
      localStorage.setItem('k', value);
      expect(new StoredSearches('k', 5).all(), value).toEqual([]);
    }
    localStorage.setItem('k', JSON.stringify([null, 7, { objectID: 1, url: '/a' }, { objectID: 'b' }, hit(1)]));
    expect(ids(new StoredSearches('k', 5))).toEqual(['page-1']);
  });
});

describe('openStores', () => {
  it("keeps 7 recent searches, or 4 once there are favourites, under the index's own keys", () => {
    expect(RECENT_LIMIT).toBe(7);
    expect(RECENT_LIMIT_WITH_FAVORITES).toBe(4);
    expect(FAVORITE_LIMIT).toBe(10);
    const first = openStores('docs');
    for (let n = 1; n <= 9; n++) first.recent.add(hit(n));
    expect(first.recent.all()).toHaveLength(7);
    expect(localStorage.getItem(recentKey('docs'))).not.toBeNull();
    expect(recentKey('docs')).toBe('__DOCSEARCH_RECENT_SEARCHES__docs');
    expect(favoriteKey('docs')).toBe('__DOCSEARCH_FAVORITE_SEARCHES__docs');

    first.favorites.add(hit(9));
    const next = openStores('docs');
    expect(next.recent.limit).toBe(4);
    expect(ids(next.recent)).toEqual(['page-9', 'page-8', 'page-7', 'page-6']);
    expect(ids(next.favorites)).toEqual(['page-9']);
    // Another index has lists of its own.
    expect(openStores('other').recent.all()).toEqual([]);
  });

  it('keeps at most 10 favourites', () => {
    const { favorites } = openStores('docs');
    for (let n = 1; n <= 12; n++) favorites.add(hit(n));
    expect(ids(favorites)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `page-${n}`));
  });
});

// The modal's rows and listbox ids: recent then favourite searches with no query, the hits of
// each group numbered across groups with one; ids as DocSearch gives them.
import { describe, expect, it } from 'vitest';
import type { HitGroup } from '../hits.ts';
import type { SearchHit } from '../types.ts';
import { listIds, modalItems } from './items.ts';

const hit = (name: string) => ({ objectID: name, url: `/support/${name}`, type: 'lvl1', hierarchy: { lvl0: 'Guides', lvl1: name }, content: null }) as unknown as SearchHit;
const groups: HitGroup[] = [
  { name: 'Guides', hits: [hit('a'), hit('b')] },
  { name: 'Admin', hits: [hit('c')] },
] as HitGroup[];
const recent = [hit('r1'), hit('r2')];
const favorites = [hit('f1')];

describe('modalItems', () => {
  it('lists recent then favourite searches while the query is empty, numbered across both', () => {
    const items = modalItems({ query: '  ', recent, favorites, groups });
    expect(items.map((item) => [item.id, item.source, item.hit.objectID])).toEqual([
      ['docsearch-recentSearches-item-0', 'recent', 'r1'],
      ['docsearch-recentSearches-item-1', 'recent', 'r2'],
      ['docsearch-favoriteSearches-item-2', 'favorite', 'f1'],
    ]);
  });

  it("lists each group's hits with a query, numbered across groups", () => {
    const items = modalItems({ query: 'lock', recent, favorites, groups });
    expect(items.map((item) => [item.id, item.source, item.hit.objectID])).toEqual([
      ['docsearch-hits0-item-0', 'hits', 'a'],
      ['docsearch-hits0-item-1', 'hits', 'b'],
      ['docsearch-hits1-item-2', 'hits', 'c'],
    ]);
  });
});

describe('listIds', () => {
  it('names the listboxes on screen', () => {
    expect(listIds({ query: 'lock', recent, favorites, groups })).toEqual(['docsearch-hits0-list', 'docsearch-hits1-list']);
    expect(listIds({ query: '', recent, favorites, groups })).toEqual(['docsearch-recentSearches-list', 'docsearch-favoriteSearches-list']);
    expect(listIds({ query: '', recent: [], favorites, groups })).toEqual(['docsearch-favoriteSearches-list']);
    expect(listIds({ query: '', recent: [], favorites: [], groups })).toEqual([]);
  });
});

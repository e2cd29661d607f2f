// MiniSearch in the comparison (./search-engines.ts), set up as a maintainer would drop it in
// for our engine: the same section documents and fields (cli/search/local-index.ts), our
// tokenizer and stemmer (shared/search/index-format.ts MINISEARCH_OPTIONS), our field weights,
// prefix search on the last word and our typo allowance, but none of our ranking rules (title
// bonuses, coverage, joined and split words). The browser loads its whole serialized index
// before the first query, as VitePress's local search does; each section stores its URL, page
// title and heading, enough to list a hit, but no text for a snippet.
import MiniSearch from 'minisearch';
import { pageSectionDocuments } from '../../cli/search/local-index.ts';
import { MINI_OPTIONS, MINI_SEARCH_OPTIONS, type MiniDocument } from './search-engines-mini-options.ts';
import type { BuiltIndex } from './search-engines-ours.ts';
import type { BuiltPage } from './search-engines-pages.ts';

function documents(pages: BuiltPage[]): MiniDocument[] {
  const all: MiniDocument[] = [];
  for (const page of pages) {
    const { sections, documents: docs } = pageSectionDocuments(page);
    docs.forEach((doc, i) => {
      const anchor = sections[i]![3];
      all.push({ ...doc, id: all.length, url: anchor ? `${page.href}#${anchor}` : page.href, page: page.title });
    });
  }
  return all;
}

export function buildMiniSearch(pages: BuiltPage[]): BuiltIndex {
  const start = performance.now();
  const search = new MiniSearch<MiniDocument>(MINI_OPTIONS);
  search.addAll(documents(pages));
  const text = JSON.stringify(search);
  return { buildMs: performance.now() - start, files: [{ path: 'minisearch-index.json', text }] };
}

export function miniRanker(index: BuiltIndex): (query: string) => string[] {
  const search = MiniSearch.loadJSON<MiniDocument>(index.files[0]!.text, MINI_OPTIONS);
  return (query) => search.search(query, MINI_SEARCH_OPTIONS).slice(0, 20).map((hit) => String(hit.url).split('#')[0]!);
}

// Bundled for the browser by ./search-engines-browser.ts: MiniSearch's first search on a cold
// page: its whole serialized index fetched and loaded, then the query (see
// ./search-engines-minisearch.ts for the set-up; its hits carry URL, page title and heading).
import MiniSearch from 'minisearch';
import { MINI_OPTIONS, MINI_SEARCH_OPTIONS } from './search-engines-mini-options.ts';

export async function firstResults(indexUrl: string, query: string): Promise<{ urls: string[]; withText: number }> {
  const text = await (await fetch(indexUrl)).text();
  const search = MiniSearch.loadJSON(text, MINI_OPTIONS);
  const shown = search.search(query, MINI_SEARCH_OPTIONS).slice(0, 9);
  return { urls: shown.map((h) => String(h.url)), withText: shown.filter((h) => h.heading || h.page).length };
}

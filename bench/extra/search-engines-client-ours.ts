// Bundled for the browser by ./search-engines-browser.ts: our local provider's first search on
// a cold page, as the modal asks it (20 hits, the first screen's 9 rows with their snippets).
import { createLocalProvider } from '../../client/search/providers/local.ts';

export async function firstResults(indexUrl: string, query: string): Promise<{ urls: string[]; withText: number }> {
  const provider = await createLocalProvider(indexUrl, 'bench');
  const { hits } = await provider.search({ query, hitsPerPage: 20, snippetWords: 10, firstRows: 9, complete: true });
  const shown = hits.slice(0, 9);
  return { urls: shown.map((h) => h.url), withText: shown.filter((h) => h._snippetResult?.content?.value || h._highlightResult?.hierarchy?.lvl1?.value).length };
}

// The local provider: fetches the prebuilt index (once, on first search intent) and answers
// from it in the browser. Paragraph fragments come on demand, per page of the hits shown.
import { LocalSearchEngine } from '../engine/engine.ts';
import type { FragmentFile, IndexFile } from '../../../shared/search/index-format.ts';
import { SearchUnavailableError, type SearchProvider } from '../types.ts';

async function fetchJson<T>(url: URL): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (cause) {
    throw new SearchUnavailableError(`The search index could not be loaded from ${url.pathname}.`, { cause });
  }
  if (!response.ok) throw new SearchUnavailableError(`The search index could not be loaded from ${url.pathname} (HTTP ${response.status}).`);
  return (await response.json()) as T;
}

export async function createLocalProvider(indexUrl: string, indexName: string): Promise<SearchProvider & { engine: LocalSearchEngine }> {
  const base = new URL(indexUrl, location.href);
  const file = await fetchJson<IndexFile>(base);
  const engine = new LocalSearchEngine(file, (name) => fetchJson<FragmentFile>(new URL(`pages/${name}`, base)));
  return { indexName, engine, search: (request) => engine.search(request) };
}

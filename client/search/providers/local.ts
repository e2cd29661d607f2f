// The local provider: fetches the index's entry file (once, on first search intent) and
// answers from it in the browser. Term shards come on demand for the words typed, section
// files for the hits shown (see shared/search/index-format.ts).
import { LocalSearchEngine } from '../engine/engine.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
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
  const entry = await fetchJson<EntryFile>(base);
  const engine = new LocalSearchEngine(entry, (path) => fetchJson(new URL(path, base)));
  let latest = 0;
  return {
    indexName,
    engine,
    search: async (request) => {
      // Keys typed while the entry loaded arrive as a burst of queries ("l", "lo", "loc" …):
      // each takes its number first, so only the newest fetches shards and sections. The
      // others answer without hits, an answer the search view drops as out of date.
      const ticket = ++latest;
      await Promise.resolve();
      return engine.search(request, () => ticket === latest);
    },
  };
}

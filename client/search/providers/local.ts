// The local provider: fetches the index's entry file (once, on first search intent) and
// answers from it in the browser. Term shards come on demand for the words typed, section
// files for the hits shown (see shared/search/index-format.ts).
import { LocalSearchEngine } from '../engine/engine.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
import { SearchUnavailableError, type SearchProvider } from '../types.ts';

/** Longer than the time between two keys of a reader typing fast (about 8 keys a second). */
const SETTLE_MS = 120;

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
  let lastArrival = -Infinity;
  return {
    indexName,
    engine,
    search: async (request) => {
      // Each query takes a number, and only the newest fetches shards and sections; the
      // others answer without hits, an answer the search view drops as out of date. Keys
      // typed while the entry loaded arrive together ("l", "lo", "loc" … in one task): the
      // pause lets them all take their numbers. A query coming soon after the one before
      // (the reader typing on) waits SETTLE_MS before fetching shards it lacks, so the
      // prefixes of a word typed fast ("lo" reaches every lo… term) fetch nothing.
      const ticket = ++latest;
      const gap = performance.now() - lastArrival;
      lastArrival = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const typingOn = gap > 0 && gap < SETTLE_MS;
      return engine.search(request, () => ticket === latest, typingOn ? () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)) : undefined);
    },
  };
}

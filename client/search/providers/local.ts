// The local provider: fetches the index's entry file (once, on first search intent) and
// answers from it in the browser. Term shards come on demand for the words typed, section
// files for the hits shown (see shared/search/index-format.ts).
import { LocalSearchEngine } from '../engine/engine.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
import { SearchUnavailableError, type SearchProvider } from '../types.ts';

/** Longer than the time between two keys of a reader typing fast (7 keys a second and faster). */
const SETTLE_MS = 150;
/** Queries arriving this soon after the entry is ready were typed while it loaded. */
const HELD_MS = 5;

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
  const ready = performance.now();
  // Fetching shards waits until SETTLE_MS after the last query typed: the prefixes of a word
  // typed fast ("lo" reaches every lo… term) fetch nothing. The queries typed while the entry
  // loaded arrive the moment it is ready, all at once: they have waited already.
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, lastArrival + SETTLE_MS - performance.now())));
  return {
    indexName,
    engine,
    search: async (request) => {
      // Each query takes a number, and only the newest fetches shards and sections; the
      // others answer without hits, an answer the search view drops as out of date.
      const ticket = ++latest;
      if (performance.now() - ready > HELD_MS) lastArrival = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return engine.search(request, () => ticket === latest, settle);
    },
  };
}

// The local provider: reads the index's entry file (fetched once, on first search intent) and
// answers from it in the browser. Term shards come on demand for the words typed, section
// files for the hits shown (see shared/search/index-format.ts).
import { LocalSearchEngine } from '../engine/engine.ts';
import type { EntryFile } from '../../../shared/search/index-format.ts';
import type { SearchProvider } from '../types.ts';
import { fetchEntry, fetchJson } from './index-files.ts';

/** Longer than the time between two keys of a reader typing fast (7 keys a second and faster). */
const SETTLE_MS = 150;

export async function createLocalProvider(indexUrl: string, indexName: string): Promise<SearchProvider & { engine: LocalSearchEngine }> {
  const base = new URL(indexUrl, location.href);
  // Usually on its way already (index-files.ts).
  const entry = (await fetchEntry(base)) as EntryFile;
  const engine = new LocalSearchEngine(entry, (path) => fetchJson(new URL(path, base)));
  let latest = 0;
  let lastArrival = -Infinity;
  // A query whose word being typed is still a wide beginning ("lo" reaches every lo… term, ten
  // shards) waits until SETTLE_MS after the last query typed before fetching (engine.search):
  // typed fast, such prefixes fetch nothing. That holds for the queries typed while the entry
  // loaded too (they arrive the moment it is ready): "lo" typed then is most likely a word on
  // its way, and a whole word does not wait anyway.
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, lastArrival + SETTLE_MS - performance.now())));
  return {
    indexName,
    engine,
    search: async (request) => {
      // Each query takes a number, and only the newest fetches shards and sections; the
      // others answer without hits, an answer the search view drops as out of date.
      const ticket = ++latest;
      // A query typed in full before the search box appeared has nothing left to wait for.
      if (!request.complete) lastArrival = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return engine.search(request, () => ticket === latest, settle);
    },
  };
}

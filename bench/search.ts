// Search figures: the size of the local index a page downloads (found through the page's own
// #helpgen-config, as the browser finds it) and the time of a query in Node through the search
// module's query function (see search-adapter.ts for how that function is found).
import { existsSync, readFileSync } from 'node:fs';
import { bytesOf, fileForUrl, type Bytes } from './page-weight.ts';
import { percentile } from './stats.ts';

export interface IndexSize extends Bytes {
  url: string;
}

/** The index file a page points to, or undefined when the build wrote none. */
export function measureIndex(outDir: string, pageRoute: string): IndexSize | undefined {
  const html = readFileSync(fileForUrl(outDir, encodeURI(pageRoute)), 'utf8');
  const json = /<script type="application\/json" id="helpgen-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) return undefined;
  const url = (JSON.parse(json) as { search?: { indexUrl?: string } }).search?.indexUrl;
  if (!url) return undefined;
  const file = fileForUrl(outDir, url);
  if (!existsSync(file)) return undefined;
  return { url, ...bytesOf(readFileSync(file)) };
}

export interface QueryTimes {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Time to load the index into the query engine, once. */
  loadMs: number;
  /** Queries that found nothing (a sanity check: realistic queries mostly find pages). */
  empty: number;
}

export type QueryFn = (query: string) => unknown[] | Promise<unknown[]>;

/** Times each query once after one untimed pass (JIT warm-up, lazy structures built). */
export async function timeQueries(load: () => Promise<QueryFn>, queries: readonly string[]): Promise<QueryTimes> {
  const t0 = performance.now();
  const query = await load();
  const loadMs = performance.now() - t0;
  for (const q of queries) await query(q);
  const times: number[] = [];
  let empty = 0;
  for (const q of queries) {
    const start = performance.now();
    const results = await query(q);
    times.push(performance.now() - start);
    if (results.length === 0) empty++;
  }
  times.sort((a, b) => a - b);
  return { queries: queries.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), maxMs: times[times.length - 1]!, loadMs, empty };
}

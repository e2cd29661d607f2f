// Search cost of a built site: the local index a page downloads (found through the page's own
// #helpgen-config, as the browser finds it) and the time of a query with a warm engine, in Node,
// through the engine readers run (client/search/engine/), asked as the search modal asks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LocalSearchEngine } from '../client/search/engine/engine.ts';
import type { EntryFile } from '../shared/search/index-format.ts';
import { bytesOf, fileForUrl, type Bytes } from './page-weight.ts';
import { QUERIES } from './queries.ts';
import { percentile } from './stats.ts';

export interface IndexSize extends Bytes {
  url: string;
}

/** A site's search figures (results.json adds the first search in Chromium, ./extra/search-transfer.ts). */
export interface SearchFigures {
  index?: IndexSize;
  indexNote?: string;
  /** The files the entry names (term shards, page files), fetched on demand. */
  fragments?: { files: number; raw: number };
  /** Every file of the local index: entry, shards and page files. */
  total?: { files: number; raw: number; gzip: number };
  queries?: QueryTimes;
  queryNote?: string;
}

export interface QueryTimes {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Time to load the entry file into the engine, once. */
  loadMs: number;
  /** Queries that found nothing (a sanity check: realistic queries mostly find pages). */
  empty: number;
}

/** The index files and warm query times of the build in `outDir`, seen from the page at `route`. */
export async function measureSearch(outDir: string, route: string): Promise<SearchFigures> {
  const index = measureIndex(outDir, route);
  if (!index) return { indexNote: 'n/a: the build wrote no local search index' };
  const indexFile = fileForUrl(outDir, index.url);
  const search: SearchFigures = { index, ...indexFiles(indexFile) };
  try {
    search.queries = await timeQueries(indexFile, QUERIES);
  } catch (error) {
    search.queryNote = `n/a: query function failed: ${(error as Error).message}`;
  }
  return search;
}

/** The index file a page points to, or undefined when the build wrote none. */
function measureIndex(outDir: string, pageRoute: string): IndexSize | undefined {
  const html = readFileSync(fileForUrl(outDir, encodeURI(pageRoute)), 'utf8');
  const json = /<script type="application\/json" id="helpgen-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const url = json && (JSON.parse(json) as { search?: { indexUrl?: string } }).search?.indexUrl;
  if (!url || !existsSync(fileForUrl(outDir, url))) return undefined;
  return { url, ...bytesOf(readFileSync(fileForUrl(outDir, url))) };
}

/**
 * The files beside the entry: `fragments`, what it names and a query fetches on demand (term
 * shards, page files, their word dictionary), and `total`, every file of the index (sections
 * too), each gzip-compressed on its own, as served.
 */
function indexFiles(indexFile: string): Pick<SearchFigures, 'fragments' | 'total'> {
  const inFolder = (folder: string) => {
    const dir = join(dirname(indexFile), folder);
    return existsSync(dir) ? readdirSync(dir).map((name) => readFileSync(join(dir, name))) : [];
  };
  const fragments = ['terms', 'pages', 'words'].flatMap(inFolder);
  const all = [readFileSync(indexFile), ...fragments, ...inFolder('sections')];
  const sum = (files: Buffer[], size: (file: Buffer) => number) => files.reduce((n, file) => n + size(file), 0);
  return {
    fragments: fragments.length ? { files: fragments.length, raw: sum(fragments, (f) => f.length) } : undefined,
    total: { files: all.length, raw: sum(all, (f) => f.length), gzip: sum(all, (f) => gzipSync(f).length) },
  };
}

/**
 * Loads the entry file the build wrote into the engine (timed as load), then times each query
 * once after one untimed pass. The engine reads the shards and page files it asks for from disk,
 * as the browser fetches them; the untimed pass loads them and warms the JIT, so the timed pass
 * is the warm engine's own work.
 */
async function timeQueries(indexFile: string, queries: readonly string[]): Promise<QueryTimes> {
  const t0 = performance.now();
  const read = async (path: string) => JSON.parse(readFileSync(join(dirname(indexFile), path), 'utf8')) as unknown;
  const engine = new LocalSearchEngine(JSON.parse(readFileSync(indexFile, 'utf8')) as EntryFile, read);
  const query = async (q: string) => (await engine.search({ query: q, hitsPerPage: 20, snippetWords: 10 })).hits;
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
  return { queries: queries.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), maxMs: times.at(-1)!, loadMs, empty };
}

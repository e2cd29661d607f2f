// The local engine's CPU for one query on a cold process, by phase, as the browser's first search runs it:
// the entry read into the engine, the lookups listed, the shards read (JSON parse and postings),
// the ranking, the hits (section files read and snippets). One process answers one query, so
// every phase runs cold (interpreter and baseline tiers), as on a page just opened; run it
// several times and compare medians. Prints one JSON line: milliseconds of CPU per phase.
//   npx esbuild bench/extra/engine-cold.ts --bundle --platform=node --format=esm --outfile=/tmp/engine-cold.mjs
//   node /tmp/engine-cold.mjs DIST/support/assets/search locking
// To compare two versions of the engine, bundle each (from its own checkout) and run the two
// bundles in alternation: the machine's load then skews both alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { SearchRequest } from '../../client/search/types.ts';
import { type EntryFile, wordsPath } from '../../shared/search/index-format.ts';

type Phase = 'entry' | 'lookups' | 'shardParse' | 'shardRead' | 'rank' | 'hits';

/** CPU milliseconds (user + system) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const used = cpuUsage(from);
  return (used.user + used.system) / 1000;
}

export function engineCold(dir: string, query: string): Record<Phase, number> {
  const times = {} as Record<Phase, number>;
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  let start = cpuUsage();
  const engine = new LocalSearchEngine(JSON.parse(read('index.json')));
  times.entry = cpuSince(start);
  // The engine's own steps, in the order search() takes them (its store and listing are private).
  const inside = engine as unknown as {
    store: { shardsOf(lookups: unknown): { paths: string[] }; add(path: string, data: unknown): void; section(id: number): unknown; pageIndex(id: number): number };
    lookupsOf(query: string, resolve: boolean): unknown;
    rank(request: SearchRequest): { slice: { id: number }[] };
    finish(ranked: unknown, request: SearchRequest): unknown;
  };
  start = cpuUsage();
  const { paths } = inside.store.shardsOf(inside.lookupsOf(query, false));
  times.lookups = cpuSince(start);
  const texts = paths.map(read);
  start = cpuUsage();
  const files = texts.map((text) => JSON.parse(text) as unknown);
  times.shardParse = cpuSince(start);
  start = cpuUsage();
  for (let i = 0; i < paths.length; i++) inside.store.add(paths[i]!, files[i]);
  times.shardRead = cpuSince(start);
  const request: SearchRequest = { query, hitsPerPage: 20, snippetWords: 10 };
  start = cpuUsage();
  const ranked = inside.rank(request);
  times.rank = cpuSince(start);
  const store = inside.store as unknown as { fileOf(kind: string, n: number): string };
  const pagePaths = [...new Set(ranked.slice.map((c) => store.fileOf('pages', inside.store.pageIndex(c.id))))];
  const words = wordsPath((JSON.parse(read('index.json')) as EntryFile).wordsHash);
  const sections = [words, ...pagePaths].map((path) => [path, JSON.parse(read(path))] as const);
  start = cpuUsage();
  for (const [path, data] of sections) inside.store.add(path, data);
  inside.finish(ranked, request);
  times.hits = cpuSince(start);
  return times;
}

const [dir, query] = process.argv.slice(2);
if (dir && query) process.stdout.write(`${JSON.stringify(engineCold(dir, query))}\n`);

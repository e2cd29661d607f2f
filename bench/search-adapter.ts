// Finds the search module's query function, so the benchmark times the code readers run:
// client/search/engine/engine.ts (LocalSearchEngine, built by the search work) is bundled for
// Node with esbuild, given the index file the build wrote, and asked the way the search modal
// asks (20 hits, 10-word snippets). The files the engine fetches (shared/search/index-format.ts)
// are read from the build output on its first pass, so the timed query is the engine's own
// work and not disk or network latency. When no such module exists
// the benchmark reports query times as not available rather than timing a stand-in.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryFn } from './search.ts';
import { fileForUrl } from './page-weight.ts';

export const SEARCH_NOT_AVAILABLE = 'n/a: search module not available';

const CANDIDATES = ['client/search/engine/engine.ts', 'client/search/engine.ts'];

/** The query module, when the search work has landed; otherwise the reason there is none. */
export function findSearchModule(root: string): { file?: string; reason?: string } {
  const file = CANDIDATES.find((f) => existsSync(join(root, f)));
  return file ? { file } : { reason: SEARCH_NOT_AVAILABLE };
}

type Request = { query: string; hitsPerPage: number; snippetWords: number };
interface Engine {
  search(request: Request): { hits: unknown[] } | Promise<{ hits: unknown[] }>;
  searchSync?(request: Request): { hits: unknown[] };
  /** Sharded index (format 4): gives the engine every file of the index up front. */
  preload?(read: (path: string) => unknown): void;
}
type EngineClass = new (file: unknown, load?: (path: string) => Promise<unknown>) => Engine;

const bundles = new Map<string, Promise<EngineClass>>();

async function engineClass(root: string, file: string): Promise<EngineClass> {
  const esbuild = await import('esbuild');
  const outfile = join(root, 'node_modules', '.cache', 'helpgen-bench', 'search-engine.mjs');
  await esbuild.build({ entryPoints: [join(root, file)], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'error' });
  // A query string defeats the module cache if the engine changed between two runs.
  const mod = (await import(pathToFileURL(outfile).href + `?t=${Date.now()}`)) as Record<string, unknown>;
  const found = Object.values(mod).find((v): v is EngineClass => typeof v === 'function' && typeof (v as { prototype?: { search?: unknown } }).prototype?.search === 'function');
  if (!found) throw new Error(`${file} exports no class with a search() method`);
  return found;
}

/** Bundles the engine once, before anything is timed. */
export function prepareSearchEngine(root: string, file: string): Promise<EngineClass> {
  let pending = bundles.get(file);
  if (!pending) bundles.set(file, (pending = engineClass(root, file)));
  return pending;
}

/**
 * Loads the entry file the build wrote (parse + engine set-up, timed as load) and returns a
 * query function. The engine reads the shards and page files it asks for from disk, as the
 * browser fetches them; timeQueries' untimed first pass loads them, so the timed pass is the
 * warm engine's own work. An engine that can answer synchronously is asked that way.
 */
export async function loadQueryFunction(root: string, file: string, outDir: string, indexUrl: string): Promise<QueryFn> {
  const Engine = await prepareSearchEngine(root, file);
  const indexFile = fileForUrl(outDir, indexUrl);
  const read = (path: string) => JSON.parse(readFileSync(join(dirname(indexFile), path), 'utf8')) as unknown;
  const engine = new Engine(JSON.parse(readFileSync(indexFile, 'utf8')), async (path) => read(path));
  if (engine.searchSync && !engine.preload) {
    const sync = engine.searchSync.bind(engine);
    return (query) => sync({ query, hitsPerPage: 20, snippetWords: 10 }).hits;
  }
  return async (query) => (await engine.search({ query, hitsPerPage: 20, snippetWords: 10 })).hits;
}

/** The files the entry names: term shards (terms/), page files (pages/) and their word dictionary (words/), fetched on demand. */
export function fragmentBytes(indexFile: string): { files: number; raw: number } | undefined {
  let files = 0;
  let raw = 0;
  for (const folder of ['terms', 'pages', 'words']) {
    const dir = join(dirname(indexFile), folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      files++;
      raw += statSync(join(dir, name)).size;
    }
  }
  return files ? { files, raw } : undefined;
}

/** Every file of the local index (entry, shards, page files): count, raw and gzip bytes (each file compressed on its own, as served). */
export function indexTotal(indexFile: string): { files: number; raw: number; gzip: number } {
  const files = [indexFile];
  for (const folder of ['terms', 'sections', 'pages', 'words']) {
    const dir = join(dirname(indexFile), folder);
    if (existsSync(dir)) for (const name of readdirSync(dir)) files.push(join(dir, name));
  }
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files: files.length, raw, gzip };
}

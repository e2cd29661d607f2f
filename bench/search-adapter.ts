// Finds the search module's query function, so the benchmark times the code readers run:
// client/search/engine/engine.ts (LocalSearchEngine, built by the search work) is bundled for
// Node with esbuild, given the index file the build wrote, and asked the way the search modal
// asks (20 hits, 10-word snippets). The per-page paragraph files the engine fetches for hits
// (shared/search/index-format.ts) are read from the build output and handed over before timing, so the query
// time is the engine's own work and not disk or network latency. When no such module exists
// the benchmark reports query times as not available rather than timing a stand-in.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
  addFragment?(page: number, fragment: unknown): void;
  fragmentName?(page: number): string;
  readonly pageCount?: number;
}
type EngineClass = new (file: unknown, loadFragment?: (name: string) => Promise<unknown>) => Engine;

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

/** Loads the index the build wrote (parse + engine set-up, timed as load) and returns a query function. */
export async function loadQueryFunction(root: string, file: string, outDir: string, indexUrl: string): Promise<QueryFn> {
  const Engine = await prepareSearchEngine(root, file);
  const indexFile = fileForUrl(outDir, indexUrl);
  const readFragment = (name: string) => JSON.parse(readFileSync(fragmentPath(indexFile, name), 'utf8')) as unknown;
  const engine = new Engine(JSON.parse(readFileSync(indexFile, 'utf8')), async (name) => readFragment(name));
  if (engine.searchSync && engine.addFragment && engine.fragmentName && engine.pageCount !== undefined) {
    for (let page = 0; page < engine.pageCount; page++) engine.addFragment(page, readFragment(engine.fragmentName(page)));
    const sync = engine.searchSync.bind(engine);
    return (query) => sync({ query, hitsPerPage: 20, snippetWords: 10 }).hits;
  }
  return async (query) => (await engine.search({ query, hitsPerPage: 20, snippetWords: 10 })).hits;
}

/** Paragraph files live in pages/ beside the index (cli/search/artifacts.ts). */
function fragmentPath(indexFile: string, name: string): string {
  const beside = join(dirname(indexFile), 'pages', name);
  return existsSync(beside) ? beside : join(dirname(indexFile), name);
}

/** Total size of the per-page paragraph files, fetched only for pages shown as hits. */
export function fragmentBytes(indexFile: string): { files: number; raw: number } | undefined {
  const dir = join(dirname(indexFile), 'pages');
  if (!existsSync(dir)) return undefined;
  const names = readdirSync(dir);
  return { files: names.length, raw: names.reduce((n, f) => n + statSync(join(dir, f)).size, 0) };
}

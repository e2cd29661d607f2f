// Shared by the search tests: a local engine loaded with a built site's index and fragments,
// the way the browser (and the benchmark) loads it.
import { join } from 'node:path';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { repoRoot } from '../helpers/site.ts';

export const searchSite = join(repoRoot, 'test/search/fixtures/search-site');

export function engineFor(result: BuildResult): { engine: LocalSearchEngine; indexBytes: string } {
  const indexFile = result.files.find((f) => /assets\/search\/index(\.[^/]+)?\.json$/.test(f.path));
  if (!indexFile) throw new Error('the build wrote no local index');
  const indexBytes = String(indexFile.contents);
  const engine = new LocalSearchEngine(JSON.parse(indexBytes) as EntryFile);
  engine.preload(indexFileReader(result, indexFile.path));
  return { engine, indexBytes };
}

/** Reads the files an entry file names (paths relative to it) from a build's output. */
export function indexFileReader(result: BuildResult, entryPath: string): (path: string) => unknown {
  const dir = entryPath.slice(0, entryPath.lastIndexOf('/') + 1);
  const files = new Map(result.files.map((f) => [f.path, f.contents]));
  return (path) => {
    const contents = files.get(dir + path);
    if (contents === undefined) throw new Error(`the build wrote no ${dir + path}`);
    return JSON.parse(String(contents)) as unknown;
  };
}

/** The page path of the first hit (without #anchor). */
export function firstPage(engine: LocalSearchEngine, query: string): string | undefined {
  return engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits[0]?.url.split('#')[0];
}

/** Where the page first appears among the first 20 hits (1 = first), or 0 when it does not. */
export function pageRank(engine: LocalSearchEngine, query: string, page: string): number {
  const pages = engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits.map((h) => h.url.split('#')[0]);
  return pages.indexOf(page) + 1;
}

// Shared by the search tests: a local engine loaded with a built site's index and fragments,
// the way the browser (and the benchmark) loads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { repoRoot } from '../helpers/site.ts';

export const searchSite = join(repoRoot, 'test/search/fixtures/search-site');

export function engineFor(result: BuildResult): { engine: LocalSearchEngine; indexBytes: string } {
  const indexFile = result.files.find((f) => /assets\/search\/index(\.[^/]+)?\.json$/.test(f.path));
  if (!indexFile) throw new Error('the build wrote no local index');
  const indexBytes = fileText(result, indexFile.path);
  const engine = new LocalSearchEngine(JSON.parse(indexBytes) as EntryFile);
  engine.preload(indexFileReader(result, indexFile.path));
  return { engine, indexBytes };
}

/** Reads the files an entry file names (paths relative to it) from a build's output. */
export function indexFileReader(result: BuildResult, entryPath: string): (path: string) => unknown {
  const dir = entryPath.slice(0, entryPath.lastIndexOf('/') + 1);
  const listed = new Set(result.files.map((f) => f.path));
  return (path) => {
    if (!listed.has(dir + path)) throw new Error(`the build wrote no ${dir + path}`);
    return JSON.parse(fileText(result, dir + path)) as unknown;
  };
}

/** A file of the build: its text as the result holds it, or (a build that writes lists other files by path only) as written in the output folder. */
export function fileText(result: BuildResult, path: string): string {
  const file = result.files.find((f) => f.path === path);
  return file?.contents !== undefined ? String(file.contents) : readFileSync(join(result.outDir, path), 'utf8');
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

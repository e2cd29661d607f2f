// Our engine in the comparison (./search-engines.ts): the local index built from the pages in
// this process (the build's own code, cli/search/), and its ranking on the built index files,
// read as the browser reads them (client/search/engine/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLocalIndexFiles } from '../../cli/search/search-stage.ts';
import type { LocalIndexFiles } from '../../cli/search/local-index.ts';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { EntryFile } from '../../shared/search/index-format.ts';
import type { BuiltPage } from './search-engines-pages.ts';

export interface BuiltIndex {
  buildMs: number;
  /** Each file's text, path relative to the index folder. */
  files: { path: string; text: string }[];
}

export function buildOurs(pages: BuiltPage[]): BuiltIndex {
  const start = performance.now();
  const built: LocalIndexFiles = buildLocalIndexFiles(pages, (i) => pages[i]!.records);
  const buildMs = performance.now() - start;
  return { buildMs, files: [{ path: 'index.json', text: built.indexJson }, ...built.files.map((f) => ({ path: f.path, text: f.json }))] };
}

/** Our engine over the index files the build wrote in `searchDir`, every file loaded. */
export function oursRanker(searchDir: string): (query: string) => string[] {
  const engine = new LocalSearchEngine(JSON.parse(readFileSync(join(searchDir, 'index.json'), 'utf8')) as EntryFile);
  engine.preload((path) => JSON.parse(readFileSync(join(searchDir, path), 'utf8')) as unknown);
  // The page of each of the first 20 hits, as test/search/ranking.test.ts ranks them.
  return (query) => engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits.map((h) => h.url.split('#')[0]!);
}

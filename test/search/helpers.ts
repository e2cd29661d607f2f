// Shared by the search tests: a local engine loaded with a built site's index and fragments,
// the way the browser (and the benchmark) loads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalSearchEngine } from '../../client/search/engine/engine.ts';
import type { FragmentFile, IndexFile } from '../../shared/search/index-format.ts';
import type { BuildResult } from '../../cli/pipeline/build.ts';
import { repoRoot } from '../helpers/site.ts';

export const searchSite = join(repoRoot, 'test/search/fixtures/search-site');

export function engineFor(result: BuildResult): { engine: LocalSearchEngine; indexBytes: string } {
  const indexFile = result.files.find((f) => /assets\/search\/index(\.[^/]+)?\.json$/.test(f.path));
  if (!indexFile) throw new Error('the build wrote no local index');
  // A build that writes lists its files by path; their text is in the output folder.
  const text = (path: string) => readFileSync(join(result.outDir, path), 'utf8');
  const indexBytes = text(indexFile.path);
  const engine = new LocalSearchEngine(JSON.parse(indexBytes) as IndexFile);
  const fragments = new Map(result.files.filter((f) => f.path.includes('/assets/search/pages/')).map((f) => [f.path.split('/').pop()!, JSON.parse(text(f.path)) as FragmentFile]));
  for (let page = 0; page < engine.pageCount; page++) engine.addFragment(page, fragments.get(engine.fragmentName(page))!);
  return { engine, indexBytes };
}

/** The page path of the first hit (without #anchor). */
export function firstPage(engine: LocalSearchEngine, query: string): string | undefined {
  return engine.searchSync({ query, hitsPerPage: 20, snippetWords: 10 }).hits[0]?.url.split('#')[0];
}

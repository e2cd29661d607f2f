// The registry of search engines: `search.provider` in the config names one, and the build
// uses it through the SearchEngineBuild interface (./engine.ts) only. A new engine is one more
// entry here, one more value of `search.provider` (cli/config/schema.ts), and its browser
// provider in client/search/providers/index.ts.
import type { ResolvedConfig } from '../config/schema.ts';
import { AlgoliaEngineBuild } from './algolia-engine.ts';
import type { SearchEngineBuild, SearchEngineMode } from './engine.ts';
import { LocalEngineBuild } from './local-engine.ts';

export type SearchEngineName = ResolvedConfig['search']['provider'];

const ENGINES: Record<SearchEngineName, (mode: SearchEngineMode) => SearchEngineBuild> = {
  local: (mode) => new LocalEngineBuild(mode),
  algolia: () => new AlgoliaEngineBuild(),
};

export function engineBuildFor(name: SearchEngineName, mode: SearchEngineMode): SearchEngineBuild {
  return ENGINES[name](mode);
}

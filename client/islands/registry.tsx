// The islands' code chunk: React, the one registry of islands (server-rendered components
// hydrated by the name in their data-island attribute) and the crash screen they report to.
// Nothing on a page's first view needs it: ./load.ts fetches it when a page has an island, or
// when the browser is idle. An island whose own code should load only on pages that have it is
// registered with lazyIsland(() => import(...)) from ./hydrate.tsx; if that code fails to load,
// the island shows an error box with "Retry".
import { SearchPageResults, type SearchPageResultsProps } from '../../templates/islands/SearchPageResults.tsx';
import { hydrateIslands, type IslandRegistry } from './hydrate.tsx';

export { unmountIslands } from './hydrate.tsx';
export { clearCrashScreen, retryFailedIslands } from '../errors/crash.tsx';

// The search page's results view loads only on that page.
const loadSearchPageBody = () => import('../search/page/SearchPageBody.tsx').then((m) => m.SearchPageBody);

const islands: IslandRegistry = {
  SearchPageResults: (props: SearchPageResultsProps) => <SearchPageResults {...props} loadBody={loadSearchPageBody} />,
};

export function hydrateSiteIslands(scope: ParentNode = document): Promise<void> {
  return hydrateIslands(islands, scope);
}

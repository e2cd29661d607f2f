// Browser entry: the one registry of islands (server-rendered components hydrated here, by the
// name in their data-island attribute) and the start of the shell (app.ts). An island whose code
// should load only on pages that have it is registered with lazyIsland(() => import(...)) from
// ./islands/hydrate.tsx; if that code fails to load, the island shows an error box with "Retry".
import { ColorModeToggle } from '../templates/islands/ColorModeToggle.tsx';
import { SearchButton } from '../templates/islands/SearchButton.tsx';
import { SearchPageResults, type SearchPageResultsProps } from '../templates/islands/SearchPageResults.tsx';
import type { IslandRegistry } from './islands/hydrate.tsx';
import { startApp } from './app.ts';
import { initSearch } from './search/index.ts';

// The search page's results view loads only on that page.
const loadSearchPageBody = () => import('./search/page/SearchPageBody.tsx').then((m) => m.SearchPageBody);

const islands: IslandRegistry = {
  ColorModeToggle,
  SearchButton,
  SearchPageResults: (props: SearchPageResultsProps) => <SearchPageResults {...props} loadBody={loadSearchPageBody} />,
};

startApp(islands);
initSearch();

// Browser entry: the code every page runs before it is interactive, kept small and free of
// React (test/browser/budget.test.ts holds it to 20 KB gzip): the shell (app.ts) and search's
// button and shortcuts (search/index.ts). React arrives later, with the islands
// (islands/load.ts) or the search modal, whichever is needed first.
import { startApp } from './app.ts';
import { initSearch } from './search/index.ts';

startApp();
initSearch();

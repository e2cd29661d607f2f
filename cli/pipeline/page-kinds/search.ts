// The search page (/search): the full results view, filled in the browser.
import type { SearchPageData } from '../../../shared/types.ts';
import { routeToOutputFile, withBase } from '../../source/routes.ts';
import type { PageKind } from './page-kind.ts';

export const searchPageKind: PageKind<SearchPageData> = {
  kind: 'search',
  afterMarkdown: false,
  collect: ({ config }) => [
    { kind: 'search', route: withBase(config.baseUrl, 'search'), href: withBase(config.baseUrl, 'search'), title: 'Search the documentation', description: `Search the ${config.title}.`, noindex: true },
  ],
  outputPaths: (page) => [routeToOutputFile(page.route)],
  linkCheck: () => ({ links: [] }),
};

// The search page (/search): the full results view, filled in the browser.
import type { SearchPageData } from '../../../shared/types.ts';
import { routeToOutputFile, withBase, withTrailingSlash } from '../../source/routes.ts';
import type { PageKind } from './page-kind.ts';

export const searchPageKind: PageKind<SearchPageData> = {
  kind: 'search',
  afterMarkdown: false,
  collect: ({ config }) => {
    const route = withTrailingSlash(withBase(config.baseUrl, 'search'), config.trailingSlash, config.baseUrl);
    return [{ kind: 'search', route, href: route, title: 'Search the documentation', description: `Search the ${config.title}.`, noindex: true }];
  },
  outputPaths: (page, _base, layout) => [routeToOutputFile(page.route, layout)],
  linkCheck: () => ({ links: [] }),
};

// Where a build's search files go and the settings the browser gets for them (the files
// themselves are made by the build's search stage, ./search-stage.ts).
import type { ResolvedConfig } from '../config/schema.ts';
import type { ClientSearchConfig } from '../../shared/types.ts';
import { HelpgenError } from '../diagnostics/errors.ts';

/** Where search files live under the base URL. */
export const SEARCH_ASSETS_DIR = 'assets/search';

/** The name recent and favourite searches are stored under when the index is the local one. */
export function localIndexName(config: ResolvedConfig): string {
  return `${config.product.slug}-local`;
}

export function clientSearchConfig(config: ResolvedConfig, indexUrl?: string): ClientSearchConfig {
  const { search } = config;
  // Everything here ships in every page: an admin key must never get this far.
  const adminKey = process.env.ALGOLIA_ADMIN_KEY;
  if (adminKey && search.algolia?.apiKey === adminKey) {
    throw new HelpgenError('search.algolia.apiKey in the config is the Algolia admin key (the value of ALGOLIA_ADMIN_KEY), which would be published in every page', {
      hint: 'Put the search-only API key in the config. The admin key belongs only in the ALGOLIA_ADMIN_KEY environment variable of "helpgen search push"; create a new admin key if this one was ever published.',
    });
  }
  const client: ClientSearchConfig = {
    provider: search.provider,
    maxResultsPerGroup: search.maxResultsPerGroup,
    missingResultsUrl: search.missingResultsUrl,
    // Relative to the base URL, in the address shape the config asks for.
    searchPagePath: config.trailingSlash ? 'search/' : 'search',
    indexName: search.provider === 'algolia' && search.algolia ? search.algolia.indexName : localIndexName(config),
  };
  if (indexUrl) client.indexUrl = indexUrl;
  if (search.provider === 'algolia' && search.algolia) client.algolia = search.algolia;
  return client;
}


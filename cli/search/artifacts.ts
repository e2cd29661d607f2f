// Search output of a build: the client search settings, plus (for the local provider) the
// records and index files. The local index is built by the search module.
import type { ResolvedConfig } from '../config/schema.ts';
import type { ClientSearchConfig } from '../../templates/types.ts';
import type { OutputFile } from '../build/output.ts';

export interface SearchablePage {
  route: string;
  href: string;
  title: string;
  description: string;
  keywords: string[];
  /** Top-level sidebar category (lvl0). */
  section: string;
  /** Rendered markdown body (HTML). */
  html: string;
}

export interface SearchArtifacts {
  client: ClientSearchConfig;
  files: OutputFile[];
}

export function clientSearchConfig(config: ResolvedConfig, indexUrl?: string): ClientSearchConfig {
  const { search } = config;
  const client: ClientSearchConfig = {
    provider: search.provider,
    maxResultsPerGroup: search.maxResultsPerGroup,
    missingResultsUrl: search.missingResultsUrl,
    searchPagePath: 'search',
  };
  if (indexUrl) client.indexUrl = indexUrl;
  if (search.provider === 'algolia' && search.algolia) client.algolia = search.algolia;
  return client;
}

export async function buildSearchArtifacts(config: ResolvedConfig, _pages: SearchablePage[]): Promise<SearchArtifacts> {
  return { client: clientSearchConfig(config), files: [] };
}

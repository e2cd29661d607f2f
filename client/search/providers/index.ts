// Picks and starts the configured provider. Each provider is its own code chunk, so a site on
// the local index never downloads the Algolia client, and the other way round.
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { readConfig } from '../../config.ts';
import type { SearchProvider } from '../types.ts';
import { usesAlgolia } from './index-files.ts';

let provider: Promise<SearchProvider> | undefined;

export function getProvider(config: ClientSearchConfig): Promise<SearchProvider> {
  provider ??= start(config).catch((error: unknown) => {
    provider = undefined; // a later search tries again (the network may be back)
    throw error;
  });
  return provider;
}

/** The name recent and favourite searches are stored under. */
export function indexNameOf(config: ClientSearchConfig): string {
  return config.algolia?.indexName ?? config.indexName ?? 'local';
}

async function start(config: ClientSearchConfig): Promise<SearchProvider> {
  if (usesAlgolia(config)) {
    const [{ createAlgoliaProvider }, { loadInsights }] = await Promise.all([import('./algolia.ts'), import('./insights.ts')]);
    if (config.algolia.insights) loadInsights(config.algolia.appId, config.algolia.apiKey);
    return createAlgoliaProvider(config.algolia, { locale: document.documentElement.lang || 'en', version: readConfig().version?.name ?? 'current' });
  }
  if (!config.indexUrl) throw new Error('search: the site was built without a search index (indexUrl missing)');
  const { createLocalProvider } = await import('./local.ts');
  return createLocalProvider(config.indexUrl, indexNameOf(config));
}

// The Algolia provider: the `algoliasearch` lite client with the spec's timeouts (connect 1 s,
// read 2 s, write 30 s) and the keys in the query string (a "simple" request, no preflight).
// The client retries on the next host; host-state.ts makes a failed host stay skipped for
// 120 s. When every host fails the client throws its RetryError: the UI's error screen.
import { liteClient } from 'algoliasearch/lite';
import { createHostStateCache } from './host-state.ts';
import type { SearchProvider, SearchRequest, SearchResponse, SearchHit } from '../types.ts';
import { algoliaSearchRequest, type AlgoliaSettings } from './algolia-request.ts';

export const TIMEOUTS = { connect: 1000, read: 2000, write: 30000 };

export interface AlgoliaProviderOptions {
  locale: string;
  version: string;
  /** Replaces the client's host-state cache (tests pass a fresh memory cache). */
  clientOptions?: Record<string, unknown>;
}

type LiteClient = ReturnType<typeof liteClient>;

export function createAlgoliaClient(settings: AlgoliaSettings, extra: Record<string, unknown> = {}): LiteClient {
  return liteClient(settings.appId, settings.apiKey, {
    timeouts: TIMEOUTS,
    authMode: 'WithinQueryParameters',
    hostsCache: createHostStateCache(),
    ...(settings.hosts ? { hosts: settings.hosts } : {}),
    ...extra,
  });
}

/** Hit URLs may be absolute (the crawler writes them so); the site links within itself. */
export function localUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return url;
  }
}

export function createAlgoliaProvider(settings: AlgoliaSettings, options: AlgoliaProviderOptions): SearchProvider {
  const client = createAlgoliaClient(settings, options.clientOptions);
  return {
    indexName: settings.indexName,
    async search(request: SearchRequest): Promise<SearchResponse & { sections?: Record<string, number> }> {
      const params = algoliaSearchRequest(settings, { query: request.query, snippetWords: request.snippetWords, locale: options.locale, version: options.version, hitsPerPage: request.hitsPerPage });
      // The search page asks for a page of results and section counts; the modal sends the spec's request as it is.
      if (request.page) params.page = request.page;
      if (request.section !== undefined || request.page !== undefined) {
        params.facets = ['hierarchy.lvl0'];
        if (request.section) params.facetFilters = [...((params.facetFilters as unknown[]) ?? []), `hierarchy.lvl0:${request.section}`];
      }
      const { results } = await client.search<SearchHit>({ requests: [params as { indexName: string }] });
      const result = results[0] as { hits: SearchHit[]; nbHits?: number; queryID?: string; page?: number; nbPages?: number; facets?: Record<string, Record<string, number>> };
      return {
        hits: result.hits.map((hit) => ({ ...hit, url: localUrl(hit.url) })),
        nbHits: result.nbHits ?? result.hits.length,
        queryID: result.queryID,
        page: result.page,
        nbPages: result.nbPages,
        sections: result.facets?.['hierarchy.lvl0'],
      };
    },
  };
}

// The one request the modal sends to Algolia (spec §7), built exactly as DocSearch does: what
// to retrieve and snippet, the mark tags, 20 hits, click analytics when insights is on, the
// contextual facet filters (language, docs tag), then the site's own searchParameters on top
// (their facetFilters are added to the contextual ones, not replacing them).
import type { ClientSearchConfig } from '../../../shared/types.ts';

export type AlgoliaSettings = NonNullable<ClientSearchConfig['algolia']>;

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

export interface RequestContext {
  query: string;
  snippetWords: number;
  /** Page language, e.g. "en". */
  locale: string;
  /** Docs version name, e.g. "current". */
  version: string;
  hitsPerPage?: number;
}

type FacetFilters = (string | string[])[];

function asFilters(value: unknown): FacetFilters {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? (value as FacetFilters) : [];
}

/** ["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]] */
export function contextualFacetFilters(locale: string, version: string): FacetFilters {
  return [`language:${locale}`, ['docusaurus_tag:default', `docusaurus_tag:docs-default-${version}`]];
}

export function algoliaSearchRequest(settings: AlgoliaSettings, context: RequestContext): Record<string, unknown> {
  const { facetFilters: configured, ...rest } = settings.searchParameters;
  const facetFilters = [...(settings.contextualSearch ? contextualFacetFilters(context.locale, context.version) : []), ...asFilters(configured)];
  const request: Record<string, unknown> = {
    query: context.query,
    indexName: settings.indexName,
    attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${context.snippetWords}`), `content:${context.snippetWords}`],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: context.hitsPerPage ?? 20,
    clickAnalytics: settings.insights,
    ...rest,
  };
  if (facetFilters.length) request.facetFilters = facetFilters;
  return request;
}

// What `helpgen search push` sends to Algolia besides the records themselves: the attributes
// the Docusaurus crawler would add from the page's meta tags (language, version, docs tag), and
// the index settings DocSearch indexes use (searchable levels, facets for the contextual
// filters and the search page's section filter, one hit per URL, headings before content).
import type { ResolvedConfig } from '../config/schema.ts';
import type { SearchRecord } from '../../shared/search/record.ts';

export interface AlgoliaRecord extends SearchRecord {
  url_without_anchor: string;
  anchor: string | null;
  lang: string;
  language: string;
  version: string[];
  docusaurus_tag: string;
}

/** Adds the crawler's attributes and makes URLs absolute, as crawled records have them. */
export function toAlgoliaRecords(config: ResolvedConfig, records: SearchRecord[]): AlgoliaRecord[] {
  const origin = (config.url ?? '').replace(/\/+$/, '');
  const locale = config.i18n.defaultLocale;
  const version = config.docs.lastVersion;
  return records.map((record) => {
    const url = origin + record.url;
    const hash = url.indexOf('#');
    return {
      ...record,
      url,
      objectID: origin + record.objectID,
      url_without_anchor: hash < 0 ? url : url.slice(0, hash),
      anchor: hash < 0 ? null : url.slice(hash + 1),
      lang: locale,
      language: locale,
      version: [version],
      docusaurus_tag: `docs-default-${version}`,
    };
  });
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

export const INDEX_SETTINGS = {
  searchableAttributes: [...LEVELS.map((l) => `unordered(hierarchy.${l})`), 'content'],
  attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag', 'searchable(hierarchy.lvl0)'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  removeWordsIfNoResults: 'allOptional' as const,
  distinct: true,
  attributeForDistinct: 'url',
  separatorsToIndex: '_',
};

// Search output of a build: the DocSearch records of every doc page (always, for
// `helpgen search push`), the local index (local provider), and the settings the browser needs.
// Both files get content-hashed names under assets/search/, so they can be cached forever.
import { posix } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import type { ClientSearchConfig } from '../../shared/types.ts';
import type { OutputFile } from '../output/output.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { extractRecords } from './records.ts';
import { contentHash } from './content-hash.ts';
import { LocalIndexBuilder, type IndexedPage, type LocalIndexFiles } from './local-index.ts';
import type { SearchRecord } from '../../shared/search/record.ts';

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
  /** The same body as a hast tree, when the build has it. */
  tree?: import('hast').Root;
}

export interface SearchArtifacts {
  client: ClientSearchConfig;
  files: OutputFile[];
}

/** Where search files live under the base URL. */
export const SEARCH_ASSETS_DIR = 'assets/search';
/** Matches the records file among a build's output files. */
export const RECORDS_FILE = /(?:^|\/)assets\/search\/records\.[0-9a-z]+\.json$/;

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
    searchPagePath: 'search',
    indexName: search.provider === 'algolia' && search.algolia ? search.algolia.indexName : localIndexName(config),
  };
  if (indexUrl) client.indexUrl = indexUrl;
  if (search.provider === 'algolia' && search.algolia) client.algolia = search.algolia;
  return client;
}

export async function buildSearchArtifacts(
  config: ResolvedConfig,
  pages: SearchablePage[],
  options: {
    mode: 'production' | 'development';
    /** The local index built elsewhere meanwhile (./index-feed.ts), when it was built from exactly these pages. */
    prebuilt?: (pages: IndexedPage[]) => Promise<LocalIndexFiles | undefined>;
  } = { mode: 'production' },
): Promise<SearchArtifacts> {
  const dir = posix.join(config.baseUrl.replace(/^\/+/, ''), SEARCH_ASSETS_DIR);
  // Dev builds keep fixed names, so a rebuild does not change every page's config.
  const name = (stem: string, contents: string) => (options.mode === 'development' ? `${stem}.dev.json` : `${stem}.${contentHash(contents)}.json`);

  // Dev rebuilds call this after every save: unchanged pages reuse their records, and an
  // unchanged site reuses the whole result (the index build is the costly part).
  const keys = pages.map(recordsKey);
  const siteKey = contentHash(JSON.stringify([options.mode, config.baseUrl, config.product.slug, config.search, keys, pages.map((p) => [p.description, p.keywords])]));
  if (cache.siteKey === siteKey && cache.result) return cache.result;
  const records = new Map<string, SearchRecord[]>();
  const perPage = pages.map((page, i) => {
    const list = cache.records.get(keys[i]!) ?? extractRecords(page);
    records.set(keys[i]!, list);
    return { page, records: list };
  });
  cache.records = records;
  const recordsJson = JSON.stringify(perPage.flatMap((p) => p.records));
  const files: OutputFile[] = [{ path: posix.join(dir, name('records', recordsJson)), contents: recordsJson }];

  let indexUrl: string | undefined;
  if (config.search.provider === 'local') {
    const pagesDir = posix.join(dir, 'pages');
    const indexed: IndexedPage[] = perPage.map(({ page, records }) => ({ href: page.href, title: page.title, section: page.section, description: page.description, keywords: page.keywords, records }));
    const built = (await options.prebuilt?.(indexed)) ?? buildLocalIndexFiles(indexed, options.mode);
    const file = name('index', built.indexJson);
    files.push({ path: posix.join(dir, file), contents: built.indexJson }, ...built.fragments.map((f) => ({ path: posix.join(pagesDir, f.name), contents: f.json })));
    indexUrl = `${config.baseUrl}${SEARCH_ASSETS_DIR}/${file}`;
  }
  const result = { client: clientSearchConfig(config, indexUrl), files };
  cache.siteKey = siteKey;
  cache.result = result;
  return result;
}

/** The last build's records per page and its result (one site per process is the common case). */
let cache: SearchCache = { records: new Map() };

export interface SearchCache {
  siteKey?: string;
  result?: SearchArtifacts;
  records: Map<string, SearchRecord[]>;
}

/**
 * Extracts a page's records while the build still has its tree, so the build can let go of the
 * tree right away: keeping every page's tree until the search stage was the largest part of
 * the heap during the markdown stage (and of the time spent collecting garbage).
 */
export function primeRecords(page: Pick<SearchablePage, 'href' | 'title' | 'section' | 'html' | 'tree'>): SearchRecord[] {
  const key = recordsKey(page);
  let records = cache.records.get(key);
  if (!records) cache.records.set(key, (records = extractRecords(page)));
  return records;
}

export function buildLocalIndexFiles(pages: IndexedPage[], mode: 'production' | 'development'): LocalIndexFiles {
  const builder = new LocalIndexBuilder(mode);
  for (const page of pages) builder.addPage(page);
  return builder.finish();
}

/** Keeps records extracted before the page's HTML was final (on a worker thread, or from its tree). */
export function storeRecords(page: Pick<SearchablePage, 'href' | 'title' | 'section' | 'html'>, records: SearchRecord[]): void {
  cache.records.set(recordsKey(page), records);
}

function recordsKey(page: Pick<SearchablePage, 'href' | 'title' | 'section' | 'html'>): string {
  return contentHash(JSON.stringify([page.href, page.title, page.section, page.html]));
}

/** What the build cache on disk keeps of the search stage (../pipeline/build-cache.ts). */
export function exportSearchCache(): SearchCache {
  return cache;
}

export function importSearchCache(stored: SearchCache): void {
  cache = stored;
}

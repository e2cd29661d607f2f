// MiniSearch's set-up in the comparison (see ./search-engines-minisearch.ts), shared by the
// build side and the browser bundle (./search-engines-client-mini.ts), which must not pull in
// the index builder.
import type { Options, SearchOptions } from 'minisearch';
import { MINISEARCH_OPTIONS, type SectionDocument } from '../../shared/search/index-format.ts';

export type MiniDocument = SectionDocument & { url: string; page: string };

export const MINI_OPTIONS: Options<MiniDocument> = { ...MINISEARCH_OPTIONS, storeFields: ['url', 'page', 'heading'] } as Options<MiniDocument>;

/** Our weights (cli/search/README.md, "What is indexed"), prefix on the word being typed, one typo from 4 letters and two from 8. */
export const MINI_SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 8, heading: 5, keywords: 5, meta: 2.5, context: 1.5, body: 1 },
  prefix: (_term, i, terms) => i === terms.length - 1,
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0),
  weights: { fuzzy: 0.35, prefix: 0.6 },
};


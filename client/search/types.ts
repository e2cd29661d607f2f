// The shapes both search providers speak. Records and hits follow DocSearch (Algolia's docs
// search) so the local index and a hosted Algolia index give the UI exactly the same data.
import type { Hierarchy, RecordType } from '../../shared/search/record.ts';

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightField {
  value: string;
  matchLevel: MatchLevel;
  matchedWords?: string[];
}

export interface SnippetField {
  value: string;
  matchLevel: MatchLevel;
}

type LevelMap<T> = Partial<Record<keyof Hierarchy, T>>;

/** A hit as Algolia returns it: the record plus highlighted and snippeted copies (with <mark>). */
export interface SearchHit {
  objectID: string;
  type: RecordType;
  url: string;
  hierarchy: Hierarchy;
  content: string | null;
  _highlightResult?: { hierarchy?: LevelMap<HighlightField>; content?: HighlightField };
  _snippetResult?: { hierarchy?: LevelMap<SnippetField>; content?: SnippetField };
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  /** Algolia's id of the query (for click analytics); the local provider makes its own. */
  queryID?: string;
  page?: number;
  nbPages?: number;
}

export interface SearchRequest {
  query: string;
  /** Hits per page (the modal and the search page use 20). */
  hitsPerPage: number;
  page?: number;
  /**
   * The view shows at most this many hits of each lvl0 group (the modal's maxResultsPerGroup,
   * see hits.ts groupHits). The local provider leaves the others out of its answer, so it does
   * not fetch their text; Algolia answers in full and the view drops them.
   */
  perGroup?: number;
  /**
   * Rows the view shows before the reader scrolls (the local provider answers with those hits,
   * in the view's order, and fetches the others' text when asked; Algolia answers in full).
   */
  firstRows?: number;
  /** Words per snippet: 10, or 5 on screens 768 px wide or narrower. */
  snippetWords: number;
  /** Only hits whose lvl0 is this top-level section (the search page's filter). */
  section?: string;
  /**
   * The reader finished typing this query before the search box appeared (keys typed while the
   * modal's code loaded, or a letter typed on the search button): it is answered at once, not
   * after the pause that lets a reader typing fast finish the word.
   */
  complete?: boolean;
}

/** Anything that answers a search: the local index or Algolia. */
export interface SearchProvider {
  /** Key suffix for stored recent/favourite searches. */
  readonly indexName: string;
  search(request: SearchRequest): Promise<SearchResponse>;
}

/** Thrown when no host could answer; the UI shows the error screen for it. */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

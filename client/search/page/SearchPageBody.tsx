// The results part of /search (its code loads only on that page): full results for the query,
// each row as the modal draws it (title, breadcrumb, snippet: ../hits.ts), 20 hits at a time
// with "Load more", a filter by top-level section, and the modal's no-results and error texts.
// Works with either provider.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { readConfig } from '../../config.ts';
import { viewOf } from '../hits.ts';
import { snippetWordsForScreen, useSearch, type Answer } from '../use-search.ts';
import type { SearchHit } from '../types.ts';
import type { SearchPageBodyProps } from '../../../templates/islands/SearchPageResults.tsx';
import { ErrorScreen, NoResultsScreen } from '../modal/screens.tsx';

export const PAGE_SIZE = 20;

const append = (previous: Answer | undefined, next: Answer): Answer => ({ ...next, hits: [...(previous?.hits ?? []), ...next.hits], sections: previous?.sections ?? next.sections });

export function SearchPageBody({ query, sections, onQuery }: SearchPageBodyProps) {
  const config: ClientSearchConfig = readConfig().search;
  const search = useSearch(config);
  const snippetWords = useMemo(snippetWordsForScreen, []);
  const [section, setSection] = useState('');
  const [page, setPage] = useState(0);
  const suggestions = useRef<string[]>([]);

  useEffect(() => {
    setPage(0);
    search.run({ query, hitsPerPage: PAGE_SIZE, page: 0, snippetWords, section: section || undefined });
  }, [query, section, snippetWords, search.run]);

  const answer = query.trim() ? search.answer : undefined;
  if (answer?.sections && Object.keys(answer.sections).length > suggestions.current.length) suggestions.current = Object.keys(answer.sections);

  const loadMore = () => {
    const next = page + 1;
    setPage(next);
    search.run({ query, hitsPerPage: PAGE_SIZE, page: next, snippetWords, section: section || undefined }, append);
  };

  if (!query.trim()) return <p className="search-page__hint">Type a question or a few words, such as "lock a record".</p>;
  const busy = search.status === 'loading' || search.status === 'stalled';
  return (
    <div className={`search-page__results${search.status === 'stalled' ? ' search-page__results--stalled' : ''}`} aria-busy={busy} data-answered={search.status === 'idle' ? search.query : undefined}>
      <div className="search-page__toolbar">
        <label className="search-page__filter">
          <span>Section</span>
          <select value={section} onChange={(event) => setSection(event.target.value)}>
            <option value="">All sections</option>
            {sections.map((name) => (
              <option key={name} value={name}>
                {name}
                {answer?.sections?.[name] !== undefined ? ` (${answer.sections[name]})` : ''}
              </option>
            ))}
          </select>
        </label>
        <p className="search-page__count" role="status">
          {search.status === 'error' ? '' : answer ? (answer.nbHits === 1 ? '1 result' : `${answer.nbHits} results`) : busy ? 'Searching…' : ''}
        </p>
      </div>
      {search.status === 'error' ? (
        <ErrorScreen />
      ) : answer && answer.hits.length === 0 ? (
        <NoResultsScreen query={search.query} suggestions={suggestions.current} missingResultsUrl={config.missingResultsUrl} onPrefill={(text) => onQuery(text)} />
      ) : (
        <ol className="search-page__list">
          {(answer?.hits ?? []).map((hit) => (
            <SearchPageHit key={hit.objectID} hit={hit} />
          ))}
        </ol>
      )}
      {answer && answer.hits.length < answer.nbHits && search.status !== 'error' && (
        <button type="button" className="search-page__more" onClick={loadMore} disabled={busy}>
          Load more
        </button>
      )}
    </div>
  );
}

/** One result: the same three parts, in the same order, as a row of the modal. */
function SearchPageHit({ hit }: { hit: SearchHit }) {
  const view = viewOf(hit);
  return (
    <li className="search-page__hit">
      <h2 className="search-page__title">
        <a href={hit.url} dangerouslySetInnerHTML={{ __html: view.title }} />
      </h2>
      <p className="search-page__path" dangerouslySetInnerHTML={{ __html: view.path }} />
      <p className="search-page__snippet" dangerouslySetInnerHTML={{ __html: view.snippet }} />
    </li>
  );
}

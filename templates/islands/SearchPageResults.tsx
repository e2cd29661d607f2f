// The search page body. The server renders the heading and an empty search form; in the browser
// the form takes the query from ?q=, keeps the address in step as the reader types
// (history.replaceState) and loads the results view through `loadBody`, which the client's
// island registry passes in (client/search/page, code only this page downloads; templates never
// import client/). Escape in the field clears it. If that code fails to load, the load-error box
// with "Retry" stands where the results go; Retry loads it again.
import { useEffect, useState, type ComponentType } from 'react';
import { LoadErrorBox } from '../components/LoadErrorBox.tsx';
import { MAX_SEARCH_QUERY_LENGTH as MAX_QUERY_LENGTH, searchHeading } from '../head/search-query.ts';

export interface SearchPageResultsProps {
  /** Top-level sections, for the section filter. */
  sections: string[];
}

/** What the results view (client/search/page/SearchPageBody.tsx) is given. */
export interface SearchPageBodyProps {
  query: string;
  /** Top-level sections of the sidebar, for the filter. */
  sections: string[];
  /** Sets the query (a suggestion was chosen). */
  onQuery: (query: string) => void;
}

/** Loads the results view (in the browser only: effects do not run on the server). */
export type LoadSearchPageBody = () => Promise<ComponentType<SearchPageBodyProps>>;

/** The query the page's inline script already showed (../head/search-query.ts), so hydration matches it. */
function shownQuery(): string {
  return typeof document === 'undefined' ? '' : (document.querySelector('.search-page__body')?.getAttribute('data-query') ?? '');
}

export function SearchPageResults({ sections, loadBody }: SearchPageResultsProps & { loadBody?: LoadSearchPageBody }) {
  const [query, setQuery] = useState(shownQuery);
  const [Body, setBody] = useState<ComponentType<SearchPageBodyProps> | null>(null);
  const [loadError, setLoadError] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setQuery((new URLSearchParams(location.search).get('q') ?? '').slice(0, MAX_QUERY_LENGTH));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Retry button's way to load again
  useEffect(() => {
    if (!loadBody) return;
    let current = true;
    loadBody().then(
      (body) => current && setBody(() => body),
      (error: unknown) => current && setLoadError({ error }),
    );
    return () => {
      current = false;
    };
  }, [attempt, loadBody]);

  const update = (next: string) => {
    const value = next.slice(0, MAX_QUERY_LENGTH);
    setQuery(value);
    const url = new URL(location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
  };

  useEffect(() => {
    if (typeof document !== 'undefined' && Body) document.title = document.title.replace(/^.*?(\s\|\s)/, `${searchHeading(query)}$1`);
  }, [query, Body]);

  return (
    <div className="search-page__body">
      <h1>{searchHeading(query)}</h1>
      <form className="search-page__form" role="search" action="" method="get" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="search-page-input" className="visually-hidden">
          Search docs
        </label>
        <input
          id="search-page-input"
          className="search-page__input"
          type="search"
          name="q"
          placeholder="Search docs"
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          autoFocus
          value={query}
          onChange={(event) => update(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              update('');
            }
          }}
        />
        {/* The modal's clear button (not the browser's own, which looks different in each). */}
        <button
          type="button"
          className="DocSearch-Reset search-page__reset"
          title="Clear the query"
          aria-label="Clear the query"
          hidden={!query}
          onClick={() => {
            update('');
            document.getElementById('search-page-input')?.focus();
          }}
        >
          <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M10 10l5.09-5.09L10 10l5.09 5.09L10 10zm0 0L4.91 4.91 10 10l-5.09 5.09L10 10z" stroke="currentColor" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </form>
      {Body && <Body query={query} sections={sections} onQuery={update} />}
      {loadError && (
        <LoadErrorBox
          error={loadError.error}
          onRetry={() => {
            document.getElementById('search-page-input')?.focus(); // the Retry button goes away
            setLoadError(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

// The results part of /search (its code loads only on that page): full results for the query,
// grouped by page with snippets, 20 hits at a time with "Load more", a filter by top-level
// section, and the modal's no-results and error texts. Works with either provider.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { readConfig } from '../../config.ts';
import { safeMarkup } from '../markup.ts';
import { viewOf } from '../hits.ts';
import { snippetWordsForScreen, useSearch, type Answer } from '../use-search.ts';
import type { SearchHit } from '../types.ts';
import type { SearchPageBodyProps } from '../../../templates/islands/SearchPageResults.tsx';
import { ErrorScreen, NoResultsScreen } from '../modal/screens.tsx';

export const PAGE_SIZE = 20;

interface PageGroup {
  url: string;
  title: string;
  section: string;
  hits: SearchHit[];
}

function groupByPage(hits: SearchHit[]): PageGroup[] {
  const pages = new Map<string, PageGroup>();
  for (const hit of hits) {
    const url = hit.url.split('#')[0]!;
    let group = pages.get(url);
    if (!group) pages.set(url, (group = { url, title: safeMarkup(hit._highlightResult?.hierarchy?.lvl1?.value ?? hit.hierarchy.lvl1), section: hit.hierarchy.lvl0, hits: [] }));
    group.hits.push(hit);
  }
  return [...pages.values()];
}

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
  const groups = useMemo(() => groupByPage(answer?.hits ?? []), [answer]);
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
          {groups.map((group) => (
            <li key={group.url} className="search-page__page">
              <p className="search-page__section">{group.section}</p>
              <h2 className="search-page__title">
                <a href={group.url} dangerouslySetInnerHTML={{ __html: group.title }} />
              </h2>
              <ul className="search-page__hits">
                {group.hits.filter((hit) => hit.type !== 'lvl1' || hit.content).map((hit) => {
                  const view = viewOf(hit, 2);
                  // The page's own text: its snippet alone, under the page title that links to it.
                  if (hit.type === 'lvl1') {
                    return (
                      <li key={hit.objectID} className="search-page__hit">
                        <p className="search-page__snippet" dangerouslySetInnerHTML={{ __html: view.snippet }} />
                      </li>
                    );
                  }
                  return (
                    <li key={hit.objectID} className="search-page__hit">
                      <a href={hit.url} className="search-page__hit-link">
                        <span className="search-page__hit-title" dangerouslySetInnerHTML={{ __html: view.title }} />
                        {view.path && <span className="search-page__hit-path" dangerouslySetInnerHTML={{ __html: view.path }} />}
                      </a>
                      {view.snippet && <p className="search-page__snippet" dangerouslySetInnerHTML={{ __html: view.snippet }} />}
                    </li>
                  );
                })}
              </ul>
            </li>
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

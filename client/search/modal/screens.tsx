// The modal's screens besides results: the start screen (recent and favourite searches, or
// "No recent searches"), no results (with suggestions and the optional "Let us know." link) and
// the error screen. Texts are the spec's, word for word.
import type { MouseEvent } from 'react';
import type { StoredHit } from '../stored-searches.ts';
import { HitRow } from './HitRow.tsx';
import { CloseIcon, ErrorIcon, NoResultsIcon, RecentIcon, StarIcon } from './icons.tsx';

export interface StartScreenProps {
  recent: StoredHit[];
  favorites: StoredHit[];
  activeIndex: number;
  onHover: (index: number) => void;
  onSelect: (hit: StoredHit, event: MouseEvent<HTMLAnchorElement>) => void;
  onFavorite: (hit: StoredHit) => void;
  onRemoveRecent: (hit: StoredHit) => void;
  onRemoveFavorite: (hit: StoredHit) => void;
}

/** An action button inside a row: it must not follow the row's link. */
function Action({ title, onClick, children }: { title: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <div className="DocSearch-Hit-action">
      <button
        type="button"
        className="DocSearch-Hit-action-button"
        title={title}
        aria-label={title}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onClick();
        }}
      >
        {children}
      </button>
    </div>
  );
}

export function StartScreen(props: StartScreenProps) {
  const { recent, favorites, activeIndex } = props;
  if (!recent.length && !favorites.length) {
    return (
      <div className="DocSearch-StartScreen">
        <p className="DocSearch-Help">No recent searches</p>
      </div>
    );
  }
  return (
    <div className="DocSearch-Dropdown-Container">
      {recent.length > 0 && (
        <section className="DocSearch-Hits">
          <div className="DocSearch-Hit-source" id="docsearch-recentSearches-title">
            Recent
          </div>
          <div role="grid" id="docsearch-recentSearches-list" aria-labelledby="docsearch-recentSearches-title">
            {recent.map((hit, i) => (
              <HitRow
                key={hit.objectID}
                id={`docsearch-recentSearches-item-${i}`}
                hit={hit}
                active={activeIndex === i}
                icon={<RecentIcon />}
                onHover={() => props.onHover(i)}
                onSelect={(event) => props.onSelect(hit, event)}
                actions={
                  <>
                    <Action title="Save this search" onClick={() => props.onFavorite(hit)}>
                      <StarIcon />
                    </Action>
                    <Action title="Remove this search from history" onClick={() => props.onRemoveRecent(hit)}>
                      <CloseIcon />
                    </Action>
                  </>
                }
              />
            ))}
          </div>
        </section>
      )}
      {favorites.length > 0 && (
        <section className="DocSearch-Hits">
          <div className="DocSearch-Hit-source" id="docsearch-favoriteSearches-title">
            Favorite
          </div>
          <div role="grid" id="docsearch-favoriteSearches-list" aria-labelledby="docsearch-favoriteSearches-title">
            {favorites.map((hit, j) => {
              const i = recent.length + j;
              return (
                <HitRow
                  key={hit.objectID}
                  id={`docsearch-favoriteSearches-item-${i}`}
                  hit={hit}
                  active={activeIndex === i}
                  icon={<StarIcon />}
                  onHover={() => props.onHover(i)}
                  onSelect={(event) => props.onSelect(hit, event)}
                  actions={
                    <Action title="Remove this search from favorites" onClick={() => props.onRemoveFavorite(hit)}>
                      <CloseIcon />
                    </Action>
                  }
                />
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}

export function NoResultsScreen({ query, suggestions, missingResultsUrl, onPrefill }: { query: string; suggestions: string[]; missingResultsUrl?: string; onPrefill: (text: string) => void }) {
  return (
    <div className="DocSearch-NoResults">
      <div className="DocSearch-Screen-Icon">
        <NoResultsIcon />
      </div>
      <p className="DocSearch-Title">
        No results for "<strong>{query}</strong>"
      </p>
      {suggestions.length > 0 && (
        <div className="DocSearch-NoResults-Prefill-List">
          <p className="DocSearch-Help">Try searching for:</p>
          <ul>
            {suggestions.slice(0, 3).map((s) => (
              <li key={s}>
                <button type="button" className="DocSearch-Prefill" onClick={() => onPrefill(s.toLowerCase() + ' ')}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {missingResultsUrl && (
        <p className="DocSearch-Help">
          Believe this query should return results?{' '}
          <a href={withQuery(missingResultsUrl, query)} target="_blank" rel="noopener noreferrer">
            Let us know.
          </a>
        </p>
      )}
    </div>
  );
}

/** The configured address with the query appended as ?q= (as the config documents). */
export function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`;
}

export function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen">
      <div className="DocSearch-Screen-Icon">
        <ErrorIcon />
      </div>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}

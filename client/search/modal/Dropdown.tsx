// What the modal shows under its search bar: with no query the start screen (recent and
// favourite searches), then the error screen, no results (with suggestions), or the results.
import type { MouseEvent, ReactElement } from 'react';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { searchPageUrl, type HitGroup } from '../hits.ts';
import type { StoredHit } from '../stored-searches.ts';
import type { Answer, Status } from '../use-search.ts';
import { FAVORITE_LIST_ID, RECENT_LIST_ID, type Item } from './items.ts';
import { Results } from './Results.tsx';
import { ErrorScreen, NoResultsScreen, StartScreen } from './screens.tsx';
import type { StoredSearchState } from './use-stored-searches.ts';

export interface DropdownProps {
  config: ClientSearchConfig;
  baseUrl: string;
  query: string;
  search: { status: Status; query: string };
  /** The answer to the query on screen (none while the query is empty). */
  answer: Answer | undefined;
  groups: HitGroup[];
  items: Item[];
  active: number;
  suggestions: string[];
  stored: StoredSearchState;
  /** Before a row's removal: where focus goes after it (see use-row-refocus.ts). */
  keepFocusAfter: (list: string, index: number, title: string) => void;
  onSeeMore: (() => void) | undefined;
  onHover: (index: number) => void;
  onRowClick: (item: Item, event: MouseEvent<HTMLAnchorElement>) => void;
  onPrefill: (text: string) => void;
  onSeeAll: (url: string) => void;
}

export function Dropdown(props: DropdownProps): ReactElement | undefined {
  const { config, query, search, answer } = props;
  if (!query.trim()) return <StoredSearchesScreen {...props} />;
  if (search.status === 'error') return <ErrorScreen />;
  if (answer && answer.hits.length === 0) {
    return <NoResultsScreen query={search.query} suggestions={props.suggestions} missingResultsUrl={config.missingResultsUrl} onPrefill={props.onPrefill} />;
  }
  if (!answer) return undefined;
  return (
    <Results
      groups={props.groups}
      items={props.items}
      active={props.active}
      nbHits={answer.nbHits}
      onSeeMore={props.onSeeMore}
      seeAllUrl={searchPageUrl(props.baseUrl, config.searchPagePath, search.query)}
      onHover={props.onHover}
      onSelect={(index, event) => props.onRowClick(props.items[index]!, event)}
      onSeeAll={props.onSeeAll}
    />
  );
}

function StoredSearchesScreen({ stored, items, active, keepFocusAfter, onHover, onRowClick }: DropdownProps) {
  const { recent, favorites } = stored;
  return (
    <StartScreen
      recent={recent}
      favorites={favorites}
      activeIndex={active}
      onHover={onHover}
      onSelect={(hit, event) => onRowClick(items.find((i) => i.hit === hit)!, event)}
      onFavorite={(hit) => {
        keepFocusAfter(RECENT_LIST_ID, recent.indexOf(hit), 'Save this search');
        stored.favorite(hit);
      }}
      onRemoveRecent={(hit: StoredHit) => {
        keepFocusAfter(RECENT_LIST_ID, recent.indexOf(hit), 'Remove this search from history');
        stored.removeRecent(hit);
      }}
      onRemoveFavorite={(hit: StoredHit) => {
        keepFocusAfter(FAVORITE_LIST_ID, favorites.indexOf(hit), 'Remove this search from favorites');
        stored.removeFavorite(hit);
      }}
    />
  );
}

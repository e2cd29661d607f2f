// The search modal (spec §2 "Search modal", behaviour.md §2): a dialog holding an ARIA combobox
// (the input) whose listboxes are the result groups or the recent/favourite lists. The input
// keeps focus while arrows move the active option (aria-activedescendant); Enter opens it,
// Cmd/Ctrl+Enter opens it in a new tab and keeps the modal open. Focus stays inside the modal
// and returns where it was on close; the page behind does not scroll.
// Its parts: the search bar (SearchBar.tsx), what shows under it (Dropdown.tsx), the rows
// (items.ts), the active row (use-active-option.ts), the keys (keyboard.ts), opening a row
// (open-item.ts) and the recent and favourite searches (use-stored-searches.ts,
// use-row-refocus.ts). This file holds the query and ties them together.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { groupHits } from '../hits.ts';
import { firstScreenRows, snippetWordsForScreen, useSearch } from '../use-search.ts';
import { indexNameOf } from '../providers/index.ts';
import type { SearchHit } from '../types.ts';
import { Dropdown } from './Dropdown.tsx';
import { Footer } from './Footer.tsx';
import { listIds, modalItems } from './items.ts';
import { onModalKey, onSearchBoxKey } from './keyboard.ts';
import { itemOpener } from './open-item.ts';
import { MAX_QUERY_LENGTH, SearchBar } from './SearchBar.tsx';
import { useActiveOption } from './use-active-option.ts';
import { useRowRefocus } from './use-row-refocus.ts';
import { useStoredSearches } from './use-stored-searches.ts';
import { useSuggestions } from './use-suggestions.ts';

export const HITS_PER_PAGE = 20;

export interface SearchModalProps {
  config: ClientSearchConfig;
  baseUrl: string;
  initialQuery: string;
  /** Select the initial query (it is the page's text selection), so typing replaces it. */
  selectInitialQuery?: boolean;
  onClose: () => void;
  /** Opens a hit: client navigation when the site has it (see mount.tsx). */
  onNavigate: (url: string) => void;
  onClick?: (hit: SearchHit, position: number, queryID: string | undefined) => void;
}

export function SearchModal({ config, baseUrl, initialQuery, selectInitialQuery = false, onClose, onNavigate, onClick }: SearchModalProps) {
  const stored = useStoredSearches(indexNameOf(config));
  const snippetWords = useMemo(snippetWordsForScreen, []);
  const firstRows = useMemo(() => firstScreenRows(), []);
  const [query, setQuery] = useState(initialQuery.slice(0, MAX_QUERY_LENGTH));
  const search = useSearch(config);
  const suggestions = useSuggestions(search.answer, search.status);
  const inputRef = useRef<HTMLInputElement>(null);
  const modalRef = useRef<HTMLDivElement>(null);

  const answer = query.trim() ? search.answer : undefined;
  const groups = useMemo(() => (answer ? groupHits(answer.hits, config.maxResultsPerGroup) : []), [answer, config.maxResultsPerGroup]);
  // The rest of an answer that came with its first screenful only, for when the list's end shows.
  const { showRest } = search;
  const seeMore = useMemo(() => (answer?.rest ? () => showRest(answer) : undefined), [answer, showRest]);
  const { recent, favorites } = stored;
  const items = useMemo(() => modalItems({ query, recent, favorites, groups }), [query, recent, favorites, groups]);
  const option = useActiveOption(items);
  const keepFocusAfter = useRowRefocus(modalRef, inputRef, (rowId) => option.setActive(items.findIndex((item) => item.id === rowId)));

  const runQuery = (text: string, complete = false) => {
    option.restart();
    if (text.trim()) search.run({ query: text, hitsPerPage: HITS_PER_PAGE, perGroup: config.maxResultsPerGroup, firstRows, snippetWords, complete });
    else search.reset();
  };
  const setText = (text: string) => {
    const next = text.slice(0, MAX_QUERY_LENGTH);
    setQuery(next);
    runQuery(next);
  };
  // An initial query is searched at once: the reader typed it while the modal opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the modal opens
  useEffect(() => {
    if (query) runQuery(query, true);
  }, []);

  const { open, onRowClick } = itemOpener({ items, queryID: search.answer?.queryID, save: stored.save, onClick, onClose, onNavigate });
  const showError = search.status === 'error' && query.trim() !== '';
  const navigateAway = (url: string) => {
    onClose();
    onNavigate(url);
  };

  return (
    <div
      className={`DocSearch DocSearch-Container${search.status === 'stalled' ? ' DocSearch-Container--Stalled' : ''}${showError ? ' DocSearch-Container--Errored' : ''}`}
      data-status={search.status}
      data-answered={search.query}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => onModalKey(event, modalRef.current, onClose)}
    >
      <div className="DocSearch-Modal" ref={modalRef} role="dialog" aria-modal="true" aria-labelledby="docsearch-label">
        <SearchBar
          inputRef={inputRef}
          query={query}
          selectInitialQuery={selectInitialQuery}
          listIds={listIds({ query, recent, favorites, groups })}
          panelOpen={option.panelOpen}
          activeId={option.activeItem?.id}
          onText={setText}
          onKeyDown={(event) => onSearchBoxKey(event, { activeItem: option.activeItem, move: option.move, open, closePanel: () => option.setPanelOpen(false) })}
          onFocus={() => option.setPanelOpen(true)}
          onCancel={onClose}
        />
        <div className="DocSearch-Dropdown">
          <Dropdown
            {...{ config, baseUrl, query, search, answer, groups, items, suggestions, stored, keepFocusAfter, onRowClick }}
            active={option.shownActive}
            onSeeMore={seeMore}
            onHover={option.setActive}
            onPrefill={(text) => {
              setText(text);
              inputRef.current?.focus();
            }}
            onSeeAll={navigateAway}
          />
        </div>
        <Footer provider={config.provider} />
      </div>
    </div>
  );
}

// The search modal (spec §2 "Search modal", behaviour.md §2): a dialog holding an ARIA combobox
// (the input) whose listboxes are the result groups or the recent/favourite lists. The input
// keeps focus while arrows move the active option (aria-activedescendant); Enter opens it,
// Cmd/Ctrl+Enter opens it in a new tab and keeps the modal open. Focus stays inside the modal
// and returns where it was on close; the page behind does not scroll.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { groupHits, searchPageUrl } from '../hits.ts';
import { plainText } from '../markup.ts';
import { openStores, type StoredHit } from '../stored-searches.ts';
import { firstScreenRows, snippetWordsForScreen, useSearch } from '../use-search.ts';
import { indexNameOf } from '../providers/index.ts';
import type { SearchHit } from '../types.ts';
import { Results } from './Results.tsx';
import { trapFocus } from './focus.ts';
import { ErrorScreen, NoResultsScreen, StartScreen } from './screens.tsx';
import { Footer } from './Footer.tsx';
import { CloseIcon, MagnifierIcon, SpinnerIcon } from './icons.tsx';

export const MAX_QUERY_LENGTH = 64;
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

export interface Item {
  id: string;
  hit: SearchHit | StoredHit;
  source: 'hits' | 'recent' | 'favorite';
}

export function SearchModal({ config, baseUrl, initialQuery, selectInitialQuery = false, onClose, onNavigate, onClick }: SearchModalProps) {
  const indexName = indexNameOf(config);
  // The recent limit is decided once per opening (7, or 4 when there are favourites).
  const stores = useMemo(() => openStores(indexName), [indexName]);
  const snippetWords = useMemo(snippetWordsForScreen, []);
  const firstRows = useMemo(() => firstScreenRows(), []);
  const [query, setQuery] = useState(initialQuery.slice(0, MAX_QUERY_LENGTH));
  const [recent, setRecent] = useState<StoredHit[]>(() => stores.recent.all());
  const [favorites, setFavorites] = useState<StoredHit[]>(() => stores.favorites.all());
  const [active, setActive] = useState(0);
  const [panelOpen, setPanelOpen] = useState(true);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const search = useSearch(config);
  const inputRef = useRef<HTMLInputElement>(null);
  const modalRef = useRef<HTMLDivElement>(null);

  const answer = query.trim() ? search.answer : undefined;
  const groups = useMemo(() => (answer ? groupHits(answer.hits, config.maxResultsPerGroup) : []), [answer, config.maxResultsPerGroup]);
  // The rest of an answer that came with its first screenful only, for when the list's end shows.
  const { showRest } = search;
  const seeMore = useMemo(() => (answer?.rest ? () => showRest(answer) : undefined), [answer, showRest]);

  // Suggestions for the no-results screen: the group names of the widest answer so far.
  useEffect(() => {
    if (!search.answer || search.status !== 'idle') return;
    const names = [...new Set(search.answer.hits.map((h) => plainText(h._highlightResult?.hierarchy?.lvl0?.value ?? h.hierarchy.lvl0)))];
    setSuggestions((current) => (names.length > current.length ? names : current));
  }, [search.answer, search.status]);

  const items: Item[] = useMemo(() => {
    if (!query.trim()) {
      return [
        ...recent.map((hit, i): Item => ({ id: `docsearch-recentSearches-item-${i}`, hit, source: 'recent' })),
        ...favorites.map((hit, j): Item => ({ id: `docsearch-favoriteSearches-item-${recent.length + j}`, hit, source: 'favorite' })),
      ];
    }
    const list: Item[] = [];
    groups.forEach((group, g) => {
      for (const hit of group.hits) list.push({ id: `docsearch-hits${g}-item-${list.length}`, hit, source: 'hits' });
    });
    return list;
  }, [query, recent, favorites, groups]);

  const runQuery = useCallback(
    (text: string, complete = false) => {
      setActive(0);
      setPanelOpen(true);
      if (text.trim()) search.run({ query: text, hitsPerPage: HITS_PER_PAGE, perGroup: config.maxResultsPerGroup, firstRows, snippetWords, complete });
      else search.reset();
    },
    [search.run, search.reset, snippetWords, firstRows, config.maxResultsPerGroup],
  );

  // The search box takes focus as the modal appears (a layout effect: before openModal returns,
  // so no key typed next is lost), with the caret after an initial query or the query selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the modal opens
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.focus();
    if (selectInitialQuery) box.select();
    else box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  // An initial query is searched at once: the reader typed it while the modal opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the modal opens
  useEffect(() => {
    if (query) runQuery(query, true);
  }, []);

  useLayoutEffect(() => {
    if (active >= items.length) setActive(0);
  }, [items.length, active]);

  // After ★ or × the row under focus is gone: focus goes to the same button on the row that took
  // its place (or the one above, or the search box), so Escape and the arrows keep working.
  const refocus = useRef<{ list: string; index: number; title: string } | null>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const rows = modalRef.current?.querySelectorAll<HTMLElement>(`#${target.list} > [role=row]`) ?? [];
    const row = rows[Math.min(target.index, rows.length - 1)];
    const button = row?.querySelector<HTMLElement>(`button[title="${target.title}"]`) ?? row?.querySelector<HTMLElement>('button');
    if (row) setActive(items.findIndex((item) => item.id === row.id));
    (button ?? inputRef.current)?.focus();
  });
  const keepFocusAfter = (list: 'recent' | 'favorite', hit: StoredHit, title: string) => {
    const from = list === 'recent' ? recent : favorites;
    refocus.current = { list: list === 'recent' ? 'docsearch-recentSearches-list' : 'docsearch-favoriteSearches-list', index: from.indexOf(hit), title };
  };

  const activeItem = panelOpen ? items[active] : undefined;
  useEffect(() => {
    if (activeItem) document.getElementById(activeItem.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeItem]);

  const save = (item: Item) => {
    if (item.source === 'favorite' || stores.favorites.has(item.hit as StoredHit)) return;
    stores.recent.add(item.hit);
    setRecent(stores.recent.all());
  };

  const select = (item: Item, newTab: boolean) => {
    save(item);
    if (item.source === 'hits') onClick?.(item.hit as SearchHit, items.indexOf(item) + 1, search.answer?.queryID);
    if (newTab) {
      window.open(item.hit.url, '_blank', 'noopener');
      return;
    }
    onClose();
    onNavigate(item.hit.url);
  };

  const onRowClick = (item: Item, event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button === 1;
    save(item);
    if (item.source === 'hits') onClick?.(item.hit as SearchHit, items.indexOf(item) + 1, search.answer?.queryID);
    if (modified) return; // the browser opens a tab or window; the modal stays
    event.preventDefault();
    onClose();
    onNavigate(item.hit.url);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!items.length) return;
      setPanelOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (event.nativeEvent.isComposing) return;
      if (activeItem) select(activeItem, event.metaKey || event.ctrlKey || event.shiftKey);
      else setPanelOpen(false); // a submit with nothing to open closes the panel
    } else if (event.key === 'Tab') {
      setPanelOpen(false);
    }
  };

  // Escape closes the modal, whatever has focus in it (the box, "See all", Clear, a ★), as
  // DocSearch's does. Tab keeps focus inside the modal.
  const onModalKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') trapFocus(event, modalRef.current);
  };

  const setText = (text: string) => {
    const next = text.slice(0, MAX_QUERY_LENGTH);
    setQuery(next);
    runQuery(next);
  };

  const listIds = query.trim() ? groups.map((_, g) => `docsearch-hits${g}-list`) : [recent.length ? 'docsearch-recentSearches-list' : '', favorites.length ? 'docsearch-favoriteSearches-list' : ''].filter(Boolean);
  const stalled = search.status === 'stalled';
  const showError = search.status === 'error' && query.trim() !== '';

  let screen: ReactElement | undefined;
  if (!query.trim()) {
    screen = (
      <StartScreen
        recent={recent}
        favorites={favorites}
        activeIndex={panelOpen ? active : -1}
        onHover={setActive}
        onSelect={(hit, event) => onRowClick(items.find((i) => i.hit === hit)!, event)}
        onFavorite={(hit) => {
          keepFocusAfter('recent', hit, 'Save this search');
          stores.favorites.add(hit);
          stores.recent.remove(hit);
          setFavorites(stores.favorites.all());
          setRecent(stores.recent.all());
        }}
        onRemoveRecent={(hit) => {
          keepFocusAfter('recent', hit, 'Remove this search from history');
          stores.recent.remove(hit);
          setRecent(stores.recent.all());
        }}
        onRemoveFavorite={(hit) => {
          keepFocusAfter('favorite', hit, 'Remove this search from favorites');
          stores.favorites.remove(hit);
          setFavorites(stores.favorites.all());
        }}
      />
    );
  } else if (showError) {
    screen = <ErrorScreen />;
  } else if (answer && answer.hits.length === 0) {
    screen = <NoResultsScreen query={search.query} suggestions={suggestions} missingResultsUrl={config.missingResultsUrl} onPrefill={(text) => {
      setText(text);
      inputRef.current?.focus();
    }} />;
  } else if (answer) {
    screen = (
      <Results
        groups={groups}
        items={items}
        active={panelOpen ? active : -1}
        nbHits={answer.nbHits}
        onSeeMore={seeMore}
        seeAllUrl={searchPageUrl(baseUrl, config.searchPagePath, search.query)}
        onHover={setActive}
        onSelect={(index, event) => onRowClick(items[index]!, event)}
        onSeeAll={(url) => {
          onClose();
          onNavigate(url);
        }}
      />
    );
  }

  return (
    <div
      className={`DocSearch DocSearch-Container${stalled ? ' DocSearch-Container--Stalled' : ''}${showError ? ' DocSearch-Container--Errored' : ''}`}
      data-status={search.status}
      data-answered={search.query}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onModalKeyDown}
    >
      <div className="DocSearch-Modal" ref={modalRef} role="dialog" aria-modal="true" aria-labelledby="docsearch-label">
        <header className="DocSearch-SearchBar">
          <form
            className="DocSearch-Form"
            role="search"
            noValidate
            onSubmit={(event) => event.preventDefault()}
            onReset={(event) => {
              event.preventDefault();
              setText('');
              inputRef.current?.focus();
            }}
          >
            <label className="DocSearch-MagnifierLabel" htmlFor="docsearch-input" id="docsearch-label">
              <MagnifierIcon />
              <span className="visually-hidden">Search</span>
            </label>
            <div className="DocSearch-LoadingIndicator">
              <SpinnerIcon />
            </div>
            <input
              ref={inputRef}
              id="docsearch-input"
              className="DocSearch-Input"
              type="search"
              role="combobox"
              aria-autocomplete="both"
              aria-haspopup={query.trim() ? 'listbox' : 'grid'}
              aria-expanded={panelOpen && listIds.length > 0}
              aria-controls={listIds.join(' ') || undefined}
              aria-labelledby="docsearch-label"
              aria-activedescendant={activeItem?.id}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint={activeItem ? 'go' : 'search'}
              placeholder="Search docs"
              maxLength={MAX_QUERY_LENGTH}
              value={query}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onInputKeyDown}
              onFocus={() => setPanelOpen(true)}
            />
            <button type="reset" className="DocSearch-Reset" title="Clear the query" aria-label="Clear the query" hidden={!query}>
              <CloseIcon size={18} />
            </button>
          </form>
          <button type="button" className="DocSearch-Cancel" onClick={onClose}>
            Cancel
          </button>
        </header>
        <div className="DocSearch-Dropdown">{screen}</div>
        <Footer provider={config.provider} />
      </div>
    </div>
  );
}

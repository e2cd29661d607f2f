// The modal's search bar: the search box (an ARIA combobox controlling the listboxes on screen),
// its spinner, the Clear button and Cancel. The box takes focus as the modal appears (a layout
// effect: before openModal returns, so no key typed next is lost), with the caret after an
// initial query, or the query selected.
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { CloseIcon, MagnifierIcon, SpinnerIcon } from './icons.tsx';

export const MAX_QUERY_LENGTH = 64;

export interface SearchBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  selectInitialQuery: boolean;
  /** The listboxes on screen (aria-controls); the panel shows them unless closed. */
  listIds: string[];
  panelOpen: boolean;
  activeId: string | undefined;
  onText: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: () => void;
  onCancel: () => void;
}

export function SearchBar(props: SearchBarProps) {
  const { inputRef, onText } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the modal opens
  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.focus();
    if (props.selectInitialQuery) box.select();
    else box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  return (
    <header className="DocSearch-SearchBar">
      <form
        className="DocSearch-Form"
        role="search"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onReset={(event) => {
          event.preventDefault();
          onText('');
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
        <SearchBox {...props} />
        <button type="reset" className="DocSearch-Reset" title="Clear the query" aria-label="Clear the query" hidden={!props.query}>
          <CloseIcon size={18} />
        </button>
      </form>
      <button type="button" className="DocSearch-Cancel" onClick={props.onCancel}>
        Cancel
      </button>
    </header>
  );
}

function SearchBox({ inputRef, query, listIds, panelOpen, activeId, onText, onKeyDown, onFocus }: SearchBarProps) {
  return (
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
      aria-activedescendant={activeId}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint={activeId ? 'go' : 'search'}
      placeholder="Search docs"
      maxLength={MAX_QUERY_LENGTH}
      value={query}
      onChange={(event) => onText(event.target.value)}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    />
  );
}

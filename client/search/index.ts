// Search on every page, at the cost of a few hundred bytes: keyboard shortcuts and the search
// button (plain DOM on the server-rendered button: it works as soon as this runs, before React
// has arrived). The modal (React and its components, the index or the Algolia client) is a
// separate code chunk loaded on the first sign of intent (hover, focus or touch of the button,
// a click, or a shortcut), never on page load; the local index's entry file is asked for at the
// same moment (providers/index-files.ts), not once the modal's code has arrived.
//   Ctrl/Cmd+K  opens and closes the modal;
//   /           opens it when focus is not in an editable element;
//   a letter typed on the focused search button opens it with that letter as the query.
// The initial query is the page's text selection, cut to 64 characters (selected in the box,
// so typing replaces it). Keys typed after the shortcut but before the modal's search box has
// focus (its code may still be loading) are held and become the query instead; Escape or the
// shortcut again cancels the opening.
// If the modal's code fails to load when the reader asks for it, an error box with "Retry"
// floats under the search button; Retry loads the code again and opens the modal.
import type { ClientSearchConfig } from '../../shared/types.ts';
import { readConfig } from '../config.ts';
import { showLoadError } from '../errors/load-error.ts';
import { preloadChunks } from '../lazy-chunks.ts';
import { labelSearchButtons, SEARCH_BUTTON } from './button.ts';
import { prefetchEntry, usesLocalIndex } from './providers/index-files.ts';

type ModalModule = typeof import('./modal/mount.tsx');

let modal: Promise<ModalModule> | undefined;

function loadModal(search: ClientSearchConfig): Promise<ModalModule> {
  if (!modal) {
    preloadChunks('client/search/modal/mount.tsx'); // its chunks all at once, React included
    // The local provider, which the modal would ask for only once it runs (a round trip later).
    if (usesLocalIndex(search)) preloadChunks('client/search/providers/local.ts');
    modal = import('./modal/mount.tsx').catch((error: unknown) => {
      modal = undefined; // try again on the next intent
      throw error;
    });
  }
  return modal;
}

const isOpen = () => document.body.classList.contains('DocSearch--active');

let dismissLoadError: (() => void) | undefined;

/** One box at a time, placed after the navbar's search button (it floats: no layout shift). */
function showModalLoadError(error: unknown, retry: () => void): void {
  dismissLoadError?.();
  const wrapper = document.querySelector(SEARCH_BUTTON)?.parentElement;
  dismissLoadError = wrapper
    ? showLoadError(wrapper, error, retry, 'after', 'load-error-host--floating')
    : showLoadError(document.body, error, retry, 'inside', 'load-error-host--floating');
}

function clearModalLoadError(): void {
  dismissLoadError?.();
  dismissLoadError = undefined;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
}

function selectedText(): string {
  // Line breaks between selected paragraphs become spaces (an input holds one line).
  return (window.getSelection?.()?.toString() ?? '').replace(/\s+/g, ' ').trim().slice(0, 64);
}

/** An opening under way: the modal's code is loading; keys typed meanwhile are kept here. */
interface Opening {
  typed: string;
  cancelled: boolean;
}

let opening: Opening | undefined;

function cancelOpening(): void {
  if (opening) opening.cancelled = true;
  opening = undefined;
}

/** Keeps a key typed while the modal opens; true when the key was the search's to take. */
function holdKey(event: KeyboardEvent, held: Opening): boolean {
  if (event.isComposing || event.metaKey || event.ctrlKey || event.altKey) return false;
  if (event.key === 'Backspace') held.typed = held.typed.slice(0, -1);
  else if ([...event.key].length === 1) held.typed += event.key;
  // Enter would follow the link or press the button that has focus behind the modal.
  else if (event.key !== 'Enter') return false;
  return true;
}

export function initSearch(): void {
  const { search, baseUrl } = readConfig();
  if (!search) return;
  // `typed`: a key typed on the search button, which starts the query instead of the selection.
  const open = (typed = '', selection = typed ? '' : selectedText()) => {
    if (isOpen() || opening) return;
    prefetchEntry(search);
    const attempt: Opening = { typed, cancelled: false };
    opening = attempt;
    loadModal(search).then(
      (m) => {
        if (attempt.cancelled) return;
        clearModalLoadError();
        // Keys typed meanwhile replace the selection, as typing over selected text does.
        m.openModal(search, baseUrl, attempt.typed || selection, { selectQuery: !attempt.typed && selection !== '' });
        // The search box has focus now (openModal renders synchronously): keys go to it.
        if (opening === attempt) opening = undefined;
      },
      (error: unknown) => {
        if (opening === attempt) opening = undefined;
        if (attempt.cancelled) return;
        showModalLoadError(error, () => {
          // Retry's button is gone: focus the search button, where closing the modal returns.
          if (document.activeElement === document.body) document.querySelector<HTMLElement>(SEARCH_BUTTON)?.focus({ preventScroll: true });
          open(attempt.typed, selection);
        });
      },
    );
  };
  const close = () => void loadModal(search).then((m) => m.closeModal());

  labelSearchButtons();
  const onButton = (event: Event) => event.target instanceof Element && event.target.closest(SEARCH_BUTTON) !== null;
  const prepare = (event: Event) => {
    if (!onButton(event)) return;
    prefetchEntry(search);
    void loadModal(search).then((m) => m.prepare(search), () => {});
  };
  // Delegated from the document: one listener each, for any search button, whenever it came.
  for (const type of ['mouseover', 'focusin', 'touchstart'] as const) document.addEventListener(type, prepare, { passive: true });
  document.addEventListener('click', (event) => {
    if (onButton(event)) open();
  });
  window.addEventListener('keydown', (event) => {
    if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      if (opening) cancelOpening();
      else if (isOpen()) close();
      else open();
      return;
    }
    if (opening) {
      if (event.key === 'Escape') {
        event.preventDefault();
        cancelOpening();
      } else if (holdKey(event, opening)) {
        event.preventDefault();
      }
      return;
    }
    if (isOpen() || event.defaultPrevented) return;
    if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isEditable(event.target)) {
      event.preventDefault();
      open();
      return;
    }
    if (onButton(event) && event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open(event.key);
    }
  });
}

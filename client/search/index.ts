// Search on every page, at the cost of a few hundred bytes: keyboard shortcuts and the search
// button's events. The modal (React components, the index or the Algolia client) is a separate
// code chunk loaded on the first sign of intent (hover or focus of the button, or a shortcut),
// never on page load.
//   Ctrl/Cmd+K  opens and closes the modal;
//   /           opens it when focus is not in an editable element;
//   a letter typed on the focused search button opens it with that letter as the query.
// The initial query is the page's text selection, cut to 64 characters.
import { readConfig } from '../config.ts';

type ModalModule = typeof import('./modal/mount.tsx');

let modal: Promise<ModalModule> | undefined;

function loadModal(): Promise<ModalModule> {
  modal ??= import('./modal/mount.tsx').catch((error: unknown) => {
    modal = undefined; // try again on the next intent
    throw error;
  });
  return modal;
}

const isOpen = () => document.body.classList.contains('DocSearch--active');

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
}

function selectedText(): string {
  // Line breaks between selected paragraphs become spaces (an input holds one line).
  return (window.getSelection?.()?.toString() ?? '').replace(/\s+/g, ' ').trim().slice(0, 64);
}

export function initSearch(): void {
  const { search, baseUrl } = readConfig();
  if (!search) return;
  const open = (initialQuery = selectedText()) => {
    if (isOpen()) return;
    loadModal().then(
      (m) => m.openModal(search, baseUrl, initialQuery),
      (error: unknown) => console.error('The search could not be loaded.', error),
    );
  };
  const close = () => void loadModal().then((m) => m.closeModal());

  window.addEventListener('helpgen:search-intent', () => void loadModal().then((m) => m.prepare(search), () => {}));
  window.addEventListener('helpgen:open-search', () => open());
  window.addEventListener('keydown', (event) => {
    if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      if (isOpen()) close();
      else open();
      return;
    }
    if (isOpen() || event.defaultPrevented) return;
    if (event.key === '/' && !event.metaKey && !event.ctrlKey && !event.altKey && !isEditable(event.target)) {
      event.preventDefault();
      open();
      return;
    }
    const onButton = event.target instanceof Element && event.target.closest('.DocSearch-Button');
    if (onButton && event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open(event.key);
    }
  });
}

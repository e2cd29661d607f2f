// The modal's code chunk entry (loaded by ../index.ts on first intent): mounts the modal into
// its own root at the end of <body>, locks page scroll while it is open, and gives focus back
// to where it was when it closes.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ClientSearchConfig } from '../../../shared/types.ts';
import { getProvider } from '../providers/index.ts';
import { reportClick } from '../providers/insights.ts';
import { SearchModal } from './SearchModal.tsx';

let root: Root | undefined;
let host: HTMLElement | undefined;
let returnFocus: HTMLElement | null = null;
let opening = 0;

export const ACTIVE_CLASS = 'DocSearch--active';

/** Starts loading the index (or the Algolia client) before the reader needs it. */
export function prepare(config: ClientSearchConfig): void {
  void getProvider(config).catch(() => {
    // Shown as the error screen when the reader searches.
  });
}

export function isOpen(): boolean {
  return document.body.classList.contains(ACTIVE_CLASS);
}

/**
 * Opens the modal with its search box focused before this returns (keys typed next go to it).
 * `selectQuery`: the initial query is the page's selection, selected so typing replaces it.
 */
export function openModal(config: ClientSearchConfig, baseUrl: string, initialQuery: string, { selectQuery = false } = {}): void {
  if (isOpen()) return;
  prepare(config);
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  lockScroll();
  host ??= document.body.appendChild(Object.assign(document.createElement('div'), { className: 'helpgen-search-root' }));
  root ??= createRoot(host);
  flushSync(() =>
    root!.render(
      <SearchModal
        key={++opening}
        config={config}
        baseUrl={baseUrl}
        initialQuery={initialQuery}
        selectInitialQuery={selectQuery}
        onClose={closeModal}
        onNavigate={navigateTo}
        onClick={(hit, position, queryID) => config.algolia?.insights && reportClick(config.algolia.indexName, queryID, hit.objectID, position)}
      />,
    ),
  );
}

export function closeModal(): void {
  if (!isOpen()) return;
  root?.render(null);
  unlockScroll();
  const target = returnFocus?.isConnected ? returnFocus : document.querySelector<HTMLElement>('.DocSearch-Button');
  target?.focus({ preventScroll: true });
  returnFocus = null;
}

/** Client navigation when the site's router listens, else a normal page load. */
function navigateTo(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.hidden = true;
  document.body.appendChild(link);
  link.click(); // the router intercepts clicks on internal links; without it the browser follows
  link.remove();
}

function lockScroll(): void {
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  document.body.classList.add(ACTIVE_CLASS);
  if (scrollbar > 0) document.body.style.marginRight = `${scrollbar}px`;
}

function unlockScroll(): void {
  document.body.classList.remove(ACTIVE_CLASS);
  document.body.style.marginRight = '';
}

// Client navigation. A click on a page link (see links.ts) fetches the next page while the
// current one stays on screen, then swaps it in (swap.ts), records it in history, scrolls to the
// #hash target or the top, moves focus to the new content and announces it. Back/forward do the
// same from history, restoring the scroll position. If the page cannot be loaded the browser
// simply loads it normally. The progress bar shows when loading takes more than 200 ms.
import { loadPage } from './page-cache.ts';
import { internalUrl } from './links.ts';
import { samePage } from './clean-url.ts';
import { isShellDocument, swapPage, type SwapResult } from './swap.ts';
import { startProgress, doneProgress } from './progress.ts';
import { announcePage } from './announce.ts';
import { hashTarget } from './hash-target.ts';

export interface RouterHooks {
  baseUrl: string;
  /** Before the swap: close menus, unmount what leaves. */
  beforeSwap: () => void;
  /** After the swap: hydrate and enhance what arrived. */
  afterSwap: (result: SwapResult, jumpedToHash: boolean) => void;
  focusContent: () => void;
}

interface HistoryState {
  helpgen: true;
  scroll: number;
}

let hooks: RouterHooks;
let navigation = 0;
/** Path of the page on screen (location already shows the next one when popstate fires). */
let shownPath = '';

export function initRouter(routerHooks: RouterHooks): void {
  hooks = routerHooks;
  shownPath = location.pathname;
  // Scroll positions are restored here (after the content is in), not by the browser, which
  // would restore them before a client navigation has swapped the page. That includes reloads
  // and back/forward into this document from another site.
  history.scrollRestoration = 'manual';
  const saved = (history.state as Partial<HistoryState> | null)?.scroll;
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (saved && (entry?.type === 'reload' || entry?.type === 'back_forward')) window.scrollTo(0, saved);
  history.replaceState({ ...(history.state as object), helpgen: true, scroll: window.scrollY } satisfies HistoryState, '');
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  // Remember where the reader is on this entry, for back/forward (debounced: replaceState is rate limited).
  let timer = 0;
  window.addEventListener(
    'scroll',
    () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(saveScroll, 120);
    },
    { passive: true },
  );
  window.addEventListener('pagehide', saveScroll);
  // Other features (the search modal) navigate with this event.
  window.addEventListener('helpgen:navigate', (event) => {
    const detail = (event as CustomEvent<string>).detail;
    void navigate(new URL(detail, location.href));
  });
}

function saveScroll(): void {
  const state = history.state as Partial<HistoryState> | null;
  if (state?.helpgen && state.scroll !== window.scrollY) history.replaceState({ ...state, scroll: window.scrollY }, '');
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = internalUrl(link, hooks.baseUrl);
  if (!url) return;
  // Same page, another #section: the browser's own fragment navigation is right.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  void navigate(url);
}

function onPopState(): void {
  const state = history.state as Partial<HistoryState> | null;
  const url = new URL(location.href);
  if (samePage(url.pathname, shownPath)) {
    // Only the #hash changed: the browser scrolls; nothing to load.
    return;
  }
  void navigate(url, { push: false, scroll: state?.scroll });
}

/**
 * Loads and shows `url`. push=false for back/forward (the entry exists), with its scroll
 * position; replace=true puts the page in place of the current history entry.
 */
export async function navigate(url: URL, options: { push?: boolean; scroll?: number; replace?: boolean } = {}): Promise<void> {
  const push = (options.push ?? true) && !options.replace;
  const id = ++navigation;
  if (push) saveScroll();
  const samePath = samePage(url.pathname, shownPath) && url.search === new URL(location.href).search;
  if (push && samePath) {
    // The page on screen: a #section is the browser's fragment navigation; no #hash goes back
    // to the top without a new history entry.
    if (url.hash) location.hash = url.hash;
    else {
      window.scrollTo(0, 0);
      hooks.focusContent();
    }
    return;
  }
  if (!samePage(url.pathname, shownPath)) startProgress();
  let doc: Document;
  let finalUrl: URL;
  try {
    const page = await loadPage(url);
    doc = new DOMParser().parseFromString(page.html, 'text/html');
    if (!isShellDocument(doc)) throw new Error(`${url.pathname} is not a page of this site`);
    finalUrl = new URL(page.url || url.href);
    finalUrl.hash = url.hash;
  } catch (error) {
    if (id !== navigation) return;
    doneProgress();
    console.warn('Client navigation failed; loading the page normally.', error);
    if (options.replace) location.replace(url.href);
    else fullLoad(url, push);
    return;
  }
  if (id !== navigation) return; // a later navigation won
  if (push) history.pushState({ helpgen: true, scroll: 0 } satisfies HistoryState, '', finalUrl.href);
  else if (options.replace) history.replaceState({ helpgen: true, scroll: 0 } satisfies HistoryState, '', finalUrl.href);
  shownPath = finalUrl.pathname;
  hooks.beforeSwap();
  const result = swapPage(doc);
  doneProgress();
  const target = url.hash ? hashTarget(url.hash) : null;
  hooks.focusContent();
  if (options.scroll !== undefined) window.scrollTo(0, options.scroll);
  else if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  hooks.afterSwap(result, target !== null && options.scroll === undefined);
  announcePage(document.title);
  window.dispatchEvent(new CustomEvent('helpgen:navigated', { detail: { url: finalUrl.href } }));
}

function fullLoad(url: URL, push: boolean): void {
  if (push) location.assign(url.href);
  else location.reload(); // back/forward: the address bar already shows the page
}

// The docs sidebar. Categories open and close with their caret (or their label when it is not a
// link); the height animates over a duration computed from the content height, 1 ms when the
// reader prefers reduced motion. Categories never close by themselves. After a client
// navigation the new page is highlighted and its categories opened; the rest stay as they were.
//
// Pages carry only the top level of the sidebar and their own branch
// (templates/components/Sidebar.tsx): every other category comes as its label link alone, its
// index path in data-sidebar-key. This module gives each its caret and an empty panel (data-lazy).
// Opening one fills it from the sidebar fragment, one cached file per build, fetched when the
// pointer or focus first enters the sidebar so that opening feels instant, or as the page starts
// when a category is configured open (its panel is shown empty until then; if the file cannot
// be loaded, such a category closes, and opening it offers Retry). A client navigation fills
// panels from the next page's sidebar, which holds that page's branch.
import { readConfig } from '../config.ts';
import { showLoadError } from '../errors/load-error.ts';
import { prefetchAllowed } from '../navigation/connection.ts';
import { caretLabel } from '../../shared/sidebar-caret.ts';

/** Animation duration for a panel of this height (px): grows slowly with the content. */
export function collapseDuration(height: number, reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches): number {
  if (reducedMotion) return 1;
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

export function initSidebar(scope: ParentNode = document): void {
  const menu = scope.querySelector<HTMLElement>('.doc-sidebar .menu');
  if (!menu || menu.dataset.ready) return;
  menu.dataset.ready = 'true';
  addCarets(menu);
  const warm = () => {
    if (prefetchAllowed() && menu.querySelector('[data-lazy]')) loadFragment().catch(() => undefined);
  };
  if (menu.querySelector('.menu__collapsible[data-lazy]:not([hidden])')) fillOpenPanels(menu);
  menu.addEventListener('pointerover', warm, { once: true });
  menu.addEventListener('focusin', warm, { once: true });
  menu.addEventListener('click', (event) => {
    const target = event.target as Element;
    const caret = target.closest<HTMLButtonElement>('.menu__caret');
    // A category label without a page toggles, like its caret.
    const label = caret ? null : target.closest('.menu__list-item-collapsible > span.menu__link');
    const button = caret ?? label?.parentElement?.querySelector<HTMLButtonElement>('.menu__caret');
    if (button) toggle(button, button.getAttribute('aria-expanded') !== 'true');
  });
}

const timers = new WeakMap<HTMLElement, number>();

let fragment: Promise<DocumentFragment> | undefined;
/** The fragment once it has arrived, so opening a category after that is synchronous. */
let loaded: DocumentFragment | undefined;

/** The whole sidebar of this build, fetched once; a failed fetch is not kept, so Retry refetches. */
function loadFragment(): Promise<DocumentFragment> {
  const url = readConfig().sidebarUrl;
  if (!url) return Promise.reject(new Error('This page has no sidebar file to load categories from.'));
  fragment ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}.`);
      return response.json() as Promise<{ html: string }>;
    })
    .then(({ html }) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return (loaded = template.content);
    });
  fragment.catch(() => (fragment = undefined));
  return fragment;
}

/**
 * Gives each category the page carries as its link alone (li[data-sidebar-key]) its caret and an
 * empty panel, open or collapsed as the entry says, so it opens like any other.
 */
function addCarets(root: ParentNode): void {
  for (const item of root.querySelectorAll<HTMLElement>('li[data-sidebar-key]')) {
    const header = item.querySelector(':scope > .menu__list-item-collapsible');
    if (!header) continue;
    const expanded = !item.classList.contains('menu__list-item--collapsed');
    const caret = document.createElement('button');
    caret.type = 'button';
    caret.className = 'menu__caret';
    caret.setAttribute('aria-expanded', String(expanded));
    caret.setAttribute('aria-label', caretLabel(expanded, header.textContent ?? ''));
    header.append(caret);
    const panel = document.createElement('div');
    panel.className = 'menu__collapsible';
    panel.hidden = !expanded;
    panel.dataset.sidebarKey = item.dataset.sidebarKey;
    panel.dataset.lazy = '';
    item.append(panel);
    delete item.dataset.sidebarKey;
  }
}

/** Fills every empty (data-lazy) panel of `menu` that `source` holds in full; outer panels first. */
export function fillLazyPanels(menu: ParentNode, source: ParentNode): void {
  for (let filled = true; filled; ) {
    filled = false;
    for (const panel of menu.querySelectorAll<HTMLElement>('.menu__collapsible[data-lazy]')) {
      const full = source.querySelector(`.menu__collapsible[data-sidebar-key="${panel.dataset.sidebarKey}"]:not([data-lazy])`);
      if (!full) continue;
      panel.replaceChildren(...[...full.childNodes].map((node) => document.importNode(node, true)));
      delete panel.dataset.lazy;
      // A branch from another page holds categories as their links alone.
      addCarets(panel);
      filled = true;
    }
  }
}

/** Fills the categories configured open; any the fragment cannot fill (it failed to load) close. */
function fillOpenPanels(menu: HTMLElement): void {
  const closeEmpty = () => {
    for (const panel of menu.querySelectorAll<HTMLElement>('.menu__collapsible[data-lazy]:not([hidden])')) {
      const caret = panel.parentElement?.querySelector<HTMLButtonElement>(':scope > .menu__list-item-collapsible > .menu__caret');
      if (caret) toggle(caret, false, false);
    }
  };
  loadFragment().then((source) => {
    fillLazyPanels(menu, source);
    closeEmpty();
  }, closeEmpty);
}

function toggle(button: HTMLButtonElement, expand: boolean, animate = true): void {
  const item = button.closest('.menu__list-item');
  const panel = item?.querySelector<HTMLElement>(':scope > .menu__collapsible');
  if (!item || !panel) return;
  if (expand && panel.dataset.lazy !== undefined) return void openLazy(button, panel, animate);
  const label = button.getAttribute('aria-label')?.replace(/^(Collapse|Expand)/, expand ? 'Collapse' : 'Expand');
  button.setAttribute('aria-expanded', String(expand));
  if (label) button.setAttribute('aria-label', label);
  item.classList.toggle('menu__list-item--collapsed', !expand);
  window.clearTimeout(timers.get(panel));
  panel.hidden = false;
  panel.style.overflow = 'hidden'; // measure with child margins contained, as during the animation
  const full = panel.scrollHeight;
  const duration = animate ? collapseDuration(full) : 0;
  const finish = () => {
    panel.style.transition = panel.style.height = panel.style.overflow = '';
    panel.hidden = !expand;
  };
  if (!duration) {
    finish();
    return;
  }
  panel.style.height = expand ? '0px' : `${full}px`;
  void panel.offsetHeight; // commit the start height so the change below animates
  panel.style.transition = `height ${duration}ms ease-in-out`;
  panel.style.height = expand ? `${full}px` : '0px';
  timers.set(panel, window.setTimeout(finish, duration + 20));
}

/** The shown load-error box of a category, by its caret: closing it removes the box. */
const errorBoxes = new WeakMap<HTMLButtonElement, () => void>();

/** Fills a lazy panel from the fragment, then opens it; a failed load shows Retry under the category. */
function openLazy(button: HTMLButtonElement, panel: HTMLElement, animate: boolean): void {
  const menu = panel.closest('.menu');
  if (loaded && menu) {
    fillLazyPanels(menu, loaded);
    if (panel.dataset.lazy === undefined) toggle(button, true, animate);
    return;
  }
  if (button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  errorBoxes.get(button)?.(); // one box per category: a new attempt replaces the last one
  loadFragment().then(
    (source) => {
      button.removeAttribute('aria-busy');
      if (menu) fillLazyPanels(menu, source);
      if (panel.dataset.lazy === undefined) toggle(button, true, animate);
    },
    (error: unknown) => {
      button.removeAttribute('aria-busy');
      errorBoxes.set(button, showLoadError(button.parentElement ?? panel, error, () => toggle(button, true, animate)));
    },
  );
}

/**
 * Marks `href` as the current page: highlights its link, marks and opens every category it is
 * in (without animation), and scrolls it into view inside the sidebar if it is out of sight.
 */
export function setSidebarActive(href: string | undefined, scope: ParentNode = document, nextSidebar?: ParentNode): void {
  const menu = scope.querySelector<HTMLElement>('.menu[aria-label="Docs"]');
  if (!menu) return;
  if (nextSidebar) fillLazyPanels(menu, nextSidebar);
  for (const link of menu.querySelectorAll('.menu__link--active')) link.classList.remove('menu__link--active');
  for (const link of menu.querySelectorAll('[aria-current="page"]')) link.removeAttribute('aria-current');
  if (!href) return;
  const link = [...menu.querySelectorAll<HTMLAnchorElement>('a.menu__link')].find((a) => a.getAttribute('href') === href);
  if (!link) return;
  link.classList.add('menu__link--active');
  link.setAttribute('aria-current', 'page');
  let item = link.closest('.menu__list-item');
  // The link's own category (when the link is a category index) counts as containing it.
  if (link.classList.contains('menu__link--sublist')) item = item?.parentElement?.closest('.menu__list-item') ?? null;
  const own = link.parentElement?.querySelector<HTMLButtonElement>(':scope > .menu__caret');
  if (own && own.getAttribute('aria-expanded') !== 'true') toggle(own, true, false);
  while (item) {
    const header = item.querySelector(':scope > .menu__list-item-collapsible');
    header?.querySelector('.menu__link')?.classList.add('menu__link--active');
    const caret = header?.querySelector<HTMLButtonElement>('.menu__caret');
    if (caret && caret.getAttribute('aria-expanded') !== 'true') toggle(caret, true, false);
    item = item.parentElement?.closest('.menu__list-item') ?? null;
  }
  const box = link.closest('.doc-sidebar, .mobile-menu__panel');
  if (box) {
    const a = link.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    // Scroll the sidebar box only (scrollIntoView would move the page too).
    if (a.top < b.top || a.bottom > b.bottom) box.scrollTop += a.top - b.top - b.height / 2;
  }
}

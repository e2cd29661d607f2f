// Puts a fetched page on screen without reloading: title and head metadata, the body class, the
// navbar's active link, and the content of #__page. When both pages have the docs sidebar the
// sidebar element stays (its scroll position and the categories the reader opened are kept) and
// only its active page changes; everything else in #__page is replaced.
import { setSidebarActive } from '../shell/sidebar.ts';

/** Head elements that describe the page (the rest of <head> is the same on every page). */
const HEAD_SELECTORS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="docusaurus_"]',
  'meta[name^="docsearch:"]',
];

export interface SwapResult {
  /** The elements now in the page that came from the new document (to hydrate and enhance). */
  added: Element[];
  /** The elements that left the page (to unmount). */
  removed: Element[];
}

export function isShellDocument(doc: Document): boolean {
  return doc.getElementById('__page') !== null && doc.querySelector('header.site-header') !== null;
}

export function swapPage(next: Document): SwapResult {
  document.title = next.title;
  syncHead(next);
  document.body.className = next.body.className;
  syncNavbar(next);

  const page = document.getElementById('__page')!;
  const nextPage = next.getElementById('__page')!;
  const sidebar = page.querySelector('.doc-layout > .doc-sidebar');
  const nextLayout = nextPage.querySelector(':scope > .doc-layout');
  const nextSidebar = nextLayout?.querySelector(':scope > .doc-sidebar');
  const layout = page.querySelector(':scope > .doc-layout');
  let added: Element[];
  let removed: Element[];
  if (sidebar && layout && nextLayout && nextSidebar && page.children.length === 1) {
    removed = [...layout.children].filter((el) => el !== sidebar);
    added = [...nextLayout.children].filter((el) => el !== nextSidebar).map((el) => document.adoptNode(el));
    for (const el of removed) el.remove();
    layout.append(...added);
    const active = nextSidebar.querySelector('a.menu__link[aria-current="page"]')?.getAttribute('href') ?? undefined;
    setSidebarActive(active, document, nextSidebar);
  } else {
    removed = [...page.children];
    added = [...nextPage.children].map((el) => document.adoptNode(el));
    page.replaceChildren(...added);
  }
  return { added, removed };
}

function syncHead(next: Document): void {
  for (const selector of HEAD_SELECTORS) {
    for (const el of document.head.querySelectorAll(selector)) el.remove();
    const anchor = document.head.querySelector('link[rel="icon"]');
    for (const el of next.head.querySelectorAll(selector)) document.head.insertBefore(document.adoptNode(el), anchor);
  }
}

/** Copies the active state of navbar and mobile-menu links (same markup on every page). */
function syncNavbar(next: Document): void {
  const selector = '.navbar__items a, .mobile-menu__primary a';
  const current = document.querySelectorAll(selector);
  const fresh = next.querySelectorAll(selector);
  if (current.length !== fresh.length) return;
  current.forEach((el, i) => {
    const source = fresh[i]!;
    el.className = source.className;
    const aria = source.getAttribute('aria-current');
    if (aria) el.setAttribute('aria-current', aria);
    else el.removeAttribute('aria-current');
  });
}

// Locale links keep the reader where they are: target locale prefix + the current path (without
// the current locale's prefix) + query + hash. The server renders prefix + page path; the query
// and hash are only known here, so the links are refreshed whenever they could be used.
export function initLocaleLinks(): void {
  sync();
  window.addEventListener('hashchange', sync);
  window.addEventListener('popstate', sync);
  window.addEventListener('helpgen:navigated', sync);
  // The search page rewrites ?q= with replaceState, which fires no event: refresh on use too.
  for (const type of ['pointerdown', 'focusin', 'helpgen:dropdown-open'] as const) {
    document.addEventListener(type, (event) => {
      if ((event.target as Element | null)?.closest?.('[data-dropdown="locale"], .mobile-menu')) sync();
    });
  }
}

function sync(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-locale-prefix]')) {
    const current = link.dataset.currentPrefix ?? '';
    const path = location.pathname.startsWith(current) ? location.pathname.slice(current.length) : location.pathname.replace(/^\/+/, '');
    link.setAttribute('href', `${link.dataset.localePrefix}${path}${location.search}${location.hash}`);
  }
}

// Starts the browser side of the site: everything here enhances the server-rendered page, which
// already reads and links without JavaScript. It is all small plain-DOM code, loaded before the
// page is interactive; React comes later with the islands (./islands/load.ts). Order matters a
// little: the address is cleaned first, and third-party scripts wait until the page is idle
// (or, with a launcher button, until the reader reaches for it); the islands' code (React)
// loads only on a page that has an island.
import { readConfig } from './config.ts';
import { initTheme } from './theme/theme.ts';
import { islandsAfterSwap, islandsBeforeSwap, startIslands } from './islands/load.ts';
import { initAnnouncementBar } from './shell/announcement.ts';
import { initDropdowns } from './shell/dropdowns.ts';
import { initHideOnScroll, navbarAfterNavigation, hidesOnScroll } from './shell/navbar-hide.ts';
import { initLocaleLinks } from './shell/locale-links.ts';
import { initDocsVersion, knownVersions } from './shell/docs-version.ts';
import { initSidebar } from './shell/sidebar.ts';
import { initMobileMenu, closeMobileMenu } from './shell/mobile-menu.ts';
import { initSkipLink, focusMainContent } from './shell/skip-link.ts';
import { initToc } from './shell/toc.ts';
import { initCodeBlocks } from './shell/code-blocks.ts';
import { enhancePage } from './features/enhance.ts';
import { initBackToTop } from './shell/back-to-top.ts';
import { normalizeLocation, showPageForHtmlAddress } from './navigation/normalize.ts';
import { initRouter } from './navigation/router.ts';
import { initHashTargets } from './navigation/hash-target.ts';
import { initPrefetch, observeLinks } from './navigation/prefetch.ts';
import { trackPageView } from './extras/analytics.ts';
import { loadScripts } from './extras/scripts.ts';

export function startApp(): void {
  const config = readConfig();
  normalizeLocation(config.baseUrl);
  initTheme();
  startIslands();
  initAnnouncementBar(config.announcementBarId);
  initDropdowns();
  initHideOnScroll(config.navbarHideOnScroll);
  initLocaleLinks();
  initDocsVersion(knownVersions(config.version.name));
  initSidebar();
  initMobileMenu();
  initSkipLink();
  initBackToTop(() => focusMainContent({ preventScroll: true }));
  initToc(tocOffset);
  initCodeBlocks();
  initHashTargets();
  enhancePage();
  initRouter({
    baseUrl: config.baseUrl,
    beforeSwap: () => {
      closeMobileMenu();
      islandsBeforeSwap();
    },
    afterSwap: ({ added, removed }, jumpedToHash) => {
      islandsAfterSwap(removed, added);
      for (const el of added) {
        initCodeBlocks(el);
        enhancePage(el);
      }
      initSidebar();
      initToc(tocOffset);
      observeLinks(config.baseUrl);
      navbarAfterNavigation(jumpedToHash);
      trackPageView(config.analyticsEndpoint);
    },
    focusContent: () => focusMainContent({ preventScroll: true }),
  });
  void showPageForHtmlAddress(config.baseUrl);
  initPrefetch(config.baseUrl);
  trackPageView(config.analyticsEndpoint);
  loadScripts(config.scripts);
}

/** Headings count as "in view" below the navbar (which may slide away when it hides on scroll). */
function tocOffset(): number {
  return hidesOnScroll() ? 0 : (document.querySelector<HTMLElement>('.navbar')?.offsetHeight ?? 0);
}

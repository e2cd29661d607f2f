// Starts the browser side of the site: everything here enhances the server-rendered page, which
// already reads and links without JavaScript. Order matters a little: the address is cleaned
// first, islands hydrate early (the toggle and search button should respond quickly), and
// third-party scripts wait until the page is idle.
import { readConfig } from './config.ts';
import { initTheme } from './theme/theme.ts';
import { hydrateIslands, unmountIslands, type IslandRegistry } from './islands/hydrate.tsx';
import { clearCrashScreen, retryFailedIslands } from './errors/crash.tsx';
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
import { loadScriptsWhenIdle } from './extras/scripts.ts';

export function startApp(islands: IslandRegistry): void {
  const config = readConfig();
  normalizeLocation(config.baseUrl);
  initTheme();
  void hydrateIslands(islands);
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
      clearCrashScreen();
    },
    afterSwap: ({ added, removed }, jumpedToHash) => {
      for (const el of removed) unmountIslands(el);
      retryFailedIslands();
      for (const el of added) {
        void hydrateIslands(islands, el);
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
  loadScriptsWhenIdle(config.scripts);
}

/** Headings count as "in view" below the navbar (which may slide away when it hides on scroll). */
function tocOffset(): number {
  return hidesOnScroll() ? 0 : (document.querySelector<HTMLElement>('.navbar')?.offsetHeight ?? 0);
}

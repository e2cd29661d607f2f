// The HTML document around every page: head metadata (SEO, Open Graph, DocSearch tags), the
// theme script, the note of clicks that come before the main script, and the shell (skip link, announcement bar, navbar, page, script launchers, footer).
import type { ReactNode } from 'react';
import type { PageData, SiteData, SidebarItem } from '../shared/types.ts';
import { themeScript } from './head/ThemeScript.tsx';
import { earlyClicksScript } from './head/early-clicks.ts';
import { scriptJson } from './head/script-json.ts';
import { Navbar } from './components/Navbar.tsx';
import { AnnouncementBar, Footer, SkipToContent } from './components/Chrome.tsx';
import { MobileMenu } from './components/MobileMenu.tsx';
import { ScriptLaunchers } from './components/ScriptLauncher.tsx';
import { markdownTwinHref } from './twin.ts';

export interface DocumentProps {
  site: SiteData;
  page: PageData;
  sidebar: SidebarItem[];
  children: ReactNode;
}

export function Document({ site, page, children }: DocumentProps) {
  const fullTitle = page.kind === 'doc' && page.route === site.baseUrl ? `${site.title}` : `${page.title} | ${site.title}`;
  const canonical = site.url && site.url.replace(/\/+$/, '') + page.href;
  const isDoc = page.kind === 'doc' || page.kind === 'category';
  const docTag = `docs-default-${site.version.name}`;
  // The page's path after the base URL, so locale links can keep it ("guides/start").
  const pagePath = page.kind === 'notFound' ? '' : page.href.startsWith(site.baseUrl) ? page.href.slice(site.baseUrl.length) : '';
  return (
    <html lang={site.locale} dir={site.direction} data-theme={site.colorMode.defaultMode} data-theme-choice="system">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        {/* One render-blocking inline script, under 1 KB (test/browser/budget.test.ts). */}
        <script dangerouslySetInnerHTML={{ __html: themeScript(site) + earlyClicksScript() }} />
        {page.description && <meta name="description" content={page.description} />}
        {page.noindex && <meta name="robots" content="noindex, follow" />}
        {canonical && <link rel="canonical" href={canonical} />}
        {isDoc && <link rel="alternate" type="text/markdown" href={markdownTwinHref(page.href)} />}
        <meta property="og:title" content={fullTitle} />
        {page.description && <meta property="og:description" content={page.description} />}
        {canonical && <meta property="og:url" content={canonical} />}
        {site.image && <meta property="og:image" content={site.image} />}
        <meta property="og:type" content={page.kind === 'doc' ? 'article' : 'website'} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:locale" content={site.locale} />
        <meta name="twitter:card" content={site.image ? 'summary_large_image' : 'summary'} />
        {site.image && <meta name="twitter:image" content={site.image} />}
        <meta name="docusaurus_locale" content={site.locale} />
        <meta name="docsearch:language" content={site.locale} />
        {isDoc ? (
          <>
            <meta name="docusaurus_version" content={site.version.name} />
            <meta name="docusaurus_tag" content={docTag} />
            <meta name="docsearch:version" content={site.version.name} />
            <meta name="docsearch:docusaurus_tag" content={docTag} />
          </>
        ) : (
          <>
            <meta name="docusaurus_tag" content="default" />
            <meta name="docsearch:docusaurus_tag" content="default" />
          </>
        )}
        <link rel="icon" href={site.favicon ?? DEFAULT_FAVICON} />
        {site.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {site.assets.js.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className={`page-${page.kind}`}>
        <SkipToContent />
        {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
        <header className="site-header">
          <Navbar site={site} activeHref={page.activeHref} pagePath={pagePath} />
        </header>
        <MobileMenu site={site} activeHref={page.activeHref} pagePath={pagePath} />
        {/* Client navigation swaps what is inside #__page (client/navigation/swap.ts). */}
        <div id="__page" className="main-wrapper">
          {children}
        </div>
        {/* Before the footer, whose end then stays clear of it (75-script-launcher.css). */}
        <ScriptLaunchers scripts={site.scripts} />
        {site.footer && <Footer footer={site.footer} />}
        <script type="application/json" id="helpgen-config" dangerouslySetInnerHTML={{ __html: clientConfigJson(site) }} />
      </body>
    </html>
  );
}

/** The part of the site config the browser needs, as inert JSON (client/config.ts reads it). */
function clientConfigJson(site: SiteData): string {
  const config = {
    baseUrl: site.baseUrl,
    search: site.search,
    colorMode: site.colorMode,
    announcementBarId: site.announcementBar?.id,
    navbarHideOnScroll: site.navbar.hideOnScroll,
    scripts: site.scripts,
    analyticsEndpoint: site.analyticsEndpoint,
    version: site.version,
    sidebarUrl: site.sidebarUrl,
  };
  return scriptJson(config);
}

/** A small inline logo, so pages never request a missing /favicon.ico. */
const DEFAULT_FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%232456c7'/%3E%3Ccircle cx='16' cy='16' r='8' fill='none' stroke='white' stroke-width='3.5'/%3E%3C/svg%3E";

// Data the templates render. Everything here is plain, serialisable data: the templates never
// see the full config or touch Node APIs, so the same components can hydrate in the browser.

export interface SidebarDocItem {
  type: 'doc';
  id: string;
  label: string;
  href: string;
}

export interface SidebarCategoryItem {
  type: 'category';
  label: string;
  /** The generated index page of the category, when it has one. */
  href?: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarDocItem | SidebarCategoryItem;

export interface TocItem {
  id: string;
  /** Heading text as HTML (inline code and emphasis kept). */
  html: string;
  level: number;
}

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageLink {
  title: string;
  href: string;
}

export interface NavLink {
  label: string;
  href: string;
  external: boolean;
  ariaLabel?: string;
  /** A docs version link (navbar item docsVersion): following it stores this version as the reader's choice. */
  version?: string;
}

export type NavbarItemData =
  /** sidebar: a docSidebar item, shown active on every page of the sidebar that no other navbar link is for. */
  | { kind: 'link'; position: 'left' | 'right'; link: NavLink; sidebar?: boolean }
  | { kind: 'dropdown'; position: 'left' | 'right'; label: string; items: NavLink[] }
  | { kind: 'localeDropdown'; position: 'left' | 'right'; locales: { locale: string; label: string; prefix: string }[]; current: string }
  | { kind: 'search'; position: 'left' | 'right' }
  | { kind: 'html'; position: 'left' | 'right'; html: string }
  | { kind: 'docsVersionDropdown'; position: 'left' | 'right'; versions: { name: string; label: string; href: string }[]; current: string };

export interface FooterData {
  style: 'light' | 'dark';
  columns: { title: string; items: NavLink[] }[];
  copyright?: string;
}

/** Search settings the browser needs (never secrets beyond the public search-only key). */
export interface ClientSearchConfig {
  provider: 'local' | 'algolia';
  /** URL of the local search index (content-hashed), when provider is local. */
  indexUrl?: string;
  /** Recent and favourite searches are stored per index under this name (Algolia's index name, or "<product slug>-local"). */
  indexName?: string;
  maxResultsPerGroup: number;
  missingResultsUrl?: string;
  searchPagePath: string;
  algolia?: {
    appId: string;
    apiKey: string;
    indexName: string;
    contextualSearch: boolean;
    searchParameters: Record<string, unknown>;
    insights: boolean;
    hosts?: { url: string; port?: number; protocol: 'http' | 'https'; accept: 'read' | 'write' | 'readWrite' }[];
  };
}

export interface SiteData {
  title: string;
  tagline: string;
  productName: string;
  /** Production origin ("https://ordo.app"); without it pages have no canonical URL. */
  url?: string;
  /** Absolute URL of the picture shown when a page is shared. */
  image?: string;
  baseUrl: string;
  /** The home page's href: the base URL, or the first page in reading order when no page is there. */
  homeHref: string;
  locale: string;
  direction: 'ltr' | 'rtl';
  version: { name: string; label: string };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  navbar: { title: string; hideOnScroll: boolean; items: NavbarItemData[] };
  footer?: FooterData;
  scripts: SiteScript[];
  search: ClientSearchConfig;
  analyticsEndpoint?: string;
  /** "Was this page helpful?" under each doc page, when on; answers also go to `endpoint` if set. */
  feedback?: { endpoint?: string };
  assets: { css: string[]; js: string[] };
  /** The sidebar fragment the client fills collapsed categories from. */
  sidebarUrl?: string;
  favicon?: string;
}

interface PageBase {
  /** Decoded route, e.g. /support/user-docs/templates/cell types/date-cell */
  route: string;
  /** Encoded href of the route. */
  href: string;
  title: string;
  description: string;
  /** Sidebar href to mark active (the page itself, or nothing). */
  activeHref?: string;
  noindex?: boolean;
}

export interface DocPageData extends PageBase {
  kind: 'doc';
  /** The id of the page header's <h1>: the id of the heading the title comes from, when it does. */
  titleId?: string;
  html: string;
  toc: TocItem[];
  hideToc: boolean;
  breadcrumbs: Crumb[];
  tags: string[];
  keywords: string[];
  prev?: PageLink;
  next?: PageLink;
  editUrl?: string;
  /** ISO date (YYYY-MM-DD) of the last commit touching the file. */
  lastUpdated?: string;
  /** Top-level sidebar category, the search record's lvl0. */
  section: string;
}

export interface CategoryCard {
  title: string;
  href: string;
  description: string;
  kind: 'doc' | 'category';
  count?: number;
}

export interface CategoryPageData extends PageBase {
  kind: 'category';
  breadcrumbs: Crumb[];
  cards: CategoryCard[];
  /** The same cards under headings, when _category_.json sets link.groupBy. */
  groups?: { label: string; id: string; cards: CategoryCard[] }[];
  prev?: PageLink;
  next?: PageLink;
  section: string;
}

export interface SearchPageData extends PageBase {
  kind: 'search';
}

export interface NotFoundPageData extends PageBase {
  kind: 'notFound';
}

export type PageData = DocPageData | CategoryPageData | SearchPageData | NotFoundPageData;

/**
 * A script from the config. One with a launcher loads only when the reader reaches for the
 * launcher button every page renders for it (templates/components/ScriptLauncher.tsx,
 * client/extras/scripts.ts); the others once the page is idle.
 */
export interface SiteScript {
  src: string;
  async: boolean;
  launcher?: { label: string; backgroundColor: string; textColor: string };
}

// Turns the resolved config into the serialisable SiteData the templates render, resolving
// navbar items against the pages that exist (doc ids, the sidebar's first link, versions).
import type { ResolvedConfig, NavbarItem, LinkItem } from '../config/schema.ts';
import type { NavbarItemData, NavLink, SiteData, ClientSearchConfig, SidebarItem } from '../../shared/types.ts';
import { HelpgenError } from '../diagnostics/errors.ts';
import { describeItem } from '../config/load.ts';
import { routeToHref, withBase, withTrailingSlash } from '../source/routes.ts';

export interface SiteDataInputs {
  config: ResolvedConfig;
  /** Doc route by doc id ("integrations/api"). */
  routeByDocId: Map<string, string>;
  sidebar: SidebarItem[];
  assets: { css: string[]; js: string[] };
  search: ClientSearchConfig;
  /** See SiteData.homeHref. */
  homeHref: string;
}

export function createSiteData({ config, routeByDocId, sidebar, assets, search, homeHref }: SiteDataInputs): SiteData {
  const locale = config.i18n.defaultLocale;
  const version = config.docs.lastVersion;
  return {
    title: config.title,
    tagline: config.tagline,
    productName: config.product.name,
    url: config.url,
    image: socialImageUrl(config),
    baseUrl: config.baseUrl,
    homeHref,
    locale,
    direction: config.i18n.localeConfigs[locale]?.direction ?? 'ltr',
    version: { name: version, label: config.docs.versions[version]?.label ?? version },
    colorMode: config.colorMode,
    announcementBar: config.announcementBar,
    navbar: {
      title: config.navbar.title ?? config.title,
      hideOnScroll: config.navbar.hideOnScroll,
      items: config.navbar.items.map((item, index) => resolveNavbarItem(item, index, config, routeByDocId, sidebar)),
    },
    footer: config.footer && {
      style: config.footer.style,
      columns: config.footer.links.map((column) => ({ title: column.title, items: column.items.map((l) => toNavLink(l, config)) })),
      copyright: config.footer.copyright,
    },
    scripts: config.scripts,
    search,
    analyticsEndpoint: config.analytics?.endpoint,
    feedback: config.feedback.enabled ? { endpoint: config.feedback.endpoint } : undefined,
    assets,
    favicon: config.favicon,
  };
}

/** The share picture as an absolute URL (a site path needs `url`), or undefined. */
export function socialImageUrl(config: ResolvedConfig): string | undefined {
  if (!config.image) return undefined;
  if (/^https?:\/\//.test(config.image)) return config.image;
  if (!config.url) return undefined;
  return config.url.replace(/\/+$/, '') + socialImageHref(config);
}

/** The share picture's href in the site (for a site path). */
export function socialImageHref(config: ResolvedConfig): string {
  const path = config.image ?? '';
  return routeToHref(path.startsWith(config.baseUrl) ? path : withBase(config.baseUrl, path));
}

export function toNavLink(link: { label: string; to?: string; href?: string; 'aria-label'?: string }, config: Pick<ResolvedConfig, 'baseUrl' | 'trailingSlash'>): NavLink {
  if (link.href) return { label: link.label, href: link.href, external: true, ariaLabel: link['aria-label'] };
  const { baseUrl } = config;
  const to = link.to ?? '/';
  const href = withTrailingSlash(to.startsWith(baseUrl) ? to : withBase(baseUrl, to), config.trailingSlash, baseUrl);
  return { label: link.label, href: routeToHref(href), external: false, ariaLabel: link['aria-label'] };
}

function resolveNavbarItem(
  item: NavbarItem,
  index: number,
  config: ResolvedConfig,
  routeByDocId: Map<string, string>,
  sidebar: SidebarItem[],
): NavbarItemData {
  const fail = (message: string, hint: string): never => {
    throw new HelpgenError(`navbar.items[${index}]: ${message}`, {
      hint: `${hint} The faulty navbar item is ${describeItem(item as unknown as Record<string, unknown>)}.`,
    });
  };
  const position = item.position;
  switch (item.type) {
    case 'default':
      if (!item.to && !item.href) fail('a link needs "to" (a page path) or "href" (a URL)', 'Add "to" or "href".');
      return { kind: 'link', position, link: toNavLink(item as LinkItem, config) };
    case 'dropdown':
      return { kind: 'dropdown', position, label: item.label, items: item.items.map((l) => toNavLink(l, config)) };
    case 'search':
      return { kind: 'search', position };
    case 'html':
      return { kind: 'html', position, html: item.value };
    case 'doc': {
      const route = routeByDocId.get(item.docId);
      if (!route) fail(`no page with id "${item.docId}"`, 'Use the page path under content/ without ".md", e.g. "integrations/api".');
      return { kind: 'link', position, link: { label: item.label ?? item.docId, href: routeToHref(route!), external: false } };
    }
    case 'docSidebar': {
      if (item.sidebarId !== 'docs') fail(`unknown sidebar "${item.sidebarId}"`, 'The site has one sidebar, "docs".');
      const first = firstLink(sidebar);
      if (!first) fail(`the sidebar "${item.sidebarId}" has no link`, 'Add at least one page under content/.');
      return { kind: 'link', position, link: { label: item.label, href: first!, external: false }, sidebar: true };
    }
    case 'docsVersion': {
      const version = config.docs.versions[config.docs.lastVersion];
      const href = item.to ? withTrailingSlash(withBase(config.baseUrl, item.to), config.trailingSlash, config.baseUrl) : config.baseUrl;
      // data-version: the client stores the version when the link is followed (client/shell/docs-version.ts).
      return { kind: 'link', position, link: { label: item.label ?? version?.label ?? config.docs.lastVersion, href: routeToHref(href), external: false, version: config.docs.lastVersion } };
    }
    case 'docsVersionDropdown':
      return {
        kind: 'docsVersionDropdown',
        position,
        current: config.docs.lastVersion,
        versions: Object.entries(config.docs.versions).map(([name, v]) => ({ name, label: v.label, href: config.baseUrl })),
      };
    case 'localeDropdown':
      return {
        kind: 'localeDropdown',
        position,
        current: config.i18n.defaultLocale,
        locales: config.i18n.locales.map((locale) => ({
          locale,
          label: config.i18n.localeConfigs[locale]?.label ?? locale,
          prefix: locale === config.i18n.defaultLocale ? config.baseUrl : `${config.baseUrl}${locale}/`,
        })),
      };
  }
}

function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'doc') return item.href;
    if (item.href) return item.href;
    const inner = firstLink(item.items);
    if (inner) return inner;
  }
  return undefined;
}

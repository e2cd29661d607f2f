// Docusaurus's themeConfig (navbar, footer, announcement bar, Algolia) and the client-redirects
// plugin's options as helpgen's config keys. A link helpgen could not check (to a blog or a
// React page that did not come over) is left out and reported, so `build --strict` passes.
import type { UserConfig } from '../config/define.ts';
import type { MigrationProblem } from './model.ts';
import { isStub } from './load-code-config.ts';
import { lineOf } from './source-files.ts';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) && !isStub(value) ? (value as Obj) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
type NavbarItem = NonNullable<NonNullable<UserConfig['navbar']>['items']>[number];
type Link = { label: string; to?: string; href?: string; 'aria-label'?: string };

export interface ThemeContext {
  configFile: string;
  configText: string;
  problems: MigrationProblem[];
  /** Whether a site path ("/docs/intro", with or without the base path) is a page or redirect of the new site. */
  isSitePath(path: string): boolean;
  /** The new path under content/ (no extension) of a Docusaurus doc id, when that page came over. */
  docPath(id: string): string | undefined;
}

function problem(context: ThemeContext, needle: string, message: string, fix: string): void {
  context.problems.push({ file: context.configFile, line: lineOf(context.configText, needle), message, fix });
}

/** A link of the navbar or footer; undefined (reported) when it points at a page that did not come over. */
function link(item: Obj, context: ThemeContext): Link | undefined {
  const label = str(item.label) ?? str(item.html)?.replace(/<[^>]*>/g, '');
  if (!label) {
    problem(context, str(item.to) ?? str(item.href) ?? 'items', 'a link without a label is not carried over', 'Give it a label in help.config.ts.');
    return undefined;
  }
  const result: Link = { label };
  if (typeof item['aria-label'] === 'string') result['aria-label'] = item['aria-label'];
  const href = str(item.href);
  const to = str(item.to);
  if (href) result.href = href;
  else if (to !== undefined && context.isSitePath(to)) result.to = to;
  else if (to !== undefined) {
    problem(context, to, `the link "${label}" to ${to} is not carried over: no page of the new site is there (a blog or React page?)`, 'Add the page under content/ and the link to help.config.ts, or link to the old site with href.');
    return undefined;
  } else return undefined;
  return result;
}

function navbarItem(item: Obj, context: ThemeContext): NavbarItem | undefined {
  const position = item.position === 'right' ? 'right' : 'left';
  const type = str(item.type) ?? (Array.isArray(item.items) ? 'dropdown' : 'default');
  switch (type) {
    case 'search':
      return { type: 'search', position };
    case 'localeDropdown':
    case 'docsVersionDropdown':
      problem(context, type, `the navbar's ${type} is left out: the migrated site has one language and one version`, 'Add it back once helpgen holds the other languages or versions.');
      return undefined;
    case 'doc': {
      const docId = context.docPath(String(item.docId));
      if (docId) return { type: 'doc', docId, position, ...(str(item.label) ? { label: str(item.label) } : {}) };
      problem(context, String(item.docId), `the navbar link to the page "${String(item.docId)}" is left out: that page did not come over`, 'Link another page in help.config.ts.');
      return undefined;
    }
    case 'docSidebar':
      return { type: 'docSidebar', sidebarId: 'docs', label: str(item.label) ?? 'Docs', position };
    case 'dropdown': {
      const items = (Array.isArray(item.items) ? item.items : []).map((child) => link(obj(child), context)).filter((l): l is Link => l !== undefined);
      if (!str(item.label) || items.length === 0) return undefined;
      return { type: 'dropdown', label: String(item.label), position, items };
    }
    case 'html':
      return typeof item.value === 'string' ? { type: 'html', value: item.value, position } : undefined;
    default: {
      const result = link(item, context);
      return result ? { type: 'default', position, ...result } : undefined;
    }
  }
}

export function navbarOf(themeConfig: Obj, context: ThemeContext): { navbar: UserConfig['navbar']; links: number } {
  const navbar = obj(themeConfig.navbar);
  const items = (Array.isArray(navbar.items) ? navbar.items : []).map((item) => navbarItem(obj(item), context)).filter((i): i is NavbarItem => i !== undefined);
  // Docusaurus shows the search box when a search plugin or Algolia is set; helpgen always can.
  if (!items.some((item) => item.type === 'search')) items.push({ type: 'search', position: 'right' });
  const result: NonNullable<UserConfig['navbar']> = { items };
  if (str(navbar.title)) result.title = str(navbar.title);
  if (navbar.hideOnScroll === true) result.hideOnScroll = true;
  return { navbar: result, links: items.filter((item) => item.type !== 'search').length };
}

export function footerOf(themeConfig: Obj, context: ThemeContext): { footer: UserConfig['footer']; links: number } {
  const footer = obj(themeConfig.footer);
  if (Object.keys(footer).length === 0) return { footer: undefined, links: 0 };
  const raw = Array.isArray(footer.links) ? footer.links : [];
  // Columns ({ title, items }) or, in the simple style, links in one row: one untitled column.
  const columns = raw.every((entry) => Array.isArray(obj(entry).items)) ? raw.map(obj) : [{ title: '', items: raw }];
  const links = columns.map((column) => ({
    title: str(column.title) ?? '',
    items: (column.items as unknown[]).map((entry) => link(obj(entry), context)).filter((l): l is Link => l !== undefined),
  }));
  const result: NonNullable<UserConfig['footer']> = { links };
  if (footer.style === 'light' || footer.style === 'dark') result.style = footer.style;
  if (str(footer.copyright)) result.copyright = str(footer.copyright);
  if (footer.logo) problem(context, 'logo', 'the footer logo is not carried over (helpgen\'s footer has none)', 'Leave it out, or put the image in the copyright line as HTML.');
  return { footer: result, links: links.reduce((n, column) => n + column.items.length, 0) };
}

export function announcementOf(themeConfig: Obj): UserConfig['announcementBar'] {
  const bar = obj(themeConfig.announcementBar);
  if (!str(bar.content)) return undefined;
  return {
    id: str(bar.id) ?? 'announcement',
    content: String(bar.content),
    ...(str(bar.backgroundColor) ? { backgroundColor: str(bar.backgroundColor) } : {}),
    ...(str(bar.textColor) ? { textColor: str(bar.textColor) } : {}),
    ...(typeof bar.isCloseable === 'boolean' ? { isCloseable: bar.isCloseable } : {}),
  };
}

export function searchOf(themeConfig: Obj): UserConfig['search'] {
  const algolia = obj(themeConfig.algolia);
  const { appId, apiKey, indexName } = algolia;
  if (typeof appId !== 'string' || typeof apiKey !== 'string' || typeof indexName !== 'string') return undefined;
  return {
    provider: 'algolia',
    algolia: {
      appId,
      apiKey,
      indexName,
      ...(typeof algolia.contextualSearch === 'boolean' ? { contextualSearch: algolia.contextualSearch } : {}),
      ...(algolia.searchParameters && typeof algolia.searchParameters === 'object' ? { searchParameters: algolia.searchParameters as Obj } : {}),
      ...(typeof algolia.insights === 'boolean' ? { insights: algolia.insights } : {}),
    },
  };
}

/** @docusaurus/plugin-client-redirects' `redirects` option ({ from, to }); createRedirects is code, reported. */
export function clientRedirectsOf(options: Obj, context: ThemeContext): NonNullable<UserConfig['redirects']> {
  if (options.createRedirects) problem(context, 'createRedirects', 'createRedirects is a function, so its redirects are not carried over', 'List the old addresses in `redirects` in help.config.ts, or as `redirect_from` in the pages\' front matter.');
  const redirects: NonNullable<UserConfig['redirects']> = [];
  for (const entry of Array.isArray(options.redirects) ? options.redirects.map(obj) : []) {
    const to = str(entry.to);
    const from = Array.isArray(entry.from) ? entry.from.filter((f): f is string => typeof f === 'string') : str(entry.from);
    if (!to || !from || (Array.isArray(from) && from.length === 0)) continue;
    if (/^[a-z]+:\/\//i.test(to)) {
      problem(context, to, `the redirect to another site (${to}) is not carried over`, 'Set it up on your host: helpgen redirects lead to pages of the site.');
      continue;
    }
    redirects.push({ from, to });
  }
  return redirects;
}

// VitePress's themeConfig.nav and themeConfig.sidebar as helpgen's navbar items and sidebar
// tree. Links are page addresses without the base path ("/guide/intro", "/guide/",
// "/guide/intro.md", "/guide/intro.html#x"); `pageOf` finds the page behind one.
import type { UserConfig } from '../config/define.ts';
import { safeHref } from './links.ts';
import type { NavNode } from './nav-placement.ts';

interface VitepressItem {
  text?: string;
  link?: string;
  items?: VitepressItem[];
  collapsed?: boolean;
  base?: string;
}

type NavbarItem = NonNullable<NonNullable<UserConfig['navbar']>['items']>[number];

const isExternal = (link: string) => /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//');

/** The address form pages are keyed by: no .md or .html, no #hash or ?query, "/dir/" for a folder's index. */
export function linkKey(link: string): string {
  const path = link.split(/[#?]/)[0]!.replace(/\.(md|html)$/, '');
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return absolute.endsWith('/index') ? absolute.slice(0, -'index'.length) : absolute;
}

/** themeConfig.nav → navbar links and dropdowns (a nested group's links join the dropdown). */
export function navbarItems(nav: unknown): NavbarItem[] {
  if (!Array.isArray(nav)) return [];
  return (nav as VitepressItem[]).flatMap((item): NavbarItem[] => {
    if (!item?.text) return [];
    if (Array.isArray(item.items)) {
      const links = flatLinks(item.items);
      return links.length ? [{ type: 'dropdown', label: item.text, position: 'left', items: links }] : [];
    }
    return typeof item.link === 'string' && safeHref(item.link) ? [{ type: 'default', position: 'left', ...linkOf(item.text, item.link) }] : [];
  });
}

function flatLinks(items: VitepressItem[]): { label: string; to?: string; href?: string }[] {
  return items.flatMap((item) => (Array.isArray(item?.items) ? flatLinks(item.items) : item?.text && typeof item.link === 'string' && safeHref(item.link) ? [linkOf(item.text, item.link)] : []));
}

function linkOf(label: string, link: string): { label: string; to?: string; href?: string } {
  return isExternal(link) ? { label, href: link } : { label, to: link.replace(/\.md(?=$|[#?])/, '') };
}

export interface SidebarRead {
  tree: NavNode[];
  /** Links the sidebar names that are no page of the site. */
  unknown: string[];
}

/** themeConfig.sidebar (one list, or one per path prefix) → the sidebar tree. */
export function sidebarTree(sidebar: unknown, nav: unknown, pageOf: (key: string) => string | undefined): SidebarRead {
  const unknown: string[] = [];
  const convert = (items: VitepressItem[], base: string): NavNode[] =>
    items.flatMap((item): NavNode[] => {
      if (!item || typeof item !== 'object') return [];
      const itemBase = item.base ?? base;
      const link = typeof item.link !== 'string' ? undefined : isExternal(item.link) ? item.link : `${itemBase}${item.link}`.replace(/\/{2,}/g, '/');
      if (Array.isArray(item.items)) {
        const page = link && !isExternal(link) ? pageOf(linkKey(link)) : undefined;
        if (link && !isExternal(link) && !page) unknown.push(link);
        const section: NavNode = { kind: 'section', label: item.text ?? 'Pages', children: convert(item.items, itemBase) };
        if (item.collapsed !== undefined) section.collapsed = item.collapsed;
        if (page) section.page = page;
        return [section];
      }
      if (!link) return [];
      if (isExternal(link)) return safeHref(link) ? [{ kind: 'link', label: item.text ?? link, href: link }] : [];
      const source = pageOf(linkKey(link));
      if (!source) {
        unknown.push(link);
        return [];
      }
      return [{ kind: 'page', source, ...(item.text ? { label: item.text } : {}) }];
    });
  if (Array.isArray(sidebar)) return { tree: convert(sidebar, ''), unknown };
  if (!sidebar || typeof sidebar !== 'object') return { tree: [], unknown };
  const sets = Object.entries(sidebar as Record<string, VitepressItem[] | { base?: string; items: VitepressItem[] }>);
  const tree = sets.flatMap(([prefix, set]): NavNode[] => {
    const items = Array.isArray(set) ? set : (set?.items ?? []);
    const base = Array.isArray(set) ? '' : (set?.base ?? '');
    const children = convert(items, base);
    // One sidebar for the whole site is the sidebar itself; several become top-level sections.
    if (sets.length === 1) return children;
    return [{ kind: 'section', label: sectionLabel(prefix, nav), children }];
  });
  return { tree, unknown };
}

/** A per-path sidebar is named by the navbar link that opens it, else by its folder. */
function sectionLabel(prefix: string, nav: unknown): string {
  const key = linkKey(prefix);
  const links = Array.isArray(nav) ? flatNav(nav as VitepressItem[]) : [];
  const match = links.find((l) => l.link && !isExternal(l.link) && linkKey(l.link).startsWith(key));
  if (match?.text) return match.text;
  const folder = key.split('/').filter(Boolean).at(-1) ?? 'Pages';
  return folder.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function flatNav(items: VitepressItem[]): VitepressItem[] {
  return items.flatMap((i) => (Array.isArray(i.items) ? flatNav(i.items) : [i]));
}

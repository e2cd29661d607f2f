// A Jekyll site's navigation, which themes read from _data/navigation.{yml,yaml,json} (Minimal
// Mistakes, Beautiful Jekyll and most docs themes) or from `header_pages` in _config.yml (Minima):
// the links of the header become the navbar, the lists with children the sidebar tree.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { UserConfig } from '../config/define.ts';
import { safeHref } from './links.ts';
import type { MigrationProblem } from './model.ts';
import type { NavNode } from './nav-placement.ts';
import { escapeRegExp, lineOf } from './source-files.ts';

type NavbarItem = NonNullable<NonNullable<UserConfig['navbar']>['items']>[number];

export const NAVIGATION_FILES = ['_data/navigation.yml', '_data/navigation.yaml', '_data/navigation.json'];

export interface NavEntry {
  label?: string;
  target?: string;
  children?: NavEntry[];
}

export interface JekyllNavigation {
  /** The file it was read from, for the report. */
  file?: string;
  navbar: NavbarItem[];
  /** The sidebar tree; empty when the navigation has none (the sidebar then follows the folders). */
  tree: NavNode[];
}

/** The site's pages by address key (./jekyll.ts), and each page's address. */
export interface PageIndex {
  sourceOf(key: string): string | undefined;
  urlOf(source: string): string;
}

const isExternal = (link: string) => /^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//');

/** The address form pages are keyed by: no .html, .md or #hash, "/a/" and "/a" alike ("/a"), "/" for the home page. */
export function navKey(link: string, baseUrl: string): string {
  let path = link.split(/[#?]/)[0]!.replace(/\.(md|markdown|html)$/, '').replace(/(^|\/)index$/, '$1');
  if (baseUrl !== '/' && (path === baseUrl.slice(0, -1) || path.startsWith(baseUrl))) path = path.slice(baseUrl.length - 1);
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return absolute.length > 1 ? absolute.replace(/\/+$/, '') : absolute;
}

/** An entry as themes write it: title/name/text for the label, url/link/href for the address, children/items/subfolderitems below. */
function entryOf(value: unknown): NavEntry | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const label = [v.title, v.name, v.text, v.page].find((x): x is string => typeof x === 'string');
  const target = [v.url, v.link, v.href].find((x): x is string => typeof x === 'string');
  const list = [v.children, v.items, v.subfolderitems].find(Array.isArray) as unknown[] | undefined;
  return { label, target, children: list?.map(entryOf).filter((e): e is NavEntry => e !== undefined) };
}

const entries = (list: unknown): NavEntry[] => (Array.isArray(list) ? list.map(entryOf).filter((e): e is NavEntry => e !== undefined) : []);

/** `fromHeader`: the links of header_pages, used when no navigation file names the header's. */
export function readNavigation(sourceDir: string, fromHeader: NavEntry[], pages: PageIndex, baseUrl: string, problems: MigrationProblem[]): JekyllNavigation {
  const file = NAVIGATION_FILES.find((f) => existsSync(join(sourceDir, f)));
  const pageOf = (key: string) => pages.sourceOf(key);
  if (!file) return { navbar: navbarOf(fromHeader, pages, baseUrl), tree: [] };
  const text = readFileSync(join(sourceDir, file), 'utf8');
  let data: unknown;
  try {
    data = load(text);
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    problems.push({ file, line: mark ? mark.line + 1 : undefined, message: `${file} cannot be read (${(error as Error).message.split('\n')[0]}), so the navigation was not carried over`, fix: 'Fix the YAML at that line and run the migration again, or order the sidebar with sidebar_position front matter.' });
    return { navbar: navbarOf(fromHeader, pages, baseUrl), tree: [] };
  }
  // A list: links for the header, unless some have children (then it is a sidebar).
  // A mapping: `main` (or `header`) is the header; every other list is a sidebar.
  let header: NavEntry[] = fromHeader;
  const sidebars: [string, NavEntry[]][] = [];
  if (Array.isArray(data)) {
    const list = entries(data);
    if (list.some((e) => e.children?.length)) sidebars.push(['', list]);
    else header = list;
  } else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (key === 'main' || key === 'header') header = entries(value);
      else if (Array.isArray(value)) sidebars.push([key, entries(value)]);
    }
  }
  const unknown: string[] = [];
  const convert = (list: NavEntry[]): NavNode[] => list.flatMap((entry) => nodeOf(entry, pageOf, baseUrl, unknown, convert));
  const tree = sidebars.length === 1 ? convert(sidebars[0]![1]) : sidebars.map(([key, list]): NavNode => ({ kind: 'section', label: key.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase()), children: convert(list) }));
  for (const link of unknown) problems.push({ file, line: lineOf(text, new RegExp(escapeRegExp(link))), message: `The navigation links to ${link}, which is no page of the site`, fix: 'Nothing to do: the old site showed a dead link there. Fix the link in help.config.ts or the page if it was meant to lead somewhere.' });
  return { file, navbar: navbarOf(header, pages, baseUrl), tree };
}

function nodeOf(entry: NavEntry, pageOf: (key: string) => string | undefined, baseUrl: string, unknown: string[], convert: (list: NavEntry[]) => NavNode[]): NavNode[] {
  const target = entry.target;
  if (entry.children?.length) {
    const page = target && !isExternal(target) ? pageOf(navKey(target, baseUrl)) : undefined;
    const section: NavNode = { kind: 'section', label: entry.label ?? 'Pages', children: convert(entry.children) };
    if (page) section.page = page;
    return [section];
  }
  if (!target) return [];
  if (isExternal(target)) return safeHref(target) ? [{ kind: 'link', label: entry.label ?? target, href: target }] : [];
  const source = pageOf(navKey(target, baseUrl));
  if (!source) {
    unknown.push(target);
    return [];
  }
  return [{ kind: 'page', source, ...(entry.label ? { label: entry.label } : {}) }];
}

/** The header's links as navbar items: a page of the site by its address, anything else as it is. */
function navbarOf(list: NavEntry[], pages: PageIndex, baseUrl: string): NavbarItem[] {
  return list.flatMap((entry): NavbarItem[] => {
    if (entry.children?.length) {
      const items = entry.children.flatMap((child) => linkOf(child, pages, baseUrl));
      return items.length ? [{ type: 'dropdown', label: entry.label ?? 'More', position: 'left', items }] : [];
    }
    return linkOf(entry, pages, baseUrl).map((link) => ({ type: 'default' as const, position: 'left' as const, ...link }));
  });
}

function linkOf(entry: NavEntry, pages: PageIndex, baseUrl: string): { label: string; to?: string; href?: string }[] {
  const target = entry.target;
  if (!target || !safeHref(target)) return [];
  if (isExternal(target)) return [{ label: entry.label ?? target, href: target }];
  const key = navKey(target, baseUrl);
  const page = pages.sourceOf(key);
  const hash = target.includes('#') ? target.slice(target.indexOf('#')) : '';
  return [{ label: entry.label ?? key, to: `${page ? pages.urlOf(page) : key}${hash}` }];
}

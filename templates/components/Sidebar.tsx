// The one docs sidebar. Categories the active page lives in are expanded; the rest follow their
// _category_.json "collapsed" flag. Works without JavaScript (links); the client adds toggling.
//
// A page carries the top level of the sidebar and its own branch, nothing more: a category that
// does not hold the page is its label link alone, with its index path (data-sidebar-key) on the
// entry. The client gives it its caret and an empty panel (data-lazy), collapsed or open as
// configured, and fills the panel from the sidebar fragment (one cached file per build) when the
// reader opens it, or at once when it is configured open. Caret and panel are left to the client
// because they only work with it: they were half of every such entry (441 bytes), and a large
// site's page holds many (48 at 8,500 generated pages). Without JavaScript the
// category's own link leads to its index page, which lists its pages (every category has one:
// cli/source/generated-index.ts). Rendering other categories into every page made each page
// grow with the size of the site (30 KB of our 48 KB intro page; the whole sidebar, 1.5 MB a
// page, for 8,400 generated pages without _category_.json; quadratic build time and memory).
// Docusaurus leaves collapsed categories' children out the same way.
// Every panel carries data-sidebar-key, its index path ("3.1"), so the client can match panels
// between this page, the fragment and the next page of a client navigation.
//
// Entries that do not hold the current page render the same on every page, so each is rendered
// once per build and reused as HTML.
import { renderToStaticMarkup } from 'react-dom/server';
import type { SidebarItem } from '../../shared/types.ts';
import { caretLabel } from '../../shared/sidebar-caret.ts';

type CategoryItem = Extract<SidebarItem, { type: 'category' }>;

interface EntryProps {
  item: SidebarItem;
  activeHref?: string;
  level: number;
  /** Index path of the entry ("3.1"). */
  sidebarKey: string;
  /** Leave the panels of categories that do not hold the current page empty, for the client to fill. */
  lazy: boolean;
}

export function Sidebar({ items, activeHref }: { items: SidebarItem[]; activeHref?: string }) {
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      <nav className="menu" aria-label="Docs" dangerouslySetInnerHTML={{ __html: listHtml(items, activeHref, 1, '', true) }} />
    </aside>
  );
}

/** Every category of the sidebar in full, unexpanded unless configured open: what lazy panels are filled from. */
export function sidebarFragmentHtml(items: SidebarItem[]): string {
  return listHtml(items, undefined, 1, '', false);
}

/**
 * One list of the sidebar (a level's entries) with none of them holding the current page: its
 * HTML, where each entry starts in it, and which entries hold each address.
 */
interface RenderedList {
  html: string;
  /** Where entry i starts in `html`; the last value is where the closing </ul> starts. */
  starts: number[];
  /** The entries that hold each address (the page itself, or a category with it inside). */
  holders: Map<string, number[]>;
}

/** Each list rendered without the current page in it, per list and place (its level, key and lazy). */
const renderedLists = new WeakMap<SidebarItem[], Map<string, RenderedList>>();

/**
 * A page's copy of a list is the list as every other page has it, with the entries that hold
 * the page rendered again around it: cut from the one rendered list rather than joined entry by
 * entry, so a page costs each list on its branch a lookup and two slices, not a pass over every
 * entry (at 1,680 generated pages that pass was half of rendering the sidebar, profiled).
 */
function listHtml(items: SidebarItem[], activeHref: string | undefined, level: number, parentKey: string, lazy: boolean): string {
  const list = renderedList(items, level, parentKey, lazy);
  const holders = activeHref === undefined ? undefined : list.holders.get(activeHref);
  if (!holders) return list.html;
  let html = '';
  let from = 0;
  for (const i of holders) {
    const sidebarKey = parentKey ? `${parentKey}.${i}` : String(i);
    html += list.html.slice(from, list.starts[i]) + activeEntryHtml(items[i]!, activeHref!, level, sidebarKey, lazy);
    from = list.starts[i + 1]!;
  }
  return html + list.html.slice(from);
}

/** Where a category holding the current page has its list: the only raw HTML in its markup, so the only "<" React leaves unescaped there. */
const PANEL_MARK = '<!--panel-->';

/** Each category as every page inside it (but its own index page) has it, before and after its list, per place. */
const categoryShells = new WeakMap<SidebarItem, Map<string, [string, string]>>();

/**
 * An entry that holds the current page. A category holds it the same way for every page inside
 * it but its own index page (expanded, marked active, its list in the panel): that markup is
 * rendered once and only its list is the page's own, so a page is one template render for its
 * own link rather than one per category on its branch.
 */
function activeEntryHtml(item: SidebarItem, activeHref: string, level: number, sidebarKey: string, lazy: boolean): string {
  if (item.type !== 'category' || item.href === activeHref) {
    return renderToStaticMarkup(<SidebarEntry item={item} activeHref={activeHref} level={level} sidebarKey={sidebarKey} lazy={lazy} />);
  }
  let byPlace = categoryShells.get(item);
  if (!byPlace) categoryShells.set(item, (byPlace = new Map()));
  const place = `${level}|${sidebarKey}|${lazy}`;
  let shell = byPlace.get(place);
  if (!shell) {
    const html = renderToStaticMarkup(<SidebarCategory item={item} activeHref={activeHref} level={level} sidebarKey={sidebarKey} lazy={lazy} panelHtml={PANEL_MARK} />);
    const at = html.indexOf(PANEL_MARK);
    shell = [html.slice(0, at), html.slice(at + PANEL_MARK.length)];
    byPlace.set(place, shell);
  }
  return shell[0] + listHtml(item.items, activeHref, level + 1, sidebarKey, lazy) + shell[1];
}

function renderedList(items: SidebarItem[], level: number, parentKey: string, lazy: boolean): RenderedList {
  let byPlace = renderedLists.get(items);
  if (!byPlace) renderedLists.set(items, (byPlace = new Map()));
  const place = `${level}|${parentKey}|${lazy}`;
  let list = byPlace.get(place);
  if (list) return list;
  let html = '<ul class="menu__list">';
  const starts: number[] = [];
  const holders = new Map<string, number[]>();
  items.forEach((item, i) => {
    starts.push(html.length);
    const sidebarKey = parentKey ? `${parentKey}.${i}` : String(i);
    html += renderToStaticMarkup(<SidebarEntry item={item} level={level} sidebarKey={sidebarKey} lazy={lazy} />);
    const held = new Set(item.type === 'category' ? hrefsIn(item.items) : []);
    if (item.href !== undefined) held.add(item.href);
    for (const href of held) {
      const entries = holders.get(href);
      if (entries) entries.push(i);
      else holders.set(href, [i]);
    }
  });
  starts.push(html.length);
  list = { html: html + '</ul>', starts, holders };
  byPlace.set(place, list);
  return list;
}

function SidebarEntry({ item, activeHref, level, sidebarKey, lazy }: EntryProps) {
  if (item.type === 'category') return <SidebarCategory item={item} activeHref={activeHref} level={level} sidebarKey={sidebarKey} lazy={lazy} />;
  const active = item.href === activeHref;
  return (
    <li className={`menu__list-item menu__list-item--level${level}`}>
      <a className={`menu__link${active ? ' menu__link--active' : ''}`} href={item.href} aria-current={active ? 'page' : undefined}>
        {item.label}
      </a>
    </li>
  );
}

/** `panelHtml`, when given, is the HTML of its list, which it otherwise renders. */
function SidebarCategory({ item, activeHref, level, sidebarKey, lazy, panelHtml }: EntryProps & { item: CategoryItem; panelHtml?: string }) {
  const containsActive = activeHref !== undefined && contains(item.items, activeHref);
  const isActive = item.href !== undefined && item.href === activeHref;
  const expanded = containsActive || isActive || !item.collapsed;
  // A category with no page of its own ("link": null) stays in full: without JavaScript its pages
  // have no other way in.
  const empty = lazy && !containsActive && !isActive && item.href !== undefined;
  const linkClass = `menu__link menu__link--sublist${containsActive || isActive ? ' menu__link--active' : ''}`;
  const itemClass = `menu__list-item menu__list-item--level${level}${expanded ? '' : ' menu__list-item--collapsed'}`;
  if (empty) {
    return (
      <li className={itemClass} data-sidebar-key={sidebarKey}>
        <div className="menu__list-item-collapsible">
          <a className={linkClass} href={item.href}>
            {item.label}
          </a>
        </div>
      </li>
    );
  }
  return (
    <li className={itemClass}>
      <div className="menu__list-item-collapsible">
        {item.href ? (
          <a className={linkClass} href={item.href} aria-current={isActive ? 'page' : undefined}>
            {item.label}
          </a>
        ) : (
          <span className={linkClass}>{item.label}</span>
        )}
        <button type="button" className="menu__caret" aria-expanded={expanded} aria-label={caretLabel(expanded, item.label)} />
      </div>
      <div
        className="menu__collapsible"
        hidden={!expanded}
        data-sidebar-key={sidebarKey}
        dangerouslySetInnerHTML={{ __html: panelHtml ?? listHtml(item.items, activeHref, level + 1, sidebarKey, lazy) }}
      />
    </li>
  );
}

/**
 * The addresses of every entry in a list of entries and below, worked out once per list: asking
 * each entry of the whole sidebar whether it holds the page, for every page, made rendering
 * quadratic in the size of the site (each page walked every entry, ~8,700 of them per page at
 * 8,500 pages).
 */
const hrefsBelow = new WeakMap<SidebarItem[], Set<string>>();

function contains(items: SidebarItem[], href: string): boolean {
  return hrefsIn(items).has(href);
}

function hrefsIn(items: SidebarItem[]): Set<string> {
  let hrefs = hrefsBelow.get(items);
  if (!hrefs) {
    hrefs = new Set();
    for (const item of items) {
      if (item.href !== undefined) hrefs.add(item.href);
      if (item.type === 'category') for (const below of hrefsIn(item.items)) hrefs.add(below);
    }
    hrefsBelow.set(items, hrefs);
  }
  return hrefs;
}

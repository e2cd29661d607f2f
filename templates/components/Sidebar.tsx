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

/** Entries rendered without the current page in them, per entry and place. */
const rendered = new WeakMap<SidebarItem, Map<string, string>>();

function listHtml(items: SidebarItem[], activeHref: string | undefined, level: number, parentKey: string, lazy: boolean): string {
  let html = '<ul class="menu__list">';
  items.forEach((item, i) => {
    const sidebarKey = parentKey ? `${parentKey}.${i}` : String(i);
    if (activeHref !== undefined && holds(item, activeHref)) {
      html += renderToStaticMarkup(<SidebarEntry item={item} activeHref={activeHref} level={level} sidebarKey={sidebarKey} lazy={lazy} />);
      return;
    }
    let byPlace = rendered.get(item);
    if (!byPlace) rendered.set(item, (byPlace = new Map()));
    const place = `${level}|${sidebarKey}|${lazy}`;
    let entry = byPlace.get(place);
    if (entry === undefined) byPlace.set(place, (entry = renderToStaticMarkup(<SidebarEntry item={item} level={level} sidebarKey={sidebarKey} lazy={lazy} />)));
    html += entry;
  });
  return html + '</ul>';
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

function SidebarCategory({ item, activeHref, level, sidebarKey, lazy }: EntryProps & { item: CategoryItem }) {
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
        dangerouslySetInnerHTML={{ __html: listHtml(item.items, activeHref, level + 1, sidebarKey, lazy) }}
      />
    </li>
  );
}

/** Whether the current page is this entry or inside it. */
function holds(item: SidebarItem, href: string): boolean {
  return item.href === href || (item.type === 'category' && contains(item.items, href));
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

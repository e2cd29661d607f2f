// The one docs sidebar. Categories the active page lives in are expanded; the rest follow their
// _category_.json "collapsed" flag. Works without JavaScript (links); the client adds toggling.
//
// A page carries only the open part of the sidebar: a collapsed category's panel is left empty
// (data-lazy) and the client fills it from the sidebar fragment (SidebarFragment, one cached
// file per build) when the reader opens it. Without JavaScript the category's own link leads to
// its index page, which lists its pages. Rendering every category into every page made each
// page grow with the size of the site (30 KB of our 48 KB intro page; quadratic build time and
// memory for large sites). Docusaurus does the same: collapsed categories render no children.
// Every panel carries data-sidebar-key, its index path ("3.1"), so the client can match panels
// between this page, the fragment and the next page of a client navigation.
import type { SidebarItem } from '../types.ts';

type CategoryItem = Extract<SidebarItem, { type: 'category' }>;

interface ListProps {
  items: SidebarItem[];
  activeHref?: string;
  level: number;
  /** Index path of the parent category ("" at the top). */
  parentKey: string;
  /** Leave collapsed categories' panels empty for the client to fill. */
  lazy: boolean;
}

export function Sidebar({ items, activeHref }: { items: SidebarItem[]; activeHref?: string }) {
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      <nav className="menu" aria-label="Docs">
        <SidebarList items={items} activeHref={activeHref} level={1} parentKey="" lazy />
      </nav>
    </aside>
  );
}

/** Every category of the sidebar, unexpanded unless configured open: what lazy panels are filled from. */
export function SidebarFragment({ items }: { items: SidebarItem[] }) {
  return <SidebarList items={items} level={1} parentKey="" lazy={false} />;
}

function SidebarList({ items, activeHref, level, parentKey, lazy }: ListProps) {
  return (
    <ul className="menu__list">
      {items.map((item, i) =>
        item.type === 'doc' ? (
          <li key={i} className={`menu__list-item menu__list-item--level${level}`}>
            <a
              className={`menu__link${item.href === activeHref ? ' menu__link--active' : ''}`}
              href={item.href}
              aria-current={item.href === activeHref ? 'page' : undefined}
            >
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategory key={i} item={item} activeHref={activeHref} level={level} sidebarKey={parentKey ? `${parentKey}.${i}` : String(i)} lazy={lazy} />
        ),
      )}
    </ul>
  );
}

function SidebarCategory({ item, activeHref, level, sidebarKey, lazy }: { item: CategoryItem; activeHref?: string; level: number; sidebarKey: string; lazy: boolean }) {
  const containsActive = activeHref !== undefined && contains(item.items, activeHref);
  const isActive = item.href !== undefined && item.href === activeHref;
  const expanded = containsActive || isActive || !item.collapsed;
  // A category without its own page stays in full: without JavaScript its pages have no other way in.
  const empty = lazy && !expanded && item.href !== undefined;
  const linkClass = `menu__link menu__link--sublist${containsActive || isActive ? ' menu__link--active' : ''}`;
  return (
    <li className={`menu__list-item menu__list-item--level${level}${expanded ? '' : ' menu__list-item--collapsed'}`}>
      <div className="menu__list-item-collapsible">
        {item.href ? (
          <a className={linkClass} href={item.href} aria-current={isActive ? 'page' : undefined}>
            {item.label}
          </a>
        ) : (
          <span className={linkClass}>{item.label}</span>
        )}
        <button
          type="button"
          className="menu__caret"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`}
        />
      </div>
      <div className="menu__collapsible" hidden={!expanded} data-sidebar-key={sidebarKey} data-lazy={empty ? '' : undefined}>
        {!empty && <SidebarList items={item.items} activeHref={activeHref} level={level + 1} parentKey={sidebarKey} lazy={lazy} />}
      </div>
    </li>
  );
}

function contains(items: SidebarItem[], href: string): boolean {
  return items.some((item) => (item.type === 'doc' ? item.href === href : item.href === href || contains(item.items, href)));
}

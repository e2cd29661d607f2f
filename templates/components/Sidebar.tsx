// The one docs sidebar. Categories the active page lives in are expanded; the rest follow their
// _category_.json "collapsed" flag. Works without JavaScript (links); the client adds toggling.
import type { SidebarItem } from '../types.ts';

export function Sidebar({ items, activeHref }: { items: SidebarItem[]; activeHref?: string }) {
  return (
    <aside className="doc-sidebar" aria-label="Docs sidebar">
      <nav className="menu" aria-label="Docs">
        <SidebarList items={items} activeHref={activeHref} level={1} />
      </nav>
    </aside>
  );
}

function SidebarList({ items, activeHref, level }: { items: SidebarItem[]; activeHref?: string; level: number }) {
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
          <SidebarCategory key={i} item={item} activeHref={activeHref} level={level} />
        ),
      )}
    </ul>
  );
}

function SidebarCategory({ item, activeHref, level }: { item: Extract<SidebarItem, { type: 'category' }>; activeHref?: string; level: number }) {
  const containsActive = activeHref !== undefined && contains(item.items, activeHref);
  const isActive = item.href !== undefined && item.href === activeHref;
  const expanded = containsActive || isActive || !item.collapsed;
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
      <div className="menu__collapsible" hidden={!expanded}>
        <SidebarList items={item.items} activeHref={activeHref} level={level + 1} />
      </div>
    </li>
  );
}

function contains(items: SidebarItem[], href: string): boolean {
  return items.some((item) => (item.type === 'doc' ? item.href === href : item.href === href || contains(item.items, href)));
}

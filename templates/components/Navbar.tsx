// Fixed top bar: mobile menu button, brand, left items, right items, search, colour toggle.
// Dropdowns work without JavaScript on hover and focus (CSS); client/shell/dropdowns.ts adds
// click, Enter, outside-click and focus-leave handling with aria-expanded kept in sync.
import type { ReactNode } from 'react';
import type { NavbarItemData, NavLink, SiteData } from '../../shared/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchButton } from './SearchButton.tsx';
import { Brand } from './Brand.tsx';

/** pagePath: the current page's path after the base URL ("guides/start"), for the locale links. */
export function Navbar({ site, activeHref, pagePath }: { site: SiteData; activeHref?: string; pagePath: string }) {
  const left = site.navbar.items.map((item, i) => [item, i] as const).filter(([item]) => item.position === 'left');
  const right = site.navbar.items.map((item, i) => [item, i] as const).filter(([item]) => item.position === 'right');
  const hasSearch = site.navbar.items.some((item) => item.kind === 'search');
  // A navbar with many labels gets compacted between 996 and 1280 px (20-navbar.css).
  const crowded = site.navbar.items.reduce((n, item) => n + itemLabelLength(item), 0) > 48;
  const activeLinks = activeNavbarLinks(site.navbar.items, activeHref);
  return (
    <nav className={`navbar${site.navbar.hideOnScroll ? ' navbar--hideable' : ''}${crowded ? ' navbar--crowded' : ''}`} aria-label="Main">
      <div className="navbar__inner">
        <button type="button" className="navbar__toggle" aria-label="Open navigation menu" aria-expanded="false" aria-controls="mobile-menu">
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
        <Brand site={site} />
        <div className="navbar__items">
          {left.map(([item, i]) => (
            <NavbarItem key={i} index={i} item={item} activeLinks={activeLinks} pagePath={pagePath} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map(([item, i]) => (
            <NavbarItem key={i} index={i} item={item} activeLinks={activeLinks} pagePath={pagePath} />
          ))}
          {!site.colorMode.disableSwitch && (
            <div className="navbar__color-mode">
              <ColorModeToggle defaultMode={site.colorMode.defaultMode} />
            </div>
          )}
          {!hasSearch && <SearchItem />}
        </div>
      </div>
    </nav>
  );
}

function SearchItem() {
  return (
    <div className="navbar__search">
      <SearchButton label="Search" />
    </div>
  );
}

export function NavbarItem({ item, index, activeLinks, pagePath }: { item: NavbarItemData; index: number; activeLinks: Set<NavbarItemData>; pagePath: string }) {
  const id = `navbar-dropdown-${index}`;
  switch (item.kind) {
    case 'link':
      return <NavbarLink link={item.link} active={activeLinks.has(item)} />;
    case 'search':
      return <SearchItem />;
    case 'html':
      return <div className="navbar__item navbar__html" dangerouslySetInnerHTML={{ __html: item.html }} />;
    case 'dropdown':
      return (
        <Dropdown id={id} label={item.label} kind="links">
          {item.items.map((link, i) => (
            <li key={i}>
              <a className="dropdown__link" href={link.href} aria-label={link.ariaLabel} {...(link.external && !link.href.startsWith('mailto:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {link.label}
              </a>
            </li>
          ))}
        </Dropdown>
      );
    case 'localeDropdown': {
      const current = item.locales.find((l) => l.locale === item.current);
      // Each link keeps the current path (and, client side, query and hash) under its locale prefix.
      // A locale is a separate build, so these are full page loads (target=_self).
      return (
        <Dropdown id={id} label={current?.label ?? item.current} kind="locale" icon="locale" ariaLabel={`Language: ${current?.label ?? item.current}`}>
          {item.locales.map((l) => (
            <li key={l.locale}>
              <a
                className={`dropdown__link${l.locale === item.current ? ' dropdown__link--active' : ''}`}
                href={l.prefix + pagePath}
                hrefLang={l.locale}
                lang={l.locale}
                target="_self"
                data-locale-prefix={l.prefix}
                data-current-prefix={current?.prefix}
                aria-current={l.locale === item.current ? 'true' : undefined}
              >
                {l.label}
              </a>
            </li>
          ))}
        </Dropdown>
      );
    }
    case 'docsVersionDropdown': {
      const current = item.versions.find((v) => v.name === item.current);
      return (
        <Dropdown id={id} label={current?.label ?? item.current} kind="version" ariaLabel={`Docs version: ${current?.label ?? item.current}`}>
          {item.versions.map((v) => (
            <li key={v.name}>
              <a
                className={`dropdown__link${v.name === item.current ? ' dropdown__link--active' : ''}`}
                href={v.href}
                data-version={v.name}
                aria-current={v.name === item.current ? 'true' : undefined}
              >
                {v.label}
              </a>
            </li>
          ))}
        </Dropdown>
      );
    }
  }
}

function NavbarLink({ link, active }: { link: NavLink; active: boolean }) {
  const className = `navbar__item navbar__link${active ? ' navbar__link--active' : ''}`;
  if (link.external) {
    return (
      <a className={className} href={link.href} aria-label={link.ariaLabel} {...(link.href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
        {link.label}
        {!link.href.startsWith('mailto:') && <ExternalIcon />}
      </a>
    );
  }
  return (
    <a className={className} href={link.href} aria-label={link.ariaLabel} aria-current={active ? 'page' : undefined} data-version={link.version}>
      {link.label}
    </a>
  );
}

function Dropdown({ id, label, kind, icon, ariaLabel, children }: { id: string; label: string; kind: string; icon?: 'locale'; ariaLabel?: string; children: ReactNode }) {
  return (
    <div className="navbar__item dropdown dropdown--hoverable" data-dropdown={kind}>
      <button type="button" className="navbar__link dropdown__toggle" aria-expanded="false" aria-controls={id} aria-label={ariaLabel}>
        {icon === 'locale' && (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className="dropdown__icon">
            <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
          </svg>
        )}
        <span className="dropdown__label">{label}</span>
      </button>
      <ul className="dropdown__menu" id={id}>
        {children}
      </ul>
    </div>
  );
}

function ExternalIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" className="external-icon">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

function itemLabelLength(item: NavbarItemData): number {
  switch (item.kind) {
    case 'link':
      return item.link.label.length + 2;
    case 'dropdown':
      return item.label.length + 4;
    case 'localeDropdown':
    case 'docsVersionDropdown':
      return 10;
    case 'search':
      return 0;
    case 'html':
      return 8;
  }
}

/**
 * The navbar links to show as the current page's: a link to the page itself, else the docs
 * sidebar link on any page of the sidebar (pages outside it, such as search, have no activeHref).
 */
export function activeNavbarLinks(items: NavbarItemData[], activeHref?: string): Set<NavbarItemData> {
  const links = items.filter((item): item is Extract<NavbarItemData, { kind: 'link' }> => item.kind === 'link');
  if (activeHref === undefined) return new Set();
  const exact = links.filter((item) => !item.link.external && item.link.href === activeHref);
  return new Set(exact.length ? exact : links.filter((item) => item.sidebar));
}

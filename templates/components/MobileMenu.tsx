// The mobile menu (under 996 px): a modal <dialog> holding the navbar items and, while open, the
// docs sidebar (client/shell/mobile-menu.ts moves the one sidebar in and out, so the pages do not
// ship its long markup twice). It only opens with JavaScript; without it the sidebar is shown
// after the content instead (10-layout.css).
import type { ReactNode } from 'react';
import type { NavbarItemData, NavLink, SiteData } from '../../shared/types.ts';
import { Brand } from './Brand.tsx';
import { activeNavbarLinks } from './Navbar.tsx';

export function MobileMenu({ site, activeHref, pagePath }: { site: SiteData; activeHref?: string; pagePath: string }) {
  const items = site.navbar.items.filter((item) => item.kind !== 'search');
  const activeLinks = activeNavbarLinks(site.navbar.items, activeHref);
  return (
    <dialog id="mobile-menu" className="mobile-menu" aria-label="Navigation menu">
      <div className="mobile-menu__panel">
        <div className="mobile-menu__header">
          <Brand site={site} />
          <button type="button" className="mobile-menu__close" aria-label="Close navigation menu">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {items.length > 0 && (
          <nav className="mobile-menu__primary" aria-label="Site">
            <ul className="menu__list">
              {items.map((item, i) => (
                <MobileItem key={i} item={item} activeLinks={activeLinks} pagePath={pagePath} />
              ))}
            </ul>
          </nav>
        )}
        <div className="mobile-menu__sidebar" />
      </div>
    </dialog>
  );
}

function MobileItem({ item, activeLinks, pagePath }: { item: NavbarItemData; activeLinks: Set<NavbarItemData>; pagePath: string }) {
  switch (item.kind) {
    case 'link':
      return (
        <li className="menu__list-item">
          <MenuLink link={item.link} active={activeLinks.has(item)} />
        </li>
      );
    case 'html':
      return <li className="menu__list-item mobile-menu__html" dangerouslySetInnerHTML={{ __html: item.html }} />;
    case 'dropdown':
      return <Group label={item.label} links={item.items.map((link, i) => <MenuLink key={i} link={link} active={false} />)} />;
    case 'docsVersionDropdown':
      return (
        <Group
          label="Versions"
          links={item.versions.map((v) => (
            <a key={v.name} className={`menu__link${v.name === item.current ? ' menu__link--active' : ''}`} href={v.href} data-version={v.name}>
              {v.label}
            </a>
          ))}
        />
      );
    case 'localeDropdown': {
      const current = item.locales.find((l) => l.locale === item.current);
      return (
        <Group
          label="Languages"
          links={item.locales.map((l) => (
            <a
              key={l.locale}
              className={`menu__link${l.locale === item.current ? ' menu__link--active' : ''}`}
              href={l.prefix + pagePath}
              hrefLang={l.locale}
              lang={l.locale}
              target="_self"
              data-locale-prefix={l.prefix}
              data-current-prefix={current?.prefix}
            >
              {l.label}
            </a>
          ))}
        />
      );
    }
    case 'search':
      return null;
  }
}

function Group({ label, links }: { label: string; links: ReactNode[] }) {
  return (
    <li className="menu__list-item mobile-menu__group">
      <span className="mobile-menu__group-label">{label}</span>
      <ul className="menu__list">
        {links.map((link, i) => (
          <li key={i} className="menu__list-item">
            {link}
          </li>
        ))}
      </ul>
    </li>
  );
}

function MenuLink({ link, active }: { link: NavLink; active: boolean }) {
  const external = link.external && !link.href.startsWith('mailto:');
  return (
    <a
      className={`menu__link${active ? ' menu__link--active' : ''}`}
      href={link.href}
      aria-label={link.ariaLabel}
      aria-current={active ? 'page' : undefined}
      data-version={link.version}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.label}
    </a>
  );
}

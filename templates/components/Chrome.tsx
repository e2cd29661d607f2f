// Small pieces of page chrome: skip link, announcement bar, footer, breadcrumbs, pagination.
import type { Crumb, FooterData, PageLink, SiteData } from '../../shared/types.ts';

export function SkipToContent() {
  return (
    <div role="region" aria-label="Skip to main content" className="skip-to-content">
      <a className="skip-to-content__link" href="#__docusaurus_skipToContent_fallback">
        Skip to main content
      </a>
    </div>
  );
}

export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" data-announcement-id={bar.id} style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar__close" aria-label="Close announcement">
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
          </svg>
        </button>
      )}
    </div>
  );
}

export function Footer({ footer }: { footer: FooterData }) {
  return (
    <footer className={`footer footer--${footer.style}`}>
      <div className="footer__inner">
        {footer.columns.length > 0 && (
          <div className="footer__links">
            {footer.columns.map((column) => (
              <div className="footer__col" key={column.title}>
                <h2 className="footer__title">{column.title}</h2>
                <ul className="footer__items">
                  {column.items.map((link) => (
                    <li key={link.href}>
                      <a
                        className="footer__link-item"
                        href={link.href}
                        {...(link.external && !link.href.startsWith('mailto:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {footer.copyright && <p className="footer__copyright">{footer.copyright}</p>}
      </div>
    </footer>
  );
}

export function Breadcrumbs({ crumbs, homeHref }: { crumbs: Crumb[]; homeHref: string }) {
  return (
    <nav className="breadcrumbs-nav" aria-label="Breadcrumbs">
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <a className="breadcrumbs__link breadcrumbs__home" href={homeHref} aria-label="Home page">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </a>
        </li>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i} className={`breadcrumbs__item${last ? ' breadcrumbs__item--active' : ''}`}>
              {crumb.href && !last ? (
                <a className="breadcrumbs__link" href={crumb.href}>
                  {crumb.label}
                </a>
              ) : (
                <span className="breadcrumbs__link" aria-current={last ? 'page' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Pagination({ prev, next }: { prev?: PageLink; next?: PageLink }) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={prev.href}>
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{prev.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href}>
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.title}</span>
        </a>
      )}
    </nav>
  );
}

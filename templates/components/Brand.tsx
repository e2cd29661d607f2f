// The site logo and title, linking home (navbar and mobile menu header). The title text hides
// on narrow or crowded navbars, so the link carries the title as its name too.
import type { SiteData } from '../../shared/types.ts';

export function Brand({ site }: { site: SiteData }) {
  return (
    <a className="navbar__brand" href={site.homeHref} aria-label={site.navbar.title}>
      <svg className="navbar__logo" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <circle cx="16" cy="16" r="8" fill="none" stroke="#fff" strokeWidth="3.5" />
      </svg>
      <span className="navbar__title">{site.navbar.title}</span>
    </a>
  );
}

// Shown for any path that is not a route (served with status 404).
import type { NotFoundPageData, SiteData } from '../shared/types.ts';

export function NotFoundPage({ site }: { site: SiteData; page: NotFoundPageData }) {
  return (
    <main id="__docusaurus_skipToContent_fallback" className="not-found" tabIndex={-1}>
      <div className="not-found__inner">
        <p className="not-found__code" aria-hidden="true">404</p>
        <h1>Page Not Found</h1>
        <p>We could not find the page you were looking for. The link may be out of date, or the address may have a typo.</p>
        <ul className="not-found__links">
          <li>
            <a href={site.homeHref}>Go to the help center home</a>
          </li>
          <li>
            <a href={`${site.baseUrl}search`}>Search the documentation</a>
          </li>
        </ul>
      </div>
    </main>
  );
}

// Shown for any path that is not a route (served with status 404).
import type { NotFoundPageData, SiteData } from '../shared/types.ts';

export function NotFoundPage({ site }: { site: SiteData; page: NotFoundPageData }) {
  return (
    <main id="__docusaurus_skipToContent_fallback" className="not-found" tabIndex={-1}>
      {/* At an ".html" address the client may show the page of the clean address instead
          (client/navigation/normalize.ts): the text stays hidden meanwhile, for 2 s at most. */}
      <script dangerouslySetInnerHTML={{ __html: HIDE_WHILE_CHECKING }} />
      <div className="not-found__inner">
        <p className="not-found__code" aria-hidden="true">404</p>
        <h1>Page Not Found</h1>
        <p>We could not find the page you were looking for. The link may be out of date, or the address may have a typo.</p>
        <ul className="not-found__links">
          <li>
            <a href={site.homeHref}>Go to the help center home</a>
          </li>
          <li>
            <a href={`${site.baseUrl}${site.search.searchPagePath}`}>Search the documentation</a>
          </li>
        </ul>
      </div>
    </main>
  );
}

const HIDE_WHILE_CHECKING = `if(/\\.html$/.test(location.pathname)&&!/\\/404\\.html$/.test(location.pathname))document.documentElement.classList.add('html-address-pending')`;

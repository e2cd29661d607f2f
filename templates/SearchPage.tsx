// /search: the full results page. The form works without JavaScript only as far as reading
// the query; the client hydrates the results (search island).
import type { SearchPageData, SiteData, SidebarItem } from '../shared/types.ts';
import { Sidebar } from './components/Sidebar.tsx';
import { Island } from './islands/Island.tsx';
import { SearchPageResults, type SearchPageResultsProps } from './islands/SearchPageResults.tsx';
import { searchQueryScript } from './head/search-query.ts';

export function SearchPage({ site, sidebar }: { site: SiteData; page: SearchPageData; sidebar: SidebarItem[] }) {
  const props: SearchPageResultsProps = { sections: topSections(sidebar) };
  return (
    <div className="doc-layout">
      <Sidebar items={sidebar} />
      <main id="__docusaurus_skipToContent_fallback" className="doc-main search-page" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">
            <Island name="SearchPageResults" props={props}>
              <SearchPageResults {...props} />
            </Island>
            {/* The query in the heading and the box at the first paint, before React. */}
            <script dangerouslySetInnerHTML={{ __html: searchQueryScript() }} />
            <noscript>
              <p className="search-page__noscript">
                Search needs JavaScript, which is turned off in your browser. You can still find every page from the
                sidebar or the <a href={site.homeHref}>home page</a>.
              </p>
            </noscript>
          </article>
        </div>
      </main>
    </div>
  );
}

function topSections(sidebar: SidebarItem[]): string[] {
  return sidebar.filter((item) => item.type === 'category').map((item) => item.label);
}

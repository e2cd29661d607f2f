// Entry point the build calls: page data in, complete HTML document out.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, SiteData, SidebarItem } from '../shared/types.ts';
import { Document } from './Document.tsx';
import { DocPage } from './DocPage.tsx';
import { CategoryPage } from './CategoryPage.tsx';
import { SearchPage } from './SearchPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { sidebarFragmentHtml } from './components/Sidebar.tsx';

export function renderPage(site: SiteData, page: PageData, sidebar: SidebarItem[]): string {
  let body: ReactElement;
  switch (page.kind) {
    case 'doc':
      body = <DocPage site={site} page={page} sidebar={sidebar} />;
      break;
    case 'category':
      body = <CategoryPage site={site} page={page} sidebar={sidebar} />;
      break;
    case 'search':
      body = <SearchPage site={site} page={page} sidebar={sidebar} />;
      break;
    case 'notFound':
      body = <NotFoundPage site={site} page={page} />;
      break;
  }
  return (
    '<!DOCTYPE html>' +
    renderToString(
      <Document site={site} page={page} sidebar={sidebar}>
        {body}
      </Document>,
    )
  );
}

/** The whole sidebar as one HTML fragment in JSON ({html}), which pages fill their collapsed categories from. */
export function renderSidebarFragment(sidebar: SidebarItem[]): string {
  return JSON.stringify({ html: sidebarFragmentHtml(sidebar) });
}

// A generated category index: title, description and a card per child page or sub-category.
import type { CategoryPageData, SiteData, SidebarItem } from './types.ts';
import { Sidebar } from './components/Sidebar.tsx';
import { Breadcrumbs, Pagination } from './components/Chrome.tsx';

export function CategoryPage({ site, page, sidebar }: { site: SiteData; page: CategoryPageData; sidebar: SidebarItem[] }) {
  return (
    <div className="doc-layout">
      <Sidebar items={sidebar} activeHref={page.activeHref} />
      <main id="__docusaurus_skipToContent_fallback" className="doc-main" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article">
            <Breadcrumbs crumbs={page.breadcrumbs} homeHref={site.baseUrl} />
            <div className="theme-doc-markdown markdown">
              <header>
                <h1>{page.title}</h1>
                {page.description && <p className="category-description">{page.description}</p>}
              </header>
            </div>
            <ul className="card-grid">
              {page.cards.map((card) => (
                <li key={card.href} className="card-grid__item">
                  <a className={`card card--${card.kind}`} href={card.href}>
                    <h2 className="card__title">
                      <span aria-hidden="true" className="card__icon">
                        {card.kind === 'category' ? '🗂️' : '📄'}
                      </span>
                      {card.title}
                    </h2>
                    {(card.description || card.count !== undefined) && (
                      <p className="card__description">
                        {card.description || `${card.count} ${card.count === 1 ? 'item' : 'items'}`}
                      </p>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          </article>
          <Pagination prev={page.prev} next={page.next} />
        </div>
      </main>
    </div>
  );
}

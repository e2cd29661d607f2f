// A generated category index: title, description and a card per child page or sub-category,
// optionally under group headings (link.groupBy in _category_.json).
import type { CategoryCard, CategoryPageData, SiteData, SidebarItem } from '../shared/types.ts';
import { Sidebar } from './components/Sidebar.tsx';
import { Breadcrumbs, Pagination } from './components/Chrome.tsx';

export function CategoryPage({ site, page, sidebar }: { site: SiteData; page: CategoryPageData; sidebar: SidebarItem[] }) {
  return (
    <div className="doc-layout">
      <Sidebar items={sidebar} activeHref={page.activeHref} />
      <main id="__docusaurus_skipToContent_fallback" className="doc-main" tabIndex={-1}>
        {/* No table of contents here: the cards use its column too. */}
        <div className="doc-container doc-container--wide">
          <article className="doc-article">
            <Breadcrumbs crumbs={page.breadcrumbs} homeHref={site.homeHref} />
            <div className="theme-doc-markdown markdown">
              <header>
                <h1>{page.title}</h1>
                {page.description && <p className="category-description">{page.description}</p>}
              </header>
            </div>
            {page.groups ? (
              page.groups.map((group) => (
                <section key={group.id} className="card-group" aria-labelledby={group.id}>
                  <h2 id={group.id} className="card-group__title">
                    {group.label}
                  </h2>
                  <CardGrid cards={group.cards} Title="h3" />
                </section>
              ))
            ) : (
              <CardGrid cards={page.cards} Title="h2" />
            )}
          </article>
          <Pagination prev={page.prev} next={page.next} />
        </div>
      </main>
    </div>
  );
}

/** The cards of a category page; under group headings their titles are one level lower. */
function CardGrid({ cards, Title }: { cards: CategoryCard[]; Title: 'h2' | 'h3' }) {
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.href} className="card-grid__item">
          <a className={`card card--${card.kind}`} href={card.href}>
            <Title className="card__title">
              <CardIcon kind={card.kind} />
              {card.title}
            </Title>
            {(card.description || card.count !== undefined) && (
              <p className="card__description">{card.description || `${card.count} ${card.count === 1 ? 'item' : 'items'}`}</p>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Inline icons (emoji depend on the reader's fonts and look different everywhere). */
function CardIcon({ kind }: { kind: 'doc' | 'category' }) {
  return (
    <svg className="card__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      {kind === 'category' ? (
        <path fill="currentColor" d="M3 6.5A2.5 2.5 0 0 1 5.5 4h3.59a2 2 0 0 1 1.41.59L12.41 6.5h6.09A2.5 2.5 0 0 1 21 9v8.5a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5v-11Zm2.5-.5a.5.5 0 0 0-.5.5V8h5.59l-1.5-1.5a.5.5 0 0 0-.35-.15H5.5ZM5 10v7.5c0 .28.22.5.5.5h13a.5.5 0 0 0 .5-.5V9a.5.5 0 0 0-.5-.5h-6.91l-1.5 1.5H5Z" />
      ) : (
        <path fill="currentColor" d="M6.5 2h7.09a2 2 0 0 1 1.41.59l4.41 4.41A2 2 0 0 1 20 8.41V19.5a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 19.5v-15A2.5 2.5 0 0 1 6.5 2Zm0 2a.5.5 0 0 0-.5.5v15c0 .28.22.5.5.5h11a.5.5 0 0 0 .5-.5V9h-4a1.5 1.5 0 0 1-1.5-1.5V4H6.5Zm8 1.41V7h1.59L14.5 5.41ZM8 12h8v2H8v-2Zm0 4h6v2H8v-2Z" />
      )}
    </svg>
  );
}

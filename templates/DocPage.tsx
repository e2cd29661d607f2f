// A documentation page: sidebar, breadcrumbs, title, content, tags, edit link, last update,
// prev/next, and the table of contents.
import type { DocPageData, SiteData, SidebarItem } from '../shared/types.ts';
import { Sidebar } from './components/Sidebar.tsx';
import { TocDesktop, TocMobile } from './components/Toc.tsx';
import { Breadcrumbs, Pagination } from './components/Chrome.tsx';
import { Feedback } from './components/Feedback.tsx';
import { markdownTwinHref } from './twin.ts';

export function DocPage({ site, page, sidebar }: { site: SiteData; page: DocPageData; sidebar: SidebarItem[] }) {
  const showToc = !page.hideToc && page.toc.length > 0;
  const isHome = page.route === site.baseUrl;
  return (
    <div className="doc-layout">
      <Sidebar items={sidebar} activeHref={page.activeHref} />
      <main id="__docusaurus_skipToContent_fallback" className="doc-main" tabIndex={-1}>
        <div className={`doc-container${showToc ? ' doc-container--with-toc' : ''}`}>
          <article className="doc-article">
            {!isHome && <Breadcrumbs crumbs={page.breadcrumbs} homeHref={site.homeHref} />}
            {showToc && <TocMobile items={page.toc} />}
            <div className="theme-doc-markdown markdown">
              <header className="doc-header">
                <h1 id={page.titleId}>{page.title}</h1>
                <CopyPageButton href={markdownTwinHref(page.href)} />
              </header>
              <div className="markdown-body" dangerouslySetInnerHTML={{ __html: page.html }} />
            </div>
            {site.feedback && <Feedback endpoint={site.feedback.endpoint} />}
            <DocFooter page={page} />
            {showToc && <BackToTop className="back-to-top back-to-top--end" />}
          </article>
          <Pagination prev={page.prev} next={page.next} />
        </div>
        {showToc && (
          <div className="doc-toc">
            <TocDesktop items={page.toc} after={<BackToTop className="back-to-top back-to-top--toc" />} />
          </div>
        )}
      </main>
    </div>
  );
}

/**
 * "Back to top" on pages long enough to have a table of contents: under the table of contents on
 * wide screens (shown once the reader has scrolled), at the end of the article on narrow ones.
 * A plain link to #top, which browsers scroll to the top without script; client/shell/back-to-top.ts
 * keeps the address clean and moves focus to the content.
 */
function BackToTop({ className }: { className: string }) {
  return (
    <a className={className} href="#top">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M12 19V5M5 12l7-7 7 7" />
      </svg>
      Back to top
    </a>
  );
}

/** Copies the page's markdown twin (client/features/chunks/copy-page.ts); a script-only control. */
function CopyPageButton({ href }: { href: string }) {
  return (
    <button type="button" className="copy-page" data-src={href}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M9 9h10v12H9zM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
      </svg>
      <span className="copy-page__label">Copy page</span>
      <span className="visually-hidden"> as Markdown</span>
    </button>
  );
}

function DocFooter({ page }: { page: DocPageData }) {
  return (
    <footer className="doc-footer">
      {page.tags.length > 0 && (
        <ul className="doc-tags" aria-label="Tags">
          {page.tags.map((tag) => (
            <li key={tag} className="doc-tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="doc-footer__row">
        <a className="doc-markdown-link" href={markdownTwinHref(page.href)} type="text/markdown">
          View this page as Markdown
        </a>
        {page.editUrl && (
          <a className="doc-edit-link" href={page.editUrl} target="_blank" rel="noopener noreferrer">
            <svg viewBox="0 0 40 40" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M34.5 11.7l-3 3.1-6.3-6.3 3.1-3q.5-.5 1.2-.5t1.1.5l3.9 3.9q.5.4.5 1.1t-.5 1.2zm-29.5 17.1l18.4-18.5 6.3 6.3-18.4 18.4h-6.3v-6.2z" />
            </svg>
            Edit this page
          </a>
        )}
        {page.lastUpdated && (
          <span className="doc-last-updated">
            Last updated on <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
          </span>
        )}
      </div>
    </footer>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-23" → "Nov 23, 2026", without locale data so output never depends on the machine. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

// Table of contents (h2–h3): a sticky column on wide screens and an "On this page"
// disclosure above the content on narrow ones. Both work without JavaScript.
import type { ReactNode } from 'react';
import type { TocItem } from '../../shared/types.ts';

export function TocList({ items, className }: { items: TocItem[]; className?: string }) {
  const nested: { item: TocItem; children: TocItem[] }[] = [];
  const top = Math.min(...items.map((i) => i.level));
  for (const item of items) {
    if (item.level === top || !nested.length) nested.push({ item, children: [] });
    else nested[nested.length - 1]!.children.push(item);
  }
  return (
    <ul className={className ?? 'table-of-contents'}>
      {nested.map(({ item, children }) => (
        <li key={item.id}>
          <a href={`#${item.id}`} className="table-of-contents__link" dangerouslySetInnerHTML={{ __html: item.html }} />
          {children.length > 0 && (
            <ul>
              {children.map((child) => (
                <li key={child.id}>
                  <a href={`#${child.id}`} className="table-of-contents__link" dangerouslySetInnerHTML={{ __html: child.html }} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `after`: shown under the list and never scrolled away with it (the back-to-top link). */
export function TocDesktop({ items, after }: { items: TocItem[]; after?: ReactNode }) {
  return (
    <nav className="toc-desktop" aria-labelledby="toc-heading">
      <p className="toc-heading" id="toc-heading">
        On this page
      </p>
      <TocList items={items} />
      {after}
    </nav>
  );
}

export function TocMobile({ items }: { items: TocItem[] }) {
  return (
    <details className="toc-mobile">
      <summary>On this page</summary>
      <TocList items={items} />
    </details>
  );
}

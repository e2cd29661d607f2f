// The results screen: one listbox per lvl0 group (ids docsearch-hits<g>-list, options
// docsearch-hits<g>-item-<n> with n counted across groups), then "See all N results".
// The local index may answer with the first screenful of hits only: the others' text is
// fetched when the end of the list scrolls into view, and their rows join below.
import { useEffect, useRef, type MouseEvent } from 'react';
import { isChild, type HitGroup } from '../hits.ts';
import { HitRow } from './HitRow.tsx';
import type { Item } from './items.ts';

export interface ResultsProps {
  groups: HitGroup[];
  /** The rows in display order (their ids and hits). */
  items: Item[];
  active: number;
  nbHits: number;
  seeAllUrl: string;
  onHover: (index: number) => void;
  onSelect: (index: number, event: MouseEvent<HTMLAnchorElement>) => void;
  onSeeAll: (url: string) => void;
  /** Set when more hits come once the reader can see the end of the list. */
  onSeeMore?: () => void;
}

export function Results({ groups, items, active, nbHits, seeAllUrl, onHover, onSelect, onSeeAll, onSeeMore }: ResultsProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!onSeeMore || !target) return;
    if (typeof IntersectionObserver === 'undefined') return onSeeMore();
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onSeeMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onSeeMore]);
  let n = 0;
  return (
    <div className="DocSearch-Dropdown-Container">
      {groups.map((group, g) => (
        <section className="DocSearch-Hits" key={group.name}>
          <div className="DocSearch-Hit-source" id={`docsearch-hits${g}-title`}>
            {group.name}
          </div>
          <ul role="listbox" id={`docsearch-hits${g}-list`} aria-labelledby={`docsearch-hits${g}-title`}>
            {group.hits.map((hit, i) => {
              const index = n++;
              return (
                <HitRow
                  key={hit.objectID + index}
                  id={items[index]!.id}
                  hit={hit}
                  child={isChild(hit, i, group.hits)}
                  active={active === index}
                  onHover={() => onHover(index)}
                  onSelect={(event) => onSelect(index, event)}
                />
              );
            })}
          </ul>
        </section>
      ))}
      <div ref={end} className="DocSearch-Hits-end" />
      <section className="DocSearch-HitsFooter">
        <a
          href={seeAllUrl}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1) return;
            event.preventDefault();
            onSeeAll(seeAllUrl);
          }}
        >
          See all {nbHits} results
        </a>
      </section>
    </div>
  );
}

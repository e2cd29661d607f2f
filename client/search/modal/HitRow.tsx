// One row of a list: a search hit (an option of the results' listbox), or a recent or favourite
// search (a row of the start screen's grid, since it holds buttons too). An option may not hold
// anything focusable, so a hit's link is the option itself; a stored search's link and its
// buttons sit in the cells of its row. Hit text is safe HTML built by hits.ts (escaped, <mark>
// only), so it can be set as HTML.
import type { MouseEvent, ReactNode } from 'react';
import type { SearchHit } from '../types.ts';
import type { StoredHit } from '../stored-searches.ts';
import { viewOf } from '../hits.ts';
import { EnterIcon, HitIcon } from './icons.tsx';

export interface HitRowProps {
  id: string;
  hit: SearchHit | StoredHit;
  active: boolean;
  child?: boolean;
  icon?: ReactNode;
  /** Buttons for the row (star, remove): the row is then a grid row instead of an option. */
  actions?: ReactNode;
  onHover: () => void;
  onSelect: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function HitRow({ id, hit, active, child, icon, actions, onHover, onSelect }: HitRowProps) {
  // Every row, whatever the hit's kind: title, breadcrumb, snippet (hits.ts).
  const view = viewOf(hit);
  const className = `DocSearch-Hit${child ? ' DocSearch-Hit--Child' : ''}${active ? ' DocSearch-Hit--active' : ''}`;
  const content = (
    <div className="DocSearch-Hit-Container">
      <div className="DocSearch-Hit-icon">{icon ?? <HitIcon type={hit.type} />}</div>
      <div className="DocSearch-Hit-content-wrapper">
        <span className="DocSearch-Hit-title" dangerouslySetInnerHTML={{ __html: view.title }} />
        <span className="DocSearch-Hit-path" dangerouslySetInnerHTML={{ __html: view.path }} />
        <span className="DocSearch-Hit-snippet" dangerouslySetInnerHTML={{ __html: view.snippet }} />
      </div>
      <div className="DocSearch-Hit-action DocSearch-Hit-Select">
        <EnterIcon />
      </div>
    </div>
  );
  if (!actions) {
    return (
      <li className={className} role="none" onMouseMove={onHover}>
        <a href={hit.url} id={id} role="option" aria-selected={active} tabIndex={-1} onClick={onSelect}>
          {content}
        </a>
      </li>
    );
  }
  return (
    <div className={className} id={id} role="row" aria-selected={active} onMouseMove={onHover}>
      <div className="DocSearch-Hit-cell" role="gridcell">
        <a href={hit.url} tabIndex={-1} onClick={onSelect}>
          {content}
        </a>
      </div>
      <div className="DocSearch-Hit-actions" role="gridcell">
        {actions}
      </div>
    </div>
  );
}

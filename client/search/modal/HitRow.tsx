// One row of a list (a search hit, or a recent or favourite search): an option of the listbox
// holding the link, with its title, heading path and snippet. Hit text is safe HTML built by
// hits.ts (escaped, <mark> only), so it can be set as HTML.
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
  actions?: ReactNode;
  onHover: () => void;
  onSelect: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function HitRow({ id, hit, active, child, icon, actions, onHover, onSelect }: HitRowProps) {
  const view = viewOf(hit);
  return (
    <li className={`DocSearch-Hit${child ? ' DocSearch-Hit--Child' : ''}`} id={id} role="option" aria-selected={active} onMouseMove={onHover}>
      <a href={hit.url} tabIndex={-1} onClick={onSelect}>
        <div className="DocSearch-Hit-Container">
          <div className="DocSearch-Hit-icon">{icon ?? <HitIcon type={hit.type} />}</div>
          <div className="DocSearch-Hit-content-wrapper">
            <span className="DocSearch-Hit-title" dangerouslySetInnerHTML={{ __html: view.title }} />
            {view.path && <span className="DocSearch-Hit-path" dangerouslySetInnerHTML={{ __html: view.path }} />}
            {view.snippet && <span className="DocSearch-Hit-snippet" dangerouslySetInnerHTML={{ __html: view.snippet }} />}
          </div>
          <div className="DocSearch-Hit-action DocSearch-Hit-Select">
            <EnterIcon />
          </div>
        </div>
      </a>
      {/* Beside the link, not inside it: a button inside a link is invalid and would follow it. */}
      {actions && <div className="DocSearch-Hit-actions">{actions}</div>}
    </li>
  );
}

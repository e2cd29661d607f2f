// Opening a row: it joins the recent searches (unless it is a favourite), a hit's click is
// reported (Algolia Insights, when configured), and the page opens: by client navigation in
// place of the modal, or in a new tab with the modal staying open (Cmd/Ctrl/Shift+Enter, or a
// modified click, which the browser itself handles).
import type { MouseEvent } from 'react';
import type { SearchHit } from '../types.ts';
import type { Item } from './items.ts';

export interface OpenContext {
  items: Item[];
  queryID: string | undefined;
  save: (item: Item) => void;
  onClick?: (hit: SearchHit, position: number, queryID: string | undefined) => void;
  onClose: () => void;
  onNavigate: (url: string) => void;
}

export function itemOpener({ items, queryID, save, onClick, onClose, onNavigate }: OpenContext) {
  const remember = (item: Item) => {
    save(item);
    if (item.source === 'hits') onClick?.(item.hit as SearchHit, items.indexOf(item) + 1, queryID);
  };
  return {
    /** From the keyboard (Enter). */
    open(item: Item, newTab: boolean) {
      remember(item);
      if (newTab) {
        window.open(item.hit.url, '_blank', 'noopener');
        return;
      }
      onClose();
      onNavigate(item.hit.url);
    },
    /** A click on the row's link. */
    onRowClick(item: Item, event: MouseEvent<HTMLAnchorElement>) {
      const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button === 1;
      remember(item);
      if (modified) return; // the browser opens a tab or window; the modal stays
      event.preventDefault();
      onClose();
      onNavigate(item.hit.url);
    },
  };
}

// The combobox's active option: the row the arrows move to and Enter opens, shown through
// aria-activedescendant while the search box keeps focus. The panel closes (no active row) on
// Tab or on Enter with nothing to open, and opens again on focus, typing or an arrow.
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Item } from './items.ts';

export function useActiveOption(items: Item[]) {
  const [active, setActive] = useState(0);
  const [panelOpen, setPanelOpen] = useState(true);
  useLayoutEffect(() => {
    if (active >= items.length) setActive(0);
  }, [items.length, active]);
  const activeItem = panelOpen ? items[active] : undefined;
  useEffect(() => {
    if (activeItem) document.getElementById(activeItem.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeItem]);
  return {
    /** The active row's index, -1 while the panel is closed. */
    shownActive: panelOpen ? active : -1,
    activeItem,
    panelOpen,
    setActive,
    setPanelOpen,
    /** A new query: the first row is active and the panel open. */
    restart() {
      setActive(0);
      setPanelOpen(true);
    },
    /** ArrowDown (step 1) or ArrowUp (step -1), wrapping around the list. */
    move(step: 1 | -1) {
      if (!items.length) return;
      setPanelOpen(true);
      setActive((i) => (i + step + items.length) % items.length);
    },
  };
}

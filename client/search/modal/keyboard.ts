// The modal's keys. In the search box: the arrows move the active option, Enter opens it
// (Cmd/Ctrl/Shift+Enter in a new tab, the modal staying open), Tab closes the panel. Anywhere in
// the modal: Escape closes it, whatever has focus (the box, "See all", Clear, a ★), as
// DocSearch's does, and Tab keeps focus inside it.
import type { KeyboardEvent } from 'react';
import { trapFocus } from './focus.ts';
import type { Item } from './items.ts';

export interface InputKeyActions {
  activeItem: Item | undefined;
  move: (step: 1 | -1) => void;
  open: (item: Item, newTab: boolean) => void;
  closePanel: () => void;
}

export function onSearchBoxKey(event: KeyboardEvent<HTMLInputElement>, actions: InputKeyActions): void {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    actions.move(event.key === 'ArrowDown' ? 1 : -1);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    if (event.nativeEvent.isComposing) return;
    if (actions.activeItem) actions.open(actions.activeItem, event.metaKey || event.ctrlKey || event.shiftKey);
    else actions.closePanel(); // a submit with nothing to open closes the panel
  } else if (event.key === 'Tab') {
    actions.closePanel();
  }
}

export function onModalKey(event: KeyboardEvent<HTMLElement>, modal: HTMLElement | null, close: () => void): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    close();
  } else if (event.key === 'Tab') trapFocus(event, modal);
}

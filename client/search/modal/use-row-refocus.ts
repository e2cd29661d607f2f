// After ★ or × the row under focus is gone: focus goes to the same button on the row that took
// its place (or the one above, or the search box), so Escape and the arrows keep working.
import { useLayoutEffect, useRef, type RefObject } from 'react';

interface Refocus {
  list: string;
  index: number;
  title: string;
}

/**
 * Returns `keepFocusAfter(list, index, title)`: call it before removing row `index` of listbox
 * `list` with the button titled `title`. After the next render the focus moves as above, and
 * `onRowFocused` gets the id of the row it went to.
 */
export function useRowRefocus(modalRef: RefObject<HTMLElement | null>, inputRef: RefObject<HTMLInputElement | null>, onRowFocused: (rowId: string) => void) {
  const refocus = useRef<Refocus | null>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const rows = modalRef.current?.querySelectorAll<HTMLElement>(`#${target.list} > [role=row]`) ?? [];
    const row = rows[Math.min(target.index, rows.length - 1)];
    const button = row?.querySelector<HTMLElement>(`button[title="${target.title}"]`) ?? row?.querySelector<HTMLElement>('button');
    if (row) onRowFocused(row.id);
    (button ?? inputRef.current)?.focus();
  });
  return (list: string, index: number, title: string) => {
    refocus.current = { list, index, title };
  };
}

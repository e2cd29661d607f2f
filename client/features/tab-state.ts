// What a tab block shows that the server-rendered page cannot know: the reader's stored choice
// for its group, and the panel the address's #hash points into. Shared by the tab code
// (chunks/tabs.ts) and the main script, which loads that code at once when a page needs either
// (enhance.ts), and otherwise only when the reader reaches for a tab list.
import { storage } from '../storage.ts';
import { hashTarget } from '../navigation/hash-target.ts';

/** Where a group's choice is kept, under Docusaurus's key so a migrated site keeps its readers' choices. */
export const tabStorageKey = (group: string): string => `docusaurus.tab.${group}`;

/** The element `hash` points to, when a hidden tab panel holds it. */
export function targetInHiddenPanel(hash: string): Element | null {
  const target = hash ? hashTarget(hash) : null;
  return target?.closest('.tabs__panel[hidden]') ? target : null;
}

/** Whether the tab blocks in `scope` must change before the reader touches them: a stored choice or a #hash into a hidden panel. */
export function tabsNeedCodeNow(scope: ParentNode): boolean {
  if (targetInHiddenPanel(location.hash)) return true;
  return [...scope.querySelectorAll<HTMLElement>('.tabs[data-group]')].some((block) => storage.get(tabStorageKey(block.dataset.group!)) !== null);
}

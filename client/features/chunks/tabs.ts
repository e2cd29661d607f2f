// Tabs and code groups (markup from cli/markdown/plugins/rehype-tabs.ts), following the WAI-ARIA
// tabs pattern: click or arrow keys (Home/End too) select a tab, only the selected tab is in the
// Tab order. Blocks with the same groupId switch together and the choice is remembered under
// "docusaurus.tab.<groupId>" (without storage it simply lasts until the page is left). A link
// to something inside a hidden panel opens that panel. The code loads when the reader reaches
// for a tab list, or at once on a page that must show a stored choice or a linked panel
// (../tab-state.ts); a click or arrow key before it arrives is replayed (../held-clicks.ts).
import { storage } from '../../storage.ts';
import { tabStorageKey as storageKey, targetInHiddenPanel } from '../tab-state.ts';

let listening = false;

export function init(scope: ParentNode = document): void {
  for (const block of scope.querySelectorAll<HTMLElement>('.tabs:not([data-ready])')) {
    const list = block.querySelector<HTMLElement>(':scope > .tabs__list');
    if (!list) continue;
    block.dataset.ready = 'true';
    list.addEventListener('click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[role=tab]');
      if (tab) choose(block, tab);
    });
    list.addEventListener('keydown', (event) => onKey(block, event));
    const stored = block.dataset.group ? storage.get(storageKey(block.dataset.group)) : null;
    if (stored) select(block, stored);
  }
  revealHashTarget();
  if (!listening) {
    listening = true;
    window.addEventListener('hashchange', revealHashTarget);
    document.addEventListener('click', onLinkClick, true);
  }
}

function tabsOf(block: HTMLElement): HTMLElement[] {
  return [...block.querySelectorAll<HTMLElement>(':scope > .tabs__list > [role=tab]')];
}

const labelOf = (tab: HTMLElement) => tab.textContent?.trim() ?? '';

/** Shows the tab labelled `label` in `block`; false if it has no such tab. */
function select(block: HTMLElement, label: string): boolean {
  const tabs = tabsOf(block);
  const chosen = tabs.find((tab) => labelOf(tab) === label);
  if (!chosen) return false;
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  return true;
}

/** A reader's choice: this block, every block of its group, and the stored choice. */
function choose(block: HTMLElement, tab: HTMLElement): void {
  const label = labelOf(tab);
  const group = block.dataset.group;
  // Blocks above may change height; keep the chosen tab where the reader's eyes are.
  const before = tab.getBoundingClientRect().top;
  select(block, label);
  if (group) {
    for (const other of document.querySelectorAll<HTMLElement>('.tabs[data-group]')) {
      if (other !== block && other.dataset.group === group) select(other, label);
    }
    storage.set(storageKey(group), label);
  }
  const shift = tab.getBoundingClientRect().top - before;
  if (shift) window.scrollBy(0, shift);
}

function onKey(block: HTMLElement, event: KeyboardEvent): void {
  const tabs = tabsOf(block);
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current < 0) return;
  const rtl = getComputedStyle(block).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
  let next: number;
  if (step) next = (current + step + tabs.length) % tabs.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = tabs.length - 1;
  else return;
  event.preventDefault();
  tabs[next]!.focus();
  choose(block, tabs[next]!);
}

/** Opens the panel that holds the element the address's #hash points to. */
function revealHashTarget(): void {
  const target = reveal(location.hash);
  if (target) target.scrollIntoView();
}

/** A click on a link to this page's #section (the table of contents): open its panel first. */
function onLinkClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
  if (link instanceof HTMLAnchorElement && link.pathname === location.pathname) reveal(link.hash);
}

/** Selects every tab whose hidden panel holds the element with this #id; returns that element if it was hidden. */
function reveal(hash: string): Element | null {
  const target = targetInHiddenPanel(hash);
  if (!target) return null;
  for (let panel = target.closest<HTMLElement>('.tabs__panel[hidden]'); panel; panel = panel.parentElement?.closest<HTMLElement>('.tabs__panel[hidden]') ?? null) {
    const tab = document.getElementById(panel.getAttribute('aria-labelledby') ?? '');
    const block = panel.closest<HTMLElement>('.tabs');
    if (tab && block) select(block, labelOf(tab));
  }
  return target;
}

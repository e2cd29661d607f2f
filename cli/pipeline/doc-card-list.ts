// Docusaurus' <DocCardList /> on a page: the cards of the category the page stands for, as on
// a category page (templates/CategoryPage.tsx). The markdown stage leaves a marker where the tag
// was (../markdown/dialects/jsx-blocks.ts, ../markdown/plugins/remark-doc-cards.ts); the cards
// depend on the sidebar, which the markdown stage (and its cache) does not see, so they are put
// in here, with the page's other sidebar-made parts. The category is the one whose link is
// the page (a folder's index.md, a _category_.json "link" to it), else the folder the page is in,
// without the page itself.
import type { SidebarItem } from '../../shared/types.ts';
import { DOC_CARDS_MARKER } from '../markdown/plugins/remark-doc-cards.ts';

type CategoryItem = Extract<SidebarItem, { type: 'category' }>;

export function fillDocCardLists(html: string, items: SidebarItem[], href: string): string {
  if (!html.includes(DOC_CARDS_MARKER)) return html;
  const cards = (linkedCategory(items, href)?.items ?? holderOf(items, href) ?? []).filter((item) => item.href !== href);
  return html.split(DOC_CARDS_MARKER).join(cards.length ? cardGrid(cards) : '');
}

function linkedCategory(items: SidebarItem[], href: string): CategoryItem | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const inner = linkedCategory(item.items, href);
    if (inner) return inner;
  }
  return undefined;
}

/** The entries beside the page: the items of the category holding it (or the top level). */
function holderOf(items: SidebarItem[], href: string): SidebarItem[] | undefined {
  if (items.some((item) => item.type === 'doc' && item.href === href)) return items;
  for (const item of items) {
    const inner = item.type === 'category' ? holderOf(item.items, href) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function countDocs(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + (item.type === 'doc' ? 1 : countDocs(item.items)), 0);
}

function cardGrid(cards: SidebarItem[]): string {
  const entries = cards.flatMap((card) => {
    if (!card.href) return [];
    const count = card.type === 'category' ? countDocs(card.items) : undefined;
    const description = count === undefined ? '' : `<p class="card__description">${count} ${count === 1 ? 'item' : 'items'}</p>`;
    return [`<li class="card-grid__item"><a class="card card--${card.type}" href="${escape(card.href)}"><p class="card__title">${escape(card.label)}</p>${description}</a></li>`];
  });
  return `<ul class="card-grid doc-card-list">${entries.join('')}</ul>`;
}

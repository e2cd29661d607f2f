// Fills the table of contents a page asked for in its text (remark-inline-toc.ts) with the
// page's "On this page" entries, nested by level. Runs after rehype-headings.ts, which gives
// the headings their ids and fills data.toc, and after sanitizing, which would drop the role.
import type { Root, Element, ElementContent } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { fromHtml } from 'hast-util-from-html';
import { walkElements, SKIP } from '../walk.ts';
import type { PageMarkdownData } from '../context.ts';
import type { TocItem } from '../../../shared/types.ts';
import { INLINE_TOC_CLASS } from './remark-inline-toc.ts';

const element = (tagName: string, properties: Element['properties'], children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });

export const rehypeInlineToc: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  const toc = (file.data as { markdown?: PageMarkdownData }).markdown?.toc ?? [];
  walkElements<Element>(tree, (node) => {
    if (node.tagName !== 'div' || !(node.properties.className as string[] | undefined)?.includes(INLINE_TOC_CLASS)) return undefined;
    Object.assign(node.properties, { role: 'navigation', ariaLabel: 'Table of contents' });
    node.children = toc.length ? [list(toc, 0).element] : [];
    return SKIP;
  });
};

/** The list of the entries from `start` at the level of entry `start`, with deeper ones nested. */
function list(toc: TocItem[], start: number): { element: Element; next: number } {
  const level = toc[start]!.level;
  const items: Element[] = [];
  let i = start;
  while (i < toc.length && toc[i]!.level >= level) {
    const entry = toc[i]!;
    if (entry.level > level && items.length) {
      const nested = list(toc, i);
      items.at(-1)!.children.push(nested.element);
      i = nested.next;
      continue;
    }
    const text = fromHtml(entry.html, { fragment: true }).children as ElementContent[];
    items.push(element('li', {}, [element('a', { href: `#${entry.id}` }, text)]));
    i++;
  }
  return { element: element('ul', {}, items), next: i };
}

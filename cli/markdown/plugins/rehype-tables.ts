// Wide tables scroll inside their own box instead of widening the page on phones.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

export const rehypeTables: Plugin<[], Root> = () => (tree) => {
  visit(tree, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'table' || !parent || index === undefined) return undefined;
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['table-wrapper'], tabIndex: 0, role: 'region', ariaLabel: 'Table' },
      children: [node],
    };
    return SKIP;
  });
};

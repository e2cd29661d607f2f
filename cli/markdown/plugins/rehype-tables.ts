// Wide tables scroll inside their own box instead of widening the page on phones.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import { walkElements, SKIP } from '../walk.ts';

export const rehypeTables: Plugin<[], Root> = () => (tree) => {
  walkElements<Element, Element | Root>(tree, (node, index, parent) => {
    if (node.tagName !== 'table') return undefined;
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: ['table-wrapper'], tabIndex: 0, role: 'region', ariaLabel: 'Table' },
      children: [node],
    };
    return SKIP;
  });
};

// ```mermaid fences become diagrams: <figure class="diagram"> holding the source as plain
// preformatted text, which is what readers without JavaScript (and search) see. The browser
// draws the diagram from it (client/features/diagrams.ts, loaded only on pages with one).
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import { toString } from 'hast-util-to-string';
import { walkElements, SKIP } from '../walk.ts';

export const rehypeDiagrams: Plugin<[], Root> = () => (tree) => {
  walkElements<Element>(tree, (node) => {
    if (node.tagName !== 'pre') return undefined;
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    const classes = (code?.properties.className as string[] | undefined) ?? [];
    if (!code || !classes.some((c) => c.toLowerCase() === 'language-mermaid')) return undefined;
    const source = toString(code).replace(/\n$/, '');
    Object.assign(node, {
      tagName: 'figure',
      properties: { className: ['diagram'] },
      children: [
        {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['diagram__source'] },
          // Text straight in the <pre>, with no <code>: rehype-code leaves it alone.
          children: [{ type: 'text', value: source }],
        },
      ],
    } satisfies Partial<Element>);
    return SKIP;
  });
};

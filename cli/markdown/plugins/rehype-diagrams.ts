// ```mermaid fences become diagrams: <figure class="diagram"> holding the source as plain
// preformatted text, which is what readers without JavaScript (and search) see. The browser
// draws the diagram from it (client/features/chunks/diagrams.ts, loaded only on pages with one).
// Every diagram on the page, raw HTML ones included (the browser draws any figure.diagram), is
// also noted in the page's data with what it needs (../diagram-needs.ts), so a production build
// writes only the chunks its pages can load.
import type { Root, Element } from 'hast';
import type { Plugin } from 'unified';
import { toString } from 'hast-util-to-string';
import { walkElements, EXIT, SKIP } from '../walk.ts';
import { addClientFeatures, type PageMarkdownData } from '../context.ts';
import { MERMAID, diagramNeeds } from '../diagram-needs.ts';

export const rehypeDiagrams: Plugin<[], Root> = () => (tree, file) => {
  const needs = new Set<string>();
  walkElements<Element>(tree, (node) => {
    if (node.tagName === 'figure' && hasClass(node, 'diagram')) {
      // Raw HTML written as a diagram: the browser draws its .diagram__source, if it has one.
      const source = findByClass(node, 'diagram__source');
      for (const need of source ? diagramNeeds(toString(source)) : [MERMAID]) needs.add(need);
      return SKIP;
    }
    if (node.tagName !== 'pre') return undefined;
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    const classes = (code?.properties.className as string[] | undefined) ?? [];
    if (!code || !classes.some((c) => c.toLowerCase() === 'language-mermaid')) return undefined;
    const source = toString(code).replace(/\n$/, '');
    for (const need of diagramNeeds(source)) needs.add(need);
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
  if (needs.size) addClientFeatures((file.data as { markdown: PageMarkdownData }).markdown, needs);
};

const hasClass = (node: Element, name: string) => ((node.properties.className as string[] | undefined) ?? []).includes(name);

function findByClass(node: Element, name: string): Element | undefined {
  let found: Element | undefined;
  walkElements<Element>(node, (child) => {
    if (!hasClass(child, name)) return undefined;
    found = child;
    return EXIT;
  });
  return found;
}

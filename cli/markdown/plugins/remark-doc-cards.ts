// "::doc-cards" (what ../dialects/jsx-blocks.ts makes of Docusaurus' <DocCardList />) leaves a
// marker the doc page fills with its category's cards once the sidebar is known
// (../../pipeline/doc-card-list.ts). Runs before remark-admonitions.ts, which turns unknown
// "::name" lines back into text.
import type { Root, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import { walk } from '../walk.ts';
import { renderAs } from './directives.ts';

/** The element the marker renders to, exactly as the HTML holds it. */
export const DOC_CARDS_MARKER = '<div class="doc-card-list"></div>';

export const remarkDocCards: Plugin<[], Root> = () => (tree: Root) => {
  walk<Root | RootContent, Parent>(tree, (node) => {
    if (node.type !== 'leafDirective' || node.name !== 'doc-cards') return;
    renderAs(node, 'docCards', { hName: 'div', hProperties: { className: ['doc-card-list'] } }, []);
  });
};

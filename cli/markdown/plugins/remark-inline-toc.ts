// "::toc" (what ../dialects/jekyll.ts makes of kramdown's "* TOC" + "{:toc}") marks where the
// page's table of contents goes; rehype-inline-toc.ts fills it once the headings have their
// ids. It runs before remark-admonitions.ts, which turns unknown "::name" lines back into text.
import type { Root, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import { walk } from '../walk.ts';
import { renderAs } from './directives.ts';

/** The class of the element rehype-inline-toc.ts fills. */
export const INLINE_TOC_CLASS = 'inline-toc';

export const remarkInlineToc: Plugin<[], Root> = () => (tree: Root) => {
  walk<Root | RootContent, Parent>(tree, (node) => {
    if (node.type !== 'leafDirective' || node.name !== 'toc') return;
    renderAs(node, 'inlineToc', { hName: 'div', hProperties: { className: [INLINE_TOC_CLASS] } }, []);
  });
};

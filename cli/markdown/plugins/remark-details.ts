// ":::details[Summary]" (VitePress's "::: details Summary", and MkDocs' "??? note" once
// ../dialects/mkdocs.ts has rewritten it) becomes <details><summary>…</summary>…</details>,
// open when written with {open}. It runs before remark-admonitions.ts, which reports every
// container it does not know.
import type { Root, RootContent, Parent } from 'mdast';
import type { Plugin } from 'unified';
import { walk } from '../walk.ts';
import { paragraphAs, renderAs, splitLabel } from './directives.ts';

export const remarkDetails: Plugin<[], Root> = () => (tree: Root) => {
  walk<Root | RootContent, Parent>(tree, (node) => {
    if (node.type !== 'containerDirective' || node.name !== 'details') return;
    const { label, body } = splitLabel(node);
    const summary = label?.length ? label : [{ type: 'text' as const, value: 'Details' }];
    const open = node.attributes && 'open' in node.attributes ? { open: true } : {};
    renderAs(node, 'details', { hName: 'details', hProperties: open }, [paragraphAs({ hName: 'summary' }, summary), ...body]);
  });
};

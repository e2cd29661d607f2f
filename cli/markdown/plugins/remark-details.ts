// ":::details[Summary]" (VitePress's "::: details Summary", and MkDocs' "??? note" once
// ../dialects/mkdocs.ts has rewritten it) becomes <details><summary>…</summary>…</details>,
// open when written with {open}. It runs before remark-admonitions.ts, which reports every
// container it does not know.
import type { Root, RootContent, Parent, Paragraph, PhrasingContent } from 'mdast';
import type { Plugin } from 'unified';
import { walk } from '../walk.ts';

interface Container {
  type: string;
  name?: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: RootContent[];
  data?: Record<string, unknown>;
}

export const remarkDetails: Plugin<[], Root> = () => (tree: Root) => {
  walk<Root | RootContent, Parent>(tree, (node) => {
    const n = node as unknown as Container;
    if (n.type !== 'containerDirective' || n.name !== 'details') return;
    const first = n.children[0] as (Paragraph & { data?: { directiveLabel?: boolean } }) | undefined;
    const labelled = first?.type === 'paragraph' && first.data?.directiveLabel && first.children.length > 0;
    const summary: PhrasingContent[] = labelled ? first.children : [{ type: 'text', value: 'Details' }];
    const body = first?.data?.directiveLabel ? n.children.slice(1) : n.children;
    n.type = 'details';
    n.data = { hName: 'details', hProperties: n.attributes && 'open' in n.attributes ? { open: true } : {} };
    n.children = [{ type: 'paragraph', data: { hName: 'summary' }, children: summary } as Paragraph, ...body];
  });
};

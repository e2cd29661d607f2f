// "## Lock a record {#lock}" sets the heading id to "lock" and removes the braces from the text.
import type { Root, Heading } from 'mdast';
import type { Plugin } from 'unified';
import { walkType } from '../walk.ts';

const CUSTOM_ID = /\s*\{#([A-Za-z0-9_][\w.:-]*)\}\s*$/;

export const remarkHeadingIds: Plugin<[], Root> = () => (tree) => {
  walkType<Heading>(tree, 'heading', (heading) => {
    const last = heading.children[heading.children.length - 1];
    if (last?.type !== 'text') return;
    const match = CUSTOM_ID.exec(last.value);
    if (!match) return;
    last.value = last.value.slice(0, match.index);
    heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id: match[1]! } };
  });
};

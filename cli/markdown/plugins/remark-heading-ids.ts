// "## Lock a record {#lock}" sets the heading id to "lock" and removes the braces from the text.
// The id is noted by the heading's offset in the source and given to the heading after the
// sanitizer ran (./rehype-headings.ts), which would otherwise prefix it like a raw HTML id.
import type { Root, Heading } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import type { PageMarkdownData } from '../context.ts';
import { walkType } from '../walk.ts';

/** `{#id}` at the end of a heading's text; the id may hold any character but spaces and braces (VitePress writes {#wai-aria-–-…}). */
export const CUSTOM_HEADING_ID = /\s*\{#([^\s{}]+)\}\s*$/;

export const remarkHeadingIds: Plugin<[], Root> = () => (tree, file: VFile) => {
  const data = (file.data as { markdown?: PageMarkdownData }).markdown;
  walkType<Heading>(tree, 'heading', (heading) => {
    const last = heading.children[heading.children.length - 1];
    if (last?.type !== 'text') return;
    const match = CUSTOM_HEADING_ID.exec(last.value);
    const offset = heading.position?.start.offset;
    if (!match || offset === undefined || !data) return;
    last.value = last.value.slice(0, match.index);
    (data.headingIds ??= new Map()).set(offset, match[1]!);
  });
};

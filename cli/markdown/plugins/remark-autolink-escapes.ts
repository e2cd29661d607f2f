// A backslash escape inside a bare web address (GFM's autolink literal), as in
// `https://x.\*.y.com`: cmark-gfm, GitHub's renderer, reads the escape first and links
// `https://x.*.y.com`; micromark keeps the backslash in the link's text and address
// (`https://x.%5C*.y.com`). This puts the escaped character in place of the escape in both, for
// the links that were written as bare addresses only (their source is their text).
import type { Link, Root, Text } from 'mdast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { walkType } from '../walk.ts';

/** A CommonMark backslash escape: a backslash before ASCII punctuation. */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;

export const remarkAutolinkEscapes: Plugin<[], Root> = () => (tree: Root, file: VFile) => {
  const source = String(file.value);
  if (!source.includes('\\')) return;
  walkType<Link>(tree, 'link', (link) => {
    const text = link.children.length === 1 && link.children[0]!.type === 'text' ? (link.children[0] as Text) : undefined;
    const start = link.position?.start.offset;
    const end = link.position?.end.offset;
    if (!text || start === undefined || end === undefined || !text.value.includes('\\')) return;
    if (source.slice(start, end) !== text.value) return; // [text](url) or <url>: escapes were read already
    text.value = text.value.replace(ESCAPE, '$1');
    link.url = link.url.replace(ESCAPE, '$1');
  });
};

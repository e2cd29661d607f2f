// Raw HTML in markdown needs a full parse5 pass over the page (hast-util-raw), the most
// expensive step of the pipeline. Most pages have none, so run it only when they do.
//
// The pass must leave the rest of the page exactly as it was, or a page would render one way
// with raw HTML somewhere and another way without (test/markdown/optimisations.test.ts checks
// both ways on the CommonMark and GFM spec examples). One thing it changes: parse5 drops a
// line feed that comes first in a <pre>, as HTML's parser does after a <pre> start tag, even
// when it sits inside the <code> of a fenced block (```\n\nfoo``` starts with a blank line;
// CommonMark examples 127 and 129). So such a block gets one line feed more for it to drop.
// The other: an attribute set to true that is not a boolean attribute in HTML
// (data-footnote-ref on a footnote call) comes back as "", written data-footnote-ref="".
// Pages that skip the pass get the same value.
import type { Element, Root, Text } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { find, html } from 'property-information';
import { walkType, walkElements, EXIT, SKIP } from '../walk.ts';

export const rehypeRawWhenNeeded: Plugin<[{ always?: boolean }?], Root> = ({ always = false } = {}) => (tree: Root, file: VFile) => {
  let found = always;
  walkType(tree, 'raw', () => {
    found = true;
    return EXIT;
  });
  if (!found) {
    walkElements<Element>(tree, (node) => {
      for (const [name, value] of Object.entries(node.properties)) if (value === true && !isBooleanAttribute(name)) node.properties[name] = '';
    });
    return tree;
  }
  walkElements<Element>(tree, (node) => {
    if (node.tagName !== 'pre') return undefined;
    const first = firstText(node);
    if (first?.value.startsWith('\n')) first.value = '\n' + first.value;
    return SKIP;
  });
  return raw(tree, { file }) as Root;
};

function isBooleanAttribute(property: string): boolean {
  const info = find(html, property);
  return info.boolean || info.overloadedBoolean;
}

/** The text that comes first inside an element, through first children only (pre > code > text). */
function firstText(node: Element): Text | undefined {
  const child = node.children[0];
  if (child?.type === 'text') return child;
  return child?.type === 'element' ? firstText(child) : undefined;
}

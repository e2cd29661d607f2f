// Gives every heading a unique id (github-slugger, or the writer's {#id}), appends a visible
// anchor link, and collects the table of contents and every id an #anchor may point to.
import type { Root, Element, ElementContent } from 'hast';
import type { Plugin } from 'unified';
import type { VFile } from 'vfile';
import GithubSlugger from 'github-slugger';
import { walkElements } from '../walk.ts';
import { toString } from 'hast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import type { MarkdownSite, PageMarkdownData } from '../context.ts';

const HEADING = /^h([1-6])$/;

export const rehypeHeadings: Plugin<[MarkdownSite], Root> = (site) => (tree: Root, file: VFile) => {
  const data = (file.data as { markdown: PageMarkdownData }).markdown;
  const slugger = new GithubSlugger();
  // Headings written with {#id} get it now, after the sanitizer (see ./remark-heading-ids.ts).
  if (data.headingIds) {
    walkElements<Element>(tree, (node) => {
      const id = HEADING.test(node.tagName) && node.position ? data.headingIds!.get(node.position.start.offset!) : undefined;
      if (id !== undefined) node.properties.id = id;
    });
  }
  // Reserve ids that writers set by hand, so generated ones never collide with them. An old
  // style <a name="…"> is a target too: browsers scroll to it for #… as they do to an id.
  walkElements<Element>(tree, (node) => {
    const id = node.properties?.id;
    if (typeof id === 'string') {
      data.anchors.add(id);
      slugger.slug(id);
    }
    const name = node.tagName === 'a' ? node.properties.name : undefined;
    if (typeof name === 'string' && name !== '') data.anchors.add(name);
  });
  walkElements<Element>(tree, (node) => {
    const match = HEADING.exec(node.tagName);
    if (!match) return;
    const level = Number(match[1]);
    const text = toString(node).trim();
    let id = typeof node.properties.id === 'string' ? node.properties.id : undefined;
    if (!id) {
      id = slugger.slug(text) || `section-${data.anchors.size + 1}`;
      node.properties.id = id;
      data.anchors.add(id);
    }
    if (level === 1) {
      data.firstHeading ??= text;
      return;
    }
    if (level >= site.tocMinLevel && level <= site.tocMaxLevel) {
      data.toc.push({ id, level, html: toHtml(unlink(node.children)) });
    }
    node.children.push({
      type: 'element',
      tagName: 'a',
      // The "#" is drawn by CSS (.hash-link::before), so copying a heading never copies it.
      properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${text}`, title: `Direct link to ${text}` },
      children: [],
    });
  });
};

/** Elements that load an address: the heading's own are rewritten after this copy is made (./rehype-links.ts). */
const LOADS_URL = new Set(['img', 'video', 'audio', 'source', 'picture']);

/**
 * The heading's content for its table-of-contents entry, which is a link itself: links become
 * their text, and images their alt text (a copy of an image would keep the address as written,
 * and the link check would report it, broken, at no line of the page).
 */
function unlink(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    if (child.tagName === 'a') return unlink(child.children);
    if (LOADS_URL.has(child.tagName)) return typeof child.properties.alt === 'string' && child.properties.alt ? [{ type: 'text', value: child.properties.alt }] : [];
    return [{ ...child, children: unlink(child.children) }];
  });
}

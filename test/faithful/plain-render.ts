// What an independent CommonMark + GFM renderer makes of a page, and what a reader sees of it:
// remark-parse with remark-gfm (and front matter left out, which no generator shows), through
// remark-rehype and hast-util-raw, with none of helpgen's plugins. The corpora test compares
// the text of helpgen's main column with the text blocks of this rendering, and the code of its
// fences with helpgen's code blocks.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkRehype from 'remark-rehype';
import { raw } from 'hast-util-raw';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Code, Root as MdastRoot } from 'mdast';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);
const toHast = unified().use(remarkRehype, { allowDangerousHtml: true });

/** Elements a browser does not show the content of (and helpgen removes whole). */
const HIDDEN = new Set(['script', 'style', 'title', 'template', 'noscript', 'iframe', 'head', 'svg', 'math']);
/** Blocks whose own text is one unit of the comparison. */
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th', 'dt', 'dd', 'li', 'figcaption', 'summary', 'caption']);
const BLOCKS = new Set([...TEXT_BLOCKS, 'ul', 'ol', 'dl', 'table', 'thead', 'tbody', 'tr', 'blockquote', 'div', 'section', 'details', 'pre', 'hr', 'figure', 'article', 'aside']);

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface PlainRendering {
  /** The fenced code blocks, as written (their text, in order). */
  fences: string[];
  /** The text blocks, as a reader sees each. */
  blocks: string[];
}

/** The page rendered by plain CommonMark + GFM, parsed once for both. */
export function plainRendering(markdown: string): PlainRendering {
  const mdast = parser.parse(markdown) as MdastRoot;
  const fences: string[] = [];
  let hasHtml = false;
  const visit = (node: MdastRoot | MdastRoot['children'][number]) => {
    if (node.type === 'code' && isFenced(node, markdown)) fences.push(node.value);
    if (node.type === 'html') hasHtml = true;
    if ('children' in node) for (const child of node.children) visit(child as MdastRoot['children'][number]);
  };
  visit(mdast);
  // Raw HTML needs a parse5 pass (hast-util-raw), the slow part; pages without any skip it.
  const converted = toHast.runSync(mdast) as HastRoot;
  const hast = hasHtml ? (raw(converted) as HastRoot) : converted;
  const blocks: string[] = [];
  collectBlocks(hast, blocks);
  return { fences, blocks: blocks.filter((text) => text !== '') };
}

function isFenced(node: Code, markdown: string): boolean {
  const start = node.position?.start.offset;
  return start !== undefined && /^[`~]{3}/.test(markdown.slice(start, start + 3));
}

function collectBlocks(node: HastRoot | Element, blocks: string[]): void {
  for (const child of node.children) {
    if (child.type !== 'element' || HIDDEN.has(child.tagName) || child.tagName === 'pre') continue;
    if (TEXT_BLOCKS.has(child.tagName)) blocks.push(collapse(ownText(child)));
    collectBlocks(child, blocks);
  }
}

/** An element's text without that of the blocks inside it (a list item's nested list), nor of hidden elements. */
function ownText(node: Element): string {
  return node.children.map((child: ElementContent) => {
    if (child.type === 'text') return child.value;
    if (child.type !== 'element' || HIDDEN.has(child.tagName)) return '';
    if (BLOCKS.has(child.tagName)) return ' ';
    return child.tagName === 'br' ? ' ' : ownText(child);
  }).join('');
}

export interface BuiltMain {
  /** The visible text of the page header's title and its markdown body, whitespace collapsed. */
  text: string;
  /** The same without the code blocks. */
  prose: string;
  /** The text of every code block in the body, in order. */
  code: string[];
}

/** The main column of a page helpgen built: its title and body (not the breadcrumbs or "On this page"). */
export function builtMain(html: string): BuiltMain {
  // Only <main> is read: the sidebar around it is the same on every page, and large.
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  const tree = fromHtml(start === -1 || end === -1 ? html : html.slice(start, end + 7), { fragment: true });
  const title = findElement(tree, (e) => e.tagName === 'h1');
  const body = findElement(tree, (e) => hasClass(e, 'markdown-body'));
  const code: string[] = [];
  const texts: string[] = [title ? toString(title) : ''];
  const prose = [...texts];
  if (body) {
    texts.push(visibleText(body));
    prose.push(visibleText(body, false));
    collectCode(body, code);
  }
  return { text: collapse(texts.join(' ')), prose: collapse(prose.join(' ')), code };
}

function visibleText(node: Element | RootContent, withCode = true): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' || HIDDEN.has(node.tagName) || (!withCode && (node.tagName === 'pre' || node.tagName === 'code'))) return '';
  // A copy button's label and other controls are not the writer's text.
  if (node.tagName === 'button') return ' ';
  const inner = node.children.map((child) => visibleText(child, withCode)).join('');
  return BLOCKS.has(node.tagName) || node.tagName === 'br' ? ` ${inner} ` : inner;
}

function collectCode(node: Element, code: string[]): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre') {
      const inner = findElement(child, (e) => e.tagName === 'code') ?? child;
      code.push(codeText(inner));
    } else collectCode(child, code);
  }
}

/** A highlighted block's text: each line's spans, the lines joined by line feeds. */
function codeText(node: Element): string {
  return toString(node);
}

function findElement(node: HastRoot | Element, test: (element: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

function hasClass(element: Element, name: string): boolean {
  const className = element.properties.className;
  return Array.isArray(className) && className.includes(name);
}

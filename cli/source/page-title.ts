// The title of a page without `title:` in its front matter: the heading the page starts with,
// whatever its level (mdBook chapters start "## Installation"), else its first level-1
// heading, read the way the page itself is parsed. A "# comment" line inside a code fence is
// no heading, `{#id}` is not part of the text, and `**bold**`, `code` or <br> leave their text
// only. (A regular expression over the raw lines got all three wrong.)
//
// The scan runs before any page is rendered (the sidebar needs every title), so this parses
// only the start of the file, up to the first line that could end a level-1 heading; if that
// line was not one (it sat in a fence, say), up to the next such line, and after a few misses
// the whole file.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import type { Heading, Nodes, Root } from 'mdast';
import { preprocessMarkdown } from '../markdown/preprocess.ts';
import { CUSTOM_HEADING_ID } from '../markdown/plugins/remark-heading-ids.ts';

const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkDirective).freeze();

/** A line that could end a level-1 heading: an ATX "# …" line or a setext "===" underline. */
const H1_END = /^ {0,3}(?:#(?:[ \t]|$)|=+[ \t]*$)/;
/** Link reference definitions anywhere in the file can turn "[text]" in the heading into a link. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:/;
const PREFIX_ATTEMPTS = 3;

export function titleFromMarkdown(source: string): string | undefined {
  const lines = source.split(/\r\n?|\n/);
  const definitions = lines.filter((line) => DEFINITION.test(line));
  const leading = leadingHeading(lines, definitions);
  if (leading) return headingText(leading);
  let attempts = 0;
  for (let end = 0; end < lines.length; end++) {
    if (!H1_END.test(lines[end]!)) continue;
    if (++attempts > PREFIX_ATTEMPTS) break;
    const prefix = [...lines.slice(0, end + 1), '', ...definitions].join('\n');
    const heading = firstH1(prefix, end + 1);
    if (heading) return headingText(heading);
  }
  if (attempts <= PREFIX_ATTEMPTS) return undefined; // no line after the last miss could be one
  const heading = firstH1(source, Number.POSITIVE_INFINITY);
  return heading && headingText(heading);
}

/**
 * The heading the page starts with (after its front matter), read from the page's first block:
 * the first block that is not raw HTML without text, such as a comment or an <a id> anchor
 * (mdBook chapters keep old anchors above their heading; pages carry licence comments).
 */
function leadingHeading(lines: string[], definitions: string[]): Heading | undefined {
  let start = 0;
  if (/^---[ \t]*$/.test(lines[0] ?? '')) {
    const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
    start = close === -1 ? lines.length : close + 1;
  }
  let at = start;
  for (let skipped = 0; at < lines.length && skipped < MAX_LINES_BEFORE_HEADING; skipped++) {
    const line = lines[at]!;
    if (line.trim() === '') at++;
    else if (/^ {0,3}<!--/.test(line)) at = endOfComment(lines, at) + 1;
    else if (/^ {0,3}<[a-zA-Z/]/.test(line) && !hasText(line)) at++;
    else break;
  }
  if (!/^ {0,3}#{1,6}(?:[ \t]|$)/.test(lines[at] ?? '') && !/^ {0,3}(?:=+|-+)[ \t]*$/.test(lines[at + 1] ?? '')) return undefined;
  // Parsed with what comes before it, which must be raw HTML with no text for the heading to count.
  const tree = parser.parse([...lines.slice(start, at + 2), '', ...definitions].join('\n')) as Root;
  for (const node of tree.children) {
    if (node.type === 'heading') return node;
    if (!isEmptyHtml(node)) return undefined;
  }
  return undefined;
}

/** Raw HTML that shows nothing: a comment, an <a id> anchor, an empty element (alone or as a paragraph of its own). */
function isEmptyHtml(node: Nodes): boolean {
  if (node.type === 'html') return !hasText(node.value);
  if (node.type === 'paragraph') return node.children.every((child) => (child.type === 'text' ? child.value.trim() === '' : isEmptyHtml(child)));
  return false;
}

/** Lines of comments, anchors and empty HTML looked through for the heading a page starts with. */
const MAX_LINES_BEFORE_HEADING = 200;

/** The line an HTML comment starting on line `from` ends on. */
function endOfComment(lines: string[], from: number): number {
  for (let i = from; i < lines.length; i++) if (lines[i]!.includes('-->')) return i;
  return lines.length;
}

/** Whether raw HTML shows any text (comments and tags left out). */
function hasText(html: string): boolean {
  return /\S/.test(html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<[^>]*>/g, ''));
}

/** The first top-level h1 that ends on or before line `lastLine` (1-based). */
function firstH1(markdown: string, lastLine: number): Heading | undefined {
  const tree = parser.parse(preprocessMarkdown(markdown)) as Root;
  for (const node of tree.children) {
    if ((node.position?.start.line ?? 0) > lastLine) return undefined;
    if (node.type === 'heading' && node.depth === 1) return node;
  }
  return undefined;
}

function headingText(heading: Heading): string | undefined {
  const text = plainText(heading).replace(/\s+/g, ' ').replace(CUSTOM_HEADING_ID, '').trim();
  return text || undefined;
}

/** Text as a reader sees it: raw HTML (<br>, <Badge/>) is a space, an image is its alt text. */
function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'html':
    case 'break':
      return ' ';
    case 'image':
      return node.alt ?? '';
    default:
      return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : '';
  }
}

// Turns a built page into DocSearch-shaped records, the same ones Algolia's crawler makes from
// the page with its Docusaurus template: lvl0 the top sidebar category, lvl1 the page title,
// lvl2–lvl6 the headings (each with its #anchor), and one `content` record per paragraph, list
// item and table row, under the heading it sits below. Code blocks are left out (the crawler
// skips them too, and they would crowd the index with syntax).
import { fromHtml } from 'hast-util-from-html';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { SearchRecord, RecordType } from '../../shared/search/record.ts';

export interface RecordSource {
  /** Encoded href of the page, e.g. /support/user-docs/records/locking */
  href: string;
  title: string;
  /** Top-level sidebar category. */
  section: string;
  /** The page body as HTML (without the title). */
  html: string;
  /** The same body as a hast tree, when the build still has it (saves parsing the HTML). */
  tree?: Root;
}

type Levels = [string, string, string | null, string | null, string | null, string | null, string | null];

const SKIP = new Set(['pre', 'script', 'style', 'svg', 'button', 'template', 'nav']);
const HEADING = /^h([2-6])$/;

export function extractRecords(page: RecordSource): SearchRecord[] {
  const tree = page.tree ?? fromHtml(page.html, { fragment: true });
  const records: SearchRecord[] = [];
  const levels: Levels = [page.section, page.title, null, null, null, null, null];
  let anchor: string | null = null;
  let ordinal = 0;
  let position = 0;

  const push = (type: RecordType, content: string | null) => {
    const url = anchor ? `${page.href}#${anchor}` : page.href;
    const objectID = type === 'content' ? `${url}~${++ordinal}` : url;
    records.push({
      objectID,
      type,
      url,
      hierarchy: { lvl0: levels[0], lvl1: levels[1], lvl2: levels[2], lvl3: levels[3], lvl4: levels[4], lvl5: levels[5], lvl6: levels[6] },
      content,
      weight: { level: type === 'content' ? 0 : 100 - (Number(type.slice(3)) - 1) * 10, position: position++ },
    });
  };

  push('lvl1', null);

  const visit = (node: Root | RootContent | ElementContent) => {
    if (node.type !== 'element' && node.type !== 'root') return;
    if (node.type === 'element') {
      // A tab's label repeats its tab button: as a record it would only be noise ("iOS").
      if (SKIP.has(node.tagName) || hasClass(node, 'hash-link') || hasClass(node, 'code-block') || hasClass(node, 'tabs__label')) return;
      const heading = HEADING.exec(node.tagName);
      if (heading) {
        const level = Number(heading[1]);
        const text = textOf(node);
        if (!text) return;
        levels[level] = text;
        for (let deeper = level + 1; deeper <= 6; deeper++) levels[deeper] = null;
        anchor = typeof node.properties.id === 'string' ? node.properties.id : anchor;
        ordinal = 0;
        push(`lvl${level}` as RecordType, null);
        return;
      }
      if (node.tagName === 'p' || node.tagName === 'figcaption' || node.tagName === 'dt' || node.tagName === 'dd') {
        const text = textOf(node);
        if (text) push('content', text);
        return;
      }
      if (node.tagName === 'li') {
        // A list item's own text; nested lists become their own records below.
        const text = textOf(node, new Set(['ul', 'ol']));
        if (text) push('content', text);
        for (const child of node.children) if (child.type === 'element' && (child.tagName === 'ul' || child.tagName === 'ol')) visit(child);
        return;
      }
      if (node.tagName === 'tr') {
        // Header rows only name the columns; a body row reads "first cell: other cells".
        if (node.children.some((c) => c.type === 'element' && c.tagName === 'th')) return;
        const cells = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'td').map((c) => textOf(c)).filter(Boolean);
        if (cells.length) push('content', cells.length === 1 ? cells[0]! : `${cells[0]}: ${cells.slice(1).join('; ')}`);
        return;
      }
    }
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return records;
}

function hasClass(node: Element, name: string): boolean {
  const cls = node.properties.className;
  return Array.isArray(cls) && cls.includes(name);
}

/** Mark where an element whose text is a web address starts and ends (see `spaceAddresses`). */
const ADDRESS_START = '\uE000';
const ADDRESS_END = '\uE001';
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)\S+$/i;

/** Visible text of an element with whitespace collapsed, skipping anchors, code blocks and `exclude` tags. */
function textOf(node: Element, exclude: Set<string> = new Set()): string {
  let out = '';
  const walk = (n: ElementContent) => {
    if (n.type === 'text') out += n.value.replace(/[\uE000\uE001]/g, '');
    else if (n.type === 'element') {
      if (SKIP.has(n.tagName) || exclude.has(n.tagName) || hasClass(n, 'hash-link') || hasClass(n, 'code-block')) return;
      if (n.tagName === 'br') out += ' ';
      const block = n.tagName === 'p' || n.tagName === 'div' || n.tagName === 'li';
      // A link's address is never read (only its text is), but a link or code whose text is an
      // address is marked, so that it cannot run into the words around it.
      const address = (n.tagName === 'a' || n.tagName === 'code') && ADDRESS.test(plainTextOf(n).trim());
      if (block) out += ' ';
      if (address) out += ADDRESS_START;
      for (const c of n.children) walk(c);
      if (address) out += ADDRESS_END;
      if (block) out += ' ';
    }
  };
  for (const c of node.children) walk(c);
  return spaceAddresses(out).replace(/\s+/g, ' ').trim();
}

/** "the portal⟨https://portal.example.com⟩today" reads "the portal https://portal.example.com today". */
function spaceAddresses(text: string): string {
  if (!text.includes(ADDRESS_START)) return text;
  return text
    .replace(/(?<=[\p{L}\p{N}])\uE000/gu, ' ')
    .replace(/\uE001(?=[\p{L}\p{N}])/gu, ' ')
    .replace(/[\uE000\uE001]/g, '');
}

function plainTextOf(node: Element): string {
  return node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? plainTextOf(c) : '')).join('');
}

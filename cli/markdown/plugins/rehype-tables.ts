// Tables readable on a phone. Every table sits in a box that scrolls sideways (with a shadow at
// the edge that has more), so a wide one never widens the page. A table with a header row and
// three or more columns, or two with long text, is also marked to stack on narrow screens
// (42-page-parts.css): each row becomes a card whose cells carry their column's name (data-label).
// Squeezed into 375 px, such a table otherwise wraps its last column a word or two per line, or
// pushes it off screen. Stacking takes the cells out of display: table, which some screen
// readers take as "not a table" any more, so those tables also get explicit table roles.
// Each box is a region a screen reader lists by name: the table's caption, or the heading above
// it ("Arguments", "Examples"), numbered when one heading has several ("Examples, table 2").
import type { Root, Element, ElementContent } from 'hast';
import type { Plugin } from 'unified';
import { toString } from 'hast-util-to-string';
import { walkElements, SKIP } from '../walk.ts';

const STACK_FROM_COLUMNS = 3;
/** A two-column table stacks too when a cell holds more than this many characters of text. */
const LONG_CELL = 40;

const elements = (node: Element, tag?: string): Element[] =>
  node.children.filter((c: ElementContent): c is Element => c.type === 'element' && (!tag || c.tagName === tag));

const HEADING = /^h[1-6]$/;

export const rehypeTables: Plugin<[], Root> = () => (tree) => {
  let heading = '';
  const used = new Map<string, number>();
  walkElements<Element, Element | Root>(tree, (node, index, parent) => {
    if (HEADING.test(node.tagName)) heading = toString(node).trim();
    if (node.tagName !== 'table') return undefined;
    const stacks = markForStacking(node);
    parent.children[index] = {
      type: 'element',
      tagName: 'div',
      properties: { className: stacks ? ['table-wrapper', 'table-wrapper--stack'] : ['table-wrapper'], tabIndex: 0, role: 'region', ariaLabel: regionName(node, heading, used) },
      children: [node],
    };
    return SKIP;
  });
};

/** The caption, else the heading above (or "Table"), with ", table N" from a name's second use on. */
function regionName(table: Element, heading: string, used: Map<string, number>): string {
  const caption = elements(table, 'caption')[0];
  const name = (caption ? toString(caption).trim() : '') || heading || 'Table';
  const count = (used.get(name) ?? 0) + 1;
  used.set(name, count);
  return count === 1 ? name : `${name}, table ${count}`;
}

/** Labels the cells with their column headers and adds table roles; false if the table does not stack. */
function markForStacking(table: Element): boolean {
  const sections = elements(table).filter((el) => el.tagName === 'thead' || el.tagName === 'tbody');
  const head = sections.find((s) => s.tagName === 'thead');
  const headerRow = head ? elements(head, 'tr')[0] : undefined;
  const labels = headerRow ? elements(headerRow).map((cell) => toString(cell).trim()) : [];
  const bodyRows = sections.filter((s) => s.tagName === 'tbody').flatMap((s) => elements(s, 'tr'));
  const longText = (column?: number) => bodyRows.some((row) => elements(row).some((cell, i) => (column === undefined || i === column) && toString(cell).length > LONG_CELL));
  if (labels.length < 2 || (labels.length < STACK_FROM_COLUMNS && !longText())) return false;
  // A first column of names becomes each card's title; a first column of prose keeps its label.
  if (longText(0)) table.properties.className = ['table--label-all'];
  table.properties.role = 'table';
  for (const section of sections) {
    section.properties.role = 'rowgroup';
    for (const row of elements(section, 'tr')) {
      row.properties.role = 'row';
      elements(row).forEach((cell, column) => {
        if (cell.tagName === 'th') cell.properties.role = 'columnheader';
        else {
          cell.properties.role = 'cell';
          if (labels[column]) cell.properties.dataLabel = labels[column];
        }
      });
    }
  }
  return true;
}

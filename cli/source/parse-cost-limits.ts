// Limits on what makes a page slow to parse, checked in one pass over its lines before it is
// parsed, so that any page under maxPageSizeKB builds in a couple of seconds or stops with an
// error at the line that went too far.
//
// The parser's inline pass (micromark) does work that grows with the square of a paragraph:
// emphasis delimiters are matched by looking back over the ones before, each `]` normalizes
// the whole label it might close, adjacent text tokens are merged by splicing the paragraph's
// event list. 100 KB of "*a" took over a minute; 100 KB of nested brackets 10-31 s. So each
// paragraph's cost is estimated as (characters that can start inline markup) x (its length),
// and the page's sum of those is bounded. Footnotes, link definitions and table columns are
// parsed in linear time but each costs much more than plain text (40,000 footnotes: 14 s), so
// they have a count each. Every limit is far above the real pages we measured (the Ordo
// content and the Electron, Homebrew, Rust book and Vue docs corpora: 782 pages): at most 1
// footnote, 28 definitions, 6 table columns and a few hundred table cells on a page, and a paragraph cost under 5
// million, against the limits below.
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { HelpgenError } from '../diagnostics/errors.ts';

/** Footnote definitions (`[^a]: …`) on one page. */
export const MAX_FOOTNOTES = 1_000;
/** Link reference definitions (`[a]: /url`) on one page. */
export const MAX_DEFINITIONS = 2_000;
/** Columns in one table, and cells (columns x rows, head included). */
export const MAX_TABLE_COLUMNS = 1_000;
export const MAX_TABLE_CELLS = 10_000;
/** The sum over a page's paragraphs of markup characters x length (see above). */
export const MAX_INLINE_COST = 50_000_000;

const FENCE = /^[ \t>]*(`{3,}|~{3,})/;
const FOOTNOTE_DEFINITION = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*\[\^[^\]\s]+\]:/;
const LINK_DEFINITION = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*\[(?!\^)(?:[^\]\\]|\\.)+\]:/;
const DELIMITER_ROW = /^[ \t>]*(?=[^\n]*-)(?=[^\n]*[|:])[-:| \t]+$/;
/** Lines that start a new block even right after a paragraph line: its inline text is parsed apart. */
const BLOCK_START = /^[ \t>]*(?:[-*+][ \t]+\S|1[.)][ \t]+\S|#{1,6}(?:[ \t]|$))/;

/**
 * The start of an HTML block, whose lines up to the next blank line are not parsed for inline
 * markup: a known block or raw tag, a comment, a declaration, or a line that is one whole
 * open or close tag (CommonMark's seven kinds, the first five taken to end at a blank line).
 */
const HTML_BLOCK = new RegExp(
  `^[ \\t>]*<(?:!|\\?|/?(?:${[...htmlBlockNames, ...htmlRawNames].join('|')})(?:[\\s/>]|$)|/?[a-z][a-z0-9-]*(?:\\s[^<>]*)?/?>[ \\t]*$)`,
  'i',
);

const count = (n: number) => n.toLocaleString('en-US');

export function assertParseCost(file: string, source: string): void {
  if (withinLimitsAtMost(source)) return;
  const fail = (line: number, message: string, hint: string) => {
    throw new HelpgenError(message, { position: { file, line, column: 1 }, hint });
  };
  const lines = source.split(/\r\n?|\n/);
  let fence: string | undefined;
  let footnotes = 0;
  let definitions = 0;
  let table: { columns: number; rows: number } | undefined;
  let cost = 0;
  let paragraph = { start: 0, markup: 0, length: 0 };
  let inHtml = false;
  const endParagraph = () => {
    cost += paragraph.markup * paragraph.length;
    if (cost > MAX_INLINE_COST) {
      fail(
        paragraph.start + 1,
        `this paragraph has ${count(paragraph.markup)} of the characters that can start inline markup ([ ] * _ ~ \` < ! & : @) in ${count(paragraph.length)} characters; with the paragraphs before it, the page is too slow to parse`,
        'Split long paragraphs with blank lines, put literal text in a code block, or write a backslash before characters that are not markup (\\*).',
      );
    }
    paragraph = { start: 0, markup: 0, length: 0 };
  };
  lines.forEach((text, index) => {
    const fenceMark = FENCE.exec(text)?.[1];
    if (fenceMark && (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      endParagraph();
      fence = fence === undefined ? fenceMark : undefined;
      return;
    }
    if (fence !== undefined) return;
    if (/^\s*$/.test(text)) {
      endParagraph();
      table = undefined;
      inHtml = false;
      return;
    }
    if (inHtml || (paragraph.length === 0 && HTML_BLOCK.test(text))) {
      inHtml = true;
      return;
    }
    const footnote = FOOTNOTE_DEFINITION.test(text);
    const definition = !footnote && LINK_DEFINITION.test(text);
    if (footnote && ++footnotes > MAX_FOOTNOTES) {
      fail(index + 1, `this page has more than ${count(MAX_FOOTNOTES)} footnotes, the most helpgen reads on one page`, 'Split the page, or turn the notes into a list or a table.');
    } else if (definition && ++definitions > MAX_DEFINITIONS) {
      fail(index + 1, `this page has more than ${count(MAX_DEFINITIONS)} link definitions ([label]: /url), the most helpgen reads on one page`, 'Split the page, or write the links inline: [text](/url).');
    }
    if (DELIMITER_ROW.test(text) && text.includes('|')) {
      const columns = text.replace(/^[ \t>]*\|?|\|?[ \t]*$/g, '').split('|').length;
      if (columns > MAX_TABLE_COLUMNS) {
        fail(index + 1, `this table has ${count(columns)} columns, more than the ${count(MAX_TABLE_COLUMNS)} helpgen reads`, 'Split the table, or turn it round so that the many values are rows.');
      }
      table = { columns, rows: 1 };
    }
    if (table && ++table.rows * table.columns > MAX_TABLE_CELLS) {
      fail(index + 1, `this table has more than ${count(MAX_TABLE_CELLS)} cells, the most helpgen reads in one table`, 'Split the table into several, or publish the data as a file the page links to.');
    }
    // Each table row, list item, heading and definition has its own inline text; so does a new paragraph.
    if (table || footnote || definition || BLOCK_START.test(text) || paragraph.length === 0) {
      endParagraph();
      paragraph.start = index;
    }
    paragraph.markup += markupIn(text);
    paragraph.length += text.length + 1;
  });
  endParagraph();
}

/** The characters micromark (with GFM) may start inline markup at, less the letters and digits, by char code. */
const MARKUP_CHAR = new Uint8Array(128);
for (const char of '[]*_~`<!&:@') MARKUP_CHAR[char.charCodeAt(0)] = 1;
const BACKSLASH = 92;

/** How many markup characters a line has; one after a backslash is escaped and does not count. */
function markupIn(text: string): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) i++;
    else if (code < 128 && MARKUP_CHAR[code]) found++;
  }
  return found;
}

/**
 * Whether the page is under every limit whatever its blocks are, from bounds found with a few
 * native searches: a page has no more footnotes or definitions than lines, no table more columns
 * than the most pipes on a line (+1) nor more rows than lines (+1), and the sum over its
 * paragraphs of markup x length is at most (its markup characters) x (its length + 1), where
 * the markup characters are at most its length. Almost every real page passes by far, and skips
 * splitting into lines and the regular expressions per line (at 8,500 pages ~0.5 s of every
 * build); the others get the exact pass.
 */
function withinLimitsAtMost(source: string): boolean {
  // Lines end at \n, \r\n or \r: counting each \n and \r may count more lines, never fewer.
  let lines = 1;
  let mostPipes = 0;
  let nextPipe = source.indexOf('|');
  for (let start = 0; ; ) {
    const end = source.indexOf('\n', start);
    const stop = end === -1 ? source.length : end;
    let pipes = 0;
    for (; nextPipe !== -1 && nextPipe < stop; nextPipe = source.indexOf('|', nextPipe + 1)) pipes++;
    if (pipes > mostPipes) mostPipes = pipes;
    if (end === -1) break;
    lines++;
    start = end + 1;
  }
  for (let at = source.indexOf('\r'); at !== -1; at = source.indexOf('\r', at + 1)) lines++;
  const columns = mostPipes + 1;
  return (
    lines <= MAX_FOOTNOTES &&
    lines <= MAX_DEFINITIONS &&
    columns <= MAX_TABLE_COLUMNS &&
    columns * (lines + 1) <= MAX_TABLE_CELLS &&
    inlineCostAtMost(source) <= MAX_INLINE_COST
  );
}

/** At least the page's inline cost: its markup characters (at most all of them) x its length + 1. */
function inlineCostAtMost(source: string): number {
  const length = source.length + 1;
  if (length * length <= MAX_INLINE_COST) return length * length;
  let markup = 0;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code < 128 && MARKUP_CHAR[code]) markup++;
  }
  return markup * length;
}

// Which `{{placeholder}}` occurrences of a page are in code, answered WITHOUT a markdown parse when
// the answer is certain. Why it exists: substituteMarkdown (./placeholders.ts) must leave code
// alone, and asking remark where the code is means a full parse of every page that contains `{{`
// (two thirds of a help centre whose pages say `{{product}}`), serially on the main thread before
// any render worker starts: 2.2 s of a 2.7 s scan at 1,700 pages. The page is parsed again when
// it is rendered, so that parse bought nothing else.
//
// The answer must be exactly the parser's (./code-ranges.ts), so this is deliberately narrow: it
// understands YAML front matter, top-level ``` / ~~~ fences and code spans in plain paragraphs, and
// returns undefined (parse the page) whenever anything could make CommonMark read the page
// differently from that simple model:
// - a raw <pre>/<code> element (RAW_CODE), or a byte order mark;
// - outside the fences already found (whose lines are content, whatever they look like), a line
//   that looks like a fence but is not a plain one: behind `>` or a list marker, indented by a tab
//   or 4+ spaces (indented code), or indented 1-3 spaces after a list item started (it may belong
//   to the item, and so close where the item does);
// - a line that may open an HTML block (`<` first on the line) before a fence-like line (an HTML
//   block hides fences), or one of the kinds that run past blank lines (<!-- <? <! <script <pre
//   <style <textarea): those hide everything up to their end marker;
// - an occurrence on a line indented by a tab or 4+ spaces (after `>` and list markers): it may be
//   indented code;
// - an occurrence spanning a line end;
// - in the run of non-blank lines around an occurrence (its paragraph, or more: a heading, a quote,
//   a list item): a backtick after something that can hide backticks from the code span rules (`<`
//   of inline HTML or an autolink, a link destination or reference label that is not simple, a
//   link reference definition), or a code span that crosses a line end (which line belongs to
//   which paragraph would then matter).
// Kept honest by cli/source/code-ranges-fast.test.ts (hand-written cases for each rule) and
// test/faithful/code-ranges-corpora.test.ts (both answers on every real page we have, which also
// prints how often this falls back).
import { RAW_CODE } from './code-ranges.ts';

/** A match of the placeholder pattern: where it starts and how long it is. */
export interface Occurrence {
  index: number;
  length: number;
}

export interface CodeVerdict {
  /** Per occurrence, in the order given: whether it is in code. */
  inCode: boolean[];
  /** As CodeRanges.frontMatterEnd: offset just after the front matter, 0 without one. */
  frontMatterEnd: number;
}

type LineKind = 'front' | 'blank' | 'code' | 'text';

interface Lines {
  /** Offset of each line's first character. */
  starts: number[];
  /** Offset just after each line's last character (before its line ending). */
  ends: number[];
}

const RAW_CODE_ANYWHERE = new RegExp(RAW_CODE.source, 'i');
const FRONT_MATTER_FENCE = /^---[ \t]*$/;
/** What may stand before a line's text: indentation, `>` of quotes, list markers. */
const PREFIX = /^[ \t>*+\-\d.)]*/;
const FENCE_LIKE = /^[ \t>*+\-\d.)]*(?:```|~~~)/;
const PLAIN_FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const LIST_MARKER = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const HTML_START = /^[ \t>*+\-\d.)]*</;
const HTML_PAST_BLANK_LINES = /^[ \t>*+\-\d.)]*<(?:[!?]|script|pre|style|textarea)/i;
const BLANK = /^[ \t]*$/;
const LINE_END = /[\r\n]/;
/** `](url)` or `][label]` with nothing in it that could hide a backtick or end it early. */
const SIMPLE_LINK_TAIL = /\]\([^\s`()<>\\]*\)|\]\[[^\s`[\]\\]*\]/y;
/** `[label]:` as a link reference definition starts (the label may span lines). */
const DEFINITION_LABEL = /\[(?:[^[\]\\]|\\[\s\S])*\]:/y;

/** The verdict for each occurrence (ascending), or undefined when only a parse can tell. */
export function codeVerdictWithoutParsing(source: string, occurrences: readonly Occurrence[]): CodeVerdict | undefined {
  if (source.charCodeAt(0) === 0xfeff || RAW_CODE_ANYWHERE.test(source)) return undefined;
  const lines = splitLines(source);
  const { frontMatterEnd, bodyLine } = frontMatter(source, lines);
  const kinds = lineKinds(source, lines, bodyLine);
  if (!kinds) return undefined;
  const spansOfBlock = new Map<number, [number, number][] | undefined>();
  let blocks: { first: number[]; last: number[] } | undefined;
  const inCode: boolean[] = [];
  let line = 0;
  for (const { index, length } of occurrences) {
    if (LINE_END.test(source.slice(index, index + length))) return undefined;
    while (line + 1 < lines.starts.length && lines.starts[line + 1]! <= index) line++;
    const kind = kinds[line];
    if (kind === 'front' || kind === 'code') {
      inCode.push(kind === 'code');
      continue;
    }
    const prefix = PREFIX.exec(source.slice(lines.starts[line], lines.ends[line]))![0];
    if (prefix.includes('\t') || prefix.includes('    ')) return undefined;
    blocks ??= textBlocks(kinds);
    const first = blocks.first[line]!;
    if (!spansOfBlock.has(first)) spansOfBlock.set(first, blockSpans(source, lines, first, blocks.last[line]!));
    const spans = spansOfBlock.get(first);
    if (!spans) return undefined;
    inCode.push(inSpan(spans, index));
  }
  return { inCode, frontMatterEnd };
}

function splitLines(source: string): Lines {
  const starts = [0];
  const ends: number[] = [];
  for (const match of source.matchAll(/\r\n|\r|\n/g)) {
    ends.push(match.index);
    starts.push(match.index + match[0].length);
  }
  ends.push(source.length);
  return { starts, ends };
}

const lineText = (source: string, lines: Lines, line: number) => source.slice(lines.starts[line], lines.ends[line]);

/**
 * micromark-extension-frontmatter's rule for YAML: `---` (then only spaces or tabs) as the very
 * first line, followed by a line ending, up to the next line that is `---` (then only spaces or
 * tabs). Nothing between them is required, so `---` twice is an empty front matter. Unclosed, it
 * is none. The yaml node ends after the closing line's trailing blanks, before its line ending.
 */
function frontMatter(source: string, lines: Lines): { frontMatterEnd: number; bodyLine: number } {
  if (lines.starts.length < 2 || !FRONT_MATTER_FENCE.test(lineText(source, lines, 0))) return { frontMatterEnd: 0, bodyLine: 0 };
  for (let line = 1; line < lines.starts.length; line++) {
    if (FRONT_MATTER_FENCE.test(lineText(source, lines, line))) return { frontMatterEnd: lines.ends[line]!, bodyLine: line + 1 };
  }
  return { frontMatterEnd: 0, bodyLine: 0 };
}

/**
 * Each line's kind: front matter, blank, in a fenced code block (its fences included), or text;
 * undefined when a fence may be hidden or may not be top-level (see the file's comment). Up to
 * the first such doubt the fences seen are certainly top-level, so lines inside them are code
 * whatever they look like.
 */
function lineKinds(source: string, lines: Lines, bodyLine: number): LineKind[] | undefined {
  const kinds: LineKind[] = new Array<LineKind>(lines.starts.length).fill('front', 0, bodyLine).fill('text', bodyLine);
  let fence: { char: string; length: number } | undefined;
  let sawListItem = false;
  let sawHtml = false;
  for (let line = bodyLine; line < kinds.length; line++) {
    const text = lineText(source, lines, line);
    if (fence) {
      kinds[line] = 'code';
      if (closesFence(text, fence)) fence = undefined;
      continue;
    }
    if (BLANK.test(text)) {
      kinds[line] = 'blank';
      continue;
    }
    if (HTML_START.test(text)) {
      if (HTML_PAST_BLANK_LINES.test(text)) return undefined;
      sawHtml = true;
    }
    if (FENCE_LIKE.test(text)) {
      const plain = PLAIN_FENCE.exec(text);
      if (!plain || sawHtml) return undefined;
      const [, indent, run, info] = plain as unknown as [string, string, string, string];
      // ```` ```a`b ```` is not a fence (a backtick fence's info string has no backtick): text.
      if (run[0] !== '`' || !info.includes('`')) {
        if (indent.length > 0 && sawListItem) return undefined;
        fence = { char: run[0]!, length: run.length };
        kinds[line] = 'code';
        continue;
      }
    }
    if (LIST_MARKER.test(text)) sawListItem = true;
  }
  return kinds;
}

/** CommonMark's closing fence: up to 3 spaces, the fence's character at least as many times, then only blanks. */
function closesFence(text: string, fence: { char: string; length: number }): boolean {
  const plain = PLAIN_FENCE.exec(text);
  return plain !== null && plain[2]![0] === fence.char && plain[2]!.length >= fence.length && BLANK.test(plain[3]!);
}

/** For each text line, the first and last line of its run of text lines (its "block"). */
function textBlocks(kinds: readonly LineKind[]): { first: number[]; last: number[] } {
  const first: number[] = [];
  const last: number[] = [];
  for (let line = 0; line < kinds.length; line++) first.push(line > 0 && kinds[line] === 'text' && kinds[line - 1] === 'text' ? first[line - 1]! : line);
  for (let line = kinds.length - 1; line >= 0; line--) last[line] = line + 1 < kinds.length && kinds[line] === 'text' && kinds[line + 1] === 'text' ? last[line + 1]! : line;
  return { first, last };
}

/** Whether offset falls in one of the sorted, disjoint spans (a binary search: a block may hold thousands). */
function inSpan(spans: readonly [number, number][], offset: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]![1] <= offset) low = middle + 1;
    else high = middle;
  }
  return low < spans.length && spans[low]![0] <= offset;
}

/** The code spans of a run of text lines, as source offsets; undefined when they are not certain. */
function blockSpans(source: string, lines: Lines, first: number, last: number): [number, number][] | undefined {
  const offset = lines.starts[first]!;
  const text = source.slice(offset, lines.ends[last]);
  if (!text.includes('`')) return [];
  const hiding = firstBacktickHider(text);
  if (hiding !== -1 && text.lastIndexOf('`') > hiding) return undefined;
  const spans = codeSpans(text);
  if (spans.some(([start, end]) => LINE_END.test(text.slice(start, end)))) return undefined;
  return spans.map(([start, end]) => [start + offset, end + offset]);
}

/**
 * Where the first construct starts that could take backticks out of the code span rules: `<`
 * (inline HTML, an autolink, an HTML block), a link destination or title after `](` or a reference
 * label after `][` (unless it is simple: no backtick, space, bracket, parenthesis or backslash), or
 * a line starting (after `>`, list markers and indentation) with what may be a link reference
 * definition's `[label]:`. -1 when there is none.
 */
function firstBacktickHider(text: string): number {
  const candidates = [text.indexOf('<')];
  for (const match of text.matchAll(/\]\(|\]\[/g)) {
    SIMPLE_LINK_TAIL.lastIndex = match.index;
    if (!SIMPLE_LINK_TAIL.test(text)) {
      candidates.push(match.index);
      break;
    }
  }
  for (const match of text.matchAll(/(?:^|\r\n|\r|\n)[ \t>*+\-\d.)]*\[/g)) {
    const bracket = match.index + match[0].length - 1;
    DEFINITION_LABEL.lastIndex = bracket;
    if (DEFINITION_LABEL.test(text)) {
      candidates.push(bracket);
      break;
    }
  }
  const found = candidates.filter((at) => at !== -1);
  return found.length ? Math.min(...found) : -1;
}

/**
 * CommonMark's code spans in one inline text: a backtick run not escaped by a backslash opens a
 * span that the next run of exactly as many backticks closes; a run with no such partner is
 * literal. Inside a span a backslash is literal, outside `\`` is a literal backtick (the run then
 * starts after it). Runs of each length are looked up through a cursor, so this is linear.
 */
function codeSpans(text: string): [number, number][] {
  const runs = Array.from(text.matchAll(/`+/g), (match) => ({ start: match.index, length: match[0].length }));
  const runsOfLength = new Map<number, number[]>();
  runs.forEach((run, index) => {
    const same = runsOfLength.get(run.length);
    if (same) same.push(index);
    else runsOfLength.set(run.length, [index]);
  });
  const cursors = new Map<number, number>();
  const nextRunOfLength = (length: number, after: number): number | undefined => {
    const same = runsOfLength.get(length) ?? [];
    let cursor = cursors.get(length) ?? 0;
    while (cursor < same.length && same[cursor]! <= after) cursor++;
    cursors.set(length, cursor);
    return same[cursor];
  };
  const spans: [number, number][] = [];
  let escapesFrom = 0;
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index]!;
    const escaped = backslashesBefore(text, run.start, escapesFrom) % 2 === 1;
    const closer = run.length - (escaped ? 1 : 0) > 0 ? nextRunOfLength(run.length - (escaped ? 1 : 0), index) : undefined;
    if (closer === undefined) {
      escapesFrom = run.start + run.length;
      continue;
    }
    const end = runs[closer]!.start + runs[closer]!.length;
    spans.push([run.start + (escaped ? 1 : 0), end]);
    escapesFrom = end;
    index = closer;
  }
  return spans;
}

function backslashesBefore(text: string, at: number, from: number): number {
  let count = 0;
  while (at - count - 1 >= from && text.charCodeAt(at - count - 1) === 92) count++;
  return count;
}

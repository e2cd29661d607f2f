// Limits on a markdown page, checked before it is parsed. The parser's time grows with the
// square of how deep lists nest (a 10 KB line "- - - … x" took over a minute, and so did a
// list of 700 items each indented under the one before) and its tree walks recurse once per
// level (5,000 nested quotes overflowed the stack); a 20 MB page took the dev server 48 s per
// save. Real pages nest a few levels and weigh a few KB.
import { HelpgenError } from '../diagnostics/errors.ts';

/** Blockquotes and list items nested in one another, at most. */
export const MAX_NESTING = 32;

/** Throws when a page is larger than `maxBytes` (the config's maxPageSizeKB). */
export function assertPageSize(file: string, size: number, maxBytes: number): void {
  if (size <= maxBytes) return;
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
  throw new HelpgenError(`page is ${kb(size)}, more than the ${kb(maxBytes)} a page may have`, {
    position: { file },
    hint: 'Split it into several pages. If it must be this large, raise maxPageSizeKB in help.config.ts (every save in "helpgen dev" renders it again).',
  });
}

/** Throws at the first line whose blockquotes and list items nest deeper than MAX_NESTING. */
export function assertNesting(file: string, source: string): void {
  const depth = new NestingDepth();
  let fence: string | undefined;
  let lineStart = 0;
  for (let line = 1; lineStart <= source.length; line++) {
    let lineEnd = source.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = source.length;
    const text = source.slice(lineStart, lineEnd);
    lineStart = lineEnd + 1;
    // Code blocks hold text, not structure: "- - -" or ">>>" there is fine.
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fenceMark && (fence === undefined || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      fence = fence === undefined ? fenceMark : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const levels = depth.of(text);
    if (levels > MAX_NESTING) {
      throw new HelpgenError(`blockquotes and lists nest ${levels.toLocaleString('en-US')} levels deep here, more than the ${MAX_NESTING} helpgen reads`, {
        position: { file, line, column: 1 },
        hint: 'Nest quotes and lists a few levels at most; deeper nesting makes the page take minutes to parse.',
      });
    }
  }
}

const QUOTE = /[ \t]{0,3}>[ \t]?/y;
const LIST_MARKER = /([-*+]|\d{1,9}[.)])([ \t]+|$)/y;

/**
 * A rough count of the containers a line is in, erring towards fewer: blockquote markers at
 * its start, plus list items, whether opened on this line ("- - x") or on earlier lines and
 * still open because this line is indented past their marker (one item per line, each
 * indented two more spaces, nests as deep as "- - - x").
 */
class NestingDepth {
  /** The column where the content of each open list item starts. */
  private readonly items: number[] = [];

  of(text: string): number {
    if (/^\s*$/.test(text)) return 0; // blank lines close nothing
    let at = 0;
    let quotes = 0;
    for (QUOTE.lastIndex = 0; QUOTE.exec(text); QUOTE.lastIndex = at) {
      at = QUOTE.lastIndex;
      quotes++;
    }
    let column = columnAfterWhitespace(text, at);
    at = text.length - text.slice(at).trimStart().length;
    while (this.items.length && this.items.at(-1)! > column) this.items.pop();
    // A line of three or more -, * or _ (spaces between) is a thematic break, not nested lists.
    if (/^([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(text.slice(at))) return quotes + this.items.length;
    // Markers that open more containers on this line: "- > 1. x".
    for (;;) {
      LIST_MARKER.lastIndex = QUOTE.lastIndex = at;
      const item = LIST_MARKER.exec(text);
      const quote = item ? null : QUOTE.exec(text);
      const marker = item ?? quote;
      if (!marker) break;
      column += marker[0].length;
      at += marker[0].length;
      if (item) this.items.push(column);
      else quotes++;
    }
    return quotes + this.items.length;
  }
}

/** The column (tabs to multiples of 4) after the whitespace that starts at `at`. */
function columnAfterWhitespace(text: string, at: number): number {
  let column = at;
  for (let i = at; i < text.length && (text[i] === ' ' || text[i] === '\t'); i++) column = text[i] === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

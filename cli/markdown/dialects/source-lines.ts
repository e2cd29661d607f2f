// The dialect rewrites (./index.ts) work on the page as lines that remember where they came
// from: a rewrite may drop, add or dedent lines (an included file, a "!!! note" body moved
// four columns left), and every diagnostic must still name the writer's own line and column.
// remark-source-positions.ts puts those origins back on the parsed tree.
import type { MarkdownSite } from '../context.ts';

export interface SourceLine {
  text: string;
  /** 1-based line of the page this line comes from (an included file's lines: the include's line). */
  line: number;
  /** Columns removed from the start of the written line (a dedented body). */
  shift: number;
}

export const toLines = (source: string): SourceLine[] => source.split('\n').map((text, i) => ({ text, line: i + 1, shift: 0 }));

/** A line made by a rewrite, standing for the written line `from`. */
export const madeLine = (text: string, from: SourceLine): SourceLine => ({ text, line: from.line, shift: 0 });

/** `line` with its first `columns` characters removed (they must be spaces). */
export function dedent(line: SourceLine, columns: number): SourceLine {
  const removable = Math.min(columns, /^ */.exec(line.text)![0].length);
  return removable ? { text: line.text.slice(removable), line: line.line, shift: line.shift + removable } : line;
}

/** The written origin of each line of the rewritten text; undefined when every line is where it was written. */
export function originsOf(lines: SourceLine[]): SourceLine[] | undefined {
  return lines.every((l, i) => l.line === i + 1 && l.shift === 0) ? undefined : lines;
}

const FENCE = /^ *(?:>[ >]*)?(`{3,}|~{3,})/;

/**
 * Calls `visit` for each line outside fenced code, with its index; `visit` returns how many
 * lines it consumed (0 or undefined: just this one, which it may not have changed).
 */
export function forEachProseLine(lines: SourceLine[], visit: (index: number) => number | undefined): void {
  let fence: string | undefined;
  for (let i = 0; i < lines.length; ) {
    const match = FENCE.exec(lines[i]!.text);
    if (match) {
      const marker = match[1]!;
      if (!fence) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence) && !/\S/.test(lines[i]!.text.slice(match[0].length))) fence = undefined;
      i++;
      continue;
    }
    if (fence) {
      i++;
      continue;
    }
    i += Math.max(1, visit(i) ?? 1);
  }
}

/** The longest run of colons that opens or closes a container directive in `lines` (0 if none). */
export function longestColonFence(lines: SourceLine[]): number {
  let longest = 0;
  for (const { text } of lines) {
    const match = /^\s*(:{3,})/.exec(text);
    if (match) longest = Math.max(longest, match[1]!.length);
  }
  return longest;
}

export const indentOf = (text: string) => /^ */.exec(text)![0].length;
export const isBlank = (text: string) => !/\S/.test(text);

/** The smallest indent of the non-blank lines (0 when there are none). */
export function commonIndent(lines: SourceLine[]): number {
  const indents = lines.filter((l) => !isBlank(l.text)).map((l) => indentOf(l.text));
  return indents.length ? Math.min(...indents) : 0;
}

/**
 * Collects the dialect problems of one page and reports each kind once, at its first place,
 * with how many more the page has: a page of 300 Liquid tags gets one warning, not 300.
 */
export class DialectReport {
  private readonly kinds = new Map<string, { line: number; column: number; message: string; hint: string; count: number }>();
  constructor(
    private readonly site: Pick<MarkdownSite, 'report'>,
    private readonly file: string,
  ) {}

  note(kind: string, at: SourceLine, column: number, message: string, hint: string): void {
    const known = this.kinds.get(kind);
    if (known) known.count++;
    else this.kinds.set(kind, { line: at.line, column: column + at.shift, message, hint, count: 1 });
  }

  flush(): void {
    for (const [kind, { line, column, message, hint, count }] of this.kinds) {
      this.site.report({
        severity: 'warning',
        code: kind,
        message: count > 1 ? `${message} (and ${count - 1} more on this page)` : message,
        position: { file: this.file, line, column },
        hint,
      });
    }
    this.kinds.clear();
  }
}

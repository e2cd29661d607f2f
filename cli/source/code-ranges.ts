// Where a page's code is, by a full CommonMark parse (remark-parse with YAML front matter): the
// reference answer for which `{{placeholder}}` a page shows as written (./placeholders.ts).
// ./code-ranges-fast.ts answers most pages without this parse and falls back to it when unsure.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import type { Nodes, Root } from 'mdast';

/** Raw HTML whose text is code: a writer's <pre> or <code> (written in a paragraph or as a block). */
export const RAW_CODE = /<(pre|code)(?=[\s>])[^>]*>[\s\S]*?<\/\1\s*>/gi;
const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).freeze();

export interface CodeRanges {
  /** Sorted, non-overlapping [start, end) offsets of the page's code. */
  code: [number, number][];
  /** Offset just after the YAML front matter's closing `---` (and its trailing blanks); 0 without one. */
  frontMatterEnd: number;
}

/** The page's code (fenced, indented, `inline`, raw <pre>/<code>) and where its front matter ends. */
export function codeRanges(source: string): CodeRanges {
  const tree = parser.parse(source) as Root;
  const ranges: [number, number][] = [];
  let frontMatterEnd = 0;
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type === 'yaml' && end !== undefined) frontMatterEnd = end;
    if ((node.type === 'code' || node.type === 'inlineCode') && start !== undefined && end !== undefined) ranges.push([start, end]);
    else if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  // Raw <pre>/<code>, unless it starts inside code already (`<code>` written in backticks).
  ranges.sort((a, b) => a[0] - b[0]);
  const inCode = (offset: number) => ranges.some(([start, end]) => start <= offset && offset < end);
  const raw: [number, number][] = [];
  for (const match of source.matchAll(RAW_CODE)) {
    if (!inCode(match.index)) raw.push([match.index, match.index + match[0].length]);
  }
  return { code: merge([...ranges, ...raw]), frontMatterEnd };
}

/** For each offset (ascending), whether it falls in one of the sorted, merged ranges. */
export function offsetsInRanges(offsets: readonly number[], ranges: readonly [number, number][]): boolean[] {
  let next = 0;
  return offsets.map((offset) => {
    while (next < ranges.length && ranges[next]![1] <= offset) next++;
    const range = ranges[next];
    return range !== undefined && range[0] <= offset;
  });
}

function merge(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

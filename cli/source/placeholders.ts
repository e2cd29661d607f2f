// `{{product}}`, `{{tagline}}` … in a page, from the config: replaced everywhere a reader sees prose
// (front matter included), never in code. Vue, Handlebars, Jinja, Liquid and Go-template docs show
// `{{ x }}` in their examples, and a code block must copy as it was written: fenced and indented
// blocks, `inline code`, and raw <pre>/<code> elements are left alone.
//
// `\{{product}}` is the escape: outside code CommonMark shows `\{` as `{`, so the page reads
// `{{product}}`; in front matter (YAML, where `\{` means nothing) the backslash is removed here.
// A `{{ name }}` helpgen does not know stays as written, with one warning per page.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import type { Nodes, Root } from 'mdast';
import type { ResolvedConfig } from '../config/schema.ts';
import { lineAndColumn, type Diagnostic } from '../diagnostics/errors.ts';

const PLACEHOLDER = /(\\?)\{\{\s*([\w.]+)\s*\}\}/g;
/** Raw HTML whose text is code: a writer's <pre> or <code> (written in a paragraph or as a block). */
const RAW_CODE = /<(pre|code)(?=[\s>])[^>]*>[\s\S]*?<\/\1\s*>/gi;
const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).freeze();

export type PlaceholderValues = Record<string, string>;

/** The values a page's placeholders stand for. */
export function placeholderValues(config: Pick<ResolvedConfig, 'product' | 'tagline' | 'title'>): PlaceholderValues {
  return {
    product: config.product.name,
    'product.name': config.product.name,
    'product.slug': config.product.slug,
    tagline: config.tagline,
    title: config.title,
  };
}

/** Plain text (a _category_.json): every known placeholder replaced, nothing else touched. */
export function substituteText(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, escape: string, key: string) => (escape ? whole : (values[key] ?? whole)));
}

/**
 * A markdown page: known placeholders outside code replaced, escaped ones in front matter
 * unescaped, and the first unknown one outside code reported (once per page) at its line.
 */
export function substituteMarkdown(source: string, values: PlaceholderValues, file: string, report: (d: Diagnostic) => void): string {
  if (!source.includes('{{')) return source;
  const { code, frontMatterEnd } = codeRanges(source);
  let unknownAt: { offset: number; name: string } | undefined;
  let next = 0;
  const result = source.replace(PLACEHOLDER, (whole, escape: string, key: string, offset: number) => {
    while (next < code.length && code[next]![1] <= offset) next++;
    const range = code[next];
    if (range && range[0] <= offset) return whole;
    if (escape) return offset < frontMatterEnd ? whole.slice(1) : whole;
    const value = values[key];
    if (value !== undefined) return value;
    unknownAt ??= { offset, name: key };
    return whole;
  });
  if (unknownAt) {
    const known = Object.keys(values).map((name) => `{{${name}}}`).join(', ');
    report({
      severity: 'warning',
      code: 'unknown-placeholder',
      message: `{{ ${unknownAt.name} }} is not a placeholder helpgen knows (${known}); it is shown as written`,
      position: { file, ...lineAndColumn(source, unknownAt.offset) },
      hint: `To show it as written without this warning, write \\{{ ${unknownAt.name} }} (or put it in \`code\`, where placeholders are never replaced).`,
    });
  }
  return result;
}

/** Sorted, non-overlapping [start, end) offsets of the page's code, and where its front matter ends. */
function codeRanges(source: string): { code: [number, number][]; frontMatterEnd: number } {
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

// `{{product}}`, `{{tagline}}` … in a page, from the config: replaced everywhere a reader sees prose
// (front matter included), never in code. Vue, Handlebars, Jinja, Liquid and Go-template docs show
// `{{ x }}` in their examples, and a code block must copy as it was written: fenced and indented
// blocks, `inline code`, and raw <pre>/<code> elements are left alone.
//
// `\{{product}}` is the escape: outside code CommonMark shows `\{` as `{`, so the page reads
// `{{product}}`; in front matter (YAML, where `\{` means nothing) the backslash is removed here.
// A `{{ name }}` helpgen does not know stays as written, with one warning per page.
import type { ResolvedConfig } from '../config/schema.ts';
import { lineAndColumn, type Diagnostic } from '../diagnostics/errors.ts';
import { codeRanges, offsetsInRanges } from './code-ranges.ts';
import { codeVerdictWithoutParsing, type CodeVerdict } from './code-ranges-fast.ts';

export const PLACEHOLDER = /(\\?)\{\{\s*([\w.]+)\s*\}\}/g;

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

/** A replacement: `length` characters at `offset` of a text became `text`. */
export type TextEdit = [offset: number, length: number, text: string];

/**
 * A markdown page: known placeholders outside code replaced, escaped ones in front matter
 * unescaped, and the first unknown one outside code reported (once per page) at its line.
 * `edits`, when given, is told each replacement, so that the same text can be made again from
 * the file without finding the code on the page again (applyEdits).
 */
export function substituteMarkdown(source: string, values: PlaceholderValues, file: string, report: (d: Diagnostic) => void, edits?: TextEdit[]): string {
  if (!source.includes('{{')) return source;
  const matches = [...source.matchAll(PLACEHOLDER)];
  if (!matches.length) return source;
  const { inCode, frontMatterEnd } = placeholdersInCode(source, matches.map((match) => ({ index: match.index, length: match[0].length })));
  let unknownAt: { offset: number; name: string } | undefined;
  let nth = 0;
  const replaced = (whole: string, escape: string, key: string, offset: number): string => {
    if (inCode[nth++]) return whole;
    if (escape) return offset < frontMatterEnd ? whole.slice(1) : whole;
    const value = values[key];
    if (value !== undefined) return value;
    unknownAt ??= { offset, name: key };
    return whole;
  };
  const result = source.replace(PLACEHOLDER, (whole, escape: string, key: string, offset: number) => {
    const text = replaced(whole, escape, key, offset);
    if (edits && text !== whole) edits.push([offset, whole.length, text]);
    return text;
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

/** The text `edits` (in order, as substituteMarkdown gave them) make of `source`. */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  if (!edits.length) return source;
  let text = '';
  let at = 0;
  for (const [offset, length, replacement] of edits) {
    text += source.slice(at, offset) + replacement;
    at = offset + length;
  }
  return text + source.slice(at);
}

/**
 * Which occurrences are in code: without a parse when that is certain (./code-ranges-fast.ts),
 * else from remark's tree (./code-ranges.ts). Both give the same answer; the first is cheaper.
 */
function placeholdersInCode(source: string, occurrences: { index: number; length: number }[]): CodeVerdict {
  const fast = codeVerdictWithoutParsing(source, occurrences);
  if (fast) return fast;
  const { code, frontMatterEnd } = codeRanges(source);
  return { inCode: offsetsInRanges(occurrences.map((occurrence) => occurrence.index), code), frontMatterEnd };
}

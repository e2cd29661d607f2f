// For the tests of ./code-ranges-fast.ts (./code-ranges-fast.test.ts, hand-written cases, and
// test/faithful/code-ranges-corpora.test.ts, every real page we have): both answers for one input.
// NASTY_CASES: one or more inputs per rule. `expect`: 'fast' when the fast path must answer (and
// then agree with the parser), 'parse' when it must fall back because only a parse can tell.
import { codeRanges, offsetsInRanges } from './code-ranges.ts';
import { codeVerdictWithoutParsing } from './code-ranges-fast.ts';
import { PLACEHOLDER } from './placeholders.ts';

export interface Comparison {
  /** 'none': no placeholder in the input; 'parse': the fast path fell back. */
  outcome: 'none' | 'fast' | 'parse';
  /** When the fast path answered: its answer and the parser's, to be equal. */
  fast?: { inCode: boolean[]; frontMatterEnd: number };
  parsed?: { inCode: boolean[]; frontMatterEnd: number };
}

/** Runs the fast path and, when it answers, the parser on one input. */
export function compareWithParser(source: string): Comparison {
  const occurrences = Array.from(source.matchAll(PLACEHOLDER), (match) => ({ index: match.index, length: match[0].length }));
  if (!occurrences.length) return { outcome: 'none' };
  const fast = codeVerdictWithoutParsing(source, occurrences);
  if (!fast) return { outcome: 'parse' };
  const { code, frontMatterEnd } = codeRanges(source);
  const inCode = offsetsInRanges(
    occurrences.map((occurrence) => occurrence.index),
    code,
  );
  return { outcome: 'fast', fast, parsed: { inCode, frontMatterEnd } };
}

export interface NastyCase {
  name: string;
  source: string;
  expect: 'fast' | 'parse';
}

const frontMatter: NastyCase[] = [
  { name: 'prose', source: 'Hello {{p}}, and {{ p.q }}.\n', expect: 'fast' },
  { name: 'front matter and body', source: '---\ntitle: {{p}} and \\{{p}}\n---\n\n{{p}} and \\{{p}}\n', expect: 'fast' },
  { name: 'empty front matter', source: '---\n---\n{{p}} \\{{p}}\n', expect: 'fast' },
  { name: 'front matter with trailing blanks and CRLF', source: '---  \r\ntitle: \\{{p}}\r\n--- \t\r\n\\{{p}}\r\n', expect: 'fast' },
  { name: 'front matter ending the file', source: '---\ntitle: \\{{p}}\n---', expect: 'fast' },
  { name: 'unclosed front matter is none', source: '---\ntitle: \\{{p}}\n', expect: 'fast' },
  { name: 'four dashes open no front matter', source: '----\ntitle: \\{{p}}\n---\n\\{{p}}\n', expect: 'fast' },
  { name: 'indented dashes open no front matter', source: ' ---\ntitle: \\{{p}}\n---\n\\{{p}}\n', expect: 'fast' },
  { name: 'text after the closing dashes', source: '---\nt: 1\n--- \\{{p}}\n---\n\\{{p}}\n', expect: 'fast' },
  { name: 'front matter with tabs and CR line endings', source: '---\t\rt: \\{{p}}\r---\t\r`\\{{p}}` \\{{p}}\r', expect: 'fast' },
  { name: 'a byte order mark', source: '\uFEFF---\nt: \\{{p}}\n---\n{{p}}\n', expect: 'parse' },
];

const fences: NastyCase[] = [
  { name: 'a fence and prose', source: 'a {{p}}\n```\n{{p}}\n```\nb {{p}}\n', expect: 'fast' },
  { name: 'placeholder in the info string', source: '```js {{p}}\ncode\n```\n', expect: 'fast' },
  { name: '```` with ``` inside', source: '````\n```\n{{p}}\n```\n{{p}}\n````\n{{p}}\n', expect: 'fast' },
  { name: 'tilde fence with backticks in its info', source: '~~~ a`b\n{{p}}\n~~~\n{{p}}\n', expect: 'fast' },
  { name: 'backtick in a backtick info string: not a fence', source: '```a`b {{p}}`\n{{p}}\n```\n{{p}}\n', expect: 'fast' },
  { name: 'unclosed fence runs to the end', source: '```\n{{p}}\n\n# {{p}}\n', expect: 'fast' },
  { name: 'text after a closing run: not a closer', source: '```\n{{p}}\n``` x\n{{p}}\n```\n{{p}}\n', expect: 'fast' },
  { name: 'shorter closing run: not a closer', source: '````\n{{p}}\n```\n{{p}}\n', expect: 'fast' },
  { name: 'other character: not a closer', source: '```\n{{p}}\n~~~\n{{p}}\n```\n{{p}}\n', expect: 'fast' },
  { name: 'closer with trailing tab', source: '```\n{{p}}\n```\t\n{{p}}\n', expect: 'fast' },
  { name: 'closer indented 4 spaces: content', source: '```\n{{p}}\n    ```\n{{p}}\n', expect: 'fast' },
  { name: 'closer after a tab: content', source: '```\n\t```\n{{p}}\n', expect: 'fast' },
  { name: 'fences indented 1-3 spaces, no list', source: '  ```\n{{p}}\n   ```\n{{p}}\n', expect: 'fast' },
  { name: 'empty fence', source: '```\n```\n{{p}}\n', expect: 'fast' },
  { name: 'fence interrupting a paragraph', source: 'para `a\n```\n{{p}}` b\n```\n{{p}}` c\n', expect: 'fast' },
  { name: 'HTML and quotes inside a fence', source: '```\n<div>\n> ```\n- ```\n```\n`{{p}}`\n', expect: 'fast' },
  { name: 'list, then a fence at column 0', source: '- a\n```\n{{p}}\n```\n{{p}}\n', expect: 'fast' },
  { name: 'CRLF fences', source: '```\r\n{{p}}\r\n```\r\n`{{p}}` {{p}}\r\n', expect: 'fast' },
  { name: 'fence in a list item', source: '- item\n\n  ```\n  {{p}}\n  ```\n{{p}}\n', expect: 'parse' },
  { name: 'fence on the list marker line', source: '- ```\n  {{p}}\n  ```\n{{p}}\n', expect: 'parse' },
  { name: 'fence in a list item closed at column 0', source: '- a\n  ```\n  {{p}}\n```\n{{p}}\n', expect: 'parse' },
  { name: 'fence in a quote', source: '> ```\n> {{p}}\n> ```\n{{p}}\n', expect: 'parse' },
  { name: 'fence after a tab (indented code)', source: '\t```\n{{p}}\n', expect: 'parse' },
  { name: '<div> hiding a fence', source: '<div>\n```\n</div>\n\n{{p}}\n', expect: 'parse' },
];

const indentedAndHtml: NastyCase[] = [
  { name: 'indented code', source: 'a\n\n    {{p}}\n', expect: 'parse' },
  { name: 'indented by a tab', source: '\t{{p}}\n', expect: 'parse' },
  { name: 'indented continuation line', source: 'para\n    {{p}}\n', expect: 'parse' },
  { name: 'indented code in a list item', source: '-     {{p}}\n', expect: 'parse' },
  { name: 'indented code in a quote', source: '>     {{p}}\n', expect: 'parse' },
  { name: 'list item and quote text', source: '- `{{p}}` and {{p}}\n> `{{p}}` {{p}}\n', expect: 'fast' },
  { name: 'HTML comment over blank lines', source: '<!--\n\n`{{p}}`\n\n-->\n', expect: 'parse' },
  { name: 'unclosed <pre> over blank lines', source: '<pre\n\n`{{p}}`\n', expect: 'parse' },
  { name: 'raw <code>', source: 'Text <code>{{p}}</code> {{p}}\n', expect: 'parse' },
  { name: 'HTML block, then code', source: '<div>\n\n`{{p}}` {{p}}\n', expect: 'fast' },
  { name: 'code span before inline HTML', source: '`{{p}}` <b>{{p}}</b>\n', expect: 'fast' },
  { name: 'autolink hiding a backtick', source: '<http://a.example/`>{{p}}`\n', expect: 'parse' },
  { name: 'HTML attribute hiding a backtick', source: '<span title="`">{{p}}</span>`\n', expect: 'parse' },
];

const codeSpans: NastyCase[] = [
  { name: 'code span and prose', source: 'a `{{p}}` b {{p}}\n', expect: 'fast' },
  { name: 'unmatched backtick', source: 'a ` {{p}}\n', expect: 'fast' },
  { name: 'unmatched backticks across lines', source: 'a ` b\n{{p}} ` c\n', expect: 'parse' },
  { name: 'heading then paragraph, backticks across', source: '# T `a\nb` {{p}}\n', expect: 'parse' },
  // A heading and a paragraph: no span, though the lines' backticks pair up.
  { name: 'heading then paragraph, a placeholder between backticks', source: '# T `a\n{{p}} b`\n', expect: 'parse' },
  { name: 'double run holds a single one', source: '`` a ` {{p}} `` {{p}}\n', expect: 'fast' },
  { name: 'double run with no partner', source: '``a`` {{p}} ` {{p}}\n', expect: 'fast' },
  { name: 'longer run is content', source: '` a `` {{p}} ` {{p}}\n', expect: 'fast' },
  { name: 'escaped backtick', source: '\\`{{p}}`\n', expect: 'fast' },
  { name: 'escaped backslash, then a span', source: '\\\\`{{p}}`\n', expect: 'fast' },
  { name: 'escaped backtick shortens a run', source: '\\``{{p}}` {{p}}\n', expect: 'fast' },
  { name: 'backslash inside a span is literal', source: '`a\\`{{p}}`\n', expect: 'fast' },
  { name: 'escape in code and prose', source: '`\\{{p}}` \\{{p}}\n\n```\n\\{{p}}\n```\n', expect: 'fast' },
  { name: 'setext heading', source: 'a `{{p}}` {{p}}\n===\n', expect: 'fast' },
  { name: 'placeholder over a line end', source: 'a {{\np\n}} b\n', expect: 'parse' },
  { name: 'link with code in its text', source: '[`a`](b.md) `{{p}}` {{p}}\n', expect: 'fast' },
  { name: 'code span over a link', source: '[`a](b.md) {{p}}` {{p}}\n', expect: 'fast' },
  { name: 'backtick in a link title', source: '[a](/u "`") `{{p}}`\n', expect: 'parse' },
  { name: 'backtick in a definition title', source: "[a]: /u '` {{p}} `'\n", expect: 'parse' },
  { name: 'definition, then code', source: '[a]: /u\n`{{p}}`\n', expect: 'parse' },
  { name: 'reference label with a backtick', source: '[a][`] `{{p}}`\n\n[`]: /u\n', expect: 'parse' },
  { name: 'brackets that are no definition', source: '[`]`]: {{p}}\n', expect: 'fast' },
];

export const NASTY_CASES: NastyCase[] = [...frontMatter, ...fences, ...indentedAndHtml, ...codeSpans];

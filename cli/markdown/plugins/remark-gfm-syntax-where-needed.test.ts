import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import { remarkGfmSyntaxWhereNeeded } from './remark-gfm-syntax-where-needed.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

function parser(scoped: boolean) {
  const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);
  if (scoped) processor.use(remarkGfmSyntaxWhereNeeded);
  return processor.use(remarkDirective).freeze();
}
const full = parser(false);
const scoped = parser(true);

/** Each case parses to the same tree, positions included, with and without the plugin. */
function expectSameTrees(documents: string[]): void {
  for (const doc of documents) {
    const [expected, actual] = [full.parse(doc), scoped.parse(doc)];
    // Strings compare much faster than deep equality; the diff is shown only on a mismatch.
    if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, doc.slice(0, 200)).toEqual(expected);
  }
}

// Tables where the precheck must still find them, next to lines it must refuse.
const TABLES = [
  '| a | b |\n| --- | --- |\n| 1 | 2 |',
  'a | b\n--|--\n1 | 2',
  '| one column |\n| :-: |\n| x |',
  'a\n:-',
  'a | b\n- | -', // a list item, not a delimiter row
  '> | quoted | table |\n> | --- | --- |\n> | 1 | 2 |',
  '> > | deep |\n> > | - |',
  '- | in a list |\n  | --- |\n  | x |',
  '1. item\n\n   | a | b |\n   |---|---|\n   | c | d |',
  'para line\n| a | b |\n| - | - |',
  '| a |\n---', // dashes alone: a setext heading
  '| a | b |\n| --- | --- |\n| lazy\nline',
  '| a | b |\r\n| --- | --- |\r\n| 1 | 2 |',
  '| a | b |\r| --- | --- |\r| 1 | 2 |',
  '\t| tab | indented |\n\t| --- | --- |',
  '| a | b |\n| --- | --- |', // at the end, no body
  '| a | b |\n| -- | -- |\n\n| c |\n| - |',
  ':::note\n| in | directive |\n| -- | -- |\n:::',
  'text with a | pipe and - dash\nbut no delimiter row',
];

// Each feature alone, and the near-misses that could fool a check for its text.
const OTHERS = [
  'See www.ordo.example, WWW.ORDO.EXAMPLE, Https://app.ordo.example and HTTP://x.example.',
  'Email help@ordo.example or mailto:ops@ordo.example; not an email: @handle.',
  'Not links: wwwexample, http//nope, https:/one-slash.',
  'Only upper case: WWW.ORDO.EXAMPLE.',
  'Only mixed case: Https://app.ordo.example/records',
  'A footnote[^1] and another[^note].\n\n[^1]: The text.\n[^note]:\n    Indented text.',
  'Not a footnote: [^] and [ ^1] and ^[inline].',
  '~~struck~~ and ~single~ and a~b and ~~~\nfenced\n~~~',
  '- [ ] open\n- [x] done\n- [X] also done\n* [\t] tab\n- [] not a task\n- [y] not a task',
  '- [ ]\n- [x]',
  '- [\n  ] a task whose blank is a line ending',
  '> - [\n>   ] the same in a blockquote',
  '1. [\r\n   ] and with CRLF',
  '1. [x] ordered task',
  'Everything: www.a.example | b\n--|--\n~~c~~ | [^d]\n\n[^d]: e\n\n- [ ] f',
  '',
  '---\ntitle: Front matter only\n---',
];

// Hundreds of pages parsed twice: minutes on a loaded machine, so no short time limit. (The
// whole pipeline is compared with and without every optimisation in test/markdown/optimisations.test.ts.)
const LONG = 15 * 60_000;

describe('remarkGfmSyntaxWhereNeeded', () => {
  it('parses tables exactly as remark-gfm does', () => expectSameTrees(TABLES));

  it('parses autolinks, footnotes, strikethrough and task lists exactly as remark-gfm does', () => expectSameTrees(OTHERS));

  it('parses every page of our content, and the test fixtures, exactly as remark-gfm does', () => {
    const files = fg.sync(['content/**/*.md', 'test/**/*.md', 'cli/**/*.md'], { cwd: repoRoot, ignore: ['**/node_modules/**'] });
    expect(files.length).toBeGreaterThan(150);
    expectSameTrees(files.map((file) => readFileSync(join(repoRoot, file), 'utf8')));
  }, LONG);

  it('parses real-world READMEs of our dependencies exactly as remark-gfm does', () => {
    const files = fg.sync('node_modules/*/{readme,README,Readme}.md', { cwd: repoRoot }).sort();
    const documents = files.map((file) => readFileSync(join(repoRoot, file), 'utf8')).filter((doc) => doc.length < 20_000);
    expect(documents.length).toBeGreaterThan(50);
    expectSameTrees(documents.slice(0, 120));
  }, LONG);

  it('still finds each feature', () => {
    const types = (doc: string) => JSON.stringify(scoped.parse(doc)).match(/"type":"\w+"/g) ?? [];
    expect(types('| a |\n| - |')).toContain('"type":"table"');
    expect(types('go to www.ordo.example')).toContain('"type":"link"');
    expect(types('a[^1]\n\n[^1]: b')).toContain('"type":"footnoteReference"');
    expect(types('~~gone~~')).toContain('"type":"delete"');
    expect(JSON.stringify(scoped.parse('- [x] done'))).toContain('"checked":true');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import { constructsLeftOut, remarkGfmSyntaxWhereNeeded } from './remark-gfm-syntax-where-needed.ts';

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
  // Each autolink literal alone, beside words the others start at.
  'Only a URL: https://app.ordo.example/records, then words such as contact.example and web.',
  'Only www: www.ordo.example, then http and mail as words.',
  'Only an email: ops@ordo.example, then http and www as words.',
  'A URL after an open bracket: [not closed https://app.ordo.example and [closed] http://b.example',
  'An email after an open bracket: [not closed ops@ordo.example and [closed] a@b.example',
  '`https://in.code.example` and ops@ordo.example outside it',
  // Where a word is or is not followed by `@`, as the email construct reads it.
  'a.b-c_d+e@f.example, x@ alone, @y, x@@y.example, x.@y.example, -a@b.example, a@b.example.',
  'Escaped and referenced: a\\@b.example, a&#64;b.example, a&commat;b.example, a\\.b@c.example',
  'Split: a\n@b.example, a\r\n@b.example, a\t@b.example, a @ b.example, a\u00a0@b.example',
  'Not ASCII: ünï@cödé.example, naïve@x.example, a@ü.example',
  'Marked up: *a*@b.example, a*b*@c.example, `a`@b.example, [a@b.example](x), [a](b@c.example), <a@b.example>',
  '| mail | who |\n| --- | --- |\n| ops@ordo.example | `x@y` and z@w.example |\n| a\\|b@c.example | d |',
  '> quoted ops@ordo.example\n> - in a list a@b.example\n\n    indented code a@b.example',
  '# Heading a@b.example\n\nSetext b@c.example\n---',
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

  it('leaves out each autolink literal the page has no text for, the email one included where it has a URL', () => {
    const autolinks = (doc: string) => constructsLeftOut(doc).filter((name) => name.endsWith('Autolink'));
    expect(autolinks('See https://app.ordo.example for details.')).toEqual(['wwwAutolink', 'emailAutolink']);
    expect(autolinks('See www.ordo.example for details.')).toEqual(['protocolAutolink', 'emailAutolink']);
    expect(autolinks('Write to ops@ordo.example.')).toEqual(['wwwAutolink', 'protocolAutolink']);
    expect(autolinks('No links at all.')).toEqual(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);
    expect(autolinks('All: www.a.example, HTTP://b.example, c@d.example')).toEqual([]);
  });

  it('tries the email autolink construct only at a word that an @ follows', () => {
    // A stand-in for the construct, registered on "a", that records where it was tried.
    const tried: number[] = [];
    const email = {
      name: 'emailAutolink',
      tokenize(this: { now(): { offset: number } }, _effects: unknown, _ok: unknown, nok: unknown) {
        tried.push(this.now().offset);
        return nok;
      },
    };
    function addEmail(this: Processor) {
      const data = this.data() as { micromarkExtensions?: unknown[] };
      (data.micromarkExtensions ??= []).push({ text: { 97: email } });
    }
    const doc = 'a word, another and abc@d.example;\nalso a-b.c@e and a @f, all at a@';
    unified().use(remarkParse).use(addEmail).use(remarkGfmSyntaxWhereNeeded).parse(doc);
    // Every "a" that starts a run of email characters (gfmAtext) with an @ after it: abc@, a-b.c@, a@.
    const followedByAt = [...doc.matchAll(/a/g)].map((match) => match.index).filter((at) => /^[\w+.-]*@/.test(doc.slice(at)));
    expect(followedByAt.length).toBe(3);
    expect(tried).toEqual(followedByAt);
  });

  it('still finds each feature', () => {
    const types = (doc: string) => JSON.stringify(scoped.parse(doc)).match(/"type":"\w+"/g) ?? [];
    expect(types('| a |\n| - |')).toContain('"type":"table"');
    expect(types('go to www.ordo.example')).toContain('"type":"link"');
    expect(types('go to https://app.ordo.example')).toContain('"type":"link"');
    expect(types('write to ops@ordo.example')).toContain('"type":"link"');
    expect(types('a[^1]\n\n[^1]: b')).toContain('"type":"footnoteReference"');
    expect(types('~~gone~~')).toContain('"type":"delete"');
    expect(JSON.stringify(scoped.parse('- [x] done'))).toContain('"checked":true');
  });
});

import { describe, expect, it } from 'vitest';
import { titleFromMarkdown } from './page-title.ts';

describe('a page title taken from its first heading', () => {
  it('leaves out {#id}, markdown and raw HTML (Vue docs)', () => {
    expect(titleFromMarkdown('# Reactivity Fundamentals {#reactivity-fundamentals}\n\nText.')).toBe('Reactivity Fundamentals');
    expect(titleFromMarkdown('# `ref()` and **reactive()** {#refs}\n')).toBe('ref() and reactive()');
    expect(titleFromMarkdown('# Accessible Rich Internet Applications {#wai-aria-–-aria}\n')).toBe('Accessible Rich Internet Applications');
    expect(titleFromMarkdown('# Line one<br>line two\n')).toBe('Line one line two');
    expect(titleFromMarkdown('# Composition API <Badge text="3.3+" />\n')).toBe('Composition API');
    expect(titleFromMarkdown('# A [link](https://example.com) and ![an icon](x.png)\n')).toBe('A link and an icon');
  });

  it('skips "# comment" lines in code fences, HTML comments and directives (Rust Book)', () => {
    const chapter = [
      '```bash',
      '# install the toolchain',
      '$ rustup update',
      '```',
      '',
      '<!--',
      '# Not this either',
      '-->',
      '',
      ':::note',
      '# Nor this',
      ':::',
      '',
      '## Installation',
      '',
      '# Getting Started',
    ].join('\n');
    expect(titleFromMarkdown(chapter)).toBe('Getting Started');
    const manyComments = '```sh\n' + '# a comment\n'.repeat(20) + '```\n\n# The Real Title\n';
    expect(titleFromMarkdown(manyComments)).toBe('The Real Title');
  });

  it('takes the heading a page starts with, whatever its level (mdBook sub-chapters start with ##)', () => {
    expect(titleFromMarkdown('## Installation\n\nThe first step is to install Rust.\n\n# Not the title\n')).toBe('Installation');
    expect(titleFromMarkdown('---\nsidebar_position: 2\n---\n\n### `Vec<T>` basics\n')).toBe('Vec<T> basics');
    expect(titleFromMarkdown('Intro.\n\n## Later\n\n# The Title\n')).toBe('The Title');
  });

  it('reads setext headings, front matter and link definitions as the page parser does', () => {
    expect(titleFromMarkdown('---\ntitle_note: x\n---\n\nThe Title\n=========\n')).toBe('The Title');
    expect(titleFromMarkdown('# See [the book]\n\nText.\n\n[the book]: https://doc.rust-lang.org/book/\n')).toBe('See the book');
    expect(titleFromMarkdown('Intro text with # in it.\n\n## A second level later\n')).toBeUndefined();
    expect(titleFromMarkdown('```\n# only in code\n```\n')).toBeUndefined();
  });
});

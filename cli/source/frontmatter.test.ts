import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './frontmatter.ts';
import type { HelpgenError } from '../diagnostics/errors.ts';

function failure(source: string): HelpgenError {
  try {
    parseFrontMatter(source, 'content/x.md');
  } catch (error) {
    return error as HelpgenError;
  }
  throw new Error('expected an error');
}

describe('front matter', () => {
  it('reads the fields and keeps numbers in keyword lists as text', () => {
    const { data, lineCount } = parseFrontMatter('---\ntitle: Reviews\nsidebar_position: 5\nkeywords: [review, 360]\ntags: single\n---\nBody', 'x.md');
    expect(data).toMatchObject({ title: 'Reviews', sidebar_position: 5, keywords: ['review', '360'], tags: ['single'] });
    expect(lineCount).toBe(6);
  });

  it('points at the line and column of a YAML error', () => {
    const error = failure('---\ntitle: Ok\ndescription: "unclosed\n---\n');
    expect(error.position).toMatchObject({ file: 'content/x.md', line: 3 });
    expect(error.message).toMatch(/^invalid front matter: /);
  });

  it('names the key and its line when a value has the wrong type', () => {
    const error = failure('---\ntitle: Ok\nsidebar_position: first\n---\n');
    expect(error.message).toBe('front matter "sidebar_position": Invalid input: expected number, received string');
    expect(error.position).toEqual({ file: 'content/x.md', line: 3, column: 1 });
    expect(error.hint).toBe('Use a number, e.g. "sidebar_position: 3".');
  });

  it('takes sidebar_hidden as true or false only, pointing at a quoted "yes"', () => {
    expect(parseFrontMatter('---\nsidebar_hidden: true\n---\n', 'x.md').data.sidebar_hidden).toBe(true);
    const error = failure('---\ntitle: Ok\nsidebar_hidden: "yes"\n---\n');
    expect(error.message).toBe('front matter "sidebar_hidden": Invalid input: expected boolean, received string');
    expect(error.position).toEqual({ file: 'content/x.md', line: 3, column: 1 });
    expect(error.hint).toBe('Use true or false without quotes, e.g. "sidebar_hidden: true".');
  });

  it('points just after the last character when the YAML ends too early', () => {
    const error = failure('---\ntitle: Broken\ndescription: ok\nkeywords: [a, b\n---\n\nText.');
    expect(error.message).toBe('invalid front matter: unexpected end of the stream within a flow collection');
    expect(error.position).toEqual({ file: 'content/x.md', line: 4, column: 16 });
  });

  it('refuses a key given twice, at the second one', () => {
    const error = failure('---\ntitle: One\ndescription: ok\ntitle: Two\n---\n');
    expect(error.message).toBe('invalid front matter: duplicated mapping key');
    expect(error.hint).toBe('Each key may appear once: keep one of the two lines.');
    expect(error.position).toMatchObject({ line: 4, column: 1 });
  });

  it('keeps dates and yes/no as text, as YAML 1.2 does', () => {
    const { data } = parseFrontMatter('---\ntitle: 2024-05-01\ndescription: yes\nkeywords: [no, 2024-05-01]\n---\n', 'x.md');
    expect(data).toMatchObject({ title: '2024-05-01', description: 'yes', keywords: ['no', '2024-05-01'] });
  });

  it('finds a quoted key for a type error', () => {
    const error = failure('---\ntitle: Ok\n\n"hide_table_of_contents": maybe\n---\n');
    expect(error.position).toEqual({ file: 'content/x.md', line: 4, column: 1 });
    expect(error.hint).toBe('Use true or false.');
  });

  it('reports a block that is never closed', () => {
    expect(failure('---\ntitle: Ok\n').message).toBe('front matter is not closed');
  });
});

import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './frontmatter.ts';
import { HelpgenError } from '../diagnostics/errors.ts';

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

  it('reports a block that is never closed', () => {
    expect(failure('---\ntitle: Ok\n').message).toBe('front matter is not closed');
  });
});

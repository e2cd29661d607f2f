import { describe, expect, it } from 'vitest';
import { countsCode, countsDecode, pageFile, pageSections, type SectionFile } from './index-format.ts';

describe('the counts code (sections per page in the entry)', () => {
  it('writes a count below 35 as one digit and reads back any count', () => {
    expect(countsCode([1, 7, 34])).toBe('17y');
    const counts = [1, 34, 35, 36, 69, 70, 71, 200, 3];
    expect(countsCode(counts)).toBe('1yz0z1zyzz0zz1zzzzzp3');
    expect(countsDecode(countsCode(counts))).toEqual(counts);
    expect(countsDecode('')).toEqual([]);
  });
});

describe('page files', () => {
  it('hold a page’s sections with its address and title once', () => {
    const sections: SectionFile[] = [
      ['/support/a', 'A page', 1, '', [], ['Intro.']],
      ['/support/a', 'A page', 2, 'setup', ['Set up'], ['First.', 'Second.']],
    ];
    const file = pageFile(sections);
    expect(file).toEqual(['/support/a', 'A page', [[1, '', [], ['Intro.']], [2, 'setup', ['Set up'], ['First.', 'Second.']]]]);
    expect(pageSections(file)).toEqual(sections);
  });
});

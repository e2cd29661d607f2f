import { describe, expect, it } from 'vitest';
import { countsCode, countsDecode, pageFile, pageSections, shardPath, steadyAverage, type SectionFile } from './index-format.ts';

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
  it('hold a page’s sections with its address and title once, and levels in place of heading paths', () => {
    const sections: SectionFile[] = [
      ['/support/a', 'A page', 1, '', [], ['Intro.']],
      ['/support/a', 'A page', 2, 'set-up', ['Set up'], ['First.', 'Second.']],
    ];
    const file = pageFile(sections);
    expect(file).toEqual(['/support/a', 'A page', '12', [], [['Intro.'], ['Set up', 'First.', 'Second.']]]);
    expect(pageSections(file)).toEqual(sections);
  });

  it('give back every heading path and anchor: skipped levels, repeated headings, punctuation, anchors of the writer’s own', () => {
    const page = (level: number, anchor: string, headings: (string | null)[]): SectionFile => ['/p', 'P', level, anchor, headings, ['Text.']];
    const sections: SectionFile[] = [
      page(1, '', []),
      page(2, 'examples', ['Examples']),
      page(4, 'whats-new-in-2024', ['Examples', null, 'What’s new in 2024?']),
      page(3, 'examples-1', ['Examples', 'Examples']),
      page(2, 'custom-id', ['Limits']),
      page(3, 'café--crème', ['Limits', 'Café & crème']),
      page(2, 'examples-2', ['Examples']),
    ];
    const file = pageFile(sections);
    // Only the anchor the writer set differs from the heading's slug.
    expect(file[3]).toEqual([4, 'custom-id']);
    expect(pageSections(file)).toEqual(sections);
  });
});

describe('steady averages (written into index.json)', () => {
  it('are the double nearest 2 ** (n / 16), the same on every Node', () => {
    // Node 20's 2 ** (10 / 16) is 1.542210825407941, one ulp from the nearest double; Node 24
    // differs elsewhere. These are the correctly rounded values.
    expect(steadyAverage(1.54)).toBe(1.5422108254079407);
    expect(steadyAverage(1.68)).toBe(1.681792830507429);
    expect(steadyAverage(6.7)).toBe(4 * 1.681792830507429);
    expect(steadyAverage(11.3)).toBe(8 * Math.SQRT2);
    expect(steadyAverage(0.6)).toBe(0.5 * 1.189207115002721);
    expect(steadyAverage(1)).toBe(1);
    expect(steadyAverage(0)).toBe(0);
  });
});

describe('shard file names', () => {
  it('are the first term for plain terms, its code points otherwise, as before', () => {
    expect(shardPath('lock', 'abc123')).toBe('terms/lock.abc123.json');
    expect(shardPath('größe', 'abc123')).toBe('terms/_2v-36-6u-67-2t.abc123.json');
  });

  it('stay under 255 bytes and distinct whatever the terms', () => {
    const terms = [...Array.from({ length: 400 }, (_, i) => 'x'.repeat(i + 1)), 'ж'.repeat(300), `${'ж'.repeat(300)}a`, '👩‍👩‍👧'.repeat(80)];
    const names = terms.map((term) => shardPath(term, 'abc123').slice('terms/'.length));
    for (const name of names) expect(name).toMatch(/^[!-~]{1,120}$/); // ASCII, so as many bytes as characters
    expect(new Set(names).size).toBe(terms.length);
    expect(names[399]).toMatch(/^x{84}~[0-9a-z]{14}\.abc123\.json$/);
  });
});

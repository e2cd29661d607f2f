// The one-pass reader of a term's postings (client/search/engine/posting-reader.ts) on postings
// written by hand, every part of the grammar in them: several fields, term frequencies, the
// written forms and term counts of titles and headings, sections in several fields (merged,
// scores summed in field order). postings.test.ts checks the same reader on real postings
// against MiniSearch; this pins the grammar and the error for a file out of order.
import { describe, expect, it } from 'vitest';
import { BOOST, PostingReader, type Scratch } from '../../client/search/engine/posting-reader.ts';
import { FIELDS } from '../../shared/search/index-format.ts';

const DOCUMENTS = 40;
const AVERAGES = [3, 4, 2, 6, 5, 20];

function reader(): { read: PostingReader; scratch: Scratch } {
  const scratch: Scratch = { sum: new Float64Array(DOCUMENTS), kind: new Uint8Array(DOCUMENTS), fields: new Uint8Array(DOCUMENTS), touched: new Int32Array(DOCUMENTS) };
  return { read: new PostingReader(scratch, ['lock'], DOCUMENTS, AVERAGES), scratch };
}

/** MiniSearch's BM25+ for one field of one section, times the field's weight, written out independently. */
function bm25(field: number, sectionsWithTerm: number, tf: number, length: number): number {
  const idf = Math.log(1 + (DOCUMENTS - sectionsWithTerm + 0.5) / (sectionsWithTerm + 0.5));
  return BOOST[FIELDS[field]!] * (idf * (0.5 + (tf * 2.2) / (tf + 1.2 * (1 - 0.7 + (0.7 * length) / AVERAGES[field]!))));
}

describe('PostingReader', () => {
  it('reads every part of an item and merges the fields by section', () => {
    const { read, scratch } = reader();
    const names: [number, number, number[], number][] = [];
    // Each item starts with its field length's level (one digit: exact up to 12, "g" = 28).
    // Title (field 0): section 3 (length 2, forms 0, 2 terms) and 13 (3 times, length 4, forms 0 and 1, 3 terms): 13 is "a" (10) after 3.
    // Body (field 5): sections 3 (length 28) and 36 (twice, length 12): 36 is "x" (33) after 3.
    const postings = read.read(0, '0:23!0.2,4a*3!0+1.3;5:g3,cx*2', (doc, term, forms, count) => names.push([doc, term, forms, count]));
    expect([...postings.docs]).toEqual([3, 13, 36]);
    expect([...postings.fields]).toEqual([1 | 32, 1, 32]);
    expect(postings.anyFields).toBe(1 | 32);
    expect(postings.scores[0]).toBe(bm25(0, 2, 1, 2) + bm25(5, 2, 1, 28));
    expect(postings.scores[1]).toBe(bm25(0, 2, 3, 4));
    expect(postings.scores[2]).toBe(bm25(5, 2, 2, 12));
    expect(names).toEqual([
      [3, 0, [0], 2],
      [13, 0, [0, 1], 3],
    ]);
    // The scratch arrays are left as they were found: zero.
    expect(scratch.sum.every((v) => v === 0) && scratch.fields.every((v) => v === 0)).toBe(true);
  });

  it('reads a term in one field as it is', () => {
    const { read } = reader();
    const postings = read.read(0, '5:41,41,92*2', () => {});
    expect([...postings.docs]).toEqual([1, 2, 4]);
    expect([...postings.fields]).toEqual([32, 32, 32]);
    expect([...postings.scores]).toEqual([bm25(5, 3, 1, 4), bm25(5, 3, 1, 4), bm25(5, 3, 2, 9)]);
  });

  it('says which term and what to do when a file lists its fields out of order', () => {
    const { read } = reader();
    expect(() => read.read(0, '5:41;0:32', () => {})).toThrow('search: the postings of term lock list field 0 after field 5; rebuild the site');
  });
});

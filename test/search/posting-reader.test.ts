// The one-pass reader of a term's postings (client/search/engine/posting-reader.ts) on postings
// written by hand, every part of the grammar in them: several fields, impact levels, numbers of
// one and two digits, the written forms and term counts of titles and headings, sections in
// several fields (merged, scores summed in field order). postings.test.ts checks the same
// reader on real postings against MiniSearch; this pins the grammar and the error for a file
// out of order.
import { describe, expect, it } from 'vitest';
import { BOOST, PostingReader, type Scratch } from '../../client/search/engine/posting-reader.ts';
import { FIELDS, IMPACT_BITS, impactValue, packNumber } from '../../shared/search/index-format.ts';

const DOCUMENTS = 40;

function reader(): { read: PostingReader; scratch: Scratch } {
  const scratch: Scratch = { sum: new Float64Array(DOCUMENTS), kind: new Uint8Array(DOCUMENTS), fields: new Uint8Array(DOCUMENTS), touched: new Int32Array(DOCUMENTS) };
  return { read: new PostingReader(scratch, ['lock'], DOCUMENTS), scratch };
}

/** MiniSearch's BM25+ for one field of one section with its term part given by the impact level, times the field's weight. */
function score(field: number, sectionsWithTerm: number, level: number): number {
  const idf = Math.log(1 + (DOCUMENTS - sectionsWithTerm + 0.5) / (sectionsWithTerm + 0.5));
  return BOOST[FIELDS[field]!] * idf * impactValue(field, level);
}

/** One item: the section's delta and its impact level, then (titles and headings) the name's numbers. */
const item = (field: number, delta: number, level: number, ...name: number[]) => [delta * 2 ** IMPACT_BITS[field]! + level, ...name].map(packNumber).join('');

describe('PostingReader', () => {
  it('packs numbers in base 32 with a last digit of its own', () => {
    expect([0, 31, 32, 40, 1023, 1024].map(packNumber)).toEqual(['a', '-', '1a', '1i', 'V-', '10a']);
  });

  it('reads every part of an item and merges the fields by section', () => {
    const { read, scratch } = reader();
    const names: [number, number, number[], number][] = [];
    // Title (field 0, 64 levels): section 3 (level 5; 2 terms, 1 form: 0) and 13 (level 7; 3 terms, 2 forms: 0 and 1).
    // Body (field 5, 32 levels): sections 3 (level 1) and 36 (level 4). Most numbers here take two digits.
    const text = `0:${item(0, 3, 5, 2, 1, 0)}${item(0, 10, 7, 3, 2, 0, 1)};5:${item(5, 3, 1)}${item(5, 33, 4)}`;
    expect(text).toBe('0:6fcbaKhdcab;5:3b11e');
    const postings = read.read(0, text, (doc, term, forms, count) => names.push([doc, term, forms, count]));
    expect([...postings.docs]).toEqual([3, 13, 36]);
    expect([...postings.fields]).toEqual([1 | 32, 1, 32]);
    expect(postings.anyFields).toBe(1 | 32);
    expect(postings.scores[0]).toBe(score(0, 2, 5) + score(5, 2, 1));
    expect(postings.scores[1]).toBe(score(0, 2, 7));
    expect(postings.scores[2]).toBe(score(5, 2, 4));
    expect(names).toEqual([
      [3, 0, [0], 2],
      [13, 0, [0, 1], 3],
    ]);
    // The scratch arrays are left as they were found: zero.
    expect(scratch.sum.every((v) => v === 0) && scratch.fields.every((v) => v === 0)).toBe(true);
  });

  it('reads a term in one field as it is', () => {
    const { read } = reader();
    const postings = read.read(0, `5:${item(5, 1, 3)}${item(5, 1, 3)}${item(5, 2, 6)}`, () => {});
    expect([...postings.docs]).toEqual([1, 2, 4]);
    expect([...postings.fields]).toEqual([32, 32, 32]);
    expect([...postings.scores]).toEqual([score(5, 3, 3), score(5, 3, 3), score(5, 3, 6)]);
  });

  it('says which term and what to do when a file lists its fields out of order', () => {
    const { read } = reader();
    expect(() => read.read(0, `5:${item(5, 1, 0)};0:${item(0, 3, 0, 1, 1, 0)}`, () => {})).toThrow('search: the postings of term lock list field 0 after field 5; rebuild the site');
  });
});

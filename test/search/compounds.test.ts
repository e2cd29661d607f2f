// Split and joined forms (client/search/engine/compounds.ts) against a small made-up index:
// which sections a compound adds to which query word, and that a word of ours is not split.
import { describe, expect, it } from 'vitest';
import { addCompounds, type CompoundIndex } from '../../client/search/engine/compounds.ts';
import { TokenMatches } from '../../client/search/engine/matcher.ts';
import { KEYWORD_BITS, PostingIndex, TITLE_BITS } from '../../client/search/engine/postings.ts';
import { parseQuery } from '../../client/search/engine/query.ts';
import { Vocabulary } from '../../client/search/engine/vocabulary.ts';
import { IMPACT_BITS, frontCode, packNumber } from '../../shared/search/index-format.ts';
import { stem } from '../../shared/search/stem.ts';

const SECTIONS = 10;

/** Index terms → the sections (ids) holding them in the body, and terms → sections holding them in their title. */
function fakeIndex(body: Record<string, number[]>, title: Record<string, number[]> = {}) {
  const terms = [...new Set([...Object.keys(body), ...Object.keys(title)])].sort();
  const vocabulary = new Vocabulary(frontCode(terms), [terms.length]);
  const postings = new PostingIndex(vocabulary, SECTIONS);
  // Every item at impact level 1; a title item adds its one term, one form, form 0.
  const items = (field: number, docs: number[], suffix: string) => docs.map((doc, i) => packNumber((doc - (docs[i - 1] ?? 0)) * 2 ** IMPACT_BITS[field]! + 1) + suffix).join('');
  terms.forEach((term, i) => {
    const fields = [title[term] ? `0:${items(0, title[term], 'bba')}` : '', body[term] ? `5:${items(5, body[term], '')}` : ''];
    postings.add(i, fields.filter(Boolean).join(';'), () => {});
  });
  const looked: string[] = [];
  const index: CompoundIndex = {
    lookup: (term, prefix) => {
      looked.push(term);
      return postings.lookup(term, vocabulary.reach(term, prefix, 0));
    },
    both: (left, right) => postings.both(left, right),
    isKnownWord: (term) => ((postings.get(vocabulary.indexOf(term))?.anyFields ?? 0) & (TITLE_BITS | KEYWORD_BITS)) !== 0,
  };
  return { index, looked, postings };
}

const emptyMatches = (n: number) => Array.from({ length: n }, () => new TokenMatches(SECTIONS));
const sectionsOf = (m: TokenMatches) => Array.from(m.docs.subarray(0, m.count));

describe('compounds', () => {
  it('counts a section holding the joined word for both words ("rich text" → richtext)', () => {
    const tokens = parseQuery('rich text ');
    const perToken = emptyMatches(2);
    const forms = addCompounds(tokens, perToken, fakeIndex({ richtext: [7] }).index);
    expect(perToken.map(sectionsOf)).toEqual([[7], [7]]);
    expect(forms).toEqual([[['rich'], ['richtext']], [['text'], ['richtext']]]);
  });

  it('joins a word with a particle ("set up" → setup) but never two stop words ("to do")', () => {
    const perToken = emptyMatches(2);
    addCompounds(parseQuery('set up '), perToken, fakeIndex({ setup: [3] }).index);
    expect(perToken.map(sectionsOf)).toEqual([[3], [3]]);
    const stopWords = emptyMatches(4);
    addCompounds(parseQuery('how to do lists '), stopWords, fakeIndex({ todo: [4], howto: [4] }).index);
    expect(stopWords.map((m) => m.size)).toEqual([0, 0, 0, 0]);
  });

  it('matches a word split in two only where both parts are ("auditlog" → audit + log)', () => {
    const tokens = parseQuery('auditlog ');
    const perToken = emptyMatches(1);
    const { index, postings } = fakeIndex({ audit: [1, 2], log: [2, 3] });
    const forms = addCompounds(tokens, perToken, index);
    expect(sectionsOf(perToken[0]!)).toEqual([2]);
    expect(perToken[0]!.matchOf(postings, 2)!.matches).toEqual([{ audit: ['body'], log: ['body'] }]);
    expect(forms).toEqual([[['auditlog'], ['audit', 'log']]]);
  });

  it('looks a tail up only where the head is an index term', () => {
    const { index, looked } = fakeIndex({ audit: [1], log: [1] });
    addCompounds(parseQuery('auditlog '), emptyMatches(1), index);
    // The heads aud, audi and audit are looked up; only audit is a term, so only its tail is.
    expect(looked.filter((t) => ['itlog', 'tlog', 'log'].includes(t))).toEqual(['log']);
  });

  it('does not split a word that names a title, heading or keywords ("database", not data + base)', () => {
    const perToken = emptyMatches(1);
    const { index, looked } = fakeIndex({ [stem('data')]: [8], [stem('base')]: [8] }, { [stem('database')]: [5] });
    addCompounds(parseQuery('database '), perToken, index);
    expect(sectionsOf(perToken[0]!)).toEqual([]);
    expect(looked).not.toContain('data');
    // Without the title, it is split.
    const split = emptyMatches(1);
    addCompounds(parseQuery('database '), split, fakeIndex({ [stem('data')]: [8], [stem('base')]: [8] }).index);
    expect(sectionsOf(split[0]!)).toEqual([8]);
  });
});

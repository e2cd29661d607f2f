// Split and joined forms (client/search/engine/compounds.ts) against a small made-up index:
// which sections a compound adds to which query word, and that a word of ours is not split.
import { describe, expect, it } from 'vitest';
import { addCompounds, type TermResults } from '../../client/search/engine/compounds.ts';
import { EXACT, type TokenMatch } from '../../client/search/engine/matcher.ts';
import { parseQuery } from '../../client/search/engine/query.ts';

/** Index terms → the sections (ids) holding them, in the body unless a field is given. */
function fakeIndex(terms: Record<string, number[]>, field = 'body') {
  const looked: string[] = [];
  const lookup = (term: string): TermResults => {
    looked.push(term);
    return new Map((terms[term] ?? []).map((id) => [id, { score: 1, match: { [term]: [field] } }]));
  };
  return { lookup, looked };
}

const emptyMatches = (n: number) => Array.from({ length: n }, () => new Map<number, TokenMatch>());

describe('compounds', () => {
  it('counts a section holding the joined word for both words ("rich text" → richtext)', () => {
    const tokens = parseQuery('rich text ');
    const perToken = emptyMatches(2);
    const forms = addCompounds(tokens, perToken, fakeIndex({ richtext: [7] }).lookup);
    expect(perToken.map((m) => [...m.keys()])).toEqual([[7], [7]]);
    expect(forms).toEqual([[['rich'], ['richtext']], [['text'], ['richtext']]]);
  });

  it('joins a word with a particle ("set up" → setup) but never two stop words ("to do")', () => {
    const perToken = emptyMatches(2);
    addCompounds(parseQuery('set up '), perToken, fakeIndex({ setup: [3] }).lookup);
    expect(perToken.map((m) => [...m.keys()])).toEqual([[3], [3]]);
    const stopWords = emptyMatches(4);
    addCompounds(parseQuery('how to do lists '), stopWords, fakeIndex({ todo: [4], howto: [4] }).lookup);
    expect(stopWords.map((m) => m.size)).toEqual([0, 0, 0, 0]);
  });

  it('matches a word split in two only where both parts are ("auditlog" → audit + log)', () => {
    const tokens = parseQuery('auditlog ');
    const perToken = emptyMatches(1);
    const forms = addCompounds(tokens, perToken, fakeIndex({ audit: [1, 2], log: [2, 3] }).lookup);
    expect([...perToken[0]!.keys()]).toEqual([2]);
    expect(perToken[0]!.get(2)!.matches).toEqual([{ audit: ['body'], log: ['body'] }]);
    expect(forms).toEqual([[['auditlog'], ['audit', 'log']]]);
  });

  it('looks a tail up only where the head is an index term', () => {
    const { lookup, looked } = fakeIndex({ audit: [1], log: [1] });
    addCompounds(parseQuery('auditlog '), emptyMatches(1), lookup);
    // The heads aud, audi and audit are looked up; only audit is a term, so only its tail is.
    expect(looked.filter((t) => ['itlog', 'tlog', 'log'].includes(t))).toEqual(['log']);
  });

  it('does not split a word that names a title, heading or keywords ("database", not data + base)', () => {
    const perToken = emptyMatches(1);
    perToken[0]!.set(5, { score: 1, kind: EXACT, matches: [{ databas: ['title'] }] });
    addCompounds(parseQuery('database '), perToken, fakeIndex({ data: [8], base: [8] }).lookup);
    expect([...perToken[0]!.keys()]).toEqual([5]);
  });
});

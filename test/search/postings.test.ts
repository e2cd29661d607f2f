// The engine scores lookups straight from the shards' postings (client/search/engine/postings.ts)
// instead of loading them into MiniSearch. This checks each lookup the engine makes against
// MiniSearch's own search over the same sections with the same options and statistics (and the
// index's impact levels, see beforeAll): the same sections,
// the same scores (to rounding), the same terms matched in the same fields, the same kinds.
import MiniSearch, { type SearchResult } from 'minisearch';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUERIES } from '../../bench/queries.ts';
import { CompactIndexBuilder } from '../../cli/search/compact-index.ts';
import { splitIndex } from '../../cli/search/shards.ts';
import { TokenMatches } from '../../client/search/engine/matcher.ts';
import { BOOST, EXACT, PREFIX, PREFIX_WEIGHT, PostingIndex, TYPO, TYPO_WEIGHT } from '../../client/search/engine/postings.ts';
import { parseQuery } from '../../client/search/engine/query.ts';
import { Vocabulary } from '../../client/search/engine/vocabulary.ts';
import { MINISEARCH_OPTIONS, type EntryFile, type SectionDocument, type ShardFile } from '../../shared/search/index-format.ts';
import { contentSections } from './content-sections.ts';
import { atImpactLevels } from './reference-postings.ts';

let miniSearch: MiniSearch<SectionDocument>;
let postings: PostingIndex;
let documentCount: number;

beforeAll(() => {
  const documents = contentSections();
  documentCount = documents.length;
  const built = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  built.addAll(documents);
  const builder = new CompactIndexBuilder();
  for (const document of documents) builder.add(document);
  const files = splitIndex({ groups: ['All'], sectionGroups: documents.map(() => 0), sections: [], index: builder.finish() });
  const entry = JSON.parse(files.indexJson) as EntryFile;
  // The index keeps each posting's BM25 term part as one of a few impact levels (IMPACTS in
  // shared/search/index-format.ts), from the index's own averages (over the sections that have
  // the field, rounded): MiniSearch gets its postings at the same levels, as term frequencies
  // that give each level's value at the average length (reference-postings.ts).
  miniSearch = MiniSearch.loadJS(atImpactLevels(built.toJSON(), entry.averageFieldLength), MINISEARCH_OPTIONS);
  const vocabulary = new Vocabulary(entry.terms, entry.shardSizes);
  postings = new PostingIndex(vocabulary, entry.documentCount);
  files.files
    .filter((f) => f.path.startsWith('terms/'))
    .forEach((file, shard) => {
      const [from] = vocabulary.shardRange(shard);
      (JSON.parse(file.json) as ShardFile).postings.forEach((text, i) => {
        postings.add(from + i, text, () => {});
      });
    });
});

/** What MiniSearch answers for one lookup, per section: score, kind (as the engine reads it) and terms → fields. */
function viaMiniSearch(term: string, prefix: boolean, fuzzy: number) {
  const results: SearchResult[] = miniSearch.search(term, { boost: BOOST, prefix, fuzzy, weights: { prefix: PREFIX_WEIGHT, fuzzy: TYPO_WEIGHT }, tokenize: (s) => [s], processTerm: (s) => s });
  return new Map(
    results.map((r) => {
      const terms = Object.keys(r.match);
      const kind = term in r.match ? EXACT : terms.some((t) => t.startsWith(term)) ? PREFIX : TYPO;
      return [r.id as number, { score: r.score, kind, match: sortedMatch(r.match) }];
    }),
  );
}

function viaPostings(term: string, prefix: boolean, fuzzy: number) {
  const result = postings.lookup(term, postings.vocabulary.reach(term, prefix, fuzzy));
  const matches = new TokenMatches(documentCount);
  matches.add(result);
  return new Map(Array.from(result.docs, (doc, j) => [doc, { score: result.scores[j]!, kind: result.kinds[j]!, match: sortedMatch(matches.matchOf(postings, doc)!.matches[0]!) }]));
}

function sortedMatch(match: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(match)
      .sort()
      .map((t) => [t, [...match[t]!].sort()]),
  );
}

describe('lookups scored from the postings', () => {
  it('answer as MiniSearch does for every word of the benchmark queries, exact, as prefixes and with typos', () => {
    const lookups = new Set<string>();
    for (const query of QUERIES) {
      for (const token of parseQuery(query)) {
        for (const [prefix, fuzzy] of [[false, 0], [true, 0], [false, token.typos], [true, 2]] as const) lookups.add(`${prefix ? 1 : 0}${fuzzy}${token.term}`);
        // The typed prefixes too ("perm" on the way to "permissions").
        for (let n = 2; n < token.term.length; n++) lookups.add(`1${n >= 4 ? 1 : 0}${token.term.slice(0, n)}`);
      }
    }
    expect(lookups.size).toBeGreaterThan(300);
    let sections = 0;
    for (const lookup of lookups) {
      const [prefix, fuzzy, term] = [lookup[0] === '1', Number(lookup[1]), lookup.slice(2)];
      const expected = viaMiniSearch(term, prefix, fuzzy);
      const actual = viaPostings(term, prefix, fuzzy);
      expect({ lookup, sections: [...actual.keys()].sort() }).toEqual({ lookup, sections: [...expected.keys()].sort() });
      for (const [doc, want] of expected) {
        const got = actual.get(doc)!;
        expect({ lookup, doc, kind: got.kind, match: got.match }).toEqual({ lookup, doc, kind: want.kind, match: want.match });
        expect(Math.abs(got.score - want.score)).toBeLessThanOrEqual(1e-9 * want.score);
        sections++;
      }
    }
    expect(sections).toBeGreaterThan(10_000);
  });
});

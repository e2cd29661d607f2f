// The build writes the local index without MiniSearch (cli/search/compact-index.ts) and splits
// it into shards (cli/search/shards.ts); the browser scores straight from the shards' postings
// (client/search/engine/postings.ts). This checks that the shards hold exactly what MiniSearch
// builds itself from the same documents: every term and posting, and each posting's impact
// level (shared/search/index-format.ts impactLevel) worked out from MiniSearch's own term
// frequency and field length, with the averages the index computes from MiniSearch's lengths.
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { CompactIndexBuilder } from '../../cli/search/compact-index.ts';
import { splitIndex } from '../../cli/search/shards.ts';
import { contentSections, section } from './content-sections.ts';
import { FIELDS, MINISEARCH_OPTIONS, frontDecode, impactLevel, packNumber, type EntryFile, type SectionDocument, type ShardFile } from '../../shared/search/index-format.ts';
import { indexAverages, parsePostings } from './reference-postings.ts';

type Index = [string, Record<string, Record<string, number>>][];

function viaMiniSearch(documents: SectionDocument[]) {
  const search = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  search.addAll(documents);
  const json = search.toJSON();
  const averages = indexAverages(json.fieldLength, FIELDS.length);
  // Each posting's frequency → its impact level, from its section's field length.
  const index: Index = (json.index as Index).map(([term, fields]) => [
    term,
    Object.fromEntries(Object.entries(fields).map(([field, docs]) => [field, Object.fromEntries(Object.entries(docs).map(([doc, tf]) => [doc, impactLevel(Number(field), tf, json.fieldLength[doc]![Number(field)]!, averages[Number(field)]!)]))])),
  ]);
  return { index: sortedIndex(index), averages };
}

function viaShards(documents: SectionDocument[]) {
  const builder = new CompactIndexBuilder();
  for (const document of documents) builder.add(document);
  const files = splitIndex({ groups: ['All'], sectionGroups: documents.map(() => 0), sections: [], index: builder.finish() });
  const entry = JSON.parse(files.indexJson) as EntryFile;
  const terms = frontDecode(entry.terms);
  // MiniSearch's serialized form (with impact levels for frequencies), read back from the shards in order.
  const index: Index = [];
  let next = 0;
  for (const file of files.files.filter((f) => f.path.startsWith('terms/'))) {
    for (const postings of (JSON.parse(file.json) as ShardFile).postings) {
      const byField: Record<string, Record<string, number>> = {};
      for (const [fieldId, list] of parsePostings(postings)) byField[fieldId] = Object.fromEntries(list.map((p) => [p.doc, p.level]));
      index.push([terms[next++]!, byField]);
    }
  }
  expect(next).toBe(terms.length);
  return { index: sortedIndex(index), averages: entry.averageFieldLength };
}

function sortedIndex(index: Index): Index {
  return [...index].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe('the compact index builder', () => {
  it('gives MiniSearch’s own index for every section of our help pages', () => {
    const documents = contentSections();
    expect(documents.length).toBeGreaterThan(500);
    const expected = viaMiniSearch(documents);
    expect(expected.index.length).toBeGreaterThan(2000);
    // Not every posting at one level: the levels tell postings apart.
    const levels = new Set(expected.index.flatMap(([, fields]) => Object.values(fields).flatMap((docs) => Object.values(docs))));
    expect(levels.size).toBeGreaterThan(5);
    expect(viaShards(documents)).toEqual(expected);
  });

  it('counts lengths and frequencies as MiniSearch does in awkward text', () => {
    const documents = [
      section(0, { title: 'IF', heading: 'The the THE', body: 'the record, the record: the RECORD! records recorded' }),
      section(1, {}), // every field empty
      section(2, { body: 'and or not of to' }), // stop words only, in a field that drops them
      section(3, { heading: 'and or not', keywords: 'date-time datetime date_time', meta: '  spaced   out  ' }),
      section(4, { body: 'Café naïve résumé — “quotes” it’s don’t 3.5 1,000 $20 v2.1 user@example.com https://ordo.app/x' }),
      section(5, { context: 'Lock a record Lock a record', body: 'ISBLANK isblank IsBlank ISBLANK()' }),
    ];
    expect(viaShards(documents)).toEqual(viaMiniSearch(documents));
  });

  it('lists field ids in the order FIELDS gives them', () => {
    const builder = new CompactIndexBuilder();
    builder.add(section(0, Object.fromEntries(FIELDS.map((field) => [field, 'ledger']))));
    // Doc 0 at each field's level for length 1 (its average); title and heading items add the name's one term, one form, form 0.
    const item = (id: number) => packNumber(impactLevel(id, 1, 1, 1));
    expect(builder.finish().postings).toEqual([FIELDS.map((_, id) => `${id}:${item(id)}${id < 2 ? 'bba' : ''}`).join(';')]);
  });

  it('lists a title’s written forms of a term, sorted, and each section’s own by their places', () => {
    const builder = new CompactIndexBuilder();
    builder.add(section(0, { title: 'Records record RECORDS recorded' }));
    builder.add(section(1, { heading: 'recorded Records of records' }));
    const index = builder.finish();
    const at = index.terms.indexOf('record');
    expect(index.forms[at]).toBe('record recorded records');
    const [averageTitle, averageHeading] = index.averageFieldLength as [number, number];
    // Title: 4 words, all "record"; its forms at places 0, 1, 2. Heading: "of" is a stop word of
    // the name's terms but a term of the heading (kept there); forms "recorded" and "records".
    const title = `${packNumber(impactLevel(0, 4, 4, averageTitle))}bdabc`;
    const heading = `${packNumber((1 << 6) | impactLevel(1, 3, 4, averageHeading))}bcbc`;
    expect(index.postings[at]).toBe(`0:${title};1:${heading}`);
  });

  it('refuses sections added out of order', () => {
    const builder = new CompactIndexBuilder();
    expect(() => builder.add(section(1, { body: 'x' }))).toThrow(/out of order/);
  });
});

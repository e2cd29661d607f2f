// The build writes the local index without MiniSearch (cli/search/compact-index.ts); the
// browser loads it into MiniSearch. This checks that what the browser loads is exactly what
// MiniSearch builds itself from the same documents: every term, posting and field length.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { CompactIndexBuilder } from '../../cli/search/compact-index.ts';
import { FIELDS, INDEX_FORMAT, MINISEARCH_OPTIONS, expandIndex, type SectionDocument } from '../../shared/search/index-format.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

type Index = [string, Record<string, Record<string, number>>][];

function viaMiniSearch(documents: SectionDocument[]) {
  const search = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  search.addAll(documents);
  const json = search.toJSON();
  return { index: sortedIndex(json.index as Index), fieldLength: json.fieldLength };
}

function viaCompactFile(documents: SectionDocument[]) {
  const builder = new CompactIndexBuilder();
  for (const document of documents) builder.add(document);
  const file = { format: INDEX_FORMAT, groups: [], pages: [], sections: [], ...builder.finish() };
  const json = expandIndex(JSON.parse(JSON.stringify(file)));
  return { index: sortedIndex(json.index as Index), fieldLength: json.fieldLength };
}

function sortedIndex(index: Index): Index {
  return [...index].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function section(id: number, fields: Partial<Omit<SectionDocument, 'id'>>): SectionDocument {
  return { id, title: '', heading: '', context: '', keywords: '', meta: '', body: '', ...fields };
}

/** Every section of our help pages: a page's intro, then one section per h2/h3. */
function contentSections(): SectionDocument[] {
  const files = fg.sync('content/**/*.md', { cwd: repoRoot, ignore: ['content/STYLE.md'] }).sort();
  const documents: SectionDocument[] = [];
  for (const file of files) {
    const source = readFileSync(join(repoRoot, file), 'utf8');
    const title = /^title:\s*(.+)$/m.exec(source)?.[1] ?? file;
    const description = /^description:\s*(.+)$/m.exec(source)?.[1] ?? '';
    const body = source.replace(/^---[\s\S]*?\n---\n/, '');
    const [intro, ...rest] = body.split(/\n#{2,3} /);
    documents.push(section(documents.length, { title, keywords: file.replace(/[-/]/g, ' '), meta: description, body: intro }));
    for (const part of rest) {
      const [heading, ...text] = part.split('\n');
      documents.push(section(documents.length, { heading, context: title, body: text.join(' ') }));
    }
  }
  return documents;
}

describe('the compact index builder', () => {
  it('gives MiniSearch’s own index for every section of our help pages', () => {
    const documents = contentSections();
    expect(documents.length).toBeGreaterThan(500);
    const expected = viaMiniSearch(documents);
    expect(expected.index.length).toBeGreaterThan(2000);
    expect(viaCompactFile(documents)).toEqual(expected);
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
    expect(viaCompactFile(documents)).toEqual(viaMiniSearch(documents));
  });

  it('lists field ids in the order FIELDS gives them', () => {
    const builder = new CompactIndexBuilder();
    builder.add(section(0, Object.fromEntries(FIELDS.map((field) => [field, 'ledger']))));
    expect(builder.finish().postings).toEqual([FIELDS.map((_, id) => `${id}:0`).join(';')]);
  });

  it('refuses sections added out of order', () => {
    const builder = new CompactIndexBuilder();
    expect(() => builder.add(section(1, { body: 'x' }))).toThrow(/out of order/);
  });
});

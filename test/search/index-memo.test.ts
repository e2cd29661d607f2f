// The index memo (cli/search/index-memo.ts) lets a warm production build analyse only the pages
// that changed and write only the postings of the terms they touch: after every kind of edit the
// files must be exactly those of a build without it, from the same pages.
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexMemo, type MemoPlace } from '../../cli/search/index-memo.ts';
import { LocalIndexBuilder, type IndexedPage, type LocalIndexFiles } from '../../cli/search/local-index.ts';
import { frontDecode, type EntryFile, type ShardFile } from '../../shared/search/index-format.ts';
import { extractRecords } from '../../cli/search/records.ts';
import { fedPageMessage, type FeedPage } from '../../cli/search/index-feed.ts';
import { buildLocalIndexFiles } from '../../cli/search/search-stage.ts';
import { createRng } from '../../bench/prng.ts';

const WORDS = 'record lock unlock share view filter sort column row cell formula export import sheet owner role permission date number text link attachment comment history version undo'.split(' ');

const dir = mkdtempSync(join(tmpdir(), 'helpgen-memo-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface PageText {
  href: string;
  title: string;
  section: string;
  /** Per section: [heading or '' for the intro, paragraphs]. */
  sections: [string, string[]][];
}

/** Pages of a few sections each, their words drawn from a small vocabulary so that pages share terms. */
function makeSite(count: number): PageText[] {
  const rng = createRng(5);
  const sentence = () => Array.from({ length: rng.int(4, 11) }, () => rng.pick(WORDS)).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    href: `/support/${['guides', 'admin'][i % 2]}/page-${i}`,
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
    section: ['Guides', 'Admin'][i % 2]!,
    sections: [['', [sentence()]], ...Array.from({ length: 1 + (i % 3) }, (_, s): [string, string[]] => [`${WORDS[(i + s) % WORDS.length]} ${s}`, [sentence(), sentence()]])],
  }));
}

function indexed(page: PageText): IndexedPage {
  const html = page.sections.map(([heading, paragraphs], s) => (heading ? `<h2 id="s${s}">${heading}</h2>` : '') + paragraphs.map((p) => `<p>${p}</p>`).join('')).join('');
  return { href: page.href, title: page.title, section: page.section, description: '', keywords: [], records: extractRecords({ href: page.href, title: page.title, section: page.section, html }) };
}

/**
 * Builds the index as the worker does, with the memo at `place` (read, then written for the
 * next build), checks it against a build without a memo, and answers what it analysed and wrote.
 */
function buildAndCompare(place: MemoPlace, pages: IndexedPage[], feed: (page: IndexedPage) => FeedPage = (page) => page): { analysed: number; written: number; terms: number } {
  const builder = new LocalIndexBuilder(IndexMemo.load(place));
  for (const page of pages) builder.addFedPage(fedPageMessage(feed(page)));
  const files = builder.finish();
  builder.saveMemo();
  const full = buildLocalIndexFiles(pages, (i) => pages[i]!.records);
  expect(files.indexJson).toBe(full.indexJson);
  expect(files.files).toEqual(full.files);
  const [written, terms] = builder.writtenTerms;
  return { analysed: builder.analysedPages, written, terms };
}

/** Each term's postings and forms in the index files, as one string. */
function termPostings(files: LocalIndexFiles): Map<string, string> {
  const entry = JSON.parse(files.indexJson) as EntryFile;
  const shards = files.files.filter((file) => file.path.startsWith('terms/')).map((file) => JSON.parse(file.json) as ShardFile);
  const lists = shards.flatMap((shard) => shard.postings.map((postings, i) => `${postings} ${shard.forms[i]}`));
  return new Map(frontDecode(entry.terms).map((term, i) => [term, lists[i]!]));
}

describe('the search index memo', () => {
  it('gives the files of a build without it after every kind of edit, analysing only the changed pages', () => {
    const place = { dir: join(dir, 'site.index'), salt: 'one' };
    const site = makeSite(80);
    const pages = site.map(indexed);
    const cold = buildAndCompare(place, pages);
    expect(cold).toMatchObject({ analysed: 80, written: cold.terms });
    // Nothing changed.
    expect(buildAndCompare(place, pages)).toMatchObject({ analysed: 0, written: 0 });

    // Words of one section changed (every section keeps its id): only the terms it has or had are written.
    site[10]!.sections[1]![1][0] = 'zanzibarite owner permission record';
    pages[10] = indexed(site[10]!);
    const edited = buildAndCompare(place, pages);
    expect(edited.analysed).toBe(1);
    expect(edited.written).toBeGreaterThan(0);
    expect(edited.written).toBeLessThan(edited.terms / 2);
    // ... and back: the term only that edit brought is gone again.
    site[10]!.sections[1]![1][0] = 'lock';
    pages[10] = indexed(site[10]!);
    expect(buildAndCompare(place, pages).analysed).toBe(1);

    // A heading added: every later section moves (every term is written again).
    site[20]!.sections.push(['attachment history 9', ['a new section about undo']]);
    pages[20] = indexed(site[20]!);
    expect(buildAndCompare(place, pages).analysed).toBe(1);

    // A page gone, one added, two swapped.
    pages.splice(30, 1);
    pages.push(indexed({ ...site[0]!, href: '/support/guides/new-page', title: 'New page' }));
    [pages[40], pages[41]] = [pages[41]!, pages[40]!];
    expect(buildAndCompare(place, pages).analysed).toBe(1);

    // A word in many pages: the page files' dictionary changes, and every page file with it.
    for (const i of [1, 3, 5, 7, 9, 11, 13]) {
      site[i]!.sections[0]![1].push('quokka spreadsheets everywhere');
      pages[i] = indexed(site[i]!);
    }
    expect(buildAndCompare(place, pages).analysed).toBe(7);
    expect(buildAndCompare(place, pages).analysed).toBe(0);
  });

  it('reads a damaged, missing or foreign memo as empty', () => {
    const place = { dir: join(dir, 'damaged.index'), salt: 'one' };
    const pages = makeSite(12).map(indexed);
    buildAndCompare(place, pages);
    expect(buildAndCompare({ ...place, salt: 'another helpgen' }, pages).analysed).toBe(12);
    writeFileSync(join(place.dir, 'memo.bin'), 'not a memo');
    expect(buildAndCompare(place, pages).analysed).toBe(12);
    // A texts file gone (another build removed it): nothing is taken from the memo.
    for (const name of readdirSync(place.dir)) if (name.startsWith('texts-')) rmSync(join(place.dir, name));
    expect(buildAndCompare(place, pages).analysed).toBe(12);
    expect(buildAndCompare(place, pages).analysed).toBe(0);
  });

  it('knows a page handed over as the file of its records as the page handed over with them, and reads the file only for a page it does not know', () => {
    const place = { dir: join(dir, 'by-file.index'), salt: 'one' };
    const pages = makeSite(12).map(indexed);
    buildAndCompare(place, pages);
    // Each page's records in a file named by their hash, as the build cache keeps them (../../cli/pipeline/doc-records.ts).
    const byFile = (page: IndexedPage): FeedPage => {
      const json = JSON.stringify(page.records);
      const hash = createHash('sha1').update(json).digest('hex');
      const path = join(dir, `${hash}.json`);
      writeFileSync(path, json);
      return { ...page, records: { path, hash } };
    };
    expect(buildAndCompare(place, pages, byFile).analysed).toBe(0);
    // A file gone: a page the memo knows does not need it.
    const removeFile = (page: IndexedPage): FeedPage => {
      const fed = byFile(page);
      rmSync((fed.records as { path: string }).path);
      return fed;
    };
    expect(buildAndCompare(place, pages, removeFile).analysed).toBe(0);
    // An edited page is read from its file.
    pages[3] = indexed({ href: pages[3]!.href, title: 'Quokka export', section: 'Guides', sections: [['', ['quokka records export nightly']]] });
    expect(buildAndCompare(place, pages, byFile).analysed).toBe(1);
  });
});

describe('the search index memo after a one-word edit', () => {
  it('writes again only the terms whose postings an edit changed', () => {
    const place = { dir: join(dir, 'exact.index'), salt: 'one' };
    const site = makeSite(80);
    const pages = site.map(indexed);
    buildAndCompare(place, pages);
    const before = termPostings(buildLocalIndexFiles(pages, (i) => pages[i]!.records));
    // One word of one section of a page of several sections: its other sections, and the
    // terms of this one whose entries stay, keep their postings.
    const words = site[14]!.sections[2]![1][1]!.split(' ');
    words[0] = words[0] === 'quartz' ? 'feldspar' : 'quartz';
    site[14]!.sections[2]![1][1] = words.join(' ');
    pages[14] = indexed(site[14]!);
    const edited = buildAndCompare(place, pages);
    const after = termPostings(buildLocalIndexFiles(pages, (i) => pages[i]!.records));
    const differ = [...new Set([...before.keys(), ...after.keys()])].filter((term) => before.get(term) !== after.get(term));
    expect(differ.length).toBeGreaterThan(0);
    expect(edited).toMatchObject({ analysed: 1, written: differ.length });
  });
});

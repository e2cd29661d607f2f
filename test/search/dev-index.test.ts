// The dev server's index (cli/search/dev-index.ts) is updated page by page: after each kind of
// edit it must hold exactly the files a full build of the same pages writes, while analysing
// only the pages that changed.
import { describe, expect, it } from 'vitest';
import { DevSearchIndex } from '../../cli/search/dev-index.ts';
import { extractRecords } from '../../cli/search/records.ts';
import { buildLocalIndexFiles } from '../../cli/search/search-stage.ts';
import type { IndexedPage } from '../../cli/search/local-index.ts';
import { createRng } from '../../bench/prng.ts';

const WORDS = 'record lock unlock share view filter sort column row cell formula export import sheet owner role permission date number text link attachment comment history version undo'.split(' ');

interface PageText {
  href: string;
  title: string;
  section: string;
  description: string;
  keywords: string[];
  /** Per section: [heading or '' for the intro, paragraphs]. */
  sections: [string, string[]][];
}

/** Pages of a few sections each, their words drawn from a small vocabulary so that pages share terms. */
function makeSite(count: number): PageText[] {
  const rng = createRng(11);
  const sentence = () => Array.from({ length: rng.int(4, 11) }, () => rng.pick(WORDS)).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    href: `/support/${['guides', 'admin', 'api'][i % 3]}/page-${i}`,
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
    section: ['Guides', 'Admin', 'API'][i % 3]!,
    description: sentence(),
    keywords: i % 4 ? [] : [WORDS[(i * 3) % WORDS.length]!],
    sections: [['', [sentence()]], ...Array.from({ length: 1 + (i % 4) }, (_, s): [string, string[]] => [`${WORDS[(i + s) % WORDS.length]} ${s}`, [sentence(), sentence()]])],
  }));
}

/** The page as the search stage hands it over; `records` is a new array each time it is called, as after an edit. */
function indexed(page: PageText): IndexedPage {
  const html = page.sections.map(([heading, paragraphs], s) => (heading ? `<h2 id="s${s}">${heading}</h2>` : '') + paragraphs.map((p) => `<p>${p}</p>`).join('')).join('');
  return { href: page.href, title: page.title, section: page.section, description: page.description, keywords: page.keywords, records: extractRecords({ href: page.href, title: page.title, section: page.section, html }) };
}

/** Updates the dev index and checks it against a full build of the same pages; returns how many pages it analysed. */
function updateAndCompare(index: DevSearchIndex, pages: IndexedPage[]): number {
  const files = index.update(pages);
  const full = buildLocalIndexFiles(pages, (i) => pages[i]!.records);
  expect(files.indexJson).toBe(full.indexJson);
  expect(files.files).toEqual(full.files);
  return index.analysedPages;
}

describe('the dev search index', () => {
  it('writes the files of a full build after every kind of edit, analysing only the pages that changed', () => {
    const site = makeSite(60);
    const pages = site.map(indexed);
    const index = new DevSearchIndex();
    expect(updateAndCompare(index, pages)).toBe(60);
    // Nothing changed: the same records arrays come back.
    expect(updateAndCompare(index, pages)).toBe(0);

    // Words changed in a section (every section keeps its id): only that page's sections are replaced.
    site[10]!.sections[1]![1][0] = 'zanzibarite owner permission record';
    pages[10] = indexed(site[10]!);
    expect(updateAndCompare(index, pages)).toBe(1);
    // ... and back: the term only that edit brought is gone again.
    site[10]!.sections[1]![1][0] = 'lock';
    pages[10] = indexed(site[10]!);
    expect(updateAndCompare(index, pages)).toBe(1);
    expect(index.update(pages).indexJson).not.toContain('zanzibar');

    // A heading added: every later section moves.
    site[20]!.sections.push(['attachment history 9', ['a new section about undo']]);
    pages[20] = indexed(site[20]!);
    expect(updateAndCompare(index, pages)).toBe(1);

    // Fields besides the records: the same records with another description or keywords.
    pages[5] = { ...pages[5]!, description: 'how to stop people editing a record' };
    pages[6] = { ...pages[6]!, keywords: ['spreadsheet'] };
    expect(updateAndCompare(index, pages)).toBe(2);

    // A page gone, one added, two swapped.
    pages.splice(30, 1);
    pages.push(indexed({ ...site[0]!, href: '/support/guides/new-page', title: 'New page' }));
    [pages[40], pages[41]] = [pages[41]!, pages[40]!];
    expect(updateAndCompare(index, pages)).toBe(1);

    // Two edits to sections of different pages at once.
    site[2]!.sections[0]![1][0] = 'formula formula formula';
    site[50]!.sections[1]![1][1] = 'role';
    pages[2] = indexed(site[2]!);
    pages[49] = indexed(site[50]!); // site[50] sits one place earlier since the page above was removed
    expect(updateAndCompare(index, pages)).toBe(2);
  });
});

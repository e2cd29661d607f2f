// The local index files, written by cli/search/local-index.ts and read by client/search/engine/engine.ts.
//
// index.<hash>.json (loaded on first search intent) holds everything ranking needs: page and
// section titles and a MiniSearch index, stored in a compact form (terms and delta-coded
// postings as strings) because MiniSearch's own JSON is about three times larger. The
// paragraph texts that snippets are cut from are not in it: each page has a small fragment
// file, fetched only when one of its sections is shown as a hit (as Pagefind does), which keeps
// the index within its budget as the site grows.
import type { AsPlainObject, Options } from 'minisearch';
import { isStopWord, normalizeWord, tokenize } from './text.ts';
import { stem } from './stem.ts';

export const INDEX_FORMAT = 3;

/** [href, group, title, fragment file name] */
export type PageTuple = [string, number, string, string];

/** A page's intro (level 1) or a heading and what is under it: [page, level, anchor, heading, parent or -1]. */
export type SectionTuple = [number, number, string, string, number];

export interface IndexFile {
  format: typeof INDEX_FORMAT;
  /** lvl0 names, in sidebar order. */
  groups: string[];
  pages: PageTuple[];
  sections: SectionTuple[];
  /** Index terms, sorted, space-separated. */
  terms: string;
  /** Per term: "field:doc,doc*tf,…;field:…" with doc ids delta-coded in base 36. */
  postings: string[];
  /** Per section: field lengths in FIELDS order, comma-separated; sections separated by ";". */
  lengths: string;
}

/** A page's paragraphs, per section of the page in index order. */
export type FragmentFile = string[][];

/** A section as MiniSearch sees it. */
export interface SectionDocument {
  id: number;
  /** The page title (intro sections only). */
  title: string;
  /** The section's own heading. */
  heading: string;
  /** The page title and parent headings (sections below a heading only). */
  context: string;
  /** Keywords and the words of the file name (intro sections only): writers' search words. */
  keywords: string;
  /** Description (intro sections only). */
  meta: string;
  body: string;
}

export const FIELDS = ['title', 'heading', 'keywords', 'context', 'meta', 'body'] as const;
export type Field = (typeof FIELDS)[number];

/** Short fields keep stop words, so a title such as "IF" can still be found. */
const KEEPS_STOP_WORDS: ReadonlySet<string> = new Set(['title', 'heading']);

export const MINISEARCH_OPTIONS: Options<SectionDocument> = {
  idField: 'id',
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  processTerm: (term, field) => {
    const word = normalizeWord(term);
    if (!word) return null;
    if (isStopWord(word) && !(field && KEEPS_STOP_WORDS.has(field))) return null;
    return stem(word);
  },
};

type Plain = AsPlainObject;

/** The compact form → MiniSearch's JSON, ready for MiniSearch.loadJS. */
export function expandIndex(file: IndexFile): Plain {
  const lengths = file.lengths ? file.lengths.split(';').map((row) => row.split(',').map(Number)) : [];
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  // Averages count only sections that have the field: a title exists on intro sections only,
  // and averaging in every empty one would make each title look ten times too long to BM25.
  const totals = FIELDS.map(() => 0);
  const present = FIELDS.map(() => 0);
  lengths.forEach((row, id) => {
    documentIds[id] = id;
    fieldLength[id] = row;
    row.forEach((n, f) => {
      totals[f]! += n;
      if (n > 0) present[f]!++;
    });
  });
  const terms = file.terms ? file.terms.split(' ') : [];
  const index = terms.map((term, i) => {
    const data: Record<string, Record<string, number>> = {};
    for (const part of file.postings[i]!.split(';')) {
      const [field, list] = part.split(':') as [string, string];
      const docs: Record<string, number> = {};
      let doc = 0;
      for (const item of list.split(',')) {
        const [delta, tf] = item.split('*');
        doc += parseInt(delta!, 36);
        docs[doc] = tf ? parseInt(tf, 36) : 1;
      }
      data[field] = docs;
    }
    return [term, data];
  });
  return {
    documentCount: lengths.length,
    nextId: lengths.length,
    documentIds,
    fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: totals.map((t, f) => (present[f] ? t / present[f]! : 0)),
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  } as unknown as Plain;
}

// The local index files, written by cli/search/local-index.ts and read by
// client/search/engine/index-store.ts. Why this split: cli/search/README.md ("Files").
//
// index.json, the entry (loaded on first search intent), holds what every query needs and
// little that grows with the number of pages: the section groups, the statistics BM25 needs
// (section count, average field lengths), the sorted vocabulary, which tells which shard
// holds a term and which terms a prefix or a typo reaches, and the names of the other files.
// The postings are in term shards (contiguous ranges of the sorted terms), fetched for the
// terms a query touches; each posting carries its field length, so scores need nothing else.
// The text a hit shows (page, headings, paragraphs) is in one file per page, fetched only for
// the pages of the hits shown.
//
// Names: every file is named by its own content, in a way that survives edits elsewhere
// (cli/search/shards.ts chooses the boundaries from the content, not from positions): a shard
// by its first term and a short hash of itself, a page by the hash of its block (a run of
// whole pages) and its place in the block. An edit to one page renames only the shards whose
// postings changed and the files of that page's block.
import type { Options } from 'minisearch';
import { isStopWord, normalizeWord, tokenize } from './text.ts';
import { stem } from './stem.ts';

export const INDEX_FORMAT = 6;

/** Characters of a shard's hash: its first term already tells it from every other shard. */
export const SHARD_HASH_LENGTH = 5;
/** Characters of a page block's hash, which alone tells the blocks apart. */
export const BLOCK_HASH_LENGTH = 8;

export interface EntryFile {
  format: typeof INDEX_FORMAT;
  /** lvl0 names, in sidebar order. */
  groups: string[];
  /** Runs of sections in one group: first section id, group, first section id, group, … */
  groupRuns: number[];
  /** Sections (MiniSearch documents) in the whole index. */
  documentCount: number;
  /** Per field (FIELDS order): the average length over the sections that have the field. */
  averageFieldLength: number[];
  /** Every index term, sorted, front-coded (see frontCode), space-separated. */
  terms: string;
  /** How many terms each shard holds, in term order. */
  shardSizes: number[];
  /** Each shard's content hash (SHARD_HASH_LENGTH characters each), in shard order. */
  shardHashes: string;
  /** How many sections each page has, in section order (see countsCode). */
  pageSections: string;
  /** How many pages each block of page files holds, in page order. */
  blockPages: number[];
  /** Each block's content hash (BLOCK_HASH_LENGTH characters each), in block order. */
  blockHashes: string;
}

/**
 * A range of terms. `postings[i]` is "field:item,item;field:…", an item being
 * `norm docDelta[*tf]`: the field's length as one digit (normCode), then the doc id
 * delta-coded, every number in base 36; items of the
 * title and heading fields add `!form+form.count`: which of the term's written forms
 * (`forms[i]`, space-separated) that title holds, and how many distinct non-stop terms it has
 * (what the ranking's exact-word and whole-title bonuses need).
 */
export interface ShardFile {
  postings: string[];
  forms: string[];
}

/**
 * Field lengths as BM25 reads them, one base-36 digit each (as Lucene keeps one byte per
 * field): exact up to 12, then levels about 24 % apart, up to 1,616 (a longer field counts as
 * 1,616). Exact lengths took one to three characters a posting and made most postings
 * differ: the shards were 184 KB gzip on our site, 140 KB with these and the length first.
 */
export const NORM_LENGTHS: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 18, 23, 28, 35, 43, 53, 66, 82, 101, 125, 155, 192, 237, 294, 363, 450, 557, 689, 853, 1055, 1306, 1616,
];

/** The digit of the level nearest a field length (the lower of two as near). */
export function normCode(length: number): string {
  let code = 0;
  while (code < NORM_LENGTHS.length - 1 && NORM_LENGTHS[code + 1]! - length < length - NORM_LENGTHS[code]!) code++;
  return code.toString(36);
}

/** What a hit shows of its section: [page href, page title, level, anchor, lvl2…lvl6 headings, paragraphs]. */
export type SectionFile = [string, string, number, string, (string | null)[], string[]];

/** A page's file: [href, title, its sections' [level, anchor, lvl2…lvl6 headings, paragraphs]]. */
export type PageFile = [string, string, [number, string, (string | null)[], string[]][]];

export function pageFile(sections: readonly SectionFile[]): PageFile {
  return [sections[0]![0], sections[0]![1], sections.map(([, , level, anchor, headings, paragraphs]) => [level, anchor, headings, paragraphs])];
}

export function pageSections([href, title, sections]: PageFile): SectionFile[] {
  return sections.map(([level, anchor, headings, paragraphs]) => [href, title, level, anchor, headings, paragraphs]);
}

/**
 * Counts of at least 1 as base-36 digits, one a count: a digit "z" (35) adds 35 and the count
 * goes on in the next digit ("z0" is 35, "z5" 40). Pages have a few sections each: one
 * character a page, where a JSON list of numbers took two or three.
 */
export function countsCode(counts: readonly number[]): string {
  return counts.map((count) => 'z'.repeat(Math.floor(count / 35)) + (count % 35).toString(36)).join('');
}

export function countsDecode(code: string): number[] {
  const counts: number[] = [];
  let count = 0;
  for (const digit of code) {
    const value = parseInt(digit, 36);
    count += value;
    if (value === 35) continue;
    counts.push(count);
    count = 0;
  }
  return counts;
}

/**
 * Sorted terms share their beginnings ("lock", "locked", "locking"): each is written as the
 * length of the part it shares with the one before (one base-36 digit, at most 35) and the
 * rest ("0lock 4ed 4ing"). Gzip alone leaves the vocabulary twice as large.
 */
export function frontCode(terms: readonly string[]): string {
  let previous = '';
  return terms
    .map((term) => {
      let shared = 0;
      while (shared < 35 && shared < term.length && term[shared] === previous[shared]) shared++;
      previous = term;
      return shared.toString(36) + term.slice(shared);
    })
    .join(' ');
}

export function frontDecode(coded: string): string[] {
  if (!coded) return [];
  let previous = '';
  return coded.split(' ').map((item) => (previous = previous.slice(0, parseInt(item[0]!, 36)) + item.slice(1)));
}

/**
 * A shard's file: its first term (which no other shard starts with) and its hash. A term that
 * is not plain a-z0-9 is written as its code points in base 36 after "_", so names stay ASCII
 * and never meet a plain term.
 */
export function shardPath(firstTerm: string, hash: string): string {
  const id = /^[a-z0-9]+$/.test(firstTerm) ? firstTerm : `_${[...firstTerm].map((c) => c.codePointAt(0)!.toString(36)).join('-')}`;
  return `terms/${id}.${hash}.json`;
}

/** The file of the page at `place` in the block with this hash. */
export function pagePath(blockHash: string, place: number): string {
  return `pages/${blockHash}.${place}.json`;
}

/** The `index`th hash of a list of fixed-width hashes. */
export function hashAt(hashes: string, width: number, index: number): string {
  return hashes.slice(index * width, (index + 1) * width);
}

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
/** The fields that name a section (its title or heading): their postings carry written forms. */
export const NAME_FIELDS: ReadonlySet<number> = new Set([FIELDS.indexOf('title'), FIELDS.indexOf('heading')]);

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

/** The written words of a title or heading, and its distinct non-stop terms (what ranking compares queries with). */
export function nameWords(text: string): { words: string[]; terms: string[] } {
  const words = tokenize(text).map(normalizeWord);
  return { words, terms: [...new Set(words.filter((w) => !isStopWord(w)).map(stem))] };
}

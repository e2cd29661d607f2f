// The local index files, written by cli/search/local-index.ts and read by
// client/search/engine/index-store.ts. Why this split: cli/search/README.md ("Files").
//
// index.json, the entry (loaded on first search intent), holds what every query needs and
// little that grows with the number of pages: the section groups, the statistics BM25 needs
// (section count, average field lengths), the sorted vocabulary, which tells which shard
// holds a term and which terms a prefix or a typo reaches, and the names of the other files.
// The postings are in term shards (contiguous ranges of the sorted terms), fetched for the
// terms a query touches; each posting carries its impact (its score but for the term's idf and
// the field's weight), so scores need nothing else.
// The text a hit shows (page, headings, paragraphs) is in one file per page, fetched only for
// the pages of the hits shown, with the site's commonest words as codes of a dictionary file
// fetched with the first of them (./page-words.ts).
//
// Names: every file is named by its own content, in a way that survives edits elsewhere
// (cli/search/shards.ts chooses the boundaries from the content, not from positions): a shard
// by its first term and a short hash of itself, a page by the hash of its block (a run of
// whole pages) and its place in the block. An edit to one page renames only the shards whose
// postings changed and the files of that page's block.
import type { Options } from 'minisearch';
import { isStopWord, normalizeWord, tokenize } from './text.ts';
import { stem } from './stem.ts';

export const INDEX_FORMAT = 8;

/** Characters of a shard's hash: its first term already tells it from every other shard. */
export const SHARD_HASH_LENGTH = 5;
/** Characters of a page block's hash, which alone tells the blocks apart. */
export const BLOCK_HASH_LENGTH = 8;
/** Characters of the word dictionary's hash. */
export const WORDS_HASH_LENGTH = 8;

export interface EntryFile {
  format: typeof INDEX_FORMAT;
  /** lvl0 names, in sidebar order. */
  groups: string[];
  /** Runs of sections in one group: first section id, group, first section id, group, … */
  groupRuns: number[];
  /** Sections (MiniSearch documents) in the whole index. */
  documentCount: number;
  /** Per field (FIELDS order): the average length over the sections that have the field (steadyAverage), as the impacts read it. */
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
  /** The hash of the page files' word dictionary (see wordsPath and ./page-words.ts). */
  wordsHash: string;
}

/**
 * A range of terms. `postings[i]` is "field:items;field:items…", the items of a field written
 * one after the other with no separator, each a packed number or a few (see packNumber): the
 * section id's delta from the item before times IMPACT_LEVELS plus the posting's impact level
 * (impactLevel). Items of the title and heading fields add the count of distinct non-stop
 * terms of that title, the count of the term's written forms it holds and each form's place in
 * `forms[i]` (space-separated): what the ranking's exact-word and whole-title bonuses need.
 */
export interface ShardFile {
  postings: string[];
  forms: string[];
}

/** MiniSearch's BM25+ parameters (its defaults). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * Impacts (Lucene's name): the part of a posting's BM25+ score that depends on the posting
 * (its term frequency, its field's length against the field's average), worked out at build
 * time and kept as one of a field's impact levels, geometrically spaced from IMPACT_LOW to
 * IMPACT_HIGH: 64 for the short fields (about 2 % apart), 16 for the body (about 10 %), which
 * holds most postings. The browser multiplies a level's value by the field's weight and the
 * term's idf, and reads no length, frequency or average. A length level and a term frequency
 * took a base-36 digit and a `*tf` per posting: they were most of the shards' bytes
 * (cli/search/README.md, "Impacts").
 */
export const IMPACT_BITS: readonly number[] = [6, 6, 6, 6, 6, 5];
const IMPACT_LOW = 0.6;
const IMPACT_HIGH = 2.4;

const stepOf = (bits: number) => Math.log(IMPACT_HIGH / IMPACT_LOW) / ((1 << bits) - 1);

/** The value an impact level of a field stands for (the score's term part, before weight and idf). */
export function impactValue(field: number, level: number): number {
  return IMPACT_LOW * Math.exp(level * stepOf(IMPACT_BITS[field]!));
}

/** BM25+'s term part, exactly: term frequency saturated with the field's length against its average. */
export function impactOf(tf: number, length: number, average: number): number {
  return BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average));
}

/** The level of the field nearest (on a log scale) a posting's impact. */
export function impactLevel(field: number, tf: number, length: number, average: number): number {
  const bits = IMPACT_BITS[field]!;
  const level = Math.round(Math.log(impactOf(tf, length, average) / IMPACT_LOW) / stepOf(bits));
  return Math.min((1 << bits) - 1, Math.max(0, level));
}

/**
 * A field's average length as the impacts read it: rounded to a step of 1/16 of a doubling
 * (about 4 %). Every impact depends on the averages, so an exact average would change postings
 * in every shard whenever one page grew by a word; a rounded one changes once in many edits.
 */
export function steadyAverage(average: number): number {
  if (!(average > 0)) return 0;
  const step = Math.round(Math.log2(average) * 16);
  const doublings = Math.floor(step / 16);
  // 2 ** (step / 16) itself is not the same double on every Node: V8's pow gives
  // 2 ** 3.5 one ulp apart between Node 20 and 24, and the value is written into index.json. A
  // table of correctly rounded sixteenths times an exact power of two is the same everywhere.
  return SIXTEENTHS_OF_A_DOUBLING[step - doublings * 16]! * 2 ** doublings;
}

/** 2 ** (j / 16) for j = 0 … 15, each the double nearest the exact value. */
const SIXTEENTHS_OF_A_DOUBLING: readonly number[] = [
  1, 1.0442737824274138, 1.0905077326652577, 1.1387886347566916, 1.189207115002721, 1.241857812073484, 1.2968395546510096, 1.3542555469368927,
  Math.SQRT2, 1.4768261459394993, 1.5422108254079407, 1.6104903319492543, 1.681792830507429, 1.7562521603732995, 1.8340080864093424, 1.9152065613971474,
];

/**
 * Packed numbers: base 32, most significant digit first, the last digit from its own alphabet
 * (PACK_LAST) so that the number ends without a separator. A posting is one to three characters
 * where "impact digit, base-36 delta, comma" took three to five, and the characters left say
 * more to gzip (cli/search/README.md, "Impacts").
 */
export const PACK_MORE = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
export const PACK_LAST = 'abcdefghijklmnopqrstuvwxyzWXYZ_-';

export function packNumber(value: number): string {
  // Most numbers take one or two digits (the build packs millions at 8,500 pages).
  if (value < 32) return PACK_LAST[value]!;
  if (value < 1024) return PACK_MORE[value >> 5]! + PACK_LAST[value & 31]!;
  let out = PACK_LAST[value % 32]!;
  for (let rest = Math.floor(value / 32); rest > 0; rest = Math.floor(rest / 32)) out = PACK_MORE[rest % 32]! + out;
  return out;
}

export { pageFile, pageSections, type PageFile, type SectionFile } from './page-file.ts';

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

/** The longest a shard's name may take from its first term; file systems allow 255 bytes a name. */
export const SHARD_ID_LENGTH = 100;

/**
 * A shard's file: its first term (which no other shard starts with) and its hash. A term that
 * is not plain a-z0-9 is written as its code points in base 36 after "_", so names stay ASCII
 * and never meet a plain term. A longer name than SHARD_ID_LENGTH (a page of "xxxx…", a long
 * word in a script written as code points) keeps its beginning and ends with "~" and a hash of
 * the whole term, so it stays distinct from every other.
 */
export function shardPath(firstTerm: string, hash: string): string {
  let id = /^[a-z0-9]+$/.test(firstTerm) ? firstTerm : `_${[...firstTerm].map((c) => c.codePointAt(0)!.toString(36)).join('-')}`;
  if (id.length > SHARD_ID_LENGTH) id = `${id.slice(0, SHARD_ID_LENGTH - 16)}~${termHash(firstTerm)}`;
  return `terms/${id}.${hash}.json`;
}

/** 14 base-36 digits from two FNV-1a hashes of the term (different offsets): no two terms of one index meet. */
function termHash(term: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < term.length; i++) {
    a = Math.imul(a ^ term.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ term.charCodeAt(i), 0x811c9dc5 | 1);
  }
  return (a >>> 0).toString(36).padStart(7, '0') + (b >>> 0).toString(36).padStart(7, '0');
}

/** The file of the page at `place` in the block with this hash. */
export function pagePath(blockHash: string, place: number): string {
  return `pages/${blockHash}.${place}.json`;
}

/** The page files' word dictionary: a JSON string, each slot's word (see ./page-words.ts). */
export function wordsPath(hash: string): string {
  return `words/${hash}.json`;
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
export const KEEPS_STOP_WORDS: ReadonlySet<string> = new Set(['title', 'heading']);

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

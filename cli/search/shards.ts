// Splits the local index into the files the browser fetches (format: shared/search/index-format.ts,
// reasons: cli/search/README.md): the entry, term shards and one file per page.
//
// Where one file ends and the next begins is decided by the content around the boundary, never
// by how much came before it: an edit to one page then changes the files holding what changed
// (and the entry), and every other file keeps its bytes and its name, so a deploy uploads a
// handful of files instead of all of them. A boundary set by running totals ("every 4,000
// characters") would move every later boundary when one page grew by a word.
import {
  BLOCK_HASH_LENGTH,
  INDEX_FORMAT,
  SHARD_HASH_LENGTH,
  WORDS_HASH_LENGTH,
  countsCode,
  frontCode,
  pageFile,
  pagePath,
  shardPath,
  wordsPath,
  type EntryFile,
  type PageFile,
  type SectionFile,
  type ShardFile,
} from '../../shared/search/index-format.ts';
import type { CompactIndex } from './compact-index.ts';
import { encodePage, wordCodes, wordsFile } from '../../shared/search/page-words.ts';
import type { WordCodes } from '../../shared/search/word-codes.ts';
import { shortHash } from './content-hash.ts';
import { chooseFromCounts, chooseWords, pageWords } from './page-words.ts';
import { dictionaryWords } from './token-table.ts';
import type { PageSpill } from './page-spill.ts';

/** One of the files the entry names (its path relative to the entry). */
export interface IndexFile {
  path: string;
  json: string;
}

/** The local index as the files a build writes: the entry, and the files it names. */
export interface LocalIndexFiles {
  indexJson: string;
  files: IndexFile[];
}

/**
 * Postings per shard, in characters. A shard is fetched whole, so a smaller one wastes fewer
 * bytes on terms the query did not need; a larger one means fewer requests and a shorter list of
 * names in the entry. At 2,600 (about 2,750 on average) a shard is about 1.7 KB gzip, near the
 * size of a request's headers, and holds about as many terms as format 6's shards of 3,700
 * characters (packed postings are shorter): at 3,700 our site had 51 shards of 2.3 KB, 2.7 KB
 * less in all, but a first search read and fetched more terms it did not need (at 8,500 pages
 * its three small shards grew from 8.6 to 9.4 KB gzip). A shard ends after a term once it
 * holds three quarters of this, with a chance that grows with the term's postings (so the sizes
 * average out near this), and always at five quarters. Sizes vary little on purpose: the shard holding a given term is more often a
 * large one, so widely varying sizes make a query fetch more bytes for the same terms.
 */
export const SHARD_CHARACTERS = 2_600;

/**
 * Sections per block of page files, at least (a block ends after a page, once it holds this
 * many sections, when the page's address says so: one page in BLOCK_PAGES). An edit renames
 * the files of its block; each block costs the entry its hash and size.
 */
export const BLOCK_SECTIONS = 32;
const BLOCK_PAGES = 4;

export interface IndexParts {
  groups: string[];
  /** Group of each section, in section order. */
  sectionGroups: number[];
  sections: SectionFile[];
  index: CompactIndex;
  /** Dev's kept index keeps what it worked out of each page between rebuilds (see PageFileCache). */
  pageCache?: PageFileCache;
  /** A production index's page files and word counts, made as its pages arrived. */
  counted?: CountedPages;
}

/**
 * A page's file, its words and its file as last encoded, kept by its first section: dev's kept
 * index hands the same section objects while a page is unchanged, so a rebuild works out only
 * the changed pages' words, and encodes the others again only when the dictionary changed
 * (choosing and encoding from scratch took 70 ms of our site's rebuild on a loaded machine).
 */
export type PageFileCache = WeakMap<SectionFile, { file: PageFile; words: string[]; encoded?: { wordsHash: string; json: string } }>;

export function splitIndex(parts: IndexParts): LocalIndexFiles {
  return collectFiles(indexFiles(parts));
}

/** Every file `indexFiles` makes, and the entry. */
export function collectFiles(made: Generator<IndexFile, string>): LocalIndexFiles {
  const files: IndexFile[] = [];
  for (let next = made.next(); ; next = made.next()) {
    if (next.done) return { indexJson: next.value, files };
    files.push(next.value);
  }
}

/**
 * The files the entry names, one at a time (the term shards, the word dictionary, then the page
 * files block by block), and at the end the entry's text, which names them all. A production
 * index hands them over in parts as they come (./index-worker.ts): made all at once, every page
 * file's text was in the worker's heap at the same time, and then again in the buffer it
 * handed over (at 50,000 pages ~200 MB each).
 */
export function* indexFiles({ groups, sectionGroups, sections, index, pageCache, counted }: IndexParts): Generator<IndexFile, string> {
  const shards = termShards(index);
  const shardHashes: string[] = [];
  for (const shard of shards) {
    const json = JSON.stringify(shard.file);
    const hash = shortHash(json, SHARD_HASH_LENGTH);
    shardHashes.push(hash);
    yield { path: shardPath(index.terms[shard.firstTerm]!, hash), json };
  }
  const pages = pagesOf(sections);
  const blocks = pageBlocks(pages);
  const { encode, wordsJson, wordsHash } = pageFilesOf(pages, counted, pageCache);
  yield { path: wordsPath(wordsHash), json: wordsJson };
  const blockHashes: string[] = [];
  let id = 0;
  for (const size of blocks) {
    const block: string[] = [];
    while (block.length < size) block.push(encode(id++));
    const hash = shortHash(block, BLOCK_HASH_LENGTH);
    blockHashes.push(hash);
    for (const [place, json] of block.entries()) yield { path: pagePath(hash, place), json };
  }

  const groupRuns: number[] = [];
  sectionGroups.forEach((group, id) => {
    if (groupRuns[groupRuns.length - 1] !== group) groupRuns.push(id, group);
  });
  const entry: EntryFile = {
    format: INDEX_FORMAT,
    groups,
    groupRuns,
    documentCount: index.documentCount,
    averageFieldLength: index.averageFieldLength,
    terms: frontCode(index.terms),
    shardSizes: shards.map((s) => s.file.postings.length),
    shardHashes: shardHashes.join(''),
    pageSections: countsCode(pages.map((page) => page.length)),
    blockPages: blocks,
    blockHashes: blockHashes.join(''),
    wordsHash,
  };
  return JSON.stringify(entry);
}

/**
 * The page files of a production index, worked out as each page arrives (addCountedPage), while
 * the markdown is still being rendered, rather than all at once when the index is finished,
 * when nothing else runs (at 8,500 pages ~1 s of that serial stretch): each page's file, and
 * how many pages hold each word (all the dictionary needs; keeping every page's word list
 * until the end cost ~100 MB at 8,500 pages, at the build's memory peak). Each file waits as
 * its JSON text, in page order, in a temporary file (./page-spill.ts) until the dictionary is
 * known.
 */
export interface CountedPages {
  files: PageSpill;
  /** By word id (./token-table.ts `dictionaryWords`), the number of pages holding the word. */
  pagesHolding: number[];
  /** The page files as a build before encoded them, by page (see ./index-memo.ts). */
  encoded?: EncodedPages;
}

/** Page files as encoded before, by page and by the hash of the dictionary that encoded them. */
export interface EncodedPages {
  get(page: number, wordsHash: string): string | undefined;
  set(page: number, wordsHash: string, json: string): void;
}

/** Counts a page's file and its distinct dictionary words (ids, see AnalysedPage.words). */
export function addCountedPage(counted: CountedPages, sections: readonly SectionFile[], words: ArrayLike<number>): void {
  addCountedFile(counted, JSON.stringify(pageFile(sections)), words);
}

/** The same with the page's file as JSON text already, or where to read it. */
export function addCountedFile(counted: CountedPages, file: string | (() => string), words: ArrayLike<number>): void {
  counted.files.add(file);
  const holding = counted.pagesHolding;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    while (holding.length <= word) holding.push(0);
    holding[word]!++;
  }
}

/**
 * The site dictionary (shared/search/page-words.ts), and how to encode each page's file with its
 * words as codes, page by page: from the pages counted as they arrived, or else from dev's cache.
 */
function pageFilesOf(pages: readonly SectionFile[][], counted: CountedPages | undefined, cache: PageFileCache = new WeakMap()): { encode: (page: number) => string; wordsJson: string; wordsHash: string } {
  if (counted) {
    const pagesHolding = new Map<string, number>();
    counted.pagesHolding.forEach((count, word) => {
      if (count > 0) pagesHolding.set(dictionaryWords.values[word]!, count);
    });
    const words = chooseFromCounts(pagesHolding);
    const { codes, wordsJson, wordsHash } = dictionaryOf(words);
    const encode = (i: number) => {
      let json = counted.encoded?.get(i, wordsHash);
      if (json === undefined) {
        json = JSON.stringify(encodePage(JSON.parse(counted.files.get(i)) as PageFile, codes));
        counted.encoded?.set(i, wordsHash, json);
      }
      return json;
    };
    return { encode, wordsJson, wordsHash };
  }
  const kept = pages.map((page) => {
    let known = cache.get(page[0]!);
    if (!known) {
      const file = pageFile(page);
      cache.set(page[0]!, (known = { file, words: pageWords(file) }));
    }
    return known;
  });
  const { codes, wordsJson, wordsHash } = dictionaryOf(chooseWords(kept.map((page) => page.words)));
  const encode = (i: number) => {
    const page = kept[i]!;
    if (page.encoded?.wordsHash !== wordsHash) page.encoded = { wordsHash, json: JSON.stringify(encodePage(page.file, codes)) };
    return page.encoded.json;
  };
  return { encode, wordsJson, wordsHash };
}

function dictionaryOf(words: (string | undefined)[]): { codes: WordCodes; wordsJson: string; wordsHash: string } {
  const wordsJson = JSON.stringify(wordsFile(words));
  return { codes: wordCodes(words), wordsJson, wordsHash: shortHash(wordsJson, WORDS_HASH_LENGTH) };
}

/** Contiguous ranges of the sorted terms, each ending where its last term's own content says. */
function termShards(index: CompactIndex): { firstTerm: number; file: ShardFile }[] {
  const shards: { firstTerm: number; file: ShardFile }[] = [];
  let current: ShardFile | undefined;
  let size = 0;
  const close = () => {
    current = undefined;
    size = 0;
  };
  index.terms.forEach((term, i) => {
    const postings = index.postings[i]!;
    // A term with more postings than a shard holds is a shard alone.
    if (postings.length >= SHARD_CHARACTERS && current) close();
    if (!current) shards.push({ firstTerm: i, file: (current = { postings: [], forms: [] }) });
    current.postings.push(postings);
    current.forms.push(index.forms[i]!);
    size += postings.length;
    const quarter = SHARD_CHARACTERS / 4;
    // Past three quarters of a shard, each term ends it with a chance in proportion to its
    // postings, drawn from the term itself: on average the shard ends a quarter later.
    const ends = postings.length >= SHARD_CHARACTERS || size >= 5 * quarter || (size >= 3 * quarter && fraction(term) * quarter < postings.length);
    if (ends) close();
  });
  return shards;
}

/** The sections of each page (a page's sections are consecutive and share its address). */
function pagesOf(sections: readonly SectionFile[]): SectionFile[][] {
  const pages: SectionFile[][] = [];
  sections.forEach((section, id) => {
    if (sections[id - 1]?.[0] !== section[0]) pages.push([]);
    pages[pages.length - 1]!.push(section);
  });
  return pages;
}

/** Pages per block: runs of whole pages, each ending after a page its address picks. */
function pageBlocks(pages: readonly SectionFile[][]): number[] {
  const blocks: number[] = [];
  let size = 0;
  let sections = 0;
  pages.forEach((page, id) => {
    size++;
    sections += page.length;
    if (id === pages.length - 1 || (sections >= BLOCK_SECTIONS && fraction(page[0]![0]) * BLOCK_PAGES < 1)) {
      blocks.push(size);
      size = 0;
      sections = 0;
    }
  });
  return blocks;
}

/** A number in [0, 1) that depends only on the text (FNV-1a): the same term always draws the same. */
function fraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) / 2 ** 32;
}

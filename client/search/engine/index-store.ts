// The parts of the sharded local index (shared/search/index-format.ts) that the browser has
// loaded. Each file is fetched at most once (its promise is kept). A query's lookups name the
// shards they need (./vocabulary.ts) before it is ranked, so the postings loaded hold every
// term the full index would have matched, scored with the entry's global statistics
// (./postings.ts): scores are identical.
import {
  BLOCK_HASH_LENGTH,
  countsDecode,
  hashAt,
  INDEX_FORMAT,
  pagePath,
  pageSections,
  SHARD_HASH_LENGTH,
  shardPath,
  wordsPath,
  type EntryFile,
  type PageFile,
  type SectionFile,
  type ShardFile,
} from '../../../shared/search/index-format.ts';
import { decodeNames, decodeText, wordsOf } from '../../../shared/search/page-words.ts';
import { isStopWord } from '../../../shared/search/text.ts';
import { PostingIndex } from './postings.ts';
import { nextTurn, Slices } from './slices.ts';
import { Vocabulary } from './vocabulary.ts';

/** Fetches a file of the index by its path relative to the entry file. */
export type FileLoader = (path: string) => Promise<unknown>;

/** One lookup, as the engine makes it: the term, whether longer terms it starts match, and its typo distance. */
export interface Lookup {
  term: string;
  prefix: boolean;
  fuzzy: number;
}

/** The written words of a section's title or heading, its non-stop terms loaded (places in the vocabulary), and how many it has in all. */
export interface SectionName {
  words: Set<string>;
  terms: Set<number>;
  count: number;
}

const NO_NAME: SectionName = { words: new Set(), terms: new Set(), count: 0 };

export class IndexStore {
  readonly vocabulary: Vocabulary;
  readonly postings: PostingIndex;
  private readonly files = new Map<string, Promise<void>>();
  /** Per section with a loaded title or heading term: written words, non-stop terms, count of all its terms. */
  private readonly names = new Map<number, SectionName>();
  private readonly sections = new Map<number, SectionFile>();
  /** Sections whose paragraphs are still as their page file writes them (see section()). */
  private readonly coded = new Set<number>();
  /** Each section's group (index into entry.groups). */
  private readonly groups: Uint16Array;
  /** First section id of each page. */
  private readonly pageStarts: number[] = [];
  /** First page of each block of page files, and each block by its hash (see fileOf). */
  private readonly blockStarts: number[] = [];
  private readonly blocksByHash = new Map<string, number>();
  /** Each shard's path named so far (fileOf), to its number: a first search names a few of the thousands. */
  private readonly shardsByPath = new Map<string, number>();
  /** The page files' word dictionary (its file: wordsPath), each slot's word, once loaded. */
  private readonly wordsFile: string;
  private words?: string[];

  constructor(
    readonly entry: EntryFile,
    private readonly load: FileLoader = () => Promise.reject(new Error('search: index files are not loadable here')),
  ) {
    if (entry.format !== INDEX_FORMAT) throw new Error(`search: the index has format ${String(entry.format)}, this code reads format ${INDEX_FORMAT}; rebuild the site`);
    this.vocabulary = new Vocabulary(entry.terms, entry.shardSizes);
    this.postings = new PostingIndex(this.vocabulary, entry.documentCount);
    this.groups = new Uint16Array(entry.documentCount);
    const runs = entry.groupRuns;
    for (let r = 0; r < runs.length; r += 2) this.groups.fill(runs[r + 1]!, runs[r]!, runs[r + 2] ?? entry.documentCount);
    let section = 0;
    for (const count of countsDecode(entry.pageSections)) {
      this.pageStarts.push(section);
      section += count;
    }
    this.wordsFile = wordsPath(entry.wordsHash);
    let start = 0;
    entry.blockPages.forEach((size, block) => {
      this.blockStarts.push(start);
      this.blocksByHash.set(hashAt(entry.blockHashes, BLOCK_HASH_LENGTH, block), block);
      start += size;
    });
  }

  /** Every file the entry names (tests and benchmarks load them all up front): the word dictionary before the page files it decodes. */
  paths(): string[] {
    return [this.wordsFile, ...this.entry.shardSizes.map((_, i) => this.fileOf('terms', i)), ...this.pageStarts.map((_, page) => this.fileOf('pages', page))];
  }

  /** Adds a file already read (see paths()). */
  add(path: string, data: unknown): void {
    this.files.set(path, Promise.resolve());
    if (path === this.wordsFile) {
      this.words = wordsOf(data as string);
      return;
    }
    const [kind, n] = this.partOf(path);
    if (kind === 'terms') this.addShard(n, data as ShardFile);
    else {
      if (!this.words) throw new Error(`search: ${path} was read before the word dictionary ${this.wordsFile}`);
      pageSections(decodeNames(data as PageFile, this.words)).forEach((section, i) => {
        this.sections.set(this.pageStarts[n]! + i, section);
        this.coded.add(this.pageStarts[n]! + i);
      });
    }
  }

  /**
   * The shards holding every term the lookups reach (`paths`), and how many of those not
   * requested yet only the longer terms a prefix lookup starts need (`longerOnly`): the
   * beginning of a word still being typed ("lo" starts every lo… term) reaches far more than
   * the word will once it is whole.
   */
  shardsOf(lookups: readonly Lookup[]): { paths: string[]; longerOnly: number } {
    const near = new Set<number>();
    const longer = new Set<number>();
    for (const { term, prefix, fuzzy } of lookups) {
      // MiniSearch's own reading of `fuzzy`: a share of the term's length below 1.
      const distance = fuzzy < 1 ? Math.min(6, Math.round(term.length * fuzzy)) : fuzzy;
      this.vocabulary.shardsFor(term, prefix, distance, near, longer);
    }
    let longerOnly = 0;
    for (const shard of longer) if (!near.has(shard) && !this.requested(this.fileOf('terms', shard))) longerOnly++;
    return { paths: [...new Set([...near, ...longer])].map((i) => this.fileOf('terms', i)), longerOnly };
  }

  /** The shards holding every term the lookups reach. */
  shardPaths(lookups: readonly Lookup[]): string[] {
    return this.shardsOf(lookups).paths;
  }

  /** True once a file is loaded or on its way. */
  requested(path: string): boolean {
    return this.files.has(path);
  }

  /**
   * Loads files (each once). Starting a fetch costs the main thread about a millisecond on a
   * phone, and a full results page asks for 16 page files: they start in slices (slices.ts).
   */
  async loadFiles(paths: readonly string[]): Promise<void> {
    const slices = new Slices();
    const pending: Promise<void>[] = [];
    for (const path of paths) {
      await slices.turn();
      pending.push(this.fetch(path));
    }
    await Promise.all(pending);
  }

  /** Loads the files of the sections shown: their pages' files, each once. */
  loadSections(ids: readonly number[]): Promise<void> {
    return this.loadFiles([...new Set(ids.map((id) => this.fileOf('pages', this.pageIndex(id))))]);
  }

  /** The page a section is on (its place in page order). */
  pageIndex(id: number): number {
    return lastAtOrBefore(this.pageStarts, id);
  }

  /**
   * The path (relative to the entry) of term shard or page `n`: the one place that knows the
   * files' names. A shard is named by its first term and its hash; a page by its block's hash
   * and its place in the block (shared/search/index-format.ts).
   */
  private fileOf(kind: 'terms' | 'pages', n: number): string {
    if (kind === 'terms') {
      const path = shardPath(this.vocabulary.firstTermOf(n), hashAt(this.entry.shardHashes, SHARD_HASH_LENGTH, n));
      this.shardsByPath.set(path, n);
      return path;
    }
    const block = lastAtOrBefore(this.blockStarts, n);
    return pagePath(hashAt(this.entry.blockHashes, BLOCK_HASH_LENGTH, block), n - this.blockStarts[block]!);
  }

  /** Which shard or page a path of fileOf() names. */
  private partOf(path: string): ['terms' | 'pages', number] {
    if (path.startsWith('terms/')) {
      // Every path fetched was named by fileOf() first; a path from elsewhere (preload) needs them all.
      if (!this.shardsByPath.has(path)) for (let i = 0; i < this.entry.shardSizes.length; i++) this.fileOf('terms', i);
      const shard = this.shardsByPath.get(path);
      if (shard !== undefined) return ['terms', shard];
    }
    const match = /^pages\/([0-9a-z]+)\.(\d+)\.json$/.exec(path);
    const block = match ? this.blocksByHash.get(match[1]!) : undefined;
    if (block === undefined) throw new Error(`search: ${path} is not a file of the index`);
    return ['pages', this.blockStarts[block]! + Number(match![2])];
  }

  private fetch(path: string): Promise<void> {
    let pending = this.files.get(path);
    if (!pending) {
      const data = this.load(path);
      // A page file is decoded with the word dictionary, fetched beside the first of them.
      const words = path.startsWith('pages/') ? this.fetch(this.wordsFile) : undefined;
      // Each file is read in a task of its own: page files that wait for the dictionary all
      // arrive with it, and reading them in one go was one long task.
      pending = Promise.all([data, words]).then(async ([file]) => {
        await nextTurn();
        this.add(path, file);
      });
      // A failed fetch may be tried again by a later query.
      pending.catch(() => this.files.delete(path));
      this.files.set(path, pending);
    }
    return pending;
  }

  private addShard(shard: number, file: ShardFile): void {
    const [from] = this.vocabulary.shardRange(shard);
    file.postings.forEach((text, i) => {
      const forms = file.forms[i] ? file.forms[i]!.split(' ') : [];
      this.postings.add(from + i, text, (doc, term, own, count) => this.addName(doc, term, own.map((f) => forms[f]!), count));
    });
  }

  private addName(doc: number, term: number, forms: string[], count: number): void {
    let name = this.names.get(doc);
    if (!name) this.names.set(doc, (name = { words: new Set(), terms: new Set(), count }));
    for (const form of forms) name.words.add(form);
    if (forms.some((form) => !isStopWord(form))) name.terms.add(term);
  }

  /**
   * A section's title words and terms, as far as ranking can tell them apart: a query word can
   * only be written as in a title, or match one of its terms, through a loaded shard (`count`
   * tells how many terms the title has in all, loaded or not).
   */
  nameOf(id: number): SectionName {
    return this.names.get(id) ?? NO_NAME;
  }

  /** Each section's group, as an index into entry.groups (read only). */
  get groupIndexes(): Uint16Array {
    return this.groups;
  }

  /** A section's group, as an index into entry.groups. */
  groupIndex(id: number): number {
    return this.groups[id]!;
  }

  groupOf(id: number): string {
    return this.entry.groups[this.groups[id]!]!;
  }

  section(id: number): SectionFile {
    const file = this.sections.get(id);
    if (!file) throw new Error(`search: section ${id} is not loaded`);
    if (this.coded.delete(id)) file[5] = file[5].map((text) => decodeText(text, this.words!));
    return file;
  }
}

/** The index of the last value at or before `value` in a sorted list that starts at or before it. */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

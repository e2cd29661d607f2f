// The parts of the sharded local index (shared/search/index-format.ts) that the browser has
// loaded, and MiniSearch over them. Each file is fetched at most once (its promise is kept).
// A query's lookups name the shards they need (./vocabulary.ts) before it is ranked, so the
// MiniSearch index holds every term the full index would have matched, with the same
// postings, the same field lengths and the entry's global statistics: scores are identical.
import MiniSearch from 'minisearch';
import {
  BLOCK_HASH_LENGTH,
  FIELDS,
  hashAt,
  INDEX_FORMAT,
  MINISEARCH_OPTIONS,
  NAME_FIELDS,
  parsePostings,
  SHARD_HASH_LENGTH,
  sectionPath,
  shardPath,
  type EntryFile,
  type SectionDocument,
  type SectionFile,
  type ShardFile,
} from '../../../shared/search/index-format.ts';
import { isStopWord } from '../../../shared/search/text.ts';
import { Vocabulary } from './vocabulary.ts';

/** Fetches a file of the index by its path relative to the entry file. */
export type FileLoader = (path: string) => Promise<unknown>;

/** One MiniSearch lookup, as the engine makes it. */
export interface Lookup {
  term: string;
  prefix: boolean;
  fuzzy: number;
}

/** The written words of a section's title or heading, and its non-stop terms (see nameWords). */
export interface SectionName {
  words: Set<string>;
  terms: string[];
}

/** Never an index term: stands for a title term whose shard is not loaded (so it is not matched). */
const UNLOADED_TERM = '\u0000';

/** What MiniSearch.loadJS reads (its documented serialization), kept for the shards loaded so far. */
interface LoadedIndex {
  index: [term: string, byField: Record<number, Record<number, number>>][];
  documentIds: Record<number, number>;
  fieldLength: Record<number, number[]>;
}

export class IndexStore {
  private readonly vocabulary: Vocabulary;
  private readonly files = new Map<string, Promise<void>>();
  /** Per section with a loaded title or heading term: written words, terms, count of all its terms. */
  private readonly names = new Map<number, { words: Set<string>; terms: Set<string>; count: number }>();
  private readonly sections = new Map<number, SectionFile>();
  /** The loaded shards in MiniSearch's serialized form; MiniSearch is loaded from it again when it grows. */
  private readonly loaded: LoadedIndex = { index: [], documentIds: {}, fieldLength: {} };
  private miniSearch?: MiniSearch<SectionDocument>;
  /** First section id of each block of section files, and each block by its hash (see sectionFile). */
  private readonly blockStarts: number[] = [];
  private readonly blocksByHash = new Map<string, number>();
  private shardsByPath?: Map<string, number>;

  constructor(
    readonly entry: EntryFile,
    private readonly load: FileLoader = () => Promise.reject(new Error('search: index files are not loadable here')),
  ) {
    if (entry.format !== INDEX_FORMAT) throw new Error(`search: the index has format ${String(entry.format)}, this code reads format ${INDEX_FORMAT}; rebuild the site`);
    this.vocabulary = new Vocabulary(entry.terms, entry.shardSizes);
    let start = 0;
    entry.blockSizes.forEach((size, block) => {
      this.blockStarts.push(start);
      this.blocksByHash.set(hashAt(entry.blockHashes, BLOCK_HASH_LENGTH, block), block);
      start += size;
    });
  }

  /**
   * MiniSearch over the shards loaded so far, with the whole index's statistics, through its
   * public loadJS: loaded again only after new shards arrived (once per query at most), which
   * costs a few milliseconds for the shards a session reads.
   */
  get index(): MiniSearch<SectionDocument> {
    this.miniSearch ??= MiniSearch.loadJS(
      {
        documentCount: this.entry.documentCount,
        nextId: this.entry.documentCount,
        fieldIds: Object.fromEntries(FIELDS.map((f, i) => [f, i])),
        averageFieldLength: this.entry.averageFieldLength,
        storedFields: {},
        dirtCount: 0,
        serializationVersion: 2,
        ...this.loaded,
      } as unknown as Parameters<typeof MiniSearch.loadJS>[0],
      MINISEARCH_OPTIONS,
    );
    return this.miniSearch;
  }

  /** Every file the entry names (tests and benchmarks load them all up front). */
  paths(): string[] {
    const { shardSizes, documentCount } = this.entry;
    return [...shardSizes.map((_, i) => this.shardFile(i)), ...Array.from({ length: documentCount }, (_, id) => this.sectionFile(id))];
  }

  /** Adds a file already read (see paths()). */
  add(path: string, data: unknown): void {
    this.files.set(path, Promise.resolve());
    const shard = this.shardOfPath(path);
    const id = shard === undefined ? this.sectionOfPath(path) : undefined;
    if (shard !== undefined) this.addShard(shard, data as ShardFile);
    else if (id !== undefined) this.sections.set(id, data as SectionFile);
    else throw new Error(`search: ${path} is not a file of the index`);
  }

  /** A shard's file name: its first term and its hash (shared/search/index-format.ts). */
  private shardFile(shard: number): string {
    return shardPath(this.vocabulary.shardTerms(shard)[0]!, hashAt(this.entry.shardHashes, SHARD_HASH_LENGTH, shard));
  }

  /** A section's file name: its block's hash and its place in the block. */
  private sectionFile(id: number): string {
    const block = lastAtOrBefore(this.blockStarts, id);
    return sectionPath(hashAt(this.entry.blockHashes, BLOCK_HASH_LENGTH, block), id - this.blockStarts[block]!);
  }

  private shardOfPath(path: string): number | undefined {
    if (!path.startsWith('terms/')) return undefined;
    this.shardsByPath ??= new Map(this.entry.shardSizes.map((_, i) => [this.shardFile(i), i]));
    return this.shardsByPath.get(path);
  }

  private sectionOfPath(path: string): number | undefined {
    const match = /^sections\/([0-9a-z]+)\.(\d+)\.json$/.exec(path);
    const block = match ? this.blocksByHash.get(match[1]!) : undefined;
    return block === undefined ? undefined : this.blockStarts[block]! + Number(match![2]);
  }

  /** The shards holding every term the lookups reach. */
  shardPaths(lookups: readonly Lookup[]): string[] {
    const shards = new Set<number>();
    for (const { term, prefix, fuzzy } of lookups) {
      // MiniSearch's own reading of `fuzzy`: a share of the term's length below 1.
      const distance = fuzzy < 1 ? Math.min(6, Math.round(term.length * fuzzy)) : fuzzy;
      this.vocabulary.shardsFor(term, prefix, distance, shards);
    }
    return [...shards].map((i) => this.shardFile(i));
  }

  /** True once a file is loaded or on its way. */
  requested(path: string): boolean {
    return this.files.has(path);
  }

  /** Loads files (each once). */
  async loadFiles(paths: readonly string[]): Promise<void> {
    await Promise.all(paths.map((path) => this.fetch(path)));
  }

  /** Loads the files of the sections shown. */
  loadSections(ids: readonly number[]): Promise<void> {
    return this.loadFiles(ids.map((id) => this.sectionFile(id)));
  }

  private fetch(path: string): Promise<void> {
    let pending = this.files.get(path);
    if (!pending) {
      pending = this.load(path).then((data) => this.add(path, data));
      // A failed fetch may be tried again by a later query.
      pending.catch(() => this.files.delete(path));
      this.files.set(path, pending);
    }
    return pending;
  }

  private addShard(shard: number, file: ShardFile): void {
    const { index, documentIds, fieldLength } = this.loaded;
    this.vocabulary.shardTerms(shard).forEach((term, i) => {
      const byField: Record<number, Record<number, number>> = {};
      const forms = file.forms[i] ? file.forms[i]!.split(' ') : [];
      for (const [fieldId, postings] of parsePostings(file.postings[i]!)) {
        const docs: Record<number, number> = {};
        for (const p of postings) {
          docs[p.doc] = p.tf;
          documentIds[p.doc] = p.doc;
          (fieldLength[p.doc] ??= FIELDS.map(() => 0))[fieldId] = p.length;
          if (NAME_FIELDS.has(fieldId)) this.addName(p.doc, term, p.forms!.map((f) => forms[f]!), p.nameTerms!);
        }
        byField[fieldId] = docs;
      }
      index.push([term, byField]);
    });
    this.miniSearch = undefined;
  }

  private addName(doc: number, term: string, forms: string[], count: number): void {
    let name = this.names.get(doc);
    if (!name) this.names.set(doc, (name = { words: new Set(), terms: new Set(), count }));
    for (const form of forms) name.words.add(form);
    if (forms.some((form) => !isStopWord(form))) name.terms.add(term);
  }

  /**
   * A section's title words and terms, as far as ranking can tell them apart: a query word can
   * only be written as in a title, or match one of its terms, through a loaded shard, so the
   * terms not loaded stand in as terms no query matches.
   */
  nameOf(id: number): SectionName {
    const name = this.names.get(id);
    if (!name) return { words: new Set(), terms: [] };
    const terms = [...name.terms];
    while (terms.length < name.count) terms.push(UNLOADED_TERM);
    return { words: name.words, terms };
  }

  groupOf(id: number): string {
    // The last run starting at or before the section.
    const runs = this.entry.groupRuns;
    let lo = 0;
    let hi = runs.length / 2 - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid * 2]! <= id) lo = mid;
      else hi = mid - 1;
    }
    return this.entry.groups[runs[lo * 2 + 1]!]!;
  }

  section(id: number): SectionFile {
    const file = this.sections.get(id);
    if (!file) throw new Error(`search: section ${id} is not loaded`);
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

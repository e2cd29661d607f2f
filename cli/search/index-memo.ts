// What the index worker worked out of each page, kept in the build cache between production
// builds, so that a warm build analyses again only the pages whose records or fields changed
// and encodes again only the page files whose text or word dictionary changed. Analysing every
// page (splitting it into sections, counting each section's terms) was two thirds of the
// worker's 3.2 s CPU on a warm build of the 8,500-page site after a one-page edit, and encoding
// the page files most of the rest of its finish.
//
// A page is known by a hash of the very JSON text the worker is handed (its href, title,
// section, description, keywords and records): the same text gives the same analysis. The memo
// is a folder of the site's in the build cache: "memo.bin" (v8.serialize: every page's
// analysis as typed arrays of term and word numbers, and the tables naming those numbers) and
// the texts files of ./memo-texts.ts (each page's file, raw and encoded). The memo's salt names
// the code that made it: another helpgen reads it as empty. Anything unexpected (a corrupt or
// missing file) reads as an empty memo: it can make a build faster, never different.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { serialize, deserialize } from 'node:v8';
import { join } from 'node:path';
import { FIELDS } from '../../shared/search/index-format.ts';
import { readEntry, writeEntry } from '../disk-cache.ts';
import type { AnalysedDocument, CompactIndex } from './compact-index.ts';
import { dictionaryWords, terms } from './token-table.ts';
import { MemoTexts, removeOtherTexts, type TextRef } from './memo-texts.ts';
import { PageSpill } from './page-spill.ts';

/** Bump when the shape of memo.bin changes. */
const MEMO_FORMAT = 4;
const BASE_FILE = 'memo.bin';
const DELTA_FILE = 'memo-delta.bin';
/** A delta holds up to this many pages, or a tenth of the site's, before a new base is written. */
const MIN_DELTA_PAGES = 64;

/** Where the memo is and what must match for it to hold (see BuildCache.pagesSalt). */
export interface MemoPlace {
  dir: string;
  salt: string;
}

/** A page's analysis in compact form (see AnalysedPage in ./local-index.ts), its numbers those of the memo's tables. */
export interface StoredAnalysis {
  href: string;
  /** Its top-level sidebar category. */
  section: string;
  /** Per section, its FIELDS.length field lengths. */
  lengths: Int32Array;
  /** Per section, its distinct name terms (AnalysedDocument.nameTerms). */
  nameTerms: Int32Array;
  /** Per section, where its triples in `frequencies` end. */
  frequencyEnds: Int32Array;
  /** Every section's [term, field, frequency] triples, one after another. */
  frequencies: Int32Array;
  /** Per section: each term of its title or heading, followed by that term's written forms. */
  forms: (number | string)[][];
  /** The page file's distinct dictionary words. */
  words: Int32Array;
}

interface StoredPage extends StoredAnalysis {
  /** The page file as JSON (before the dictionary's codes). */
  file: TextRef;
  /** The page file as last encoded, and the hash of the dictionary it was encoded with. */
  encoded?: { wordsHash: string; text: TextRef };
}

interface MemoFile {
  format: number;
  salt: string;
  /** A base memo's own id; a delta's names the base it adds to. */
  id: string;
  base?: string;
  terms: string[];
  words: string[];
  texts: string[];
  pages: [key: string, page: StoredPage][];
  /** The index the pages made, in their order (`keys`), before it was split into files. */
  index?: { keys: string[]; compact: CompactIndex };
}

/**
 * A page of this build: from the memo, or analysed now (its file then waits in the index's
 * spill). Its file as encoded: in the memo's texts (a TextRef), or encoded now (a number: its
 * place in `encodedNow`).
 */
interface BuildPage {
  key: string;
  analysis: StoredAnalysis;
  file?: TextRef;
  encoded?: { wordsHash: string; text: TextRef | number };
}

export class IndexMemo {
  private readonly pages: BuildPage[] = [];
  /**
   * The page files encoded in this build, until the memo is saved: in a temporary file, not in
   * the worker's heap (a cold build's are every page's, at 50,000 pages ~200 MB of text).
   */
  private readonly encodedNow = new PageSpill();
  /** Pages analysed in this build (not found in the memo). */
  analysed = 0;

  private constructor(
    private readonly place: MemoPlace,
    private readonly known: Map<string, StoredPage>,
    private readonly texts: MemoTexts,
    private readonly previous?: MemoFile['index'],
    /** The base memo read (memo.bin): its id, its pages' keys and its texts files. */
    private readonly base?: { id: string; keys: ReadonlySet<string>; texts: readonly string[] },
  ) {}

  /** The last build's index, if the memo has it. */
  get previousIndex(): CompactIndex | undefined {
    return this.previous?.compact;
  }

  /**
   * When this build's pages have as many sections each as the last build's pages in the same
   * places (so every section keeps its id), the sections of the pages that changed, each as it
   * was in the last build; else undefined.
   */
  changedSections(): Map<number, AnalysedDocument> | undefined {
    const keys = this.previous?.keys;
    if (!keys || keys.length !== this.pages.length) return undefined;
    const changed = new Map<number, AnalysedDocument>();
    let id = 0;
    for (const [i, page] of this.pages.entries()) {
      const sections = page.analysis.nameTerms.length;
      if (page.key !== keys[i]) {
        const before = this.known.get(keys[i]!);
        if (before?.nameTerms.length !== sections) return undefined;
        for (const [section, document] of analysedDocuments(before).entries()) changed.set(id + section, document);
      }
      id += sections;
    }
    return changed;
  }

  /**
   * The memo at `place`, or an empty one: the base memo (memo.bin), and the delta written after
   * it (memo-delta.bin: the pages that changed since, and the last build's index) if it is the
   * base's.
   */
  static load(place: MemoPlace): IndexMemo {
    const base = readMemoFile(place, BASE_FILE);
    const read = base && readMemoFile(place, DELTA_FILE);
    const delta = read?.base === base?.id ? read : undefined;
    const names = base ? [...new Set([...base.texts, ...(delta?.texts ?? [])])] : [];
    const texts = base && MemoTexts.open(place.dir, names);
    if (!base || !texts) return new IndexMemo(place, new Map(), MemoTexts.empty(place.dir));
    const known = new Map<string, StoredPage>();
    for (const file of delta ? [base, delta] : [base]) addPages(known, file, names);
    return new IndexMemo(place, known, texts, (delta ?? base).index, { id: base.id, keys: new Set(base.pages.map(([key]) => key)), texts: base.texts });
  }

  /** The page's analysis if the memo has it, as the `index`th page of this build; else undefined. */
  take(key: string): StoredAnalysis | undefined {
    const page = this.known.get(key);
    if (!page) return undefined;
    this.pages.push({ key, analysis: page, file: page.file, encoded: page.encoded });
    return page;
  }

  /** Notes a page analysed in this build, as the next page. */
  add(key: string, analysis: StoredAnalysis): void {
    this.analysed++;
    this.pages.push({ key, analysis });
  }

  /** The `index`th page's file as the memo has it (undefined for a page analysed now). */
  fileOf(index: number): (() => string) | undefined {
    const ref = this.pages[index]?.file;
    return ref && (() => this.texts.read(ref));
  }

  /** The `index`th page's file as encoded with the dictionary `wordsHash`, if the memo has it. */
  encodedOf(index: number, wordsHash: string): string | undefined {
    const encoded = this.pages[index]?.encoded;
    if (encoded?.wordsHash !== wordsHash) return undefined;
    return typeof encoded.text === 'number' ? this.encodedNow.get(encoded.text) : this.texts.read(encoded.text);
  }

  /** Removes the page files encoded in this build (`save` does, and a finish that failed). */
  dropEncoded(): void {
    this.encodedNow.close();
  }

  setEncoded(index: number, wordsHash: string, json: string): void {
    this.pages[index]!.encoded = { wordsHash, text: this.encodedNow.length };
    this.encodedNow.add(json);
  }

  /**
   * Writes the memo of this build's pages (`spilled(i)`: the file of a page analysed now), unless
   * it would be the memo read. Never throws: a disk that refuses costs the next build time only.
   */
  save(spilled: (index: number) => string, compact: CompactIndex): void {
    try {
      const unchanged = this.analysed === 0 && this.pages.length === this.known.size && this.pages.every((page, i) => typeof page.encoded?.text !== 'number' && page.key === this.previous?.keys[i]);
      if (!unchanged) this.write(spilled, compact);
    } catch {
      // Left as it was: the next build reads the last memo written whole, or none.
    } finally {
      this.texts.close();
      this.dropEncoded();
    }
  }

  /**
   * A few pages new since the base memo: a delta of those pages and the index (a one-page edit
   * at 8,500 pages writes ~8 MB instead of the base's ~66 MB); else a new base.
   */
  private write(spilled: (index: number) => string, compact: CompactIndex): void {
    const base = this.base;
    const index = { keys: this.pages.map((page) => page.key), compact };
    const fresh = this.freshPages();
    const dir = this.place.dir;
    if (base && this.deltaHolds(fresh)) {
      const { names, pages } = this.stored(fresh, spilled, false);
      const delta: MemoFile = { format: MEMO_FORMAT, salt: this.place.salt, id: randomId(), base: base.id, terms: terms.values, words: dictionaryWords.values, texts: names, pages, index };
      if (writeEntry(join(dir, DELTA_FILE), serialize(delta))) removeOtherTexts(dir, [...base.texts, ...names]);
      return;
    }
    const { names, pages } = this.stored(
      this.pages.map((_, i) => i),
      spilled,
      true,
    );
    const memo: MemoFile = { format: MEMO_FORMAT, salt: this.place.salt, id: randomId(), terms: terms.values, words: dictionaryWords.values, texts: names, pages, index };
    if (!writeEntry(join(dir, BASE_FILE), serialize(memo))) return;
    rmSync(join(dir, DELTA_FILE), { force: true });
    removeOtherTexts(dir, names);
  }

  /** Whether `save` writes a delta at most, not a new base memo (which at 8,500 pages is ~130 MB with its texts). */
  get savesLittle(): boolean {
    return this.base !== undefined && this.deltaHolds(this.freshPages());
  }

  /** The pages new since the base memo (or encoded anew). */
  private freshPages(): number[] {
    const base = this.base;
    return this.pages.flatMap((page, i) => (!base?.keys.has(page.key) || typeof page.encoded?.text === 'number' ? [i] : []));
  }

  private deltaHolds(fresh: readonly number[]): boolean {
    return fresh.length <= Math.max(MIN_DELTA_PAGES, this.pages.length / 10);
  }

  /** The pages `which` as a memo file holds them, their new texts written (`compact`: live texts may be copied together). */
  private stored(which: readonly number[], spilled: (index: number) => string, compact: boolean): { names: string[]; pages: [string, StoredPage][] } {
    const keep: TextRef[] = [];
    // The new texts, each read when written (held at once, a new base memo's were every page's file twice).
    const add: (() => string)[] = [];
    // Where each page's texts go: [kept or added, place in that list].
    const places = which.map((i) => {
      const page = this.pages[i]!;
      const file = page.file ? [true, keep.push(page.file) - 1] : [false, add.push(() => spilled(i)) - 1];
      const text = page.encoded?.text;
      const encoded = text === undefined ? undefined : typeof text === 'number' ? [false, add.push(() => this.encodedNow.get(text)) - 1] : [true, keep.push(text) - 1];
      return { file, encoded } as { file: [boolean, number]; encoded?: [boolean, number] };
    });
    const { names, kept, added } = this.texts.rewrite(keep, add, compact);
    const ref = ([old, at]: [boolean, number]) => (old ? kept[at]! : added[at]!);
    const pages = which.map((i, n): [string, StoredPage] => {
      const page = this.pages[i]!;
      const { file, encoded } = places[n]!;
      return [page.key, { ...page.analysis, file: ref(file), encoded: encoded && { wordsHash: page.encoded!.wordsHash, text: ref(encoded) } }];
    });
    return { names, pages };
  }
}

/** A memo file's pages put in `known`, their numbers this thread's and their texts' files by place in `names`. */
function addPages(known: Map<string, StoredPage>, file: MemoFile, names: readonly string[]): void {
  const termIds = renumbering(file.terms, (term) => terms.id(term));
  const wordIds = renumbering(file.words, (word) => dictionaryWords.id(word));
  const places = file.texts.map((name) => names.indexOf(name));
  const moved = (ref: TextRef): TextRef => [places[ref[0]]!, ref[1], ref[2]];
  for (const [key, page] of file.pages) {
    const own = renumbered(page, termIds, wordIds);
    known.set(key, { ...own, file: moved(own.file), encoded: own.encoded && { wordsHash: own.encoded.wordsHash, text: moved(own.encoded.text) } });
  }
}

function randomId(): string {
  return randomBytes(8).toString('hex');
}

function readMemoFile(place: MemoPlace, name: string): MemoFile | undefined {
  const bytes = readEntry(join(place.dir, name));
  if (!bytes) return undefined;
  try {
    const memo = deserialize(bytes) as MemoFile;
    return memo.format === MEMO_FORMAT && memo.salt === place.salt ? memo : undefined;
  } catch {
    return undefined;
  }
}

/** The memo's numbers as this thread's (undefined when they are the same, as in a fresh worker). */
function renumbering(values: readonly string[], id: (value: string) => number): Int32Array | undefined {
  const ids = new Int32Array(values.length);
  let same = true;
  values.forEach((value, i) => {
    ids[i] = id(value);
    same &&= ids[i] === i;
  });
  return same ? undefined : ids;
}

function renumbered(page: StoredPage, termIds: Int32Array | undefined, wordIds: Int32Array | undefined): StoredPage {
  if (termIds) {
    const frequencies = page.frequencies.slice();
    for (let at = 0; at < frequencies.length; at += 3) frequencies[at] = termIds[frequencies[at]!]!;
    const forms = page.forms.map((list) => list.map((item) => (typeof item === 'number' ? termIds[item]! : item)));
    page = { ...page, frequencies, forms };
  }
  return wordIds ? { ...page, words: page.words.map((word) => wordIds[word]!) } : page;
}

/** A page's analysis in the memo's compact form. */
export function storedAnalysis(href: string, section: string, documents: readonly AnalysedDocument[], words: readonly number[]): StoredAnalysis {
  const lengths = new Int32Array(documents.length * FIELDS.length);
  const frequencyEnds = new Int32Array(documents.length);
  let count = 0;
  documents.forEach((document, i) => {
    lengths.set(document.lengths, i * FIELDS.length);
    frequencyEnds[i] = count += document.frequencies.length;
  });
  const frequencies = new Int32Array(count);
  documents.forEach((document, i) => {
    frequencies.set(document.frequencies, i > 0 ? frequencyEnds[i - 1]! : 0);
  });
  const forms = documents.map((document) => {
    const list: (number | string)[] = [];
    for (const [term, written] of document.forms) list.push(term, ...written);
    return list;
  });
  return { href, section, lengths, nameTerms: Int32Array.from(documents, (d) => d.nameTerms), frequencyEnds, frequencies, forms, words: Int32Array.from(words) };
}

/** The sections' analyses back from the compact form. */
export function analysedDocuments(stored: StoredAnalysis): AnalysedDocument[] {
  const fields = FIELDS.length;
  return Array.from(stored.nameTerms, (nameTerms, i) => {
    const forms = new Map<number, string[]>();
    let term = -1;
    for (const item of stored.forms[i]!) {
      if (typeof item === 'number') forms.set((term = item), []);
      else forms.get(term)!.push(item);
    }
    const start = i > 0 ? stored.frequencyEnds[i - 1]! : 0;
    return {
      lengths: Array.from(stored.lengths.subarray(i * fields, (i + 1) * fields)),
      frequencies: stored.frequencies.subarray(start, stored.frequencyEnds[i]!),
      forms,
      nameTerms,
    };
  });
}

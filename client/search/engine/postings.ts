// The postings of the terms loaded so far, and the lookups the engine makes on them: scored
// straight from the shards, without building a search index in the browser.
//
// Scores are MiniSearch's (the index format is MiniSearch's data, see
// shared/search/index-format.ts, and test/search/postings.test.ts checks every lookup against
// MiniSearch itself): BM25 per field with the whole index's statistics (from the entry file)
// times the field's weight, summed over fields; a lookup sums that over the terms it reaches,
// the term itself weighing 1, a longer term it starts PREFIX_WEIGHT × len / (len + 0.3 ×
// extra letters), a term within its typo distance TYPO_WEIGHT × len / (len + distance).
// Each term's per-section score is computed once, when its shard arrives; a lookup is then one
// pass over the postings of the terms it reaches, into flat arrays indexed by section.
import { FIELDS, type Field } from '../../../shared/search/index-format.ts';
import { BOOST, clearScratch, PostingReader, type NameSink, type Scratch, type TermPostings } from './posting-reader.ts';
import type { Reach, Vocabulary } from './vocabulary.ts';

export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export type Kind = typeof EXACT | typeof PREFIX | typeof TYPO;

export { BOOST };
export type { NameSink, TermPostings };
export const PREFIX_WEIGHT = 0.6;
export const TYPO_WEIGHT = 0.35;

/** Field bits (1 << field id) in a section's `fields`. */
export const fieldBit = (field: Field): number => 1 << FIELDS.indexOf(field);
export const TITLE_BITS = fieldBit('title') | fieldBit('heading');
export const KEYWORD_BITS = fieldBit('keywords');

/** One lookup's sections: score (summed over the terms reached), best kind (relative to the looked-up term) and fields, per section. */
export interface LookupResult {
  /** Shared with the term's postings when the lookup reached one term: read only. */
  docs: Int32Array;
  scores: Float64Array;
  kinds: Uint8Array;
  fields: Uint8Array;
  source: Source;
  /** True when the arrays are the lookup's own (false: shared with the term's postings). */
  owned: boolean;
}

/**
 * Where a query word's sections came from, to tell later which terms matched a section: the
 * terms of one lookup, or (a word split in two) of two lookups, for the sections they share.
 */
export interface Source {
  reaches: Reach[];
  /** Sorted: the only sections this source matched (absent: every section holding a term reached). */
  only?: Int32Array;
}

/** True when the reach names the term (by its place in the vocabulary). */
export function reaches(reach: Reach, term: number): boolean {
  return term === reach.exact || (term >= reach.prefixFrom && term < reach.prefixTo) || reach.typos.includes(term);
}

/** Every term (place) a reach names. */
export function reachedTerms(reach: Reach): number[] {
  const out = reach.exact >= 0 ? [reach.exact] : [];
  for (let i = reach.prefixFrom; i < reach.prefixTo; i++) out.push(i);
  return out.concat(reach.typos);
}

export class PostingIndex {
  private readonly postings: (TermPostings | undefined)[];
  /** For lookups reaching several terms, and for merging a term's fields when it is read. */
  private readonly scratch: Scratch;
  private readonly position: Int32Array;
  private readonly reader: PostingReader;
  /** Exact kinds (0) for any lookup of a single term: shared, never written. */
  private readonly exactKinds: Uint8Array;

  constructor(readonly vocabulary: Vocabulary, documentCount: number) {
    this.postings = new Array(vocabulary.size);
    this.scratch = { sum: new Float64Array(documentCount), kind: new Uint8Array(documentCount), fields: new Uint8Array(documentCount), touched: new Int32Array(documentCount) };
    this.position = new Int32Array(documentCount);
    this.reader = new PostingReader(this.scratch, vocabulary.terms, documentCount);
    this.exactKinds = new Uint8Array(documentCount);
  }

  loaded(term: number): boolean {
    return this.postings[term] !== undefined;
  }

  get(term: number): TermPostings | undefined {
    return this.postings[term];
  }

  /** Adds a term's postings (ShardFile.postings[i]). */
  add(term: number, text: string, names: NameSink): void {
    this.postings[term] = this.reader.read(term, text, names);
  }

  /** True when every term the reach names is loaded: its lookup is then final. */
  complete(reach: Reach): boolean {
    if (reach.exact >= 0 && !this.loaded(reach.exact)) return false;
    for (let i = reach.prefixFrom; i < reach.prefixTo; i++) if (!this.loaded(i)) return false;
    return reach.typos.every((i) => this.loaded(i));
  }

  /** The sections the terms reached hold, scored (see the file comment); terms not loaded are left out. */
  lookup(term: string, reach: Reach): LookupResult {
    const terms = this.vocabulary.terms;
    // The terms reached that are loaded, with their weights and kinds (parallel lists).
    const parts: TermPostings[] = [];
    const weights: number[] = [];
    const partKinds: Kind[] = [];
    const take = (i: number, weight: number, kind: Kind) => {
      const postings = this.postings[i];
      if (!postings) return;
      parts.push(postings);
      weights.push(weight);
      partKinds.push(kind);
    };
    if (reach.exact >= 0) take(reach.exact, 1, EXACT);
    for (let i = reach.prefixFrom; i < reach.prefixTo; i++) {
      const length = terms[i]!.length;
      take(i, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - term.length)), PREFIX);
    }
    reach.typos.forEach((i, n) => {
      const other = terms[i]!;
      take(i, (TYPO_WEIGHT * other.length) / (other.length + reach.distances[n]!), other.startsWith(term) ? PREFIX : TYPO);
    });
    const source: Source = { reaches: [reach] };
    if (parts.length === 0) return { docs: new Int32Array(0), scores: new Float64Array(0), kinds: new Uint8Array(0), fields: new Uint8Array(0), source, owned: false };
    if (parts.length === 1 && partKinds[0] === EXACT) {
      // The term alone (weight 1): its postings as they are.
      const p = parts[0]!;
      return { docs: p.docs, scores: p.scores, kinds: this.exactKinds.subarray(0, p.docs.length), fields: p.fields, source, owned: false };
    }
    // Summed by section in the scratch arrays, then copied out in the order found. Runs over
    // every posting of every term reached (18,000 for "locking" at 8,500 pages), usually cold:
    // plain loops over typed arrays held in locals.
    const { sum, kind, fields, touched } = this.scratch;
    let n = 0;
    for (let t = 0; t < parts.length; t++) {
      const { docs, scores, fields: termFields } = parts[t]!;
      const weight = weights[t]!;
      const k = partKinds[t]! + 1;
      for (let j = 0; j < docs.length; j++) {
        const doc = docs[j]!;
        const score = weight === 1 ? scores[j]! : weight * scores[j]!;
        if (kind[doc] === 0) {
          touched[n++] = doc;
          sum[doc] = score;
          kind[doc] = k;
          fields[doc] = termFields[j]!;
        } else {
          sum[doc]! += score;
          if (k < kind[doc]!) kind[doc] = k;
          fields[doc]! |= termFields[j]!;
        }
      }
    }
    const docs = touched.slice(0, n);
    const out: LookupResult = { docs, scores: new Float64Array(n), kinds: new Uint8Array(n), fields: new Uint8Array(n), source, owned: true };
    const { scores: outScores, kinds: outKinds, fields: outFields } = out;
    for (let j = 0; j < n; j++) {
      const doc = docs[j]!;
      outScores[j] = sum[doc]!;
      outKinds[j] = kind[doc]! - 1;
      outFields[j] = fields[doc]!;
    }
    clearScratch(this.scratch, docs);
    return out;
  }

  /**
   * The sections two lookups share (a word split in two: both parts present), scored by the
   * mean of their scores, in the order of `left`.
   */
  both(left: LookupResult, right: LookupResult): LookupResult {
    const position = this.position; // 1 + place in `right`, by section (kept zeroed)
    right.docs.forEach((doc, j) => {
      position[doc] = j + 1;
    });
    const places: number[] = [];
    const at: number[] = [];
    left.docs.forEach((doc, j) => {
      if (position[doc]) {
        places.push(j);
        at.push(position[doc]! - 1);
      }
    });
    for (const doc of right.docs) position[doc] = 0;
    const n = places.length;
    const out: LookupResult = { docs: new Int32Array(n), scores: new Float64Array(n), kinds: new Uint8Array(n), fields: new Uint8Array(n), source: { reaches: [...left.source.reaches, ...right.source.reaches] }, owned: true };
    places.forEach((j, i) => {
      const r = at[i]!;
      out.docs[i] = left.docs[j]!;
      out.scores[i] = (left.scores[j]! + right.scores[r]!) / 2;
      out.fields[i] = left.fields[j]! | right.fields[r]!;
    });
    out.source.only = out.docs.slice().sort();
    return out;
  }

  /** The fields (bits) holding term `term` in section `doc`, 0 when none (or not loaded). */
  fieldsOf(term: number, doc: number): number {
    const p = this.postings[term];
    if (!p) return 0;
    const j = search(p.docs, doc);
    return j >= 0 ? p.fields[j]! : 0;
  }

}

/** The place of `value` in a sorted array, or -1. */
export function search(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v < value) lo = mid + 1;
    else if (v > value) hi = mid - 1;
    else return mid;
  }
  return -1;
}

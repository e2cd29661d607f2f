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
import { FIELDS, NAME_FIELDS, NORM_LENGTHS, type Field } from '../../../shared/search/index-format.ts';
import type { Reach, Vocabulary } from './vocabulary.ts';

export const EXACT = 0;
export const PREFIX = 1;
export const TYPO = 2;
export type Kind = typeof EXACT | typeof PREFIX | typeof TYPO;

export const BOOST: Record<Field, number> = { title: 8, heading: 5, keywords: 5, meta: 2.5, context: 1.5, body: 1 };
const FIELD_BOOSTS = FIELDS.map((f) => BOOST[f]);
export const PREFIX_WEIGHT = 0.6;
export const TYPO_WEIGHT = 0.35;
/** MiniSearch's BM25+ parameters (its defaults). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Field bits (1 << field id) in a section's `fields`. */
export const fieldBit = (field: Field): number => 1 << FIELDS.indexOf(field);
export const TITLE_BITS = fieldBit('title') | fieldBit('heading');
export const KEYWORD_BITS = fieldBit('keywords');

/** One term's postings merged over fields: sections in order, their summed weighted BM25 and which fields hold the term. */
export interface TermPostings {
  docs: Int32Array;
  scores: Float64Array;
  fields: Uint8Array;
  /** Every field that holds the term in some section. */
  anyFields: number;
}

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

/** Called for each title or heading posting: which of the term's written forms the name holds, and its count of terms. */
export type NameSink = (doc: number, term: number, forms: number[], nameTerms: number) => void;

export class PostingIndex {
  private readonly postings: (TermPostings | undefined)[];
  // Scratch arrays indexed by section, for lookups reaching several terms and for merging a term's
  // fields (kept zeroed but `touched`).
  private readonly sum: Float64Array;
  private readonly kind: Uint8Array;
  private readonly fields: Uint8Array;
  private readonly touched: Int32Array;
  private readonly position: Int32Array;
  /** Exact kinds (0) for any lookup of a single term: shared, never written. */
  private readonly exactKinds: Uint8Array;

  constructor(
    readonly vocabulary: Vocabulary,
    private readonly documentCount: number,
    private readonly averageFieldLength: readonly number[],
  ) {
    this.postings = new Array(vocabulary.size);
    this.sum = new Float64Array(documentCount);
    this.kind = new Uint8Array(documentCount);
    this.fields = new Uint8Array(documentCount);
    this.touched = new Int32Array(documentCount);
    this.position = new Int32Array(documentCount);
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
    this.postings[term] = this.parse(term, text, names);
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
    const parts: [postings: TermPostings, weight: number, kind: Kind][] = [];
    const take = (i: number, weight: number, kind: Kind) => {
      const postings = this.postings[i];
      if (postings) parts.push([postings, weight, kind]);
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
    if (parts.length === 1 && parts[0]![2] === EXACT) {
      // The term alone (weight 1): its postings as they are.
      const [p] = parts[0]!;
      return { docs: p.docs, scores: p.scores, kinds: this.exactKinds.subarray(0, p.docs.length), fields: p.fields, source, owned: false };
    }
    const { sum, kind, fields, touched } = this;
    let n = 0;
    for (const [p, weight, k] of parts) {
      const { docs, scores } = p;
      for (let j = 0; j < docs.length; j++) {
        const doc = docs[j]!;
        const score = weight * scores[j]!;
        if (kind[doc] === 0) {
          touched[n++] = doc;
          sum[doc] = score;
          kind[doc] = k + 1;
          fields[doc] = p.fields[j]!;
        } else {
          sum[doc]! += score;
          if (k + 1 < kind[doc]!) kind[doc] = k + 1;
          fields[doc]! |= p.fields[j]!;
        }
      }
    }
    const out: LookupResult = { docs: touched.slice(0, n), scores: new Float64Array(n), kinds: new Uint8Array(n), fields: new Uint8Array(n), source, owned: true };
    for (let j = 0; j < n; j++) {
      const doc = touched[j]!;
      out.scores[j] = sum[doc]!;
      out.kinds[j] = kind[doc]! - 1;
      out.fields[j] = fields[doc]!;
      sum[doc] = 0;
      kind[doc] = 0;
      fields[doc] = 0;
    }
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

  /**
   * Parses "field:item,item;field:…" (see ShardFile) into the term's merged postings, one
   * character at a time: a common word's postings are tens of thousands of items, parsed while
   * the reader waits for the first results.
   */
  private parse(term: number, text: string, names: NameSink): TermPostings {
    const perField: FieldPostings[] = [];
    const reader = { text, at: 0 };
    while (reader.at < text.length) {
      const colon = text.indexOf(':', reader.at);
      const field = Number(text.slice(reader.at, colon));
      reader.at = colon + 1;
      let end = text.indexOf(';', reader.at);
      if (end < 0) end = text.length;
      let n = 1;
      for (let k = reader.at; k < end; k++) if (text.charCodeAt(k) === COMMA) n++;
      // BM25's idf counts the sections holding the term in this field (as MiniSearch does).
      const idf = Math.log(1 + (this.documentCount - n + 0.5) / (n + 0.5));
      const average = this.averageFieldLength[field]!;
      const boost = FIELD_BOOSTS[field]!;
      const docs = new Int32Array(n);
      const scores = new Float64Array(n);
      let doc = 0;
      for (let j = 0; j < n; j++) {
        const length = NORM_LENGTHS[digit(text.charCodeAt(reader.at++))]!;
        doc += readNumber(reader);
        let tf = 1;
        if (text.charCodeAt(reader.at) === STAR) {
          reader.at++;
          tf = readNumber(reader);
        }
        docs[j] = doc;
        scores[j] = boost * (idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average))));
        if (text.charCodeAt(reader.at) === BANG) {
          const forms: number[] = [];
          reader.at++;
          while (text.charCodeAt(reader.at) !== DOT) {
            if (text.charCodeAt(reader.at) === PLUS) reader.at++;
            forms.push(readNumber(reader));
          }
          reader.at++;
          const count = readNumber(reader);
          if (NAME_FIELDS.has(field)) names(doc, term, forms, count);
        }
        reader.at++; // the comma, or the semicolon after the field's last item
      }
      perField.push({ field, docs, scores });
    }
    return this.merge(perField);
  }

  /**
   * Merges per-field posting lists (each in section order) into one, summing scores in field
   * order: each list is added into the arrays indexed by section, then the sections found are
   * sorted. A common word is in several fields of thousands of sections; merging the lists side
   * by side looked at every field's list for every section.
   */
  private merge(perField: FieldPostings[]): TermPostings {
    if (perField.length === 1) {
      const { field, docs, scores } = perField[0]!;
      return { docs, scores, fields: new Uint8Array(docs.length).fill(1 << field), anyFields: 1 << field };
    }
    perField.sort((a, b) => a.field - b.field);
    const { sum, fields, touched } = this;
    let n = 0;
    let anyFields = 0;
    for (const { field, docs, scores } of perField) {
      const bit = 1 << field;
      anyFields |= bit;
      for (let j = 0; j < docs.length; j++) {
        const doc = docs[j]!;
        if (fields[doc] === 0) touched[n++] = doc;
        sum[doc]! += scores[j]!;
        fields[doc]! |= bit;
      }
    }
    const out: TermPostings = { docs: touched.slice(0, n).sort(), scores: new Float64Array(n), fields: new Uint8Array(n), anyFields };
    for (let j = 0; j < n; j++) {
      const doc = out.docs[j]!;
      out.scores[j] = sum[doc]!;
      out.fields[j] = fields[doc]!;
      sum[doc] = 0;
      fields[doc] = 0;
    }
    return out;
  }
}

const COMMA = 44;
const STAR = 42;
const BANG = 33;
const DOT = 46;
const PLUS = 43;

/** The value of a base-36 digit's character code. */
function digit(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

/** Reads a base-36 number at the reader's place and moves past it. */
function readNumber(reader: { text: string; at: number }): number {
  const { text } = reader;
  let value = 0;
  for (;;) {
    const c = text.charCodeAt(reader.at);
    if (c >= 48 && c <= 57) value = value * 36 + (c - 48);
    else if (c >= 97 && c <= 122) value = value * 36 + (c - 87);
    else return value;
    reader.at++;
  }
}

interface FieldPostings {
  field: number;
  docs: Int32Array;
  scores: Float64Array;
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

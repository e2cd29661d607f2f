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
import { FIELDS, NAME_FIELDS, type Field } from '../../../shared/search/index-format.ts';
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
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_D = 0.5;

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
  /** One field's items while a term is read: section, field length, term frequency. */
  private readonly itemDocs: Int32Array;
  private readonly itemLengths: Int32Array;
  private readonly itemTfs: Int32Array;
  /** A field's BM25 score by field length, for a term frequency of 1 (0: not computed yet). */
  private readonly scoreByLength = new Float64Array(1024);
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
    this.itemDocs = new Int32Array(documentCount);
    this.itemLengths = new Int32Array(documentCount);
    this.itemTfs = new Int32Array(documentCount);
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
    const { sum, kind, fields, touched } = this;
    let n = 0;
    for (let t = 0; t < parts.length; t++) {
      const { docs, scores, fields: termFields } = parts[t]!;
      const weight = weights[t]!;
      const k = partKinds[t]! + 1;
      for (let j = 0; j < docs.length; j++) {
        const doc = docs[j]!;
        const score = weight * scores[j]!;
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
    this.clearScratch(docs);
    return out;
  }

  /** Zeroes the scratch arrays at the sections given: natively, whole, when they are many. */
  private clearScratch(docs: Int32Array): void {
    const { sum, kind, fields } = this;
    if (docs.length > sum.length >> 4) {
      sum.fill(0);
      kind.fill(0);
      fields.fill(0);
      return;
    }
    for (let j = 0; j < docs.length; j++) {
      const doc = docs[j]!;
      sum[doc] = 0;
      kind[doc] = 0;
      fields[doc] = 0;
    }
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
   * Reads "field:item,item;field:…" (see ShardFile) into the term's postings merged over fields,
   * in one pass over the characters: a common word's postings are tens of thousands of items,
   * read once, cold, while the reader waits for the first results ("lock" at 8,500 pages: 15,000
   * items, 80 KB). So no call or object per number: each field's items go to scratch arrays
   * (section, and the part of BM25 that needs no idf), scored once the field's count gives its
   * idf, and summed by section in field order (the file lists fields in order), as MiniSearch sums them.
   */
  private parse(term: number, text: string, names: NameSink): TermPostings {
    const { itemDocs, itemLengths, itemTfs, sum, fields, touched } = this;
    let n = 0; // sections found so far, over fields
    let anyFields = 0;
    let lastField = -1;
    let field = -1;
    let items = 0; // items of the current field
    let value = 0; // the number being read
    let doc = 0;
    let tf = 1;
    let length = 0;
    let forms: number[] | undefined;
    let single: TermPostings | undefined;
    if (text === '') return { docs: new Int32Array(0), scores: new Float64Array(0), fields: new Uint8Array(0), anyFields: 0 };
    for (let at = 0; at <= text.length; at++) {
      const c = at < text.length ? text.charCodeAt(at) : SEMICOLON;
      if (c >= DIGIT_0 && c <= DIGIT_9) {
        value = value * 36 + (c - DIGIT_0);
        continue;
      }
      if (c >= LETTER_A && c <= LETTER_Z) {
        value = value * 36 + (c - LETTER_A + 10);
        continue;
      }
      if (c === COLON) {
        field = value;
        if (field <= lastField) throw new Error(`search: the postings of term ${this.vocabulary.terms[term]} list field ${field} after field ${lastField}; rebuild the site`);
        items = 0;
        doc = 0;
      } else if (c === STAR) {
        doc += value;
        tf = -1; // the term frequency follows
      } else if (c === SLASH) {
        if (tf === -1) tf = value;
        else {
          doc += value;
          tf = 1;
        }
      } else if (c === BANG) {
        length = value;
        forms = [];
      } else if (c === PLUS || c === DOT) {
        forms!.push(value);
      } else {
        // The end of an item (a comma), or of the field's last (a semicolon, or the text's end).
        if (forms === undefined) length = value;
        else {
          if (NAME_FIELDS.has(field)) names(doc, term, forms, value);
          forms = undefined;
        }
        itemDocs[items] = doc;
        itemLengths[items] = length;
        itemTfs[items++] = tf;
        tf = 1;
        if (c === SEMICOLON) {
          n = this.addField(field, items, n);
          anyFields |= 1 << field;
          if (lastField === -1 && at === text.length) single = this.singleField(field, items);
          lastField = field;
        }
      }
      value = 0;
    }
    if (single) return single;
    const docs = touched.slice(0, n).sort();
    const out: TermPostings = { docs, scores: new Float64Array(n), fields: new Uint8Array(n), anyFields };
    const { scores: outScores, fields: outFields } = out;
    for (let j = 0; j < n; j++) {
      const d = docs[j]!;
      outScores[j] = sum[d]!;
      outFields[j] = fields[d]!;
    }
    this.clearScratch(docs);
    return out;
  }

  /**
   * Scores the field's items (itemDocs, itemLengths, itemTfs) and adds them by section into the
   * scratch arrays; returns the sections found so far. Cold code boxes every floating-point
   * result it computes, so BM25 is computed once per field length met (most items have a term
   * frequency of 1), not once per item.
   */
  private addField(field: number, count: number, found: number): number {
    const { itemDocs, itemLengths, itemTfs, sum, fields, touched } = this;
    const idf = Math.log(1 + (this.documentCount - count + 0.5) / (count + 0.5));
    const boost = FIELD_BOOSTS[field]!;
    const average = this.averageFieldLength[field]!;
    const byLength = this.scoreByLength;
    byLength.fill(0);
    const bit = 1 << field;
    let n = found;
    for (let j = 0; j < count; j++) {
      const doc = itemDocs[j]!;
      const length = itemLengths[j]!;
      const tf = itemTfs[j]!;
      let score = tf === 1 && length < byLength.length ? byLength[length]! : 0;
      if (score === 0) {
        score = boost * (idf * (BM25_D + (tf * (BM25_K + 1)) / (tf + BM25_K * (1 - BM25_B + (BM25_B * length) / average))));
        if (tf === 1 && length < byLength.length) byLength[length] = score;
      }
      if (fields[doc] === 0) {
        touched[n++] = doc;
        sum[doc] = score;
      } else sum[doc]! += score;
      fields[doc]! |= bit;
    }
    return n;
  }

  /** A term in one field only: its items as they are (no merge), and the scratch arrays cleared. */
  private singleField(field: number, count: number): TermPostings {
    const docs = this.itemDocs.slice(0, count);
    const scores = new Float64Array(count);
    for (let j = 0; j < count; j++) scores[j] = this.sum[docs[j]!]!;
    this.clearScratch(docs);
    return { docs, scores, fields: new Uint8Array(count).fill(1 << field), anyFields: 1 << field };
  }
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const LETTER_A = 97;
const LETTER_Z = 122;
const COLON = 58;
const SEMICOLON = 59;
const STAR = 42;
const SLASH = 47;
const BANG = 33;
const DOT = 46;
const PLUS = 43;

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

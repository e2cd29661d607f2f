// Reading a term's postings from its shard (ShardFile.postings[i], see
// shared/search/index-format.ts) into arrays the lookups scan (postings.ts): sections in order,
// their BM25 summed over fields with the fields' weights, and which fields hold the term.
// This runs on a page just opened, once per term of the first query's shards, cold: see
// "Written for a cold page" in cli/search/README.md.
import { FIELDS, NAME_FIELDS, NORM_LENGTHS, type Field } from '../../../shared/search/index-format.ts';

export const BOOST: Record<Field, number> = { title: 8, heading: 5, keywords: 5, meta: 2.5, context: 1.5, body: 1 };
const FIELD_BOOSTS = FIELDS.map((f) => BOOST[f]);
/** MiniSearch's BM25+ parameters (its defaults). */
const BM25_K = 1.2;
const BM25_B = 0.7;
const BM25_D = 0.5;

/** One term's postings merged over fields: sections in order, their summed weighted BM25 and which fields hold the term. */
export interface TermPostings {
  docs: Int32Array;
  scores: Float64Array;
  fields: Uint8Array;
  /** Every field that holds the term in some section. */
  anyFields: number;
}

/** Called for each title or heading posting: which of the term's written forms the name holds, and its count of terms. */
export type NameSink = (doc: number, term: number, forms: number[], nameTerms: number) => void;

/** Arrays indexed by section, kept zeroed but at the sections being worked on (PostingIndex's). */
export interface Scratch {
  sum: Float64Array;
  kind: Uint8Array;
  fields: Uint8Array;
  touched: Int32Array;
}

/** Zeroes the scratch arrays at the sections given: natively, whole, when they are many. */
export function clearScratch(scratch: Scratch, docs: Int32Array): void {
  const { sum, kind, fields } = scratch;
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

export class PostingReader {
  /** One field's items while a term is read: section, field length's level (its norm digit), term frequency. */
  private readonly itemDocs: Int32Array;
  private readonly itemNorms: Uint8Array;
  private readonly itemTfs: Int32Array;
  /** A field's BM25 score by field length level, for a term frequency of 1 (0: not computed yet). */
  private readonly scoreByNorm = new Float64Array(NORM_LENGTHS.length);

  constructor(
    private readonly scratch: Scratch,
    private readonly terms: readonly string[],
    private readonly documentCount: number,
    private readonly averageFieldLength: readonly number[],
  ) {
    this.itemDocs = new Int32Array(documentCount);
    this.itemNorms = new Uint8Array(documentCount);
    this.itemTfs = new Int32Array(documentCount);
  }

  /**
   * Reads "field:item,item;field:…" (see ShardFile) into the term's postings merged over fields,
   * in one pass over the characters: a common word's postings are tens of thousands of items,
   * read once, cold, while the reader waits for the first results ("lock" at 8,500 pages: 15,000
   * items, 80 KB). So no call or object per number: each field's items go to scratch arrays
   * (section, field length level, term frequency), are scored once the field's count gives its idf,
   * and are summed by section in field order (the file lists fields in order), as MiniSearch
   * sums them.
   */
  read(term: number, text: string, names: NameSink): TermPostings {
    const { itemDocs, itemNorms, itemTfs } = this;
    const { sum, fields, touched } = this.scratch;
    let n = 0; // sections found so far, over fields
    let anyFields = 0;
    let lastField = -1;
    let field = -1;
    let items = 0; // items of the current field
    let value = 0; // the number being read
    let doc = 0;
    let tf = 1;
    let norm = 0;
    // An item starts with its field length's level, one digit, right before its section number.
    let atItemStart = false; // the text starts with a field number
    let forms: number[] | undefined;
    let single: TermPostings | undefined;
    if (text === '') return { docs: new Int32Array(0), scores: new Float64Array(0), fields: new Uint8Array(0), anyFields: 0 };
    const end = text.length;
    for (let at = 0; at <= end; at++) {
      const c = at < end ? text.charCodeAt(at) : SEMICOLON;
      const digit = DIGITS[c]!;
      if (digit < 36) {
        if (atItemStart) {
          norm = digit;
          atItemStart = false;
        } else value = value * 36 + digit;
        continue;
      }
      if (c === COLON) {
        field = value;
        if (field <= lastField) throw new Error(`search: the postings of term ${this.terms[term]} list field ${field} after field ${lastField}; rebuild the site`);
        items = 0;
        doc = 0;
        atItemStart = true;
      } else if (c === STAR) {
        doc += value;
        tf = -1; // the term frequency follows
      } else if (c === BANG) {
        // The number just read ends the section number, or the term frequency after a star.
        if (tf === -1) tf = value;
        else doc += value;
        forms = [];
      } else if (c === PLUS || c === DOT) {
        forms!.push(value);
      } else {
        // The end of an item (a comma), or of the field's last (a semicolon, or the text's end).
        if (forms === undefined) {
          if (tf === -1) tf = value;
          else doc += value;
        } else {
          if (NAME_FIELDS.has(field)) names(doc, term, forms, value);
          forms = undefined;
        }
        itemDocs[items] = doc;
        itemNorms[items] = norm;
        itemTfs[items++] = tf;
        tf = 1;
        atItemStart = c === COMMA;
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
    clearScratch(this.scratch, docs);
    return out;
  }

  /**
   * Scores the field's items (itemDocs, itemNorms, itemTfs) and adds them by section into the
   * scratch arrays; returns the sections found so far. Cold code boxes every floating-point
   * result it computes, so BM25 is computed once per field length met (most items have a term
   * frequency of 1), not once per item.
   */
  private addField(field: number, count: number, found: number): number {
    const { itemDocs, itemNorms, itemTfs } = this;
    const { sum, fields, touched } = this.scratch;
    const idf = Math.log(1 + (this.documentCount - count + 0.5) / (count + 0.5));
    const boost = FIELD_BOOSTS[field]!;
    const average = this.averageFieldLength[field]!;
    const byNorm = this.scoreByNorm;
    byNorm.fill(0);
    const bit = 1 << field;
    let n = found;
    for (let j = 0; j < count; j++) {
      const doc = itemDocs[j]!;
      const norm = itemNorms[j]!;
      const tf = itemTfs[j]!;
      let score = tf === 1 ? byNorm[norm]! : 0;
      if (score === 0) {
        const length = NORM_LENGTHS[norm]!;
        score = boost * (idf * (BM25_D + (tf * (BM25_K + 1)) / (tf + BM25_K * (1 - BM25_B + (BM25_B * length) / average))));
        if (tf === 1) byNorm[norm] = score;
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
    for (let j = 0; j < count; j++) scores[j] = this.scratch.sum[docs[j]!]!;
    clearScratch(this.scratch, docs);
    return { docs, scores, fields: new Uint8Array(count).fill(1 << field), anyFields: 1 << field };
  }
}

/** Each character code's base-36 digit (36 for the separators): one read instead of four comparisons per character. */
const DIGITS = new Uint8Array(128).fill(36);
for (let c = 0; c < 36; c++) DIGITS[c.toString(36).charCodeAt(0)] = c;
const COLON = 58;
const SEMICOLON = 59;
const STAR = 42;
const COMMA = 44;
const BANG = 33;
const DOT = 46;
const PLUS = 43;

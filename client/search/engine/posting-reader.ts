// Reading a term's postings from its shard (ShardFile.postings[i], see
// shared/search/index-format.ts) into arrays the lookups scan (postings.ts): sections in order,
// their BM25 summed over fields with the fields' weights, and which fields hold the term.
// This runs on a page just opened, once per term of the first query's shards, cold: see
// "Written for a cold page" in cli/search/README.md.
import { FIELDS, IMPACT_BITS, NAME_FIELDS, PACK_LAST, PACK_MORE, impactValue, type Field } from '../../../shared/search/index-format.ts';

export const BOOST: Record<Field, number> = { title: 8, heading: 5, keywords: 5, meta: 2.5, context: 1.5, body: 1 };
const FIELD_BOOSTS = FIELDS.map((f) => BOOST[f]);
/** Each field's impact levels' values (index-format.ts impactValue), worked out once. */
const IMPACT_VALUES = FIELDS.map((_, field) => Float64Array.from({ length: 1 << IMPACT_BITS[field]! }, (_, level) => impactValue(field, level)));

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
  /** One field's items while a term is read: section and impact level. */
  private readonly itemDocs: Int32Array;
  private readonly itemLevels: Uint8Array;
  /** A field's score by impact level for the term being read (0: not computed yet). */
  private readonly scoreByLevel = new Float64Array(1 << Math.max(...IMPACT_BITS));

  constructor(
    private readonly scratch: Scratch,
    private readonly terms: readonly string[],
    private readonly documentCount: number,
  ) {
    this.itemDocs = new Int32Array(documentCount);
    this.itemLevels = new Uint8Array(documentCount);
  }

  /**
   * Reads "field:items;field:…" (see ShardFile) into the term's postings merged over fields,
   * in one pass over the characters: a common word's postings are tens of thousands of items,
   * read once, cold, while the reader waits for the first results ("lock" at 8,500 pages: 15,000
   * items). So no call or object per number: each field's items go to scratch arrays (section,
   * impact level), are scored once the field's count gives its idf, and are summed by section
   * in field order (the file lists fields in order), as MiniSearch sums them.
   */
  read(term: number, text: string, names: NameSink): TermPostings {
    const { itemDocs, itemLevels } = this;
    const { sum, fields, touched } = this.scratch;
    let n = 0; // sections found so far, over fields
    let anyFields = 0;
    let lastField = -1;
    let field = -1;
    let nameField = false;
    let bits = 0; // the field's impact bits
    let mask = 0;
    let items = 0; // items of the current field
    let value = 0; // the packed number being read
    let doc = 0;
    // Which number of an item comes next: 0 its section and level; in a title or heading, 1 the
    // name's count of terms, 2 its count of forms, then that many forms.
    let part = 0;
    let nameTerms = 0;
    let formsLeft = 0;
    let forms: number[] = [];
    let atField = true; // the next character is a field number
    let single: TermPostings | undefined;
    if (text === '') return { docs: new Int32Array(0), scores: new Float64Array(0), fields: new Uint8Array(0), anyFields: 0 };
    const end = text.length;
    for (let at = 0; at <= end; at++) {
      const c = at < end ? text.charCodeAt(at) : SEMICOLON;
      if (atField) {
        field = c - ZERO;
        if (field <= lastField) throw new Error(`search: the postings of term ${this.terms[term]} list field ${field} after field ${lastField}; rebuild the site`);
        nameField = NAME_FIELDS.has(field);
        bits = IMPACT_BITS[field]!;
        mask = (1 << bits) - 1;
        items = 0;
        doc = 0;
        atField = false;
        at++; // the colon
        continue;
      }
      if (c === SEMICOLON) {
        n = this.addField(field, items, n);
        anyFields |= 1 << field;
        if (lastField === -1 && at === end) single = this.singleField(field, items);
        lastField = field;
        atField = true;
        continue;
      }
      const digit = PACKED[c]!;
      value = value * 32 + (digit & 31);
      if (digit < 32) continue; // more digits follow
      if (part === 0) {
        doc += value >>> bits;
        itemDocs[items] = doc;
        itemLevels[items++] = value & mask;
        if (nameField) part = 1;
      } else if (part === 1) {
        nameTerms = value;
        part = 2;
      } else if (part === 2) {
        formsLeft = value;
        forms = [];
        part = 3;
      } else {
        forms.push(value);
        formsLeft--;
      }
      if (part >= 3 && formsLeft === 0) {
        names(doc, term, forms, nameTerms);
        part = 0;
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
   * Scores the field's items (itemDocs, itemLevels) and adds them by section into the scratch
   * arrays; returns the sections found so far. Cold code boxes every floating-point result it
   * computes, so a score is computed once per impact level met, not once per item.
   */
  private addField(field: number, count: number, found: number): number {
    const { itemDocs, itemLevels } = this;
    const { sum, fields, touched } = this.scratch;
    const weighted = FIELD_BOOSTS[field]! * Math.log(1 + (this.documentCount - count + 0.5) / (count + 0.5));
    const values = IMPACT_VALUES[field]!;
    const byLevel = this.scoreByLevel;
    byLevel.fill(0);
    const bit = 1 << field;
    let n = found;
    for (let j = 0; j < count; j++) {
      const doc = itemDocs[j]!;
      const level = itemLevels[j]!;
      let score = byLevel[level]!;
      if (score === 0) score = byLevel[level] = weighted * values[level]!;
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

/** Each character code's packed digit (PACK_MORE: 0-31; PACK_LAST: 32 + 0-31): one read per character. */
const PACKED = new Uint8Array(128);
for (let d = 0; d < 32; d++) {
  PACKED[PACK_MORE.charCodeAt(d)] = d;
  PACKED[PACK_LAST.charCodeAt(d)] = 32 + d;
}
const ZERO = 48;
const SEMICOLON = 59;

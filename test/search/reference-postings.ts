// A plain reading of a term shard's postings (shared/search/index-format.ts, ShardFile), kept
// as the tests' reference: the browser reads them with its own one-pass parser
// (client/search/engine/posting-reader.ts), which test/search/postings.test.ts checks against
// MiniSearch, while compact-index.test.ts reads the shards back with this one. Also what
// MiniSearch is given to score as the index does: its postings at the index's impact levels.

import { BM25, IMPACT_BITS, PACK_LAST, PACK_MORE, impactLevel, impactValue, steadyAverage } from '../../shared/search/index-format.ts';

/** One parsed posting item. */
export interface Posting {
  doc: number;
  /** Its impact level (IMPACTS). */
  level: number;
  /** Name fields only: indexes into the term's forms, and the name's count of distinct terms. */
  forms?: number[];
  nameTerms?: number;
}

/** The packed numbers of a field's items, in order. */
function unpack(items: string): number[] {
  const numbers: number[] = [];
  let value = 0;
  for (const c of items) {
    const more = PACK_MORE.indexOf(c);
    if (more >= 0) {
      value = value * 32 + more;
      continue;
    }
    const last = PACK_LAST.indexOf(c);
    if (last < 0) throw new Error(`not a packed digit: ${c}`);
    numbers.push(value * 32 + last);
    value = 0;
  }
  return numbers;
}

/** Parses a term's postings: per field id, its items in doc order (name fields: 0, title, and 1, heading). */
export function parsePostings(postings: string): Map<number, Posting[]> {
  const out = new Map<number, Posting[]>();
  for (const part of postings.split(';')) {
    const colon = part.indexOf(':');
    const field = Number(part.slice(0, colon));
    const numbers = unpack(part.slice(colon + 1));
    const list: Posting[] = [];
    let doc = 0;
    for (let at = 0; at < numbers.length; ) {
      const value = numbers[at++]!;
      const levels = 2 ** IMPACT_BITS[field]!;
      doc += Math.floor(value / levels);
      const posting: Posting = { doc, level: value % levels };
      if (field <= 1) {
        posting.nameTerms = numbers[at++]!;
        const count = numbers[at++]!;
        posting.forms = numbers.slice(at, (at += count));
      }
      list.push(posting);
    }
    out.set(field, list);
  }
  return out;
}

/** The averages the index computes from MiniSearch's field lengths: over the sections that have the field, rounded (steadyAverage). */
export function indexAverages(fieldLength: Record<string, number[]>, fields: number): number[] {
  const totals = new Array<number>(fields).fill(0);
  const present = new Array<number>(fields).fill(0);
  for (const lengths of Object.values(fieldLength)) {
    lengths.forEach((n, f) => {
      totals[f]! += n;
      if (n > 0) present[f]!++;
    });
  }
  return totals.map((t, f) => (present[f] ? steadyAverage(t / present[f]!) : 0));
}

/** The term frequency that, at the field's average length, gives MiniSearch's BM25+ the impact of the field's `level`. */
export function impactFrequency(field: number, level: number): number {
  const part = impactValue(field, level) - BM25.d;
  return (BM25.k * part) / (BM25.k + 1 - part);
}

type MiniSearchJson = { index: [string, Record<string, Record<string, number>>][]; fieldLength: Record<string, number[]>; averageFieldLength: number[] };

/**
 * MiniSearch's serialized index as the local index keeps it: each posting's frequency replaced
 * by the one that gives its impact level's value with every field at its average length. Loaded
 * into MiniSearch, it scores as the browser's engine does from the shards.
 */
export function atImpactLevels<T extends MiniSearchJson>(json: T, averages: readonly number[]): T {
  const index = json.index.map(([term, fields]) => {
    const byField: Record<string, Record<string, number>> = {};
    for (const field in fields) {
      const docs = fields[field]!;
      byField[field] = Object.fromEntries(Object.entries(docs).map(([doc, tf]) => [doc, impactFrequency(Number(field), impactLevel(Number(field), tf, json.fieldLength[doc]![Number(field)]!, averages[Number(field)]!))]));
    }
    return [term, byField] as [string, Record<string, Record<string, number>>];
  });
  const fieldLength = Object.fromEntries(Object.keys(json.fieldLength).map((doc) => [doc, [...averages]]));
  return { ...json, index, fieldLength, averageFieldLength: [...averages] };
}

// A plain reading of a term shard's postings (shared/search/index-format.ts, ShardFile), kept
// as the tests' reference: the browser reads them with its own one-pass parser
// (client/search/engine/postings.ts), which test/search/postings.test.ts checks against
// MiniSearch, while compact-index.test.ts reads the shards back with this one.

import { NORM_LENGTHS, normCode } from '../../shared/search/index-format.ts';

/** A field length as the index keeps it (its level, shared/search/index-format.ts NORM_LENGTHS). */
export function normalized(length: number): number {
  return NORM_LENGTHS[parseInt(normCode(length), 36)]!;
}

/** MiniSearch's field lengths (its serialized fieldLength) as the index keeps them. */
export function normalizedLengths(fieldLength: Record<string, number[]>): Record<string, number[]> {
  return Object.fromEntries(Object.entries(fieldLength).map(([doc, lengths]) => [doc, lengths.map(normalized)]));
}

/** One parsed posting item. */
export interface Posting {
  doc: number;
  tf: number;
  length: number;
  /** Name fields only: indexes into the term's forms, and the name's count of distinct terms. */
  forms?: number[];
  nameTerms?: number;
}

/** Parses a term's postings: per field id, its items in doc order. */
export function parsePostings(postings: string): Map<number, Posting[]> {
  const out = new Map<number, Posting[]>();
  for (const part of postings.split(';')) {
    const colon = part.indexOf(':');
    const list: Posting[] = [];
    let doc = 0;
    for (const item of part.slice(colon + 1).split(',')) {
      const [head, name] = item.split('!') as [string, string | undefined];
      // The field length's level (one digit), then the doc delta and the frequency.
      const [delta, tf] = head.slice(1).split('*') as [string, string | undefined];
      doc += parseInt(delta, 36);
      const posting: Posting = { doc, tf: tf ? parseInt(tf, 36) : 1, length: NORM_LENGTHS[parseInt(head[0]!, 36)]! };
      if (name !== undefined) {
        const [forms, count] = name.split('.') as [string, string];
        posting.forms = forms ? forms.split('+').map((f) => parseInt(f, 36)) : [];
        posting.nameTerms = parseInt(count, 36);
      }
      list.push(posting);
    }
    out.set(Number(part.slice(0, colon)), list);
  }
  return out;
}

// A plain reading of a term shard's postings (shared/search/index-format.ts, ShardFile), kept
// as the tests' reference: the browser reads them with its own one-pass parser
// (client/search/engine/postings.ts), which test/search/postings.test.ts checks against
// MiniSearch, while compact-index.test.ts reads the shards back with this one.

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
      const [docTf, length] = head.split('/') as [string, string];
      const [delta, tf] = docTf.split('*') as [string, string | undefined];
      doc += parseInt(delta, 36);
      const posting: Posting = { doc, tf: tf ? parseInt(tf, 36) : 1, length: parseInt(length, 36) };
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

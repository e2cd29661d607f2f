// Writes the index part of the local index file (terms, postings, field lengths: see
// shared/search/index-format.ts) straight from the section documents.
//
// The browser loads it into MiniSearch (expandIndex, then MiniSearch.loadJS), so it must hold
// exactly what MiniSearch would have built from the same documents with the same options.
// This builder counts terms the way MiniSearch's `add` does: each field's value is tokenized,
// its length is the number of distinct tokens, and each token goes through processTerm, which
// may drop it. Building the index in MiniSearch and converting its JSON gave the same file
// but cost a cold build ~0.4 s of worker time (its radix tree, then the JSON of every posting
// as objects, then the strings), at the end of the build, while the pages waited for the
// index's name. compact-index.test.ts checks the result against MiniSearch itself.
import { FIELDS, MINISEARCH_OPTIONS, type IndexFile, type SectionDocument } from '../../shared/search/index-format.ts';

type Postings = Map<number, number>[]; // per field id: document id → term frequency

export class CompactIndexBuilder {
  /** term → postings, in the order terms were first seen. */
  private readonly terms = new Map<string, Postings>();
  /** Per document, in id order: its fields' lengths in FIELDS order. */
  private readonly lengths: number[][] = [];
  private readonly tokenize = MINISEARCH_OPTIONS.tokenize!;
  private readonly processTerm = MINISEARCH_OPTIONS.processTerm!;

  /** Adds a document; ids must be 0, 1, 2 … in the order documents are added. */
  add(document: SectionDocument): void {
    const id = document.id;
    if (id !== this.lengths.length) throw new Error(`section ${id} added out of order (expected ${this.lengths.length})`);
    const lengths: number[] = [];
    FIELDS.forEach((field, fieldId) => {
      const tokens = this.tokenize(String(document[field]), field);
      lengths.push(new Set(tokens).size);
      for (const token of tokens) {
        const processed = this.processTerm(token, field);
        for (const term of Array.isArray(processed) ? processed : [processed]) {
          if (!term) continue;
          let postings = this.terms.get(term);
          if (!postings) this.terms.set(term, (postings = []));
          const docs = (postings[fieldId] ??= new Map());
          docs.set(id, (docs.get(id) ?? 0) + 1);
        }
      }
    });
    this.lengths.push(lengths);
  }

  finish(): Pick<IndexFile, 'terms' | 'postings' | 'lengths'> {
    const sorted = [...this.terms.keys()].sort((a, b) => (a < b ? -1 : 1));
    const postings = sorted.map((term) => {
      const fields: string[] = [];
      this.terms.get(term)!.forEach((docs, fieldId) => {
        // Documents arrive in id order, so each list is sorted already: delta-code it.
        let previous = 0;
        const list: string[] = [];
        for (const [doc, tf] of docs) {
          list.push((doc - previous).toString(36) + (tf > 1 ? `*${tf.toString(36)}` : ''));
          previous = doc;
        }
        fields.push(`${fieldId}:${list.join(',')}`);
      });
      return fields.join(';');
    });
    return { terms: sorted.join(' '), postings, lengths: this.lengths.map((row) => row.join(',')).join(';') };
  }
}

// Writes the postings of the local index (see shared/search/index-format.ts) straight from
// the section documents.
//
// The browser loads them into MiniSearch (client/search/engine/index-store.ts), so they must
// hold exactly what MiniSearch would have built from the same documents with the same options.
// This builder counts terms the way MiniSearch's `add` does: each field's value is tokenized,
// its length is the number of distinct tokens, and each token goes through processTerm, which
// may drop it. Building the index in MiniSearch and converting its JSON gave the same data
// but cost a cold build ~0.4 s of worker time (its radix tree, then the JSON of every posting
// as objects, then the strings), at the end of the build, while the pages waited for the
// index's name. compact-index.test.ts checks the result against MiniSearch itself.
import { FIELDS, MINISEARCH_OPTIONS, NAME_FIELDS, nameWords, type SectionDocument } from '../../shared/search/index-format.ts';
import { normalizeWord } from '../../shared/search/text.ts';

/**
 * Per field id: the documents holding the term, as document id and term frequency one after the
 * other ([id, tf, id, tf, …], ids ascending). Plain arrays of small integers rather than a Map
 * per field and term: at 1,700 pages the Maps' tables were 35 MB of the index worker's 61 MB,
 * and the worker's heap grows with the site (a 50,000-page site holds some 15 million postings).
 */
type Postings = number[][];

export interface CompactIndex {
  /** Sorted. */
  terms: string[];
  /** Per term, in the format of ShardFile.postings. */
  postings: string[];
  /** Per term, its written forms in titles and headings, space-separated. */
  forms: string[];
  documentCount: number;
  averageFieldLength: number[];
}

export class CompactIndexBuilder {
  /** term → postings, in the order terms were first seen. */
  private readonly terms = new Map<string, Postings>();
  /** Per document, in id order: its fields' lengths in FIELDS order. */
  private readonly lengths: number[][] = [];
  /** Per document: term → the written words of its title or heading that give the term. */
  private readonly nameForms: Map<string, Set<string>>[] = [];
  /** Per document: distinct non-stop terms of its title or heading. */
  private readonly nameTerms: number[] = [];
  private readonly tokenize = MINISEARCH_OPTIONS.tokenize!;
  private readonly processTerm = MINISEARCH_OPTIONS.processTerm!;

  /** Adds a document; ids must be 0, 1, 2 … in the order documents are added. */
  add(document: SectionDocument): void {
    const id = document.id;
    if (id !== this.lengths.length) throw new Error(`section ${id} added out of order (expected ${this.lengths.length})`);
    const lengths: number[] = [];
    const forms = new Map<string, Set<string>>();
    FIELDS.forEach((field, fieldId) => {
      const tokens = this.tokenize(String(document[field]), field);
      lengths.push(new Set(tokens).size);
      for (const token of tokens) {
        const processed = this.processTerm(token, field);
        for (const term of Array.isArray(processed) ? processed : [processed]) {
          if (!term) continue;
          let postings = this.terms.get(term);
          if (!postings) this.terms.set(term, (postings = []));
          const docs = (postings[fieldId] ??= []);
          // A document's tokens all arrive in this call, so its entry, if any, is the last one.
          if (docs[docs.length - 2] === id) docs[docs.length - 1]!++;
          else docs.push(id, 1);
          if (NAME_FIELDS.has(fieldId)) {
            let set = forms.get(term);
            if (!set) forms.set(term, (set = new Set()));
            set.add(normalizeWord(token));
          }
        }
      }
    });
    this.lengths.push(lengths);
    this.nameForms.push(forms);
    // The engine compares a query with the title of an intro and the heading of the others.
    this.nameTerms.push(nameWords(document.title || document.heading).terms.length);
  }

  finish(): CompactIndex {
    const terms = [...this.terms.keys()].sort((a, b) => (a < b ? -1 : 1));
    const forms: string[] = [];
    const postings = terms.map((term) => {
      // The term's written forms over every title and heading, sorted, numbered by place.
      const all = new Set<string>();
      this.terms.get(term)!.forEach((docs, fieldId) => {
        if (NAME_FIELDS.has(fieldId)) for (let i = 0; i < docs.length; i += 2) for (const f of this.nameForms[docs[i]!]!.get(term)!) all.add(f);
      });
      const formList = [...all].sort();
      const formIndex = new Map(formList.map((f, i) => [f, i.toString(36)]));
      forms.push(formList.join(' '));
      const fields: string[] = [];
      this.terms.get(term)!.forEach((docs, fieldId) => {
        // Documents arrive in id order, so each list is sorted already: delta-code it.
        let previous = 0;
        const list: string[] = [];
        for (let i = 0; i < docs.length; i += 2) {
          const doc = docs[i]!;
          const tf = docs[i + 1]!;
          let item = (doc - previous).toString(36) + (tf > 1 ? `*${tf.toString(36)}` : '') + `/${this.lengths[doc]![fieldId]!.toString(36)}`;
          if (NAME_FIELDS.has(fieldId)) {
            const own = [...this.nameForms[doc]!.get(term)!].map((f) => formIndex.get(f)!);
            item += `!${own.sort().join('+')}.${this.nameTerms[doc]!.toString(36)}`;
          }
          list.push(item);
          previous = doc;
        }
        fields.push(`${fieldId}:${list.join(',')}`);
      });
      return fields.join(';');
    });
    return { terms, postings, forms, documentCount: this.lengths.length, averageFieldLength: this.averages() };
  }

  /**
   * Averages count only sections that have the field: a title exists on intro sections only,
   * and averaging in every empty one would make each title look ten times too long to BM25.
   */
  private averages(): number[] {
    const totals = FIELDS.map(() => 0);
    const present = FIELDS.map(() => 0);
    for (const row of this.lengths) {
      row.forEach((n, f) => {
        totals[f]! += n;
        if (n > 0) present[f]!++;
      });
    }
    return totals.map((t, f) => (present[f] ? t / present[f]! : 0));
  }
}

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
// Text is split once, by a scanner (shared/search/word-scan.ts), and each distinct word is
// normalised, stemmed and checked once (./token-table.ts): a document is counted by numbers in
// arrays, with no substring lists, Sets or string-keyed Maps per field.
import { FIELDS, IMPACT_BITS, KEEPS_STOP_WORDS, NAME_FIELDS, impactLevel, steadyAverage, type SectionDocument } from '../../shared/search/index-format.ts';
import { nextWordStart, wordEnd } from '../../shared/search/word-scan.ts';
import { PackedWriter } from './packed-writer.ts';
import { EMPTY, STOP, newStamp, terms, words, type PageWordSet } from './token-table.ts';
import { mergeTerms } from './merge-terms.ts';
import { touchChangedTerms } from './changed-terms.ts';
import { BUCKETS, PostingSpill } from './posting-spill.ts';
import { SectionTable } from './section-table.ts';

/**
 * Per field id, the documents that have the term and its frequency there, as pairs in one flat
 * list: [doc, tf, doc, tf, …]. A Map per term and field cost ~50 bytes a posting and was most
 * of the index worker's heap (heap snapshot at 1,700 pages: 35 of 60 MB; at 8,500 pages the
 * worker holds ~345 MB when the index is done); a flat list of small integers costs ~20.
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

/**
 * What one document brings to the index, worked out from its text alone (no id): a dev rebuild
 * keeps it for every unchanged section and works out only the changed ones again.
 */
export interface AnalysedDocument {
  /** Its fields' lengths, in FIELDS order. */
  lengths: number[];
  /**
   * Its terms' frequencies, three numbers a term and field: the term's id (./token-table.ts
   * `terms`), the field's id, the term's frequency in the field (a view of the index memo's
   * array for a page read from it, ./index-memo.ts).
   */
  frequencies: ArrayLike<number>;
  /** Term id → the written words of its title or heading that give the term (distinct). */
  forms: Map<number, string[]>;
  /** Distinct non-stop terms of its title or heading. */
  nameTerms: number;
}

/** Whether each field keeps stop words, by field id. */
const KEEPS_STOP_WORDS_BY_ID = FIELDS.map((field) => KEEPS_STOP_WORDS.has(field));
const TITLE = FIELDS.indexOf('title');
const HEADING = FIELDS.indexOf('heading');
const BODY = FIELDS.indexOf('body');

/**
 * Per term id, where its frequency was last put in an AnalysedDocument's `frequencies` (0 at
 * first): it is the frequency of the field being analysed only when the two numbers before it
 * name the term and the field (each term and field has one place in a document's list).
 */
const frequencyAt: number[] = [];

/**
 * Counts a document's terms the way MiniSearch's `add` does with our options (tokenize, then
 * processTerm, which may drop a word): a field's length is its number of distinct words as
 * written, and each word gives its term unless it is a stop word of a field that drops them.
 * `pageWords`, when given, gathers the page files' dictionary words of the fields a page file
 * holds (headings and paragraphs; the page adds its title).
 */
export function analyseDocument(document: Omit<SectionDocument, 'id'>, pageWords?: PageWordSet): AnalysedDocument {
  const lengths: number[] = [];
  const frequencies: number[] = [];
  const forms = new Map<number, string[]>();
  let nameTerms = 0;
  // The engine compares a query with the title of an intro and the heading of the others.
  const nameField = document.title ? TITLE : HEADING;
  FIELDS.forEach((field, fieldId) => {
    const text = String(document[field]);
    const stamp = newStamp();
    const keepsStopWords = KEEPS_STOP_WORDS_BY_ID[fieldId]!;
    const gathers = pageWords !== undefined && (fieldId === HEADING || fieldId === BODY);
    let distinct = 0;
    for (let start = nextWordStart(text, 0), end = 0; start >= 0; start = nextWordStart(text, end)) {
      end = wordEnd(text, start);
      const word = words.at(text, start, end);
      if (words.mark(word, stamp)) {
        distinct++;
        if (gathers) pageWords.addWord(word);
      }
      const term = words.term[word]!;
      const flags = words.flags[word]!;
      if (fieldId === nameField && !(flags & STOP) && terms.mark(term, stamp)) nameTerms++;
      if (flags & EMPTY || (flags & STOP && !keepsStopWords)) continue;
      while (frequencyAt.length <= term) frequencyAt.push(0);
      const at = frequencyAt[term]!;
      if (at < frequencies.length && frequencies[at - 2] === term && frequencies[at - 1] === fieldId) frequencies[at]!++;
      else frequencyAt[term] = frequencies.push(term, fieldId, 1) - 1;
      if (NAME_FIELDS.has(fieldId)) {
        const form = words.form[word]!;
        const list = forms.get(term);
        if (!list) forms.set(term, [form]);
        else if (!list.includes(form)) list.push(form);
      }
    }
    lengths.push(distinct);
  });
  return { lengths, frequencies, forms, nameTerms };
}

/** Term frequencies and field lengths whose impact levels are kept once worked out. */
const CACHED_LENGTHS = 2048;
const CACHED_FREQUENCIES = 8;

export class CompactIndexBuilder {
  /** Postings by term id (./token-table.ts `terms`); none for the terms of no document here. */
  private readonly postings: (Postings | undefined)[] = [];
  /** What writing the postings reads of every document: its field lengths, name terms and forms. */
  private readonly sections = new SectionTable();
  /** Per document, in id order, as added: only for an index that `replace` or a deferred finish needs them of. */
  private readonly documents: AnalysedDocument[] = [];
  /**
   * Only for an index that `replace` updates (dev): each term's postings and forms as the last
   * `finish` wrote them, and the terms changed since, whose lists are worked out again.
   */
  private readonly written?: Map<number, [postings: string, forms: string]>;
  private readonly changed = new Set<number>();
  /** The averages the written postings' impacts read (a change rewrites every term). */
  private writtenAverages = '';
  /**
   * Per field, impact levels by term frequency (up to CACHED_FREQUENCIES) and field length (-1:
   * not worked out yet), for the averages of the last finish: two logarithms per posting made a
   * finish 40 % slower than format 6's (millions of postings at 8,500 pages).
   */
  private cachedLevels: Int8Array[] = [];
  private readonly writer = new PackedWriter();
  /** Terms whose postings were written (not taken from a build before), for the build's report and the tests. */
  writtenTerms = 0;

  /**
   * Set for a warm build's index (./index-memo.ts): documents are entered only when finishing,
   * where `finishReusing` enters only the terms whose postings changed.
   */
  private deferred: boolean;

  /** A production index's postings until it is finished (./posting-spill.ts), out of the heap. */
  private readonly spill?: PostingSpill;

  constructor(options: { replaceable?: boolean; deferred?: boolean; spilled?: boolean } = {}) {
    if (options.replaceable) this.written = new Map();
    this.deferred = options.deferred === true && !options.replaceable;
    if (options.spilled && !options.replaceable) this.spill = new PostingSpill();
  }

  /** Adds a document; ids must be 0, 1, 2 … in the order documents are added. */
  add(document: SectionDocument): void {
    this.addAnalysed(document.id, analyseDocument(document));
  }

  addAnalysed(id: number, document: AnalysedDocument): void {
    if (id !== this.sections.count) throw new Error(`section ${id} added out of order (expected ${this.sections.count})`);
    // A production index lets the document go: its frequencies are spilled, the rest is in `sections`.
    if (this.written || this.deferred) this.documents.push(document);
    this.sections.add(document);
    if (!this.deferred) this.enterOrSpill(id, document);
  }

  private enterOrSpill(id: number, document: AnalysedDocument): void {
    if (this.spill) this.spill.add(id, document.frequencies);
    else this.enter(id, document);
  }

  /**
   * The index, with the postings of `previous` (the index of a build before, of as many
   * sections) for every term whose postings no changed section changes: `changed` maps each
   * changed section's id to the section as it was. Only those terms' postings are made and
   * written (a one-page edit at 8,500 pages: a few dozen of ~14,000 terms). When the averages
   * of the field lengths moved, every impact changes: then every term is written again.
   */
  finishReusing(previous: CompactIndex, changed: ReadonlyMap<number, AnalysedDocument>): CompactIndex {
    const averages = this.averages();
    if (!this.deferred || previous.documentCount !== this.sections.count || averages.join() !== previous.averageFieldLength.join()) return this.finish();
    this.levelsFor(averages);
    const touched = new Uint8Array(terms.values.length);
    const level = (field: number, tf: number, length: number) => this.levelOf(field, tf, length, averages[field]!);
    for (const [id, before] of changed) touchChangedTerms(before, this.documents[id]!, level, touched);
    if (touched.includes(1)) {
      this.documents.forEach((document, id) => {
        this.enter(id, document, touched);
      });
    }
    const names = terms.values;
    const made = new Map<string, [postings: string, forms: string] | undefined>();
    touched.forEach((isTouched, term) => {
      if (isTouched) made.set(names[term]!, this.postings[term] ? this.write(term, averages) : undefined);
    });
    return { ...mergeTerms(previous, made), documentCount: this.sections.count, averageFieldLength: averages };
  }

  /** Puts another version of document `id` in place (an index made with `replaceable` only). */
  replace(id: number, document: AnalysedDocument): void {
    const old = this.documents[id];
    if (!this.written || !old) throw new Error(`section ${id} cannot be replaced`);
    const frequencies = old.frequencies;
    for (let at = 0; at < frequencies.length; at += 3) {
      const term = frequencies[at]!;
      const fieldId = frequencies[at + 1]!;
      const postings = this.postings[term]!;
      const pairs = postings[fieldId]!;
      // A document is listed once per field.
      for (let p = 0; p < pairs.length; p += 2) {
        if (pairs[p] !== id) continue;
        pairs.splice(p, 2);
        break;
      }
      if (!pairs.length) delete postings[fieldId];
      if (!postings.some((docs) => docs !== undefined)) this.postings[term] = undefined;
      this.changed.add(term);
    }
    this.documents[id] = document;
    this.sections.replace(id, document);
    this.enter(id, document);
  }

  /** Enters the document's postings (of the terms marked in `only`, when given). */
  private enter(id: number, { frequencies }: AnalysedDocument, only?: Uint8Array): void {
    const all = this.postings;
    for (let at = 0; at < frequencies.length; at += 3) {
      const term = frequencies[at]!;
      if (only && only[term] !== 1) continue;
      while (all.length <= term) all.push(undefined);
      const postings = (all[term] ??= []);
      (postings[frequencies[at + 1]!] ??= []).push(id, frequencies[at + 2]!);
      if (this.written) this.changed.add(term);
    }
  }

  finish(): CompactIndex {
    if (this.deferred) {
      this.deferred = false;
      this.documents.forEach((document, id) => {
        this.enterOrSpill(id, document);
      });
      // Spilled, they are needed no more (a warm build's index is not replaced).
      if (this.spill) this.documents.length = 0;
    }
    const averages = this.averages();
    this.levelsFor(averages);
    if (this.spill) return this.finishSpilled(this.spill, averages);
    const names = terms.values;
    const ids: number[] = [];
    this.postings.forEach((postings, term) => {
      if (postings) ids.push(term);
    });
    ids.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
    const forms: string[] = [];
    const postings = ids.map((term) => {
      let written = this.written?.get(term);
      if (!written || this.changed.has(term)) {
        written = this.write(term, averages);
        this.written?.set(term, written);
      }
      forms.push(written[1]);
      return written[0];
    });
    if (this.written) for (const term of this.changed) if (!this.postings[term]) this.written.delete(term);
    this.changed.clear();
    return { terms: ids.map((term) => names[term]!), postings, forms, documentCount: this.sections.count, averageFieldLength: averages };
  }

  /** The index from the spilled postings, one bucket of terms at a time (then the spill is closed). */
  private finishSpilled(spill: PostingSpill, averages: number[]): CompactIndex {
    const made: [postings: string, forms: string][] = [];
    try {
      for (let bucket = 0; bucket < BUCKETS; bucket++) {
        spill.forEachTerm(bucket, FIELDS.length, (term, lists) => {
          made[term] = this.write(term, averages, lists);
        });
      }
    } finally {
      spill.close();
    }
    const names = terms.values;
    const ids: number[] = [];
    made.forEach((_, term) => {
      ids.push(term);
    });
    ids.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
    return { terms: ids.map((term) => names[term]!), postings: ids.map((term) => made[term]![0]), forms: ids.map((term) => made[term]![1]), documentCount: this.sections.count, averageFieldLength: averages };
  }

  /** Makes the impacts read these averages (a dev index's kept postings are then all written again). */
  private levelsFor(averages: readonly number[]): void {
    if (averages.join() === this.writtenAverages) return;
    this.written?.clear();
    this.writtenAverages = averages.join();
    this.cachedLevels = FIELDS.map(() => new Int8Array(CACHED_FREQUENCIES * CACHED_LENGTHS).fill(-1));
  }

  /** One term's postings and written forms (format: ShardFile in shared/search/index-format.ts). */
  private write(term: number, averages: readonly number[], termPostings: ArrayLike<number>[] = this.postings[term]!): [postings: string, forms: string] {
    this.writtenTerms++;
    // Replaced documents were entered after the others: put each list back in id order.
    if (this.written) {
      termPostings.forEach((pairs, fieldId) => {
        const order = Array.from({ length: pairs.length / 2 }, (_, n) => n).sort((a, b) => pairs[2 * a]! - pairs[2 * b]!);
        termPostings[fieldId] = order.flatMap((n) => [pairs[2 * n]!, pairs[2 * n + 1]!]);
      });
    }
    const sections = this.sections;
    // The term's written forms over every title and heading, sorted, numbered by place.
    const all = new Set<string>();
    for (const fieldId of NAME_FIELDS) {
      const docs = termPostings[fieldId];
      if (docs) for (let at = 0; at < docs.length; at += 2) for (const f of sections.formsOf(docs[at]!, term)) all.add(f);
    }
    const formList = [...all].sort();
    const formIndex = new Map(formList.map((f, i) => [f, i]));
    const out = this.writer;
    let first = true;
    termPostings.forEach((docs, fieldId) => {
      out.text(first ? `${fieldId}:` : `;${fieldId}:`);
      first = false;
      // Documents arrive in id order, so each list is sorted already: delta-code it.
      let previous = 0;
      const bits = IMPACT_BITS[fieldId]!;
      const names = NAME_FIELDS.has(fieldId);
      for (let at = 0; at < docs.length; at += 2) {
        const doc = docs[at]!;
        const level = this.levelOf(fieldId, docs[at + 1]!, sections.fieldLength(doc, fieldId), averages[fieldId]!);
        out.number(((doc - previous) << bits) | level);
        if (names) {
          const own = sections.formsOf(doc, term);
          out.number(sections.nameTermsOf(doc));
          out.number(own.length);
          if (own.length === 1) out.number(formIndex.get(own[0]!)!);
          else for (const place of own.map((f) => formIndex.get(f)!).sort((a, b) => a - b)) out.number(place);
        }
        previous = doc;
      }
    });
    return [out.take(), formList.join(' ')];
  }

  private levelOf(field: number, tf: number, length: number, average: number): number {
    if (tf > CACHED_FREQUENCIES || length >= CACHED_LENGTHS) return impactLevel(field, tf, length, average);
    const levels = this.cachedLevels[field]!;
    const at = (tf - 1) * CACHED_LENGTHS + length;
    let level = levels[at]!;
    if (level < 0) level = levels[at] = impactLevel(field, tf, length, average);
    return level;
  }

  /** Averages of the sections' field lengths, rounded (steadyAverage) so that an edit seldom changes every impact. */
  private averages(): number[] {
    return this.sections.averages(steadyAverage);
  }
}

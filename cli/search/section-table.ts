// What the index builder (./compact-index.ts) keeps of every section from its arrival until the
// postings are written: its field lengths, its count of name terms, and the written forms of its
// title's or heading's terms. They are read per posting when writing (impact levels, a name
// field's forms), so they stay to the end; the term frequencies do not (a production index
// spills them, ./posting-spill.ts).
//
// Kept as a plain object per section (its lengths in an array, its forms in a Map of arrays),
// they were about 560 bytes a section, two thirds of the index worker's live heap while it was
// fed (heap snapshot at 8,500 pages, 64,485 sections: ~36 of 55 MB), and grew with the site (at
// 50,000 pages the worker's heap reached 300 MB while fed). Here they are numbers in a few typed
// arrays, the written forms interned once for the site: about 50 bytes a section.
import { FIELDS } from '../../shared/search/index-format.ts';

/** What the table takes of a section (AnalysedDocument in ./compact-index.ts, less its frequencies). */
export interface SectionFacts {
  lengths: ArrayLike<number>;
  forms: ReadonlyMap<number, readonly string[]>;
  nameTerms: number;
}

/** Int32 numbers appended one by one, in a typed array that doubles when full. */
class IntList {
  private numbers = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.numbers.length) {
      const grown = new Int32Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.length++] = value;
  }

  at(i: number): number {
    return this.numbers[i]!;
  }

  set(i: number, value: number): void {
    this.numbers[i] = value;
  }
}

const FIELD_COUNT = FIELDS.length;

export class SectionTable {
  /** FIELD_COUNT lengths a section, in section order. */
  private readonly lengths = new IntList();
  private readonly nameTerms = new IntList();
  /** Per section, where its entries in `forms` start and end. */
  private readonly formStarts = new IntList();
  private readonly formEnds = new IntList();
  /** Per section, for each term of its title or heading: the term, its number of forms, then each form's id. */
  private readonly forms = new IntList();
  /** Each written form met, by id, and the id of each. */
  private readonly formNames: string[] = [];
  private readonly formIds = new Map<string, number>();

  get count(): number {
    return this.nameTerms.length;
  }

  /** Adds the next section (its id is the count before). */
  add(section: SectionFacts): void {
    for (let field = 0; field < FIELD_COUNT; field++) this.lengths.push(section.lengths[field] ?? 0);
    this.nameTerms.push(section.nameTerms);
    this.formStarts.push(this.forms.length);
    this.addForms(section.forms);
    this.formEnds.push(this.forms.length);
  }

  /** Puts another version of section `id` in place (its old forms stay behind, unread: dev replaces few sections). */
  replace(id: number, section: SectionFacts): void {
    for (let field = 0; field < FIELD_COUNT; field++) this.lengths.set(id * FIELD_COUNT + field, section.lengths[field] ?? 0);
    this.nameTerms.set(id, section.nameTerms);
    this.formStarts.set(id, this.forms.length);
    this.addForms(section.forms);
    this.formEnds.set(id, this.forms.length);
  }

  fieldLength(section: number, field: number): number {
    return this.lengths.at(section * FIELD_COUNT + field);
  }

  nameTermsOf(section: number): number {
    return this.nameTerms.at(section);
  }

  /** The written words of the section's title or heading that give `term` (none when it has no such word). */
  formsOf(section: number, term: number): string[] {
    const forms = this.forms;
    for (let at = this.formStarts.at(section), end = this.formEnds.at(section); at < end; at += 2 + forms.at(at + 1)) {
      if (forms.at(at) !== term) continue;
      const written: string[] = [];
      for (let n = 0; n < forms.at(at + 1); n++) written.push(this.formNames[forms.at(at + 2 + n)]!);
      return written;
    }
    return [];
  }

  /**
   * Per field, the average length over the sections that have the field (rounded by `steady`):
   * a title exists on intro sections only, and averaging in every empty one would make each
   * title look ten times too long to BM25.
   */
  averages(steady: (average: number) => number): number[] {
    const totals = new Array<number>(FIELD_COUNT).fill(0);
    const present = new Array<number>(FIELD_COUNT).fill(0);
    for (let at = 0; at < this.lengths.length; at++) {
      const length = this.lengths.at(at);
      totals[at % FIELD_COUNT]! += length;
      if (length > 0) present[at % FIELD_COUNT]!++;
    }
    return totals.map((total, field) => (present[field] ? steady(total / present[field]!) : 0));
  }

  private addForms(forms: ReadonlyMap<number, readonly string[]>): void {
    for (const [term, written] of forms) {
      this.forms.push(term);
      this.forms.push(written.length);
      for (const form of written) {
        let id = this.formIds.get(form);
        if (id === undefined) this.formIds.set(form, (id = this.formNames.push(form) - 1));
        this.forms.push(id);
      }
    }
  }
}

// Which terms' postings a changed section changes, for a warm build's index
// (CompactIndexBuilder.finishReusing in ./compact-index.ts, which writes only those terms).
import { NAME_FIELDS } from '../../shared/search/index-format.ts';

/** What this reads of a section's analysis (AnalysedDocument in ./compact-index.ts, which imports this). */
interface AnalysedSection {
  lengths: ArrayLike<number>;
  frequencies: ArrayLike<number>;
  forms: ReadonlyMap<number, readonly string[]>;
  nameTerms: number;
}

/**
 * Marks in `touched` the terms whose postings differ for a section between two versions of it
 * (under the same field-length averages, which `level` reads): a term in one version only, in
 * other fields, at another impact level in a field, or, in a title or heading, with other
 * written forms or another count of name terms. A term the section has with the same entries
 * keeps its postings: the word that changed in a long section leaves most of its terms, and
 * every other section of its page, as they were. Marking every term the page had or has wrote
 * the postings of a site's common words again, each in thousands of sections: at 8,500 pages
 * ~240 terms and ~0.3 s of the worker's CPU for a one-line edit, which now writes one or two.
 */
export function touchChangedTerms(before: AnalysedSection, after: AnalysedSection, level: (field: number, tf: number, length: number) => number, touched: Uint8Array): void {
  const [was, is] = [entries(before, level), entries(after, level)];
  for (const term of new Set([...was.keys(), ...is.keys()])) {
    const [then, now] = [was.get(term), is.get(term)];
    let same = then !== undefined && now !== undefined && then.join() === now.join();
    // A title's or heading's entry also names the section's count of name terms and the term's written forms there.
    if (same && then!.some((value, at) => at % 2 === 0 && NAME_FIELDS.has(value))) same = before.nameTerms === after.nameTerms && formsOf(before, term) === formsOf(after, term);
    if (!same) touched[term] = 1;
  }
}

/** Per term of the section, its entries: field and impact level, in field order. */
function entries({ frequencies, lengths }: AnalysedSection, level: (field: number, tf: number, length: number) => number): Map<number, number[]> {
  const byTerm = new Map<number, number[]>();
  for (let at = 0; at < frequencies.length; at += 3) {
    const [term, field, tf] = [frequencies[at]!, frequencies[at + 1]!, frequencies[at + 2]!];
    let list = byTerm.get(term);
    if (!list) byTerm.set(term, (list = []));
    list.push(field, level(field, tf, lengths[field]!));
  }
  return byTerm;
}

/** The term's written forms in the section's title or heading, in a fixed order (the postings list their places sorted). */
function formsOf(document: AnalysedSection, term: number): string {
  return [...(document.forms.get(term) ?? [])].sort().join(' ');
}

// A warm build's terms (see CompactIndexBuilder.finishReusing in ./compact-index.ts): the last
// build's sorted terms, each changed term's postings put in place, added or taken out.

/** Sorted terms and, per term, its postings and written forms (as in CompactIndex, ./compact-index.ts). */
export interface TermLists {
  terms: string[];
  postings: string[];
  forms: string[];
}

/**
 * `made`: per changed term, its postings and written forms now, or undefined when no section
 * has it any more. The terms stay sorted as CompactIndexBuilder.finish sorts them (by UTF-16
 * code units).
 */
export function mergeTerms(previous: TermLists, made: ReadonlyMap<string, [postings: string, forms: string] | undefined>): TermLists {
  const added = [...made.keys()].filter((term) => made.get(term) !== undefined).sort((a, b) => (a < b ? -1 : 1));
  const terms: string[] = [];
  const postings: string[] = [];
  const forms: string[] = [];
  let next = 0;
  const addMade = (term: string) => {
    const [termPostings, termForms] = made.get(term)!;
    terms.push(term);
    postings.push(termPostings);
    forms.push(termForms);
  };
  previous.terms.forEach((term, i) => {
    while (next < added.length && added[next]! < term) addMade(added[next++]!);
    if (made.has(term)) return;
    terms.push(term);
    postings.push(previous.postings[i]!);
    forms.push(previous.forms[i]!);
  });
  while (next < added.length) addMade(added[next++]!);
  return { terms, postings, forms };
}

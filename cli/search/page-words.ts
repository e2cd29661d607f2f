// Chooses the site's word dictionary for the page files (format: shared/search/page-words.ts;
// why and what it saves: cli/search/README.md, "A dictionary for the page files").
//
// Gzip already writes a word's repeats within one file as references to its first use, so a
// code saves mostly on that first use, once per page file holding the word: a word is worth
// its place when the pages holding it save more than the dictionary pays to spell it.
import type { PageFile } from '../../shared/search/page-file.ts';
import { foldedWords, homeSlot, WORD_SLOTS } from '../../shared/search/page-words.ts';

/**
 * Words in the dictionary, at most. Every first search fetches the whole dictionary with its
 * first page files, so on a large site it holds the words that save most (at 8,500 generated
 * pages this is about 8 KB gzip); our site's 168 pages have about 1,600 words worth a place.
 */
export const MAX_WORDS = 2_000;
/**
 * What a code costs the text, in characters of a word. A code is three characters, but they
 * compress better than a word's letters: on our site, counting 2 gives a total index of 403.3
 * KB gzip (1,937 words), 3 gives 406.3 (1,634 words), 4 gives 414.5, and 1 gives 404.3 (the
 * 2,000 words that save most, by a measure that then ranks short words too high).
 */
const CODE_COST = 2;

/** A page's distinct words (folded, see foldedWord), as chooseWords counts them. */
export function pageWords([, title, , , texts]: PageFile): string[] {
  const words = new Set<string>();
  const add = (word: string) => words.add(word);
  foldedWords(title, add);
  for (const section of texts) for (const text of section) foldedWords(text, add);
  return [...words];
}

/**
 * The dictionary by slot, from each page's words (pageWords): each word placed in its home
 * slot (homeSlot) or, when a word that saves more took it, the next free one. Words are placed
 * from the one that saves most (ties by the word), so the same pages always give the same
 * codes, and an edit that adds or drops a word moves at most the codes of the words placed
 * after it that wanted the same slots.
 */
export function chooseWords(pages: readonly (readonly string[])[]): (string | undefined)[] {
  const pagesHolding = new Map<string, number>();
  for (const words of pages) for (const word of words) pagesHolding.set(word, (pagesHolding.get(word) ?? 0) + 1);
  return chooseFromCounts(pagesHolding);
}

/** chooseWords from the count of pages holding each word (what a production build counts as pages arrive). */
export function chooseFromCounts(pagesHolding: ReadonlyMap<string, number>): (string | undefined)[] {
  const worth: [string, number][] = [];
  for (const [word, count] of pagesHolding) {
    // Characters saved in the pages holding the word, less what the dictionary spends on it.
    const saved = count * (word.length - CODE_COST) - (word.length + 1);
    if (saved > 0) worth.push([word, saved]);
  }
  worth.sort(([a, savedA], [b, savedB]) => savedB - savedA || (a < b ? -1 : a > b ? 1 : 0));
  const slots: (string | undefined)[] = new Array(WORD_SLOTS).fill(undefined);
  for (const [word] of worth.slice(0, MAX_WORDS)) {
    let slot = homeSlot(word);
    while (slots[slot] !== undefined) slot = (slot + 1) % WORD_SLOTS;
    slots[slot] = word;
  }
  return slots;
}

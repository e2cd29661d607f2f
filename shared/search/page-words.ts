// The site's word dictionary for the page files (format 8): the words that cost the page files
// most, each replaced in their text by a code of three characters, `` ` `` and its slot in two
// characters (`~` and the slot for the word with a capital first letter). The dictionary is
// its own content-named file (words/<hash>.json), fetched with a search's first page files;
// the browser decodes each page file as it arrives, so the text is exactly what was written.
// Chosen by cli/search/page-words.ts; why and what it saves: cli/search/README.md
// ("A dictionary for the page files").
//
// A word's slot comes from a hash of the word, not from its rank, so an edit that makes one
// word commoner does not move the codes of the others (it would change every page file).
// Any text round-trips: a `` ` `` or `~` of the text itself is written after a `` ` ``.
import type { PageFile } from './page-file.ts';
import { FNV_BASIS, FNV_PRIME, hashOf, WordCodes } from './word-codes.ts';

/** The characters of a code after its marker, two of them: WORD_SLOTS slots. */
export const CODE_DIGITS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const WORD_SLOTS = CODE_DIGITS.length * CODE_DIGITS.length;
/** Starts the code of a word as the dictionary writes it. */
const AS_WRITTEN = '`';
/** Starts the code of a word written with a capital first letter. */
const CAPITALIZED = '~';


/** A dictionary slot from the word alone (FNV-1a): where the word goes unless a commoner word took it. */
export function homeSlot(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % WORD_SLOTS;
}

/** The word as the dictionary keeps it: "Lock" is "lock" (written with `~`); "LOCK" and "iPhone" stay as they are. */
export function foldedWord(word: string): string {
  // A word is ASCII letters (foldedWords): capital below 97, small from 97.
  const first = word.charCodeAt(0);
  if (first >= 97) return word;
  for (let i = 1; i < word.length; i++) if (word.charCodeAt(i) < 97) return word;
  return String.fromCharCode(first + 32) + word.slice(1);
}

/** The dictionary file: each slot's word (empty when free), up to the last one used, space-separated. */
export function wordsFile(slots: readonly (string | undefined)[]): string {
  let last = slots.length - 1;
  while (last >= 0 && !slots[last]) last--;
  return slots
    .slice(0, last + 1)
    .map((word) => word ?? '')
    .join(' ');
}

/** Each slot's word, from the dictionary file. */
export function wordsOf(file: string): string[] {
  return file ? file.split(' ') : [];
}

/** The codes of a dictionary by word (folded, see foldedWord), for encodeText. */
export function wordCodes(slots: readonly (string | undefined)[]): WordCodes {
  const codes: [string, string][] = [];
  slots.forEach((word, slot) => {
    if (word) codes.push([word, CODE_DIGITS[Math.floor(slot / CODE_DIGITS.length)]! + CODE_DIGITS[slot % CODE_DIGITS.length]!]);
  });
  return new WordCodes(codes);
}

/** A text with the dictionary's words as codes and its own markers escaped. */
export function encodeText(text: string, codes: WordCodes): string {
  // One pass over the characters (a build encodes every page's text: a regular expression with
  // a callback per word took 1.8 s at 8,500 pages).
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 96 || c === 126) {
      out += `${text.slice(from, i)}\``;
      from = i++;
      continue;
    }
    // An ASCII letter (A-Z, a-z): the start of a word. The test is written out, as is the
    // hash below, because the build runs V8 with little inlining (bin/helpgen.js).
    if (((c | 32) - 97) >>> 0 >= 26) {
      i++;
      continue;
    }
    // foldedWord folds a capital first letter when every letter after it is small: hash the
    // word read folded, and again as written in the rare case it is not ("LOCK", "McDonald").
    let end = i + 1;
    let smallAfterFirst = true;
    let hash = Math.imul(FNV_BASIS ^ (c < 97 ? c + 32 : c), FNV_PRIME);
    for (; end < text.length; end++) {
      const d = text.charCodeAt(end);
      if (((d | 32) - 97) >>> 0 >= 26) break;
      if (d < 97) smallAfterFirst = false;
      hash = Math.imul(hash ^ d, FNV_PRIME);
    }
    if (end - i >= MIN_WORD_LENGTH) {
      const fold = c < 97 && smallAfterFirst ? 32 : 0;
      const code = codes.codeAt(text, i, end, fold, c < 97 && !fold ? hashOf(text, i, end, 0) : hash);
      if (code !== undefined) {
        out += text.slice(from, i) + (fold ? CAPITALIZED : AS_WRITTEN) + code;
        from = end;
      }
    }
    i = end;
  }
  return out === '' && from === 0 ? text : out + text.slice(from);
}

/** The shortest word worth a code: a shorter one is shorter than its code. */
export const MIN_WORD_LENGTH = 3;

/** Whether a character code is an ASCII letter: a word is a run of them. */
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Each word of the text (a run of ASCII letters) at least MIN_WORD_LENGTH long, folded (foldedWord). */
export function foldedWords(text: string, visit: (word: string) => void): void {
  for (let i = 0; i < text.length; ) {
    if (!isLetter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && isLetter(text.charCodeAt(end))) end++;
    if (end - i >= MIN_WORD_LENGTH) visit(foldedWord(text.slice(i, end)));
    i = end;
  }
}

/** The text encodeText was given, from its result and the dictionary's words by slot. */
export function decodeText(text: string, words: readonly string[]): string {
  if (text.indexOf(AS_WRITTEN) < 0 && text.indexOf(CAPITALIZED) < 0) return text;
  // A cold engine spends about 3 ms decoding a first search's 12 page files' headings and 20
  // sections' paragraphs (8,500 pages); a loop from marker to marker (indexOf) cost the same.
  return text.replace(CODED, (_, escaped: string | undefined, marker: string, code: string | undefined) => {
    if (escaped) return escaped;
    const word = code ? words[DIGIT_VALUES[code.charCodeAt(0)]! * CODE_DIGITS.length + DIGIT_VALUES[code.charCodeAt(1)]!] : undefined;
    if (!word) throw new Error(`search: a page file has an unknown word code "${marker}${code ?? ''}" in "${text.slice(0, 40)}…"; rebuild the site`);
    return marker === CAPITALIZED ? word[0]!.toUpperCase() + word.slice(1) : word;
  });
}

/** An escaped marker (`` ` `` and the marker), or a marker and its code (a code of the wrong shape is caught by decodeText). */
const CODED = /`([`~])|([`~])([0-9A-Za-z]{2})?/g;
/** Each code digit's value, by its character code. */
const DIGIT_VALUES: number[] = [];
for (let i = 0; i < CODE_DIGITS.length; i++) DIGIT_VALUES[CODE_DIGITS.charCodeAt(i)] = i;

/** A page file with its title, headings and paragraphs encoded. */
export function encodePage([href, title, levels, anchors, texts]: PageFile, codes: WordCodes): PageFile {
  return [href, encodeText(title, codes), levels, anchors, texts.map((section) => section.map((text) => encodeText(text, codes)))];
}

/** A page file as written before encodePage. */
export function decodePage(page: PageFile, words: readonly string[]): PageFile {
  const [href, title, levels, anchors, texts] = decodeNames(page, words);
  return [href, title, levels, anchors, texts.map((section, i) => section.map((text, j) => (j === 0 && levels[i] !== '1' ? text : decodeText(text, words))))];
}

/**
 * A page file with its title and headings decoded, its paragraphs left as written: a search
 * shows a few of a page's sections, and decoding a section's paragraphs when it is shown (the
 * browser's engine does, client/search/engine/index-store.ts) spares a cold page most
 * of the work (at 8,500 pages, decoding 9 page files whole took 6.5 ms of a cold process's CPU).
 */
export function decodeNames([href, title, levels, anchors, texts]: PageFile, words: readonly string[]): PageFile {
  return [href, decodeText(title, words), levels, anchors, texts.map((section, i) => (levels[i] === '1' ? section : [decodeText(section[0]!, words), ...section.slice(1)]))];
}

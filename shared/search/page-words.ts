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

/** The characters of a code after its marker, two of them: WORD_SLOTS slots. */
export const CODE_DIGITS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const WORD_SLOTS = CODE_DIGITS.length * CODE_DIGITS.length;
/** Starts the code of a word as the dictionary writes it. */
const AS_WRITTEN = '`';
/** Starts the code of a word written with a capital first letter. */
const CAPITALIZED = '~';

/** The words a page's text is made of, as the dictionary counts them: runs of ASCII letters. */
export const WORD_PATTERN = /[A-Za-z]+/g;

/** A dictionary slot from the word alone (FNV-1a): where the word goes unless a commoner word took it. */
export function homeSlot(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % WORD_SLOTS;
}

/** The word as the dictionary keeps it: "Lock" is "lock" (written with `~`); "LOCK" and "iPhone" stay as they are. */
export function foldedWord(word: string): string {
  const rest = word.slice(1);
  return word[0]! !== word[0]!.toLowerCase() && rest === rest.toLowerCase() ? word[0]!.toLowerCase() + rest : word;
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
export function wordCodes(slots: readonly (string | undefined)[]): Map<string, string> {
  const codes = new Map<string, string>();
  slots.forEach((word, slot) => {
    if (word) codes.set(word, CODE_DIGITS[Math.floor(slot / CODE_DIGITS.length)]! + CODE_DIGITS[slot % CODE_DIGITS.length]!);
  });
  return codes;
}

/** A text with the dictionary's words as codes and its own markers escaped. */
export function encodeText(text: string, codes: ReadonlyMap<string, string>): string {
  return text.replace(/[`~]/g, '`$&').replace(WORD_PATTERN, (word) => {
    const folded = foldedWord(word);
    const code = codes.get(folded);
    if (code === undefined) return word;
    return (folded === word ? AS_WRITTEN : CAPITALIZED) + code;
  });
}

/** The text encodeText was given, from its result and the dictionary's words by slot. */
export function decodeText(text: string, words: readonly string[]): string {
  if (!text.includes(AS_WRITTEN) && !text.includes(CAPITALIZED)) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const marker = text[i];
    if (marker !== AS_WRITTEN && marker !== CAPITALIZED) continue;
    out += text.slice(from, i);
    const next = text[i + 1];
    if (marker === AS_WRITTEN && (next === AS_WRITTEN || next === CAPITALIZED)) {
      out += next;
      i += 1;
    } else {
      const high = next === undefined ? -1 : CODE_DIGITS.indexOf(next);
      const low = i + 2 < text.length ? CODE_DIGITS.indexOf(text[i + 2]!) : -1;
      const word = high < 0 || low < 0 ? undefined : words[high * CODE_DIGITS.length + low];
      if (!word) throw new Error(`search: a page file has an unknown word code at ${i} of "${text.slice(0, 40)}…"; rebuild the site`);
      out += marker === CAPITALIZED ? word[0]!.toUpperCase() + word.slice(1) : word;
      i += 2;
    }
    from = i + 1;
  }
  return out + text.slice(from);
}

/** A page file with its title, headings and paragraphs encoded. */
export function encodePage([href, title, levels, anchors, texts]: PageFile, codes: ReadonlyMap<string, string>): PageFile {
  return [href, encodeText(title, codes), levels, anchors, texts.map((section) => section.map((text) => encodeText(text, codes)))];
}

/** A page file as written before encodePage. */
export function decodePage([href, title, levels, anchors, texts]: PageFile, words: readonly string[]): PageFile {
  return [href, decodeText(title, words), levels, anchors, texts.map((section) => section.map((text) => decodeText(text, words)))];
}

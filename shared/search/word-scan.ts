// Where the words of a text are, for the index build (cli/search/compact-index.ts) and the
// browser (queries, highlighting: ./text.ts), so both split text alike. A word is what the
// regular expression /[\p{L}\p{N}]+(?:['’]\p{L}+)*/gu matches: a run of letters and digits,
// then any number of apostrophes each followed by letters ("it's", "l’été"; not "'90s").
// Scanned by character code rather than matched: the build splits every page's text (the
// regular expression was a quarter of the index worker's time, with an array of substrings
// per field), and most text is ASCII, which a table answers. Other characters ask the Unicode
// property regular expressions once each (they are compiled only when such a character comes).
// word-scan.test.ts checks the scanner against the regular expression.

/** A character's class: not part of a word, a letter, or a digit (\p{N}: any number). */
const NONE = 1;
const LETTER = 2;
const NUMBER = 3;

/** ASCII characters' classes. */
const ASCII = new Uint8Array(128).fill(NONE);
for (let c = 48; c <= 57; c++) ASCII[c] = NUMBER;
for (let c = 65; c <= 90; c++) ASCII[c] = ASCII[c + 32] = LETTER;

/** Other characters of the Basic Multilingual Plane, classed when first met (0: not yet). */
let bmp: Uint8Array | undefined;
let letterPattern: RegExp | undefined;
let numberPattern: RegExp | undefined;

function classOf(character: string): number {
  letterPattern ??= /^\p{L}$/u;
  numberPattern ??= /^\p{N}$/u;
  return letterPattern.test(character) ? LETTER : numberPattern.test(character) ? NUMBER : NONE;
}

/** The class of the character (code point) at `i`, and whether it takes two code units. */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII[c]!;
  // A surrogate pair is one character (the regular expression's /u); a lone surrogate is none.
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return classOf(text.slice(i, i + 2));
  }
  bmp ??= new Uint8Array(0x10000);
  let known = bmp[c]!;
  if (known === 0) known = bmp[c] = classOf(String.fromCharCode(c));
  return known;
}

/** Code units of the character at `i`: 2 for a surrogate pair, else 1. */
function widthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
}

/** Where the first word at or after `from` starts, or -1 when none does. */
export function nextWordStart(text: string, from: number): number {
  for (let i = from; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (ASCII[c] !== NONE) return i;
      i++;
    } else {
      if (classAt(text, i) !== NONE) return i;
      i += widthAt(text, i);
    }
  }
  return -1;
}

/** Where the word starting at `start` (a letter or digit, see nextWordStart) ends. */
export function wordEnd(text: string, start: number): number {
  let i = start;
  // Letters and digits.
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (ASCII[c] === NONE) break;
      i++;
    } else {
      if (classAt(text, i) === NONE) break;
      i += widthAt(text, i);
    }
  }
  // Then an apostrophe with letters after it (not digits), as often as it comes.
  while (i + 1 < text.length) {
    const c = text.charCodeAt(i);
    if ((c !== 39 && c !== 0x2019) || classAt(text, i + 1) !== LETTER) break;
    i++;
    while (i < text.length && classAt(text, i) === LETTER) i += widthAt(text, i);
  }
  return i;
}

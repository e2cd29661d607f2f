// The page files' dictionary codes by word, for encodeText (./page-words.ts), looked up from a
// word's characters where it stands in the text: a build encodes every page's text at the end
// of the index (at 1,700 pages about 3 million words of three letters or more), and cutting
// each word out, folding its capital and asking a Map cost more than the rest of the encoding.
// An open-addressing table of the dictionary's words, by FNV-1a hash of their characters.

export class WordCodes {
  /** Per table place, 1 + the index of the word there in `words`, or 0. */
  private readonly table: Int32Array;
  private readonly mask: number;
  private readonly words: string[] = [];
  private readonly codes: string[] = [];

  /** `codes`: each dictionary word (folded, see foldedWord) and its code. */
  constructor(codes: Iterable<[word: string, code: string]>) {
    const all = [...codes];
    let size = 16;
    while (size < all.length * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    for (const [word, code] of all) {
      let place = hashOf(word, 0, word.length, 0) & this.mask;
      while (this.table[place] !== 0) place = (place + 1) & this.mask;
      this.table[place] = this.words.push(word);
      this.codes.push(code);
    }
  }

  /**
   * The code of the word text[start, end), read with its first letter `fold` lower (32 for a
   * capital to fold, else 0), or undefined when the dictionary lacks it. `hash`: the word's
   * hashOf, when the caller worked it out as it read the word.
   */
  codeAt(text: string, start: number, end: number, fold: number, hash = hashOf(text, start, end, fold)): string | undefined {
    const length = end - start;
    for (let place = hash & this.mask; this.table[place] !== 0; place = (place + 1) & this.mask) {
      const n = this.table[place]! - 1;
      const word = this.words[n]!;
      if (word.length !== length || word.charCodeAt(0) !== text.charCodeAt(start) + fold) continue;
      let i = 1;
      while (i < length && word.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === length) return this.codes[n];
    }
    return undefined;
  }
}

/** FNV-1a: a hash starts at FNV_BASIS, and each character code c makes it Math.imul(hash ^ c, FNV_PRIME). */
export const FNV_BASIS = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a of text[start, end), its first character raised by `fold`. */
export function hashOf(text: string, start: number, end: number, fold: number): number {
  let hash = Math.imul(FNV_BASIS ^ (text.charCodeAt(start) + fold), FNV_PRIME);
  for (let i = start + 1; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}

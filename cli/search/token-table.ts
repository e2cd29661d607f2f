// Each distinct word of the indexed text, worked out once: a site writes a few thousand distinct
// words hundreds of thousands of times, and the index needs the same things of every occurrence
// of a word (see ./compact-index.ts and ./local-index.ts):
// - the term it gives (normalised and stemmed, shared/search/index-format.ts MINISEARCH_OPTIONS),
//   and whether it is a stop word, which some fields drop;
// - its normalised written form (a title's or heading's forms of a term);
// - the page files' dictionary words in it (shared/search/page-words.ts foldedWords).
// Words, terms and dictionary words are numbered in the order first met, for the life of the
// process (dev keeps analyses between rebuilds), so the index counts them in arrays by number
// rather than in maps by string. Text is split once, by shared/search/word-scan.ts.
import { foldedWords } from '../../shared/search/page-words.ts';
import { hashOf } from '../../shared/search/word-codes.ts';
import { stem } from '../../shared/search/stem.ts';
import { isStopWord, normalizeWord } from '../../shared/search/text.ts';
import { nextWordStart, wordEnd } from '../../shared/search/word-scan.ts';

/** Per number, the last stamp it was marked with: distinct counts without a Set. */
class Marks {
  private readonly stamps: number[] = [];

  /** Makes room for one more number (numbers are added in order). */
  grow(): void {
    this.stamps.push(0);
  }

  /** Marks `id` with `stamp`; false when it already had that stamp. */
  mark(id: number, stamp: number): boolean {
    if (this.stamps[id] === stamp) return false;
    this.stamps[id] = stamp;
    return true;
  }
}

/** Stamps for `mark`, each used for one thing (a field analysed, a page). */
let lastStamp = 0;
export function newStamp(): number {
  return ++lastStamp;
}

/** Strings numbered in the order first met. */
export class Interner extends Marks {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.push(value) - 1;
      this.ids.set(value, id);
      this.grow();
    }
    return id;
  }
}

/** Index terms (stems), and the page files' dictionary words (folded, see foldedWord). */
export const terms = new Interner();
export const dictionaryWords = new Interner();

/** A word whose normalised form is a stop word. */
export const STOP = 1;
/** A word that normalises to nothing (a term of no field). */
export const EMPTY = 2;

const NO_WORDS: readonly number[] = [];

/**
 * The words, numbered, found from their characters in the text: an open-addressing table by
 * FNV-1a hash, so that a word met again (nearly every word of a page) is found without cutting
 * it out of the text (at 1,700 pages a substring and a Map lookup per word were a third of the
 * analysis).
 */
class WordTable extends Marks {
  /** Per table place, 1 + the number of the word there, or 0. */
  private places = new Int32Array(1 << 12);
  /** Per word, its hash. */
  private hashes = new Int32Array(1 << 11);
  private readonly values: string[] = [];
  /** Per word: the term id of its stem (of "" when it normalises to nothing: a title's term all the same, see nameTerms). */
  readonly term: number[] = [];
  /** Per word: STOP and EMPTY. */
  readonly flags: number[] = [];
  /** Per word: its normalised form ("Don't" → "dont"). */
  readonly form: string[] = [];
  /** Per word: the dictionary words (ids) in it: itself, or its runs of ASCII letters, or none. */
  readonly dictionary: (readonly number[])[] = [];

  /** The number of the word text[start, end). */
  at(text: string, start: number, end: number): number {
    const hash = hashOf(text, start, end, 0);
    const length = end - start;
    const mask = this.places.length - 1;
    for (let place = hash & mask; ; place = (place + 1) & mask) {
      const entry = this.places[place]!;
      if (entry === 0) return this.add(detached(text.slice(start, end)), hash, place);
      const id = entry - 1;
      if (this.hashes[id] !== hash) continue;
      const word = this.values[id]!;
      if (word.length !== length) continue;
      let i = 0;
      while (i < length && word.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === length) return id;
    }
  }

  private add(word: string, hash: number, place: number): number {
    const id = this.values.push(word) - 1;
    if (id === this.hashes.length) {
      const hashes = new Int32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[id] = hash;
    this.places[place] = id + 1;
    // At most half full, so that a word not there is soon found missing.
    if (this.values.length * 2 > this.places.length) this.rehash();
    const form = normalizeWord(word);
    this.term.push(terms.id(stem(form)));
    this.flags.push((isStopWord(form) ? STOP : 0) | (form ? 0 : EMPTY));
    this.form.push(form);
    const inWord: number[] = [];
    foldedWords(word, (folded) => inWord.push(dictionaryWords.id(folded)));
    this.dictionary.push(inWord.length ? inWord : NO_WORDS);
    this.grow();
    return id;
  }

  private rehash(): void {
    const places = new Int32Array(this.places.length * 2);
    const mask = places.length - 1;
    this.values.forEach((_, id) => {
      let place = this.hashes[id]! & mask;
      while (places[place] !== 0) place = (place + 1) & mask;
      places[place] = id + 1;
    });
    this.places = places;
  }
}

export const words = new WordTable();

/**
 * A copy of a substring that does not keep its text alive: V8 makes a substring of 13
 * characters or more a view into the text it was cut from, and a kept word would keep a
 * whole page's body in memory.
 */
function detached(word: string): string {
  return word.length < 13 ? word : word.split('').join('');
}

/** The distinct dictionary words (ids) of one page's text, gathered word by word as its fields are analysed. */
export class PageWordSet {
  private readonly stamp = newStamp();
  readonly ids: number[] = [];

  /** Adds the dictionary words in word `word` (a number of `words`). */
  addWord(word: number): void {
    for (const id of words.dictionary[word]!) if (dictionaryWords.mark(id, this.stamp)) this.ids.push(id);
  }

  addText(text: string): void {
    for (let start = nextWordStart(text, 0), end = 0; start >= 0; start = nextWordStart(text, end)) {
      end = wordEnd(text, start);
      this.addWord(words.at(text, start, end));
    }
  }
}

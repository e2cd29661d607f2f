// How text becomes search terms, shared by the index build (Node) and the browser (queries and
// highlighting): lower case, accents folded, split on anything that is not a letter or digit,
// apostrophes dropped ("don't" → "dont"), then stemmed. Stop words are known here so the index
// can leave them out of long fields and a query can weigh them next to nothing.
import { stem } from './stem.ts';
import { nextWordStart, wordEnd } from './word-scan.ts';

/** Words that carry no meaning in a question ("how do I lock a record"). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about after all also am an and any are as at be been before being but by can could did do does doing ' +
    'for from get had has have having he her here his how i if in into is it its just me more most my no nor not ' +
    'of off on once only or other our out over own same she should so some such than that the their them ' +
    'then there these they this those through to too under until up very want was we were what when where which ' +
    'while who whom why will with would you your yours ' +
    // Contractions as readers type them without the apostrophe ("whats", "cant").
    'whats hows whos wheres whens whys cant cannot dont doesnt didnt isnt arent wont im ive'
  ).split(' '),
);

/** A word of the text with its position, for highlighting. */
export interface Word {
  /** The word as written. */
  text: string;
  start: number;
  end: number;
}

/** Lower case with accents removed: "Café" → "cafe". */
export function fold(text: string): string {
  // Most words are plain ASCII: skip Unicode normalisation for them (it is the costly part).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, control characters included
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a text, as written, with their offsets. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (let start = nextWordStart(text, 0), end = 0; start >= 0; start = nextWordStart(text, end)) {
    end = wordEnd(text, start);
    out.push({ text: text.slice(start, end), start, end });
  }
  return out;
}

/** One written word → its normalised form before stemming ("Don't" → "dont"). */
export function normalizeWord(word: string): string {
  return fold(word).replace(/['’]/g, '');
}

/** One written word → the term stored in the index. */
export function toTerm(word: string): string {
  return stem(normalizeWord(word));
}

export function isStopWord(normalized: string): boolean {
  return STOP_WORDS.has(normalized);
}

/** MiniSearch tokenizer: split into words (the same split as `words`). */
export function tokenize(text: string): string[] {
  return words(text).map((word) => word.text);
}

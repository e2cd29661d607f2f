// A reader's query → the tokens the engine looks up. Stop words are kept but marked (they
// weigh next to nothing unless the whole query is stop words); the last word is matched as a
// prefix while the reader is still typing it; typo tolerance grows with the word: one typo
// from 4 letters, two from 8 (Algolia's defaults).
import { isStopWord, normalizeWord, words } from '../../../shared/search/text.ts';
import { stem } from '../../../shared/search/stem.ts';

export interface QueryToken {
  /** As typed. */
  raw: string;
  /** Lower case, accents and apostrophes removed. */
  word: string;
  /** Stemmed: what the index holds. */
  term: string;
  stop: boolean;
  /** The word being typed (last, no space after it): also matches longer words. */
  prefix: boolean;
  /** Edit distance allowed. */
  typos: number;
}

/** Algolia counts a query's words up to a limit too; longer questions gain nothing more. */
const MAX_TOKENS = 12;

export function parseQuery(query: string): QueryToken[] {
  const list = words(query).slice(0, MAX_TOKENS);
  const typing = !/\s$/.test(query);
  const tokens: QueryToken[] = [];
  const seen = new Set<string>();
  list.forEach((w, i) => {
    const word = normalizeWord(w.text);
    const term = stem(word);
    if (!word || seen.has(term)) return;
    seen.add(term);
    tokens.push({
      raw: w.text,
      word,
      term,
      stop: isStopWord(word),
      prefix: typing && i === list.length - 1,
      typos: word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0,
    });
  });
  // A query made only of stop words ("if", "how to") means them.
  if (tokens.length && tokens.every((t) => t.stop)) for (const t of tokens) t.stop = false;
  return tokens;
}

/** Adjacent letters swapped ("lcok" → "lock"): one typo for Algolia, two for Levenshtein. */
export function transpositions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}

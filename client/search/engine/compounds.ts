// Split and joined forms of words ("rich text" ↔ richtext, "auditlog" ↔ audit log), as
// Algolia's splitting and concatenation do: readers write compounds both ways, pages too.
//
// Both work from terms the index already holds, found by exact lookups, never by scanning the
// dictionary: a joined pair is one lookup, and a split is tried only where the head of the word
// is itself an index term. The head shares the word's first letters, so an index split by term
// prefix already has it in hand; only the tails of the heads found need another lookup.
import { stem } from '../../../shared/search/stem.ts';
import { isStopWord } from '../../../shared/search/text.ts';
import { EXACT, type TokenMatches } from './matcher.ts';
import type { LookupResult } from './postings.ts';
import type { QueryToken } from './query.ts';

/** An exact lookup of one index term (prefix: the term may also start a longer one). */
export type Lookup = (term: string, prefix: boolean) => LookupResult;

/** What compounds need of the engine: lookups, the sections two lookups share, and whether a word is one of ours. */
export interface CompoundIndex {
  lookup: Lookup;
  both(left: LookupResult, right: LookupResult): LookupResult;
  /** The term names some section's title, heading or keywords. */
  isKnownWord(term: string): boolean;
}

/** The shortest part a split may leave: shorter parts are mostly noise ("a", "in", "re"). */
const MIN_PART = 3;
/** A split or joined form is the reader's word written another way: nearly, not quite, exact. */
export const COMPOUND_WEIGHT = 0.9;

/** The written words a token also stands for: its joined form with a neighbour, or its split parts. */
export type Forms = string[][];

/**
 * Adds to `perToken` the sections that match a pair of adjacent words joined ("rich text" →
 * richtext, counted for both words) and a long word split in two ("auditlog" → audit + log,
 * both present) unless it is a word of ours already. Returns, per token, the other written forms a title may show it in.
 */
export function addCompounds(tokens: QueryToken[], perToken: TokenMatches[], index: CompoundIndex): Forms[] {
  const forms: Forms[] = tokens.map((t) => [[t.word]]);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    // A particle may join ("set up" → setup, "back up" → backup); two stop words never do.
    if (a.stop && b.stop) continue;
    const joined = a.word + b.word;
    const results = index.lookup(stem(joined), b.prefix && b.word.length >= 2);
    if (!results.docs.length) continue;
    perToken[i]!.add(results, EXACT, COMPOUND_WEIGHT);
    perToken[i + 1]!.add(results, EXACT, COMPOUND_WEIGHT);
    forms[i]!.push([joined]);
    forms[i + 1]!.push([joined]);
  }
  tokens.forEach((t, i) => {
    // A word of ours ("database") is taken as written, not as two others ("data base").
    if (index.isKnownWord(t.term)) return;
    for (const [head, tail, left] of splits(t, index.lookup)) {
      const both = index.both(left, index.lookup(stem(tail), t.prefix));
      if (!both.docs.length) continue;
      perToken[i]!.add(both, EXACT, COMPOUND_WEIGHT);
      forms[i]!.push([head, tail]);
    }
  });
  return forms;
}

/** Whether the word is one that may be cut in two (long enough, letters only, not a stop word). */
export function maySplit(t: QueryToken): boolean {
  return !t.stop && t.word.length >= 2 * MIN_PART && /^[a-z]+$/.test(t.word);
}

/** The ways to cut a word into two index terms, the head checked first (see the file comment). */
function splits(t: QueryToken, lookup: Lookup): [head: string, tail: string, headResults: LookupResult][] {
  const out: [string, string, LookupResult][] = [];
  if (!maySplit(t)) return out;
  for (let cut = MIN_PART; cut <= t.word.length - MIN_PART; cut++) {
    const head = t.word.slice(0, cut);
    const tail = t.word.slice(cut);
    if (isStopWord(head) || isStopWord(tail)) continue;
    const results = lookup(stem(head), false);
    if (results.docs.length) out.push([head, tail, results]);
  }
  return out;
}
